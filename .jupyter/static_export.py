# nbconvert settings for an HTML page that needs no JavaScript (a course site, a printout):
#   jupyter nbconvert --to html --config .jupyter/static_export.py notebooks/00_start_here.ipynb
# nbconvert's HTML exporter shows a stored widget in preference to everything else, and a widget needs
# JavaScript; without the widget view in this list, each stepper shows its still picture instead.
c.NbConvertBase.display_data_priority = [  # noqa: F821 (c is the config object nbconvert provides)
    "text/html", "text/markdown", "image/svg+xml", "text/latex", "image/png", "image/jpeg", "text/plain",
]
