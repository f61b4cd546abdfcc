"""``torch.return_types``: the named pairs that ``max(dim)``, ``topk`` and ``histogram`` return."""

_KINDS = {}  # name -> its class, one per op as torch has (``type(x.max(1)).__name__`` is ``max``)


class ReturnTypes(tuple):
    """Mirror ``torch.return_types.<name>``: a pair whose two fields also have names (``values``, ``indices``
    by default), printed as torch prints it; its class is named after the op."""

    def __new__(cls, first, second, name="max", fields=("values", "indices")):
        kind = _KINDS.get(name)
        if kind is None:
            kind = _KINDS[name] = type(name, (ReturnTypes,), {"__qualname__": name})
        pair = super().__new__(kind, (first, second))
        pair._name, pair._fields = name, fields
        return pair

    def __reduce__(self):
        return ReturnTypes, (self[0], self[1], self._name, self._fields)

    def __getattr__(self, field):
        if field.startswith("_") or field not in self._fields:
            raise AttributeError(f"'torch.return_types.{self._name}' object has no attribute '{field}'")
        return self[self._fields.index(field)]

    def __repr__(self):
        a, b = self._fields
        return f"torch.return_types.{self._name}(\n{a}={self[0]!r},\n{b}={self[1]!r})"
