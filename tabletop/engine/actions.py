"""Actions: small immutable values that change a game, serialisable as JSON."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

Scalar = str | int | bool | None


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a ``kind`` and its named arguments (JSON scalars only).

    >>> a = Action.make("give", card="S03", to=1)
    >>> a["to"], a.to_json()
    (1, {'kind': 'give', 'card': 'S03', 'to': 1})
    """

    kind: str
    args: tuple[tuple[str, Scalar], ...] = ()

    @classmethod
    def make(cls, kind: str, **args: Scalar) -> "Action":
        return cls(kind, tuple(sorted(args.items())))

    def __getitem__(self, key: str) -> Scalar:
        for k, v in self.args:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: str, default: Scalar = None) -> Scalar:
        for k, v in self.args:
            if k == key:
                return v
        return default

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **dict(self.args)}

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        from .game import short

        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {short(data)}")
        args = {k: v for k, v in data.items() if k != "kind"}
        for k, v in args.items():
            if not isinstance(v, (str, int, bool, type(None))):
                raise ValueError(f"action argument {short(k)} is not a plain value: {short(v)}")
        return cls.make(data["kind"], **args)

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.kind}({inner})"


@lru_cache(maxsize=None)
def act(kind: str, **args: Scalar) -> Action:
    """The action ``kind`` with ``args``, made once for each (the bots make millions; an action
    is an immutable value, so one made earlier serves)."""
    return Action.make(kind, **args)
