"""A stepper as a still picture: its SVG at one step, for wherever the widget cannot run.

An untrusted notebook (a fresh clone), GitHub's preview, nbviewer and nbconvert show no
widget; Jupyter then falls back to the other formats of the same output. Python applies
the steps up to the one shown (the same changes ``stepper.js`` applies), inlines the
graph's part of ``stepper.css``, gives every element a ``<title>`` with its info record
(hovering shows the full values, no JavaScript needed) and heads the picture with the
step's caption and a line saying to run the cell.
"""

import base64
import html
import pathlib
import re
import urllib.parse
import xml.etree.ElementTree as ET

from .formula import clip

SVG_NS, XLINK_NS = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)
_G, _TEXT, _TITLE = f"{{{SVG_NS}}}g", f"{{{SVG_NS}}}text", f"{{{SVG_NS}}}title"
HEAD = 40  # room above the graph for the two lines of text
MIN_WIDTH = 560  # wide enough for those lines
RUN = "A saved picture: run the cell to step through the graph."


def graph_css():
    """The rules of ``stepper.css`` that draw the graph (its section ``/* the graph */``)."""
    css = (pathlib.Path(__file__).with_name("stepper.css")).read_text()
    return css[css.index("/* the graph */") :]


def state_at(steps, step):
    """What the picture shows after ``steps[0..step]``: ``(texts, classes, infos)``, keyed by element id
    (``texts[id][slot]``, ``classes[id]`` as changes ``+``/``-``, ``infos[id]`` the merged record)."""
    texts, classes, infos = {}, {}, {}
    for s in steps[: step + 1]:
        for eid, key, value in s["c"]:
            if key == "+" or key == "-":
                classes.setdefault(eid, {})[value] = key == "+"
            elif key == "i":
                rec = infos.setdefault(eid, {})
                for field, text in value.items():
                    if text is None:
                        rec.pop(field, None)
                    else:
                        rec[field] = text
            else:
                texts.setdefault(eid, {})[key] = value
    return texts, classes, infos


def tooltip(record, fallback):
    """An info record as the text of an SVG ``<title>``: its title, then ``field: value`` lines."""
    lines = [record.get("title") or fallback]
    lines += [f"{k}: {v}" for k, v in record.items() if k != "title"]
    return "\n".join(lines)


def picture_svg(svg, steps, step):
    """The stepper's SVG as it looks at ``step``, standalone (styles inline, a caption above the graph)."""
    if not svg:
        return None
    root = ET.fromstring(svg)
    texts, classes, infos = state_at(steps, step)
    highlighted = set(steps[step]["h"]) if steps else set()
    for g in root.iter(_G):
        eid = g.get("id")
        if eid is None or eid == "graph0":
            continue
        have = g.get("class", "").split()
        for cls, on in classes.get(eid, {}).items():
            have = [c for c in have if c != cls] + ([cls] if on else [])
        if eid in highlighted:
            have.append("hl")
        g.set("class", " ".join(have))
        slots = list(g.iter(_TEXT))
        for slot, text in texts.get(eid, {}).items():
            if slot < len(slots):
                slots[slot].text = text
        if "off" not in have:
            title = ET.Element(_TITLE)
            title.text = tooltip(infos.get(eid, {}), (slots[0].text or "").strip() if slots else eid)
            g.insert(0, title)
    x, y, w, h = (float(v) for v in root.get("viewBox").split())
    width = max(w, MIN_WIDTH)
    root.set("viewBox", f"{x:g} {y - HEAD:g} {width:g} {h + HEAD:g}")
    root.set("width", f"{width:g}")
    root.set("height", f"{h + HEAD:g}")
    root.set("class", "gs")
    style = ET.Element(f"{{{SVG_NS}}}style")
    style.text = graph_css() + ".gs .gs-head { text-anchor: start; font-size: 12px; }\n"
    root.insert(0, style)
    caption = steps[step]["t"][0] if steps and steps[step]["t"] else ""
    printed = steps[step].get("o", "").strip().splitlines() if steps else []
    if printed and caption.endswith("printed this:"):  # the widget shows the text below the caption: here, after it
        caption += " " + printed[0].strip()
    heading = f"Step {step + 1} of {len(steps)}: {caption}" if steps else caption
    for k, line in enumerate((clip(heading, 90), RUN)):
        t = ET.SubElement(root, _TEXT, {"class": "gs-head", "x": f"{x + 4:g}", "y": f"{y - HEAD + 15 + 15 * k:g}"})
        t.text = line
    return ET.tostring(root, encoding="unicode")


# Printable ASCII is kept as it is (a URL keeps a ``data:`` URI's spaces and ``"``), but for what a URI or a
# single-quoted attribute would misread (``% # & '``) and ``< >``: sanitizers such as DOMPurify drop an attribute
# holding ``</title`` or ``]>``. Everything else (newlines, non-ASCII) is percent-encoded.
_AS_IS = "".join(chr(c) for c in range(0x20, 0x7F) if chr(c) not in "%#&'<>")


def picture_html(svg_text, alt):
    """The picture as HTML that a sanitizer keeps (an untrusted notebook renders it): an ``<img>`` of it, the
    SVG percent-encoded in a ``data:`` URI (smaller than base64 and still readable, so a diff shows what changed)."""
    data = urllib.parse.quote(svg_text, safe=_AS_IS)
    return f"<img src='data:image/svg+xml,{data}' alt=\"{html.escape(alt)}\">"


def svg_of_html(html_text):
    """The SVG that a still picture's ``<img>`` shows (``picture_html``'s, or the base64 one that notebooks saved
    before), or None if ``html_text`` holds no such picture: to read the picture back from a saved notebook."""
    found = re.search(r"""<img src=(["'])data:image/svg\+xml(;base64)?,(.*?)\1""", html_text, re.S)
    if found is None:
        return None
    data = html.unescape(found.group(3))
    return base64.b64decode(data).decode() if found.group(2) else urllib.parse.unquote(data)
