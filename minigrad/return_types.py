"""``torch.return_types``: the named pairs that ``max(dim)``, ``topk`` and ``histogram`` return."""


class ReturnTypes(tuple):
    """Mirror ``torch.return_types.<name>``: a pair whose two fields also have names (``values``, ``indices``
    by default), printed as torch prints it."""

    def __new__(cls, first, second, name="max", fields=("values", "indices")):
        pair = super().__new__(cls, (first, second))
        pair._name, pair._fields = name, fields
        return pair

    def __getattr__(self, field):
        if field.startswith("_") or field not in self._fields:
            raise AttributeError(f"'torch.return_types.{self._name}' object has no attribute '{field}'")
        return self[self._fields.index(field)]

    def __repr__(self):
        a, b = self._fields
        return f"torch.return_types.{self._name}(\n{a}={self[0]!r},\n{b}={self[1]!r})"
