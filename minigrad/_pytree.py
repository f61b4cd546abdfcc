"""Nested tuples, lists and dicts of values, as torch's ``torch.utils._pytree`` sees them: the containers are
walked (dicts in insertion order), anything else is a leaf. ``torch.func``'s transforms and forward AD read their
arguments and results this way."""


def tree_leaves(value):
    """Every leaf of ``value``, in order."""
    if isinstance(value, (tuple, list)):
        return [leaf for v in value for leaf in tree_leaves(v)]
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in tree_leaves(v)]
    return [value]


def tree_map(fn, value):
    """``value``'s structure with ``fn(leaf)`` for each leaf, in order."""
    if isinstance(value, (tuple, list)):
        return type(value)(tree_map(fn, v) for v in value)
    if isinstance(value, dict):
        return {k: tree_map(fn, v) for k, v in value.items()}
    return fn(value)


def tree_spec(value, indent=0):
    """How torch prints the structure of ``value`` (``TreeSpec(tuple, None, [*, ...])``), as its errors show it."""
    if isinstance(value, (tuple, list, dict)):
        context = list(value) if isinstance(value, dict) else None
        children = list(value.values()) if isinstance(value, dict) else list(value)
        text = ""
        if children:
            indent += 2
            text = tree_spec(children[0], indent) + ("," if len(children) > 1 else "")
            text += ",".join("\n" + " " * indent + tree_spec(c, indent) for c in children[1:])
        return f"TreeSpec({type(value).__name__}, {context}, [{text}])"
    return "*"


def broadcast_prefix(prefix, value):
    """``prefix`` (a leaf standing for all of ``value``, or a structure of the same kinds matching it, as torch
    broadcasts ``in_dims``) as one entry per leaf of ``value``; None if they do not match."""
    if not isinstance(prefix, (tuple, list, dict)):
        return [prefix] * len(tree_leaves(value))
    if type(prefix) is not type(value) or len(prefix) != len(value):
        return None
    if isinstance(prefix, dict):
        if list(prefix) != list(value):
            return None
        pairs = zip(prefix.values(), value.values())
    else:
        pairs = zip(prefix, value)
    flat = []
    for p, v in pairs:
        part = broadcast_prefix(p, v)
        if part is None:
            return None
        flat += part
    return flat
