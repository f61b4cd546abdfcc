"""The steps as a notebook saves them: the same data, about two thirds of its size, still readable JSON.

``steps.py`` writes each step's changes as a list of ``[id, key, value]``; a stepper of 100 nodes has a few
thousand of them, and most of their text repeats (a gradient goes along an edge, into its tensor's record and into
a caption; every tensor's record says ``torch.float32``). :func:`pack` writes the same steps with

* ``strings``: every text used more than once where saying it once saves room, in order of first use; a text
  anywhere in the steps (a caption line, a slot's text, an info record's field) may be a number instead: its index
  here;
* a step's ``c`` as one flat list: an id, then that element's changes in order, each ``"+cls"`` or ``"-cls"``
  (a class added or removed), ``slot, text`` (a text slot set) or ``{field: text}`` (an info record merged), then
  the next id (an id never starts with ``+`` or ``-``);
* a step's ``o`` (what the code printed) left out where it is empty.

``stepper.js`` unpacks them once, when it draws, into the form ``steps.py`` describes: :func:`unpack` does the same
in Python (the tests compare the two).
"""

import collections


def _texts(steps):
    for s in steps:
        yield from s["t"]
        for _, key, value in s["c"]:
            if key == "i":
                yield from (v for v in value.values() if v is not None)
            elif key != "+" and key != "-":
                yield value


def shared_strings(steps):
    """The texts worth saying once: used ``n > 1`` times, and longer than the ``n`` indices standing for them."""
    counts = collections.Counter(_texts(steps))
    repeated = [text for text, n in counts.items() if n > 1]
    digits = len(str(len(repeated)))
    return [text for text in repeated if (counts[text] - 1) * (len(text) + 3) > counts[text] * digits]


def pack(steps):
    """``(strings, packed)``: ``steps`` (as ``steps.py`` writes them) in the form the widget saves."""
    strings = shared_strings(steps)
    ref = {text: k for k, text in enumerate(strings)}.get  # ref(text, text): its index, or the text (None: None)
    packed = []
    for s in steps:
        changes, at = [], None
        add = changes.append
        for eid, key, value in s["c"]:
            if eid != at:
                assert eid[:1] not in ("+", "-", ""), eid  # an id must not read as a class change
                add(eid)
                at = eid
            if key == "+" or key == "-":
                add(key + value)
            elif key == "i":
                add({field: ref(text, text) for field, text in value.items()})
            else:
                add(key)
                add(ref(value, value))
        step = {"k": s["k"], "l": s["l"], "t": [ref(line, line) for line in s["t"]], "h": s["h"], "c": changes}
        if s["o"]:
            step["o"] = s["o"]
        if "f" in s:
            step["f"] = s["f"]
        packed.append(step)
    return strings, packed


def unpack(strings, packed):
    """The steps :func:`pack` packed, as ``steps.py`` wrote them (what ``stepper.js`` unpacks)."""

    def text(v):
        return strings[v] if isinstance(v, int) else v

    steps = []
    for p in packed:
        changes, at, items = [], None, iter(p["c"])
        for item in items:
            if isinstance(item, dict):
                changes.append([at, "i", {field: text(v) for field, v in item.items()}])
            elif isinstance(item, int):
                changes.append([at, item, text(next(items))])
            elif item[:1] in ("+", "-"):
                changes.append([at, item[0], item[1:]])
            else:
                at = item
        step = {"k": p["k"], "l": p["l"], "t": [text(line) for line in p["t"]], "o": p.get("o", ""), "h": p["h"],
                "c": changes}  # fmt: skip
        if "f" in p:
            step["f"] = p["f"]
        steps.append(step)
    return steps
