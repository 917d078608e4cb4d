"""Prints what the package declares, as JSON, for the test that holds it to the OpenAPI document
(tests/api/sdk-python.test.ts): each operation's method on each client, each shape's fields and
the shape each method answers.

A shape is {field: {"required": bool, "shape": <the nested shape, or null>}}, where the nested
shape is that of the TypedDict inside the field's type (under None, list[...] or dict[str, ...]).
"""

import dataclasses
import json
import typing

import linkcard
import linkcard.types


def is_typed_dict(kind: object) -> typing.TypeGuard[type]:
    return isinstance(kind, type) and typing.is_typeddict(kind)


def inner_typed_dict(kind: object) -> type | None:
    """The TypedDict a type holds: itself, or one under None, list[...], dict[str, ...] or a dataclass's fields."""
    if is_typed_dict(kind):
        return kind
    inside = typing.get_type_hints(kind).values() if dataclasses.is_dataclass(kind) else typing.get_args(kind)
    for argument in inside:
        found = inner_typed_dict(argument)
        if found is not None:
            return found
    return None


def describe(shape: type) -> dict[str, object]:
    hints = typing.get_type_hints(shape)
    required = getattr(shape, "__required_keys__")
    fields: dict[str, object] = {}
    for name, kind in hints.items():
        nested = inner_typed_dict(kind)
        fields[name] = {"required": name in required, "shape": describe(nested) if nested else None}
    return fields


clients = {"Linkcard": linkcard.Linkcard, "AsyncLinkcard": linkcard.AsyncLinkcard}
shapes = {name: value for name, value in vars(linkcard.types).items() if is_typed_dict(value)}
print(
    json.dumps(
        {
            "operations": linkcard.OPERATIONS,
            "methods": {name: sorted(m for m in dir(client) if not m.startswith("_") and callable(getattr(client, m))) for name, client in clients.items()},
            "shapes": {name: describe(shape) for name, shape in shapes.items()},
            # The shape each method answers, by name (LinkPage: the links it holds).
            "returns": {method: getattr(inner_typed_dict(typing.get_type_hints(getattr(linkcard.Linkcard, method)).get("return")), "__name__", None) for method in linkcard.OPERATIONS.values()},
        }
    )
)
