"""Lay the final graph out once with Graphviz and return one small SVG for the widget to restyle.

Every node has a fixed size and every label line is a placeholder, so the layout
does not depend on any text: the steps fill the text in later (as text, in the
browser), and nodes never move. The SVG keeps only what the picture needs: ids,
classes, shapes and empty ``<text>`` slots; colours and fonts come from
``stepper.css``. Graphviz is :func:`minigrad.render.render`'s: the one that comes with minigrad, or ``dot``.
"""

import functools
import re

from minigrad.render import LAYOUT_LIMITS, TIMEOUT, RenderError, render

# The picture's contract with the steps: each element has fixed text slots, its label's lines.
NAME, SHAPE, VALUE, GRAD = 0, 1, 2, 3  # tensors
LABEL, STATUS, STATUS_MORE = 0, 1, 2  # functions: a saved list too long for one line goes on in the third
EDGE_TEXT = 0  # edges: the gradient that went along it
SLOTS = {"tensor": 4, "function": 3, "edge": 1}
WIDTH = {"tensor": 24, "function": 22, "edge": 12}  # characters a slot shows; longer text is clipped
# inches; a function as wide as a tensor: dot laid bench_widget.py's 304-node graph out in 0.5 s, 1.3 s at 1.8 wide
NODE_SIZE = {"tensor": (1.9, 0.78), "op": (1.9, 0.64), "acc": (1.35, 0.42)}
# a placeholder as wide as the grad text an edge shows (12 characters), as a label: dot keeps room for it beside its
# edge, where an xlabel is placed after the layout and can overlap the edges and labels next to it. A label costs
# dot a node of its own, and its layout time grows fast with them (an unrolled RNN: 59 edges 0.05 s, 114 edges
# 1.3 s, 224 edges 32 s, where xlabels take 0.02, 0.12 and 0.3 s), so a bigger graph gets xlabels
EDGE_LABEL = "\\ " * 24
# a grad_fn's type name longer than its slot (SplitWithSizesBackward0, MaxPool2DWithIndicesBackward0) is drawn whole,
# squeezed into the ellipse's width (SVG textLength) rather than cut: it is what the node is; cut past this length
LONG_LABEL = 32
SQUEEZED = round(NODE_SIZE["op"][0] * 72 * 0.84)  # the width it takes, in the SVG's units: inside the ellipse
LABELLED_EDGES = 60
FONT = 11
EDGE_FONT = 10


