"""Card effects as data, for every card game of the package.

A card's data names an *effect kind* and its parameters (``{"kind": "draw", "cards": 2}``); each
kind is one small class in the game's effects module, registered by name with an
:class:`EffectKinds` registry and made once per card kind with that card's parameters.  A
parameter named like a Python word (``from``) is given to the class with an underscore after it
(``from_``), and a class may check the values too: its ``checks`` map a parameter to a function
that says what the value must be ("a whole number of at least 1"), or "" when it is right.  The turn
flow never names a card: it asks the card's effect what it offers and lets it resolve.

A *lasting* effect (a card lying in a Field, a banked set's bonus) is a record the state holds,
``{"kind": ..., "owner": seat, ...}``; its kind is registered with a :class:`Lasting` registry
as a class whose methods are named after the *points* the rules consult (a draw count, a limit,
an immunity, the score).  At such a point the rules call :meth:`Lasting.consult` with the value
the rules give, and every active record whose kind changes that point may change it in turn.

Nothing here knows a game: Spheres of Life uses both registries, Three Spheres TCG the effect
kinds, and a new card game does the same with its own kinds and points.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from .game import GameError

T = TypeVar("T", bound=type)


class EffectKinds:
    """The effect kinds of one game, by name."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._kinds: dict[str, type] = {}

    def register(self, name: str) -> Callable[[T], T]:
        """Class decorator: ``name`` is this effect kind.  The class's ``__init__`` keywords are the
        parameters card data may give it."""

        def add(cls: T) -> T:
            if name in self._kinds:
                raise ValueError(f"{self.game}: the effect kind {name!r} is registered twice.")
            cls.kind = name
            self._kinds[name] = cls
            return cls

        return add

    def __contains__(self, name: object) -> bool:
        return name in self._kinds

    def names(self) -> tuple[str, ...]:
        return tuple(self._kinds)

    def kinds(self) -> tuple[type, ...]:
        return tuple(self._kinds.values())

    def parameters(self, name: str) -> tuple[str, ...]:
        """The parameters the kind ``name`` takes, as card data names them, in its order."""
        return tuple(_data_name(p) for p in inspect.signature(self._kinds[name]).parameters)

    def make(self, name: str, params: Mapping[str, Any], card: str = "") -> Any:
        """The effect ``name`` with ``params``, for the card named ``card`` (for the message)."""
        problem = self.problem(name, params, card)
        if problem:
            raise GameError(problem)
        return self._kinds[name](**{f"{p}_" if keyword.iskeyword(p) else p: v for p, v in params.items()})

    def problem(self, name: str, params: Mapping[str, Any], card: str = "", where: str = "") -> str | None:
        """Why card data naming ``name`` with ``params`` cannot be used; ``None`` if it can.  The
        sentence starts with ``where`` when given ("Card 'pebble', ability 1, effect 1"), else
        names the card."""
        who = where or (f"The card {card}" if card else "A card")
        if name not in self._kinds:
            return f"{who} names the effect kind {name!r}, which {self.game} does not have."
        cls = self._kinds[name]
        accepted = {_data_name(p): spec for p, spec in inspect.signature(cls).parameters.items()}
        unknown = sorted(set(params) - set(accepted))
        if unknown:
            return f"{who}: the effect {name!r} takes no parameter {unknown[0]!r}."
        missing = [p for p, spec in accepted.items() if spec.default is inspect.Parameter.empty and p not in params]
        if missing:
            return f"{who}: the effect {name!r} needs the parameter {missing[0]!r}."
        for p, check in getattr(cls, "checks", {}).items():
            wrong = check(params[p]) if p in params else ""
            if wrong:
                return f"{who}: the parameter {p!r} of {name!r} must be {wrong}; it is {params[p]!r}."
        return None


def _data_name(parameter: str) -> str:
    """The card data's name of a class's parameter: ``from_`` is ``from``."""
    bare = parameter[:-1] if parameter.endswith("_") else parameter
    return bare if bare != parameter and keyword.iskeyword(bare) else parameter


class Lasting:
    """The lasting effect kinds of one game and the points the rules consult them at."""

    def __init__(self, game: str, points: Iterable[str]) -> None:
        self.game = game
        self.points = tuple(points)
        self._hooks: dict[str, dict[str, Callable[..., Any]]] = {}

    def register(self, name: str) -> Callable[[T], T]:
        """Class decorator: ``name`` is this lasting kind; its public methods are named after the
        points they change and take ``(record, value, *context)``, returning the new value."""

        def add(cls: T) -> T:
            if name in self._hooks:
                raise ValueError(f"{self.game}: the lasting effect {name!r} is registered twice.")
            hooks = {m: f for m, f in vars(cls).items() if callable(f) and not m.startswith("_")}
            strange = sorted(set(hooks) - set(self.points))
            if strange:
                raise ValueError(f"{self.game}: the lasting effect {name!r} changes {strange[0]!r}, "
                                 f"which is not one of the points {', '.join(self.points)}.")
            instance = cls()
            self._hooks[name] = {m: getattr(instance, m) for m in hooks}
            return cls

        return add

    def __contains__(self, name: object) -> bool:
        return name in self._hooks

    def record_problem(self, record: Any) -> str | None:
        """Why ``record`` (read from a file) is not a lasting effect of this game; ``None`` if it is."""
        if not isinstance(record, dict) or not isinstance(record.get("kind"), str):
            return "A lasting effect must be an object naming its kind."
        if record["kind"] not in self._hooks:
            return f"{self.game} has no lasting effect {record['kind']!r}."
        return None

    def consult(self, point: str, value: Any, active: Iterable[Mapping[str, Any]], *context: Any) -> Any:
        """``value`` as the active records change it at ``point`` (in the order they came)."""
        if point not in self.points:
            raise ValueError(f"{self.game} has no point {point!r} for lasting effects to change.")
        for record in active:
            hook = self._hooks[record["kind"]].get(point)
            if hook is not None:
                value = hook(record, value, *context)
        return value
