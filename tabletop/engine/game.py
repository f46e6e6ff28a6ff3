"""The game API every game implements, in the spirit of OpenSpiel.

* :class:`GameDef` describes a game (id, name, player counts, options) and creates
  states from ``(players, options, seed)``; it also knows how to sample a full state
  from one seat's view (:meth:`GameDef.determinize`) for the search bots.
* :class:`State` is one position: who decides now (:meth:`State.decider`, which may be a
  player other than the one whose turn it is, or :data:`CHANCE`), the legal actions,
  :meth:`State.apply`, the terminal test, scores with a breakdown, and
  :meth:`State.view` -- the projection that one seat may see.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

if TYPE_CHECKING:
    import random

    from .actions import Action

# The start screen imports this module for the game descriptions before the first frame, so
# it stays light: copy, hashlib and json are imported where they are used, and Option and
# Score are named tuples, GameDef a plain class (a dataclass costs about 2 ms to create).

BOT_LEVELS = ("random", "easy", "normal", "hard")
"""The bot levels every game offers (:mod:`tabletop.engine.bots`)."""

CHANCE = -1
"""Returned by :meth:`State.decider` when chance decides: see :meth:`State.chance_outcomes`."""


def try_out(state: "State") -> str:
    """What goes wrong when ``state`` -- made from a document -- is shown and played one move
    deep (every view, every move tried on a copy), or ``""``.  A game's position reader checks
    the fields a person writes; a whole state written by hand can still hold values that make
    no sense together, and they show here rather than in the middle of a game."""
    import json

    try:
        players = len(state.scores())
        for seat in [*range(players), None]:
            json.dumps(state.view(seat))
        if state.is_terminal():
            return ""
        decider = state.decider()
        moves = [a for a, _ in state.chance_outcomes()] if decider == CHANCE else state.legal_actions()
        if not moves:
            return "nobody can move, yet the game is not over"
        for action in moves[:100]:
            state.clone().apply(action)
    except (GameError, KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as e:
        return f"its fields do not fit together ({type(e).__name__}: {one_line(e, 60)})"
    return ""


def one_line(text: Any, limit: int = 200) -> str:
    """``text`` on one line (control characters as spaces), cut to ``limit`` characters: for
    messages that quote what a file holds."""
    text = "".join(c if c.isprintable() else " " for c in str(text))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(value: Any) -> str:
    """``repr(value)`` cut to a few dozen characters, for messages about what a file holds."""
    import reprlib

    r = reprlib.Repr()
    r.maxstring = r.maxother = 40
    r.maxlevel = 2
    text = r.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class GameError(Exception):
    """Base of every error the engine reports to a user; the message is the explanation."""


class IllegalAction(GameError):
    """An action that is not legal now.  Raised before anything changes."""


class UnplayablePosition(GameError):
    """A position document whose state cannot be played (see :func:`try_out`)."""


class GameScreen(NamedTuple):
    """A screen of a game's own beside its table (the card game's deck builder), which the main
    window offers without naming the game, as KDE Patience lets each game add its actions to the
    window: a Game menu entry with its shortcut, a button in the gallery and, when ``button`` is
    given, one under the set-up's options of that game.  The widget is named as ``module:Class``
    and imported only by the client (docs/architecture.md, "A game's own screens", says what the
    widget offers the window)."""

    name: str  # what the window's title and the status line call it: "Decks"
    menu: str  # the Game menu's entry, with its accelerator: "&Decks…"
    widget_class: str  # "tabletop.games.three_spheres.screens.decks:DeckScreen"
    shortcut: str = ""  # "Ctrl+D"; "" for none
    tip: str = ""  # the entry's and the buttons' tooltip
    button: str = ""  # the set-up's button under the game's options ("" for none)
    status: str = ""  # the status line when the screen is shown


class OptionError(GameError):
    """An unknown option or a value the option does not allow."""


class Option(NamedTuple):
    """A game variant the players choose before the game starts."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    players: tuple[int, int] | None = None  # the player counts it matters for (None: all)
    only_with: tuple[str, Any] | None = None  # (option, value): it matters only with that choice
    # the choice a save written before the option existed was played with, when that is not the
    # default (a rule reading corrected later: old games replay as they were played)
    legacy: Any = None
    # a value beyond ``choices`` the option takes too (a deck code for a deck): called with the
    # value, it returns the value as kept or raises OptionError saying why not
    accepts: Callable[[Any], Any] | None = None
    # more choices to offer a player beyond ``choices``, found when asked (a player's saved
    # decks): (label, value, problem) each, a non-empty problem saying why it is not offered
    more: Callable[[], list[tuple[str, Any, str]]] | None = None
    title: str = ""  # the set-up's words for it (by default its name: "world_size" -> "World size")
    # the set-up's words for a choice (by default the choice itself: a deck's id -> its name)
    choice_words: Callable[[Any], str] | None = None
    # what a choice does, in a sentence the set-up shows under its box (a deck's description);
    # None, or "" for a choice: the option's help is shown
    about: Callable[[Any], str] | None = None

    def label(self) -> str:
        """What the set-up calls the option."""
        return self.title or self.name.replace("_", " ").capitalize()

    def words_for(self, choice: Any) -> str:
        """What the set-up shows for ``choice``."""
        if isinstance(choice, bool):
            return "Yes" if choice else "No"
        return self.choice_words(choice) if self.choice_words is not None else str(choice)

    def about_choice(self, choice: Any) -> str:
        """The set-up's line under the box: what ``choice`` does, else the option's help."""
        try:
            return (self.about(choice) if self.about is not None else "") or self.help
        except GameError:
            return self.help

    def applies_to(self, players: int, options: dict[str, Any] | None = None) -> bool:
        """Whether the option matters for ``players`` players (and, given the other
        ``options`` chosen, whether the choice it depends on is made)."""
        if self.players is not None and not self.players[0] <= players <= self.players[1]:
            return False
        if self.only_with is not None and options is not None:
            name, value = self.only_with
            return options.get(name) == value
        return True

    def describe(self) -> str:
        choices = "|".join(str(c) for c in self.choices)
        if self.players is None:
            only = ""
        elif self.players[0] == self.players[1]:
            only = f" [only with {self.players[0]} player{'s' if self.players[0] != 1 else ''}]"
        else:
            only = f" [{self.players[0]} to {self.players[1]} players]"
        if self.only_with:
            only += f" [with {self.only_with[0]}={self.only_with[1]}]"
        return f"{self.name}={self.default} ({choices}): {self.help}{only}"


