"""What the stepper's captions call a hook: a function by its name (``double``), a lambda by its code as the student
wrote it (``lambda g: g * 2``) rather than ``<lambda>``.

``inspect`` cannot read a lambda from a notebook cell, and a line may hold two lambdas: the lambda is found in the
source its code object came from (the traced code, or an earlier cell's, which IPython keeps in ``linecache``) as
the ``ast.Lambda`` whose body spans exactly what one of the code object's instructions spans
(``code.co_positions()``). With no source (a lambda from a cell run before the trace, outside IPython), or
none that matches, the caption keeps ``<lambda>``.
"""

import ast
import functools
import io
import linecache
import re
import tokenize

WIDTH = 40  # characters of a lambda's code in a caption; longer code ends in "…"
BODY, MOST = 24, 64  # long parameters leave the body at least BODY characters, up to MOST in all


class HookNames:
    """Name hooks for one trace: each code object is looked up once (a hook fires once per backward, or per loop
    iteration), each source is parsed once.

    ``filename``, ``source`` and ``statements`` (parsed) are the traced code's; ``own_codes`` holds the
    code objects compiled from it, so that a lambda from an earlier trace, which has the same file name, is not
    looked for in this one's source."""

    def __init__(self, filename, source, statements):
        self.filename, self.own_codes = filename, set()
        self.traced = source, statements  # read only if a lambda from it fires
        self.sources = {}  # file name -> its lines and lambdas
        self.texts = {}  # code object -> its text

    def compiled(self, code):
        """Note that ``code`` (and every function in it) was compiled from the traced source."""
        self.own_codes.add(code)
        for const in code.co_consts:
            if hasattr(const, "co_positions"):
                self.compiled(const)

    def __call__(self, hook):
        """``hook``'s name, or a lambda's code on one line, shortened to :data:`WIDTH` characters or so."""
        target = hook.func if isinstance(hook, functools.partial) else hook  # partial(show, "y") runs show
        name = getattr(target, "__name__", type(target).__name__)
        code = getattr(target, "__code__", None)
        if name != "<lambda>" or code is None:
            return name
        text = self.texts.get(code)
        if text is None:
            text = self.texts[code] = self._lambda_code(code) or name
        return text

    def _lambda_code(self, code):
        if code.co_filename == self.filename and code not in self.own_codes:
            return None
        lines, lambdas = self._source(code.co_filename)
        spans = set(code.co_positions())
        for node in lambdas.get(code.co_firstlineno, ()):
            body = node.body
            if (body.lineno, body.end_lineno, body.col_offset, body.end_col_offset) in spans:
                text = _one_line(lines, node)
                return text and _shortened(text, len(f"lambda {ast.unparse(node.args)}: "))
        return None

    def _source(self, filename):
        """The lines (bytes: columns count UTF-8 bytes) and lambdas of ``filename``, from ``linecache`` (IPython
        keeps each cell's code there): no lambdas if it has none or it does not parse."""
        found = self.sources.get(filename)
        if found is None and filename == self.filename:
            source, statements = self.traced
            found = self.sources[filename] = (source.encode().splitlines(), _lambdas(statements))
        elif found is None:
            entry = linecache.cache.get(filename)
            text = "".join(entry[2]) if entry is not None and len(entry) > 2 else ""
            try:
                found = (text.encode().splitlines(), _lambdas(ast.parse(text).body))
            except (SyntaxError, ValueError):
                found = ([], {})
            self.sources[filename] = found
        return found


def _lambdas(statements):
    """The lambdas in ``statements`` by their first line."""
    found = {}
    for node in ast.walk(ast.Module(list(statements), [])):
        if isinstance(node, ast.Lambda):
            found.setdefault(node.lineno, []).append(node)
    return found


def _one_line(lines, node):
    """The code of ``node`` on one line: continued lines joined, comments left out."""
    first, last = node.lineno, node.end_lineno
    rows = lines[first - 1 : last]
    if len(rows) != last - first + 1:
        return None
    rows[-1] = rows[-1][: node.end_col_offset]
    rows[0] = rows[0][node.col_offset :]
    text = b"\n".join(rows).decode(errors="replace")
    if len(rows) == 1:
        return text
    cut = {}  # row -> column where a comment starts
    try:
        for tok in tokenize.generate_tokens(io.StringIO("(" + text + ")").readline):
            if tok.type == tokenize.COMMENT:
                row, col = tok.start
                cut[row - 1] = col - (row == 1)
    except (tokenize.TokenError, SyntaxError):
        pass
    joined = " ".join(filter(None, (row[: cut.get(k)].strip() for k, row in enumerate(text.split("\n")))))
    return re.sub(r"([(\[{]) | ([)\]}])", r"\1\2", joined)  # "(\n    g * 2\n)" reads "(g * 2)"


def _shortened(text, head):
    """``text`` cut to :data:`WIDTH` characters, or more where its ``head`` (``lambda grad_input, grad_output: ``)
    would leave the body fewer than :data:`BODY`."""
    width = min(max(WIDTH, head + BODY), MOST)
    if len(text) <= width:
        return text
    return text[: width - 1].rstrip() + "…"
