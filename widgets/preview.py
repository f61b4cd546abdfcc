"""A stepper as a self-contained HTML page, without Jupyter: for quick looks and the browser benchmark.

The page runs the same ``stepper.js`` and ``stepper.css`` with a stand-in for the
widget model (get/set/on), so what it shows is what a notebook shows.
"""

import json

_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>GraphStepper</title><style>{css}</style></head>
<body><div id="out" style="max-width: {width}px"></div>
<script type="module">
const mod = await import("data:text/javascript;base64," + {esm});
const state = {state};
const handlers = {{}};
const model = {{
  get: (k) => state[k],
  set: (k, v) => {{ state[k] = v; }},
  save_changes: () => {{}},
  on: (ev, fn) => {{ handlers[ev] = fn; }},
}};
mod.default.render({{ model, el: document.getElementById("out") }});
window.stepperModel = {{ state, handlers }};
</script></body></html>
"""


STATE = ("svg", "code", "strings", "packed_steps", "legend", "step")  # what the front end reads of the model


def standalone_page(stepper, width=1200, state=None):
    """An HTML page showing ``stepper`` (a GraphStepper) with no kernel and no network; ``state``: the model's
    state, if not the stepper's own."""
    import base64

    state = state or {k: getattr(stepper, k) for k in STATE}
    esm = base64.b64encode(stepper._esm.encode()).decode()
    return _PAGE.format(
        css=stepper._css.replace("</", "<\\/"),
        width=width,
        esm=json.dumps(esm),
        state=json.dumps(state).replace("</", "<\\/"),
    )