class Score(NamedTuple):
    """A player's score: the total and the labelled parts that add up to it."""

    total: int
    parts: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "parts": [{"label": k, "points": v} for k, v in self.parts]}


class State(ABC):
    """One position of a game.  Mutable: :meth:`apply` changes it in place."""

    game_id: str = ""
    num_players: int = 0

    # --- whose decision -------------------------------------------------------------
    @abstractmethod
    def decider(self) -> int | None:
        """The seat that must decide now, :data:`CHANCE`, or ``None`` when the game is over."""

    def is_terminal(self) -> bool:
        return self.decider() is None

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the decider may take now (empty only when terminal)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, the possible outcomes with their probabilities."""
        return []

    # --- changing the state ---------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises :class:`IllegalAction`, changing nothing."""
        if self.is_terminal():
            raise IllegalAction("The game is over: no more actions can be taken.")
        if action not in self.legal_actions():
            problem = self.free_action_problem(action)
            if problem:
                raise IllegalAction(problem)
        self.apply_unchecked(action)

    def free_action_problem(self, action: Action) -> str | None:
        """For an action outside :meth:`legal_actions`: ``None`` when the game accepts it all
        the same -- a *free* action that changes nothing in play, such as rearranging one's own
        hand, too open-ended to list -- or why it is refused."""
        return self.explain_illegal(action)

    def free_action_seat(self, action: Action) -> int | None:
        """The seat taking a free action, when a player may take it out of their turn
        (``None``: the decider takes it)."""
        return None

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply an action already known to be legal (the bots' fast path)."""

    def explain_illegal(self, action: Action) -> str:
        """A sentence saying why ``action`` is not legal now.  Games give better reasons."""
        return f"{action} is not a legal action now."

    def shown_to(self, action: Action) -> set[int]:
        """The seats to which applying ``action`` shows something they could not know: a card
        drawn or turned up, another player's hidden card, a chance outcome (a die, who begins).
        Such a move is final for those seats: none of them may undo a decision made before it.
        A player's own cards played or spent show nothing to that player.

        Worked out on a copy, by :meth:`shown_between` (a game adds what else is shown there)."""
        if self.decider() == CHANCE:
            return set(range(self.num_players))
        if self.hidden_from(0) is None:
            return set()  # (the game does not say what is hidden)
        after = self.clone()
        after.apply_unchecked(action)
        return self.shown_between(after)

    def shown_between(self, after: "State") -> set[int]:
        """The seats for which a card hidden in this state is no longer hidden in ``after``."""
        return {s for s in range(self.num_players) if self.hidden_from(s) - after.hidden_from(s)}

    def reveals(self, action: Action) -> bool:
        """Whether applying ``action`` shows hidden information to any seat."""
        return bool(self.shown_to(action))

    def quiet_key(self, action: Action) -> str | None:
        """A key when ``action`` is a "no" at a moment anyone may act (a pass that changes nothing
        but who is asked next): the log folds consecutive steps with the same key into one line
        (:mod:`tabletop.engine.log_lines`).  ``None``: a move of its own."""
        return None

    def quiet_words(self, key: str, seats: list[int], names: list[str]) -> str:
        """The one line for ``seats`` (two or more, in order) each taking a quiet step ``key``."""
        from .log_lines import and_list

        return f"{and_list([names[s] for s in seats])} pass."

    def clone(self) -> "State":
        import copy

        return copy.deepcopy(self)

    # --- results --------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[Score]:
        """Each player's score as it stands (final when terminal), with its breakdown."""

    def winners(self) -> list[int]:
        """The seats that share first place (games may add tie-breaks)."""
        totals = [s.total for s in self.scores()]
        best = max(totals)
        return [i for i, t in enumerate(totals) if t == best]

    def result_note(self, names: list[str]) -> str:
        """A sentence that explains the result beyond the scores (a goal reached or missed), or
        ``""``.  ``winners()`` may be empty when a game can be lost by everybody."""
        return ""

    def round(self) -> int:
        """How many whole rounds have been played."""
        return 0

    CHART_STEP = "Round"  # what a point of the end screen's score chart stands for

    def chart_step(self) -> int:
        """The end screen's score chart has a point each time this number changes: whole rounds
        unless a game counts turns or phases (and names them in :attr:`CHART_STEP`)."""
        return self.round()

    # a key of the view that lists the cards in play as a public catalogue (not where they lie);
    # the hidden-card check does not look inside it
    CATALOGUE: str | None = None

    def hidden_from(self, seat: int | None) -> set[str] | None:
        """The cards ``seat`` cannot know now (``None``: a spectator), by the state's own record
        of who has seen what; ``None``: the game does not say.  No view may name any of them."""
        return None

    def components(self) -> list[Any] | None:
        """Every card or stone in play, wherever it lies, hidden ones included (``None``: the
        game does not say).  The conformance checks require the multiset never to change: no
        move makes a card out of nothing or loses one."""
        return None

    def consistency_problems(self) -> list[str]:
        """What makes this state one the rules could never reach, as sentences ([]: nothing, or
        the game does not say), by the game's own knowledge: its cards or stones are those the
        game is made of, and each lies only where its kind may lie.  The conformance checks ask
        it of every state played and of every world the bots sample from a view."""
        return []

    # --- what each seat sees ----------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """The JSON projection of this state that ``seat`` may see (``None``: a spectator)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state, hidden parts included, as JSON (used for digests and tests)."""

    def formality(self, hotseat: bool = False) -> bool:
        """Whether the decision now is a mere formality -- one legal action, a "no" -- that the
        client may take for the player.  With several humans at one screen (``hotseat``) a game
        normally says no, so that being asked or not tells nothing."""
        return False

    def open_invitation(self) -> bool:
        """Whether the decision now only invites the decider to act out of turn -- a quiet
        moment before another player's turn, not an answer to something declared.  A lone
        human may ask to be offered these less (the client then says "no" for them)."""
        return False

    def window(self, names: list[str] | None = None) -> tuple[str, int] | None:
        """When everybody in turn is being asked whether to answer something out of turn (play
        a card now, block, accept an offer): a public question for the whole table and an id of
        this round of asking; ``None`` otherwise.  In hotseat play the client asks the table
        once who answers, instead of passing the screen to each player in turn."""
        return None

    def window_order(self) -> list[int]:
        """The players still to be asked in the current :meth:`window`, in order."""
        return []

    def no_answer(self) -> Action | None:
        """The legal answer that says no to an :meth:`open_invitation` or a :meth:`window`'s
        question (use nothing, block nothing, accept nothing), which the client gives for a
        player who is not to be asked; ``None`` when there is none."""
        return None

    def whose_turn(self) -> int | None:
        """The seat whose turn it is (``None``: the game does not say).  When another seat
        decides -- a block, an answer, a gift to place -- the banner says whose turn it is."""
        return None

    def prompt(self) -> str:
        """What the deciding player must do now, as words for the banner ("draw a card from a
        pile").  Games say it better than this default, made of the legal actions' kinds."""
        kinds: list[str] = []
        for a in self.legal_actions():
            if a.kind not in kinds:
                kinds.append(a.kind)
        return " or ".join(kinds) if kinds else "wait"

    def describe(self, action: Action, names: list[str]) -> str:
        """A public sentence for the log, told before ``action`` is applied."""
        return f"{names[self.decider() or 0]}: {action}"

    def aftermath(self, names: list[str]) -> str:
        """Public sentences about what the action just applied brought about beyond itself (a
        capture at the end of a sowing ...), added to its log sentence; "" for none."""
        return ""


def digest(state: State) -> str:
    """A stable fingerprint of a whole state."""
    import hashlib
    import json

    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class GameDef(ABC):
    """A registered game: its description, given as keywords, and the factories subclasses fill in.

    ``table_class`` is the ``module:Class`` of the Qt table for this game (imported only by the
    client).  Two descriptions are equal when their class and every field are.
    """

    FIELDS = ("id", "name", "min_players", "max_players", "options", "summary", "table_class", "dealt", "hidden",
              "minutes", "cover", "first_game", "screens", "commands")

    def __init__(
        self,
        id: str = "",
        name: str = "",
        min_players: int = 2,
        max_players: int = 2,
        options: tuple[Option, ...] = (),
        summary: str = "",
        table_class: str = "",
        dealt: bool = True,
        hidden: bool = True,
        minutes: tuple[int, int] = (0, 0),
        cover: str = "",
        first_game: dict[str, Any] | None = None,
        screens: tuple[GameScreen, ...] = (),
        commands: str = "",
    ) -> None:
        self.id = id
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.options = options
        self.summary = summary
        self.table_class = table_class
        self.dealt = dealt  # the start is dealt by chance (a seed changes it); False: a fixed start
        # some seats may not see everything (hands, a deck); False: every view shows the whole
        # state, and hotseat players need no curtain between them
        self.hidden = hidden
        # what the gallery shows: a game's usual length in minutes (shortest, longest; (0, 0) when
        # unknown) and its cover picture, an SVG file under the assets folder ("" for none)
        self.minutes = minutes
        self.cover = cover
        # the options of a new player's first quick game against bots, when the defaults would
        # not suit a first game (the card game: the gentlest pairing of decks); {}: the defaults
        self.first_game = dict(first_game or {})
        # the game's own screens beside its table, offered by the main window (the deck builder)
        self.screens = tuple(screens)
        # the module of the game's own ``tabletop`` subcommands ("" for none): it has
        # ``add_commands(subparsers, arena)``, which adds them (and any ``tabletop arena`` argument of
        # the game's) and returns {name: run(args) -> exit status}, and may have
        # ``arena_options(game, args)``, the options those arena arguments choose
        self.commands = commands

    def players_text(self) -> str:
        """How many play it, in words: "2 players", "1–4 players" (the gallery, `tabletop games`)."""
        lo, hi = self.min_players, self.max_players
        if lo == hi:
            return f"{lo} player{'' if lo == 1 else 's'}"
        return f"{lo}–{hi} players"

    def __repr__(self) -> str:
        fields = ", ".join(f"{f}={getattr(self, f)!r}" for f in self.FIELDS)
        return f"{type(self).__name__}({fields})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in self.FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value (as a dataclass would be)

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise GameError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, not {players}."
            )

    def resolve_options(self, options: dict[str, Any] | None, saved: bool = False) -> dict[str, Any]:
        """Fill defaults and check every option; raise :class:`OptionError` on anything unknown.
        ``saved``: the options of a save, where a missing option predates it and takes its
        ``legacy`` choice."""
        if options is not None and not isinstance(options, dict):
            raise OptionError(f"The options of {self.name} are written as names and values, not {short(options)}.")
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        for name, value in options.items():
            if name not in known:
                names = ", ".join(known) or "none"
                raise OptionError(f"{self.name} has no option {short(name)} (its options: {names}).")
            opt = known[name]
            if value not in opt.choices:
                # accept strings from a command line: "2" for 2, "true" or "yes" for True
                text = str(value).strip().lower()
                text = {"yes": "true", "on": "true", "1": "true", "no": "false", "off": "false", "0": "false"}.get(
                    text, text) if all(isinstance(c, bool) for c in opt.choices) else text
                matches = [c for c in opt.choices if str(c).lower() == text]
                if matches:
                    options[name] = matches[0]
                elif opt.accepts is not None:  # a value beyond the choices (a deck code)
                    options[name] = opt.accepts(value)
                else:
                    allowed = ", ".join(str(c) for c in opt.choices)
                    raise OptionError(f"Option {name} cannot be {short(value)} (allowed: {allowed}).")
        missing = {o.name: o.legacy if saved and o.legacy is not None else o.default for o in self.options}
        return {o.name: options.get(o.name, missing[o.name]) for o in self.options}

    def new_game(self, players: int, options: dict[str, Any] | None = None, seed: int = 0) -> State:
        self.check_players(players)
        return self.create(players, self.resolve_options(options), seed)

    @abstractmethod
    def create(self, players: int, options: dict[str, Any], seed: int) -> State:
        """A new state; all randomness comes from ``seed``. ``options`` are resolved (every option of the
        game is present: :meth:`new_game` resolves them), so the rules read them without defaults."""

    @abstractmethod
    def determinize(self, view: dict[str, Any], rng: random.Random) -> State:
        """A full state consistent with ``view``: hidden cards are sampled, never read."""

    def heuristic_policy(self) -> Callable[[State, random.Random], Action] | None:
        """A fast per-game move chooser used by the Easy bot and in search rollouts."""
        return None

    def rollout_policy(self) -> Callable[[State, random.Random], Action] | None:
        """A cheap move chooser for search playouts (``None``: uniformly random)."""
        return None

    def search_share(self, view: dict[str, Any]) -> float:
        """The share of a search bot's budget this decision deserves (games with many small
        decisions -- "use something now?" -- give those less)."""
        return 1.0

    def search_moves(self) -> Callable[[State], list[Action]] | None:
        """For search bots: the legal actions worth searching in a state (a subset, never
        empty: the others are ones a good player never prefers, such as paying toward a card
        that cannot be bought this turn); ``None``: every legal action."""
        return None

    def search_bot(self, level: str, seed: int, **search: Any) -> Any:
        """The game's own Normal or Hard bot (a game of perfect information searches better
        with alpha-beta than with IS-MCTS), or ``None`` for the engine's IS-MCTS.  ``search``
        holds the budget: ``seconds``, ``iterations`` and ``should_stop``."""
        return None

    def playout_cutoff(self) -> tuple[int, Callable[[State], list[float]]] | None:
        """For long games: ``(actions, evaluate)`` -- a search playout stops after that many
        actions and ``evaluate(state)`` gives each player's reward in [0, 1] instead of the
        final result.  ``None``: playouts run to the end."""
        return None

    @abstractmethod
    def from_position(self, doc: dict[str, Any]) -> State:
        """A state from a position document (docs/positions.md)."""

    @abstractmethod
    def to_position(self, state: State) -> dict[str, Any]:
        """The position document of ``state``."""