# Helvetica's glyph widths (Arial's and Liberation Sans's are the same), in thousandths of the font size, as the
# browser draws a tensor box's lines at FONT px: a line is cut to the box's width, not to a count of characters
# ("min=0 mean=0.166 max=…", 24 characters, stuck out of its box by 5px; "2.5000e+03" fits more)
_GLYPHS = {
    False: {191: "'", 222: "ijl", 260: "|", 278: " !,./:;I[\\]ft", 333: "()-`r·", 334: "{}", 355: '"', 389: "*",
            469: "^", 500: "Jcksvxyz", 556: "#$0123456789?L_abdeghnopqu", 584: "+<=>~−×", 611: "FTZ",
            667: "&ABEKPSVXY", 722: "CDHNRUw", 778: "GOQ", 833: "Mm", 889: "%", 944: "W", 1000: "…→", 1015: "@"},
    True: {238: "'", 278: " ,./I\\ijl", 280: "|", 333: "!()-:;[]`ft·", 389: "*r{}", 474: '"', 500: "z",
           556: "#$0123456789J_aceksvxy", 584: "+<=>^~−×", 611: "?FLTZbdghnopqu", 667: "EPSVXY",
           722: "&ABCDHKNRU", 778: "GOQw", 833: "M", 889: "%m", 944: "W", 975: "@", 1000: "…→"},
}  # fmt: skip
_WIDTHS = {bold: {ch: w for w, chars in table.items() for ch in chars} for bold, table in _GLYPHS.items()}
TENSOR_ROOM = (NODE_SIZE["tensor"][0] * 72 - 10) * 1000 / FONT  # a tensor box's inside, 5 units clear of each side
_ANY_FITS = int(TENSOR_ROOM // 1015)  # characters that fit however wide they are


def text_width(text, bold=False):
    """How wide ``text`` is drawn, in thousandths of the font size (a glyph not in the table: as wide as 1000)."""
    widths = _WIDTHS[bold]
    return sum(widths.get(ch, 1000) for ch in text)


@functools.lru_cache(maxsize=4096)  # a graph's boxes repeat many lines (shapes, "grad 1.")
def fit(text, bold=False):
    """``text`` as a tensor box's line shows it: whole if it fits the box, else cut to fit, ending in …. Reads no
    further into ``text`` than the box is wide."""
    if len(text) <= _ANY_FITS:
        return text
    widths, used, cut = _WIDTHS[bold], 0, 0
    for end, ch in enumerate(text):
        used += widths.get(ch, 1000)
        if used > TENSOR_ROOM:
            return text[:cut] + "…"
        if used <= TENSOR_ROOM - 1000:  # room for the … after it
            cut = end + 1
    return text


LayoutError = RenderError  # Graphviz is missing, failed, or took too long
LIMITS = " ".join(f"{k}={v}" for k, v in LAYOUT_LIMITS.items())


def classes_for(graph):
    """The classes each element has before the first step: hidden (``off``) plus what it is (the graph
    model's kinds: leaf, nonleaf, nograd, detached; fn or acc; the edge kind)."""
    classes = {}
    for t in graph.tensors:
        classes[t.id] = ["off", "tensor", t.kind, *(["detached"] if t.detached else [])]
    for f in graph.functions:
        classes[f.id] = ["off", "fn", "acc" if f.variable is not None else "op"]
    for e in graph.edges:
        if e.kind in ("input", "output", "variable"):
            classes[e.id] = ["off", e.kind]
    return classes


def dot_source(graph, classes):
    """The DOT text: fixed-size nodes with placeholder lines, ids and classes from the graph model."""
    out = [
        "digraph G {",
        f'graph [rankdir=TB {LIMITS} nodesep=0.3 ranksep=0.3 fontname="Helvetica" fontsize={FONT}];',
        f'node [fixedsize=true fontname="Helvetica" fontsize={FONT}];',
        f'edge [fontname="Helvetica" fontsize={EDGE_FONT} arrowsize=0.6];',
    ]
    blank = " \\n" * (SLOTS["tensor"] - 1) + " "
    for t in graph.tensors:
        w, h = NODE_SIZE["tensor"]
        out.append(f'{t.id} [id={t.id} class="{" ".join(classes[t.id])}" shape=box style=rounded '
                   f'width={w} height={h} label="{blank}"];')  # fmt: skip
    blank = " \\n" * (SLOTS["function"] - 1) + " "
    for f in graph.functions:
        acc = f.variable is not None  # AccumulateGrad shows only its name: one line, centred
        w, h = NODE_SIZE["acc" if acc else "op"]
        out.append(f'{f.id} [id={f.id} class="{" ".join(classes[f.id])}" shape=ellipse '
                   f'width={w} height={h} label="{" " if acc else blank}"];')  # fmt: skip
    shown = [e for e in graph.edges if e.id in classes]
    kind = "label" if len(shown) <= LABELLED_EDGES else "xlabel"
    for e in shown:
        label = "" if e.kind == "variable" else f' {kind}="{EDGE_LABEL}"'
        out.append(f'{e.src} -> {e.dst} [id={e.id} class="{" ".join(classes[e.id])}"{label}];')
    out.append("}")
    return "\n".join(out)


def run_dot(source, timeout=TIMEOUT):
    """The SVG Graphviz makes of ``source`` (``dot -Tsvg``, by either backend); :class:`LayoutError` if it cannot."""
    return render(source, "svg", timeout=timeout).decode()


_DROP = [
    re.compile(r"<\?xml.*?\?>\s*", re.S),
    re.compile(r"<!DOCTYPE.*?>\s*", re.S),
    re.compile(r"<!--.*?-->\s*", re.S),  # graphviz's version comment and node-name comments
    re.compile(r"<title>.*?</title>\s*", re.S),
    re.compile(r'<polygon fill="white" stroke="(?:transparent|none)"[^>]*/>\s*'),  # the page background
    re.compile(r' (?:font-family|font-size|text-anchor|fill|stroke|xml:space)="[^"]*"'),  # styled by stepper.css
]


def sanitise(svg):
    """Keep the SVG small and free of machine details: no comments (graphviz version), titles,
    inline styles or fixed size (the widget sizes it), no placeholder text, attributes in single quotes."""
    for pattern in _DROP:
        svg = pattern.sub("", svg)
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', "<svg", svg, count=1)
    svg = svg.replace("&#160;", " ")
    svg = _BOX.sub(_as_rect, svg)  # first: its path's many numbers need no rounding of their own
    svg = _DECIMAL.sub(_whole, svg)  # whole points are precise enough
    svg = _BLANK.sub("/>", svg)  # a slot holds no text until a step sets it
    svg = _CLOSED.sub(r'\1\2\3"', svg)  # an arrowhead's first point again at its end: a polygon closes itself
    # the notebook saves the SVG in a JSON string, where " takes two characters; it holds no text with a ' but in case
    svg = _QUOTED.sub(r"='\1'", svg) if "'" in svg else svg.replace('"', "'")
    svg = re.sub(r"\n+", "\n", svg)
    return svg.strip()


_BOX = re.compile(r'(<g id="[^"]+" class="node[^"]*">\n+)<path d="(M[^"]*)"/>')  # a tensor's rounded box
_BLANK = re.compile(r">\s*</text>")
_CLOSED = re.compile(r'(<polygon points=")(\S+)( [^"]*) \2"')
_QUOTED = re.compile(r'="([^"\']*)"')
_DECIMAL = re.compile(r"-?\d+\.\d+")


@functools.lru_cache(maxsize=8192)  # a drawing repeats many coordinates
def _rounded(text):
    return str(round(float(text)))


def _whole(m):
    return _rounded(m.group())


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _as_rect(m):
    """Graphviz draws a rounded box as a 250-character path: the same box as a ``<rect>`` is a fifth of that."""
    numbers = [round(float(v)) for v in _NUMBER.findall(m.group(2))]
    xs, ys = numbers[0::2], numbers[1::2]
    x, y = min(xs), min(ys)
    return f'{m.group(1).rstrip()}\n<rect x="{x}" y="{y}" width="{max(xs) - x}" height="{max(ys) - y}" rx="6"/>'


def layout(graph, classes):
    """The graph as one sanitised SVG string."""
    svg = sanitise(run_dot(dot_source(graph, classes)))
    long = [f.id for f in graph.functions if len(f.label) > WIDTH["function"]]
    return squeeze_labels(svg, long) if long else svg


def squeeze_labels(svg, ids):
    """Give the label slot of each function node in ``ids`` a fixed length: the browser fits its text to it."""
    for fid in ids:
        at = svg.find("<text ", svg.find(f"<g id='{fid}' class='node"))
        svg = f"{svg[:at]}<text textLength='{SQUEEZED}' lengthAdjust='spacingAndGlyphs' {svg[at + 6:]}"
    return svg