class PackageGame(GameDef):
    """A game whose parts are modules of its package, imported when first used (registering a
    game loads only its description, so the start screen lists it before the first frame):

    * ``rules.new_state(players, options, seed)``
    * ``bots.determinize(view, rng)``, ``bots.easy_policy``, ``bots.rollout_policy`` and,
      optionally, ``bots.search_share(view)``, ``bots.search_moves(state)``, ``bots.PLAYOUT_CUTOFF`` and
      ``bots.search_bot(game, level, seed, **search)``
    * ``position.from_position(game, doc)``, ``position.to_position(state)``
    """

    FIELDS = GameDef.FIELDS + ("package",)

    def __init__(self, package: str = "", **fields: Any) -> None:
        super().__init__(**fields)
        self.package = package

    def _part(self, module: str, name: str) -> Any:
        import importlib

        return getattr(importlib.import_module(f"{self.package}.{module}"), name)

    def create(self, players: int, options: dict[str, Any], seed: int) -> State:
        return self._part("rules", "new_state")(players, options, seed)

    def determinize(self, view: dict[str, Any], rng: random.Random) -> State:
        return self._part("bots", "determinize")(view, rng)

    def heuristic_policy(self) -> Callable[[State, random.Random], Action] | None:
        return self._part("bots", "easy_policy")

    def rollout_policy(self) -> Callable[[State, random.Random], Action] | None:
        return self._part("bots", "rollout_policy")

    def search_share(self, view: dict[str, Any]) -> float:
        import importlib

        share = getattr(importlib.import_module(f"{self.package}.bots"), "search_share", None)
        return 1.0 if share is None else share(view)

    def search_moves(self) -> Callable[[State], list[Action]] | None:
        import importlib

        return getattr(importlib.import_module(f"{self.package}.bots"), "search_moves", None)

    def search_bot(self, level: str, seed: int, **search: Any) -> Any:
        import importlib

        make = getattr(importlib.import_module(f"{self.package}.bots"), "search_bot", None)
        return None if make is None else make(self, level, seed, **search)

    def playout_cutoff(self) -> tuple[int, Callable[[State], list[float]]] | None:
        import importlib

        return getattr(importlib.import_module(f"{self.package}.bots"), "PLAYOUT_CUTOFF", None)

    def from_position(self, doc: dict[str, Any]) -> State:
        state = self._part("position", "from_position")(self, doc)
        problem = try_out(state)
        if problem:
            raise UnplayablePosition(f"The position cannot be played: {problem}.")
        return state

    def to_position(self, state: State) -> dict[str, Any]:
        return self._part("position", "to_position")(state)
