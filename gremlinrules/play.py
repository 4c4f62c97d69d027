"""A person plays one seat against bots in the terminal (the CLI's ``play``).

At each of the person's decisions the terminal shows that seat's view (only
what the seat may see, rendered by :mod:`gremlinrules.textview`) and the legal
actions, numbered, by their labels (``game.action_label``) with their text
notation beside them. The person answers with a number, the action's notation
(``game.parse_action``) or its label. The bots play the other seats; what
happens is shown as the events the person's seat sees (``game.observe_event``),
never more, in sentences (``game.view_text``, ``game.event_text``). Besides a move the
person may type ``help`` (the commands), ``moves`` (the legal moves again, numbered), ``undo``
(take back their last move: the game is replayed from its seed without it and the bots' moves
after it) and ``quit`` (leave the game unfinished; the command line exits with status 0). End of
input (or Ctrl-C at the prompt) ends the session cleanly too, the game unfinished. At the end the
terminal says why the game ended, in words, with the id of the clause that ended it.

With ``spectate``, every seat is a bot and the terminal shows the spectator's
view and events: public information only.

With ``table`` the terminal follows a physical table (the external-chance mode,
:mod:`gremlinrules.core.chance`): no bot plays, the person enters every seat's
move and every random outcome as it happens at the table (the cards of the deal,
each draw, each reveal), by number, by the item's name or in the notation
``chance:<pool>:<item>``. The view shown is ``seat``'s (None: the spectator's).
Besides: ``ITEM@SEAT`` enters a card of the deal for another seat than the one
asked (a deal round the table), ``?`` (or ``?@SEAT``) a card the person cannot
see where the game allows it, ``reveal ITEM@SEAT`` names such a card once it
shows, and ``undo`` (or ``undo N``) takes back the last entries (issue 28; see
``docs/table-tracking.rst``).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Any
from typing import Protocol
from typing import TextIO

from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import UNSEEN
from gremlinrules.core.chance import Outcome
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game
from gremlinrules.demo import seat_seed
from gremlinrules.textview import end_words
from gremlinrules.textview import render_event
from gremlinrules.textview import render_view
from gremlinrules.textview import seat_name

__all__ = ["Lines", "PlayResult", "choose_action", "play_terminal"]


class Lines(Protocol):
    """Where the person's answers come from: ``sys.stdin``, a file, or anything with ``readline``."""

    def readline(self) -> str:
        """The next line with its newline, or ``""`` at the end of input."""


class PlayResult:
    """How a terminal session ended: the last state, the actions taken, and whether it finished."""

    __slots__ = ("actions", "finished", "state")

    def __init__(self, state: Any, actions: Sequence[Any], finished: bool) -> None:
        self.state = state
        """The last state reached."""
        self.actions = tuple(actions)
        """Every action taken, in order (a game record's ``actions``)."""
        self.finished = finished
        """True when the game reached its end; False when the input ended first."""


def choose_action(game: Game, legal: Sequence[Any], labels: Sequence[str], answer: str, *,
                  state: Any = None) -> Any:
    """The legal action a person's ``answer`` names: its number (from 1), its notation, or its label.
    Given the ``state`` at a chance decision, also ``ITEM@SEAT`` (a card of the deal for another
    seat), ``?`` or ``?@SEAT`` (a card the person cannot see), each checked by ``is_legal``.

    Raises :class:`InvalidArgumentError` (with a sentence to show the person) otherwise.
    """
    text = answer.strip()
    need = getattr(state, "need", None) if state is not None else None
    if need is not None and (text == UNSEEN or "@" in text) and not text.startswith("chance:"):
        item, at, where = text.rpartition("@") if "@" in text else (text, "", "")
        if at and not (where.isdecimal() and where.isascii() and len(where) <= 6):
            raise InvalidArgumentError(f"{shown(text)}: write ITEM@SEAT, the seat a number")
        outcome = Outcome(need.pool, item, int(where) if at else None)
        _check_legal(game, state, outcome)
        return outcome
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise InvalidArgumentError(f"choose a number from 1 to {len(legal)}")
    folded = text.casefold()
    for action, label in zip(legal, labels, strict=True):
        if label.casefold() == folded or (isinstance(action, Outcome) and action.item.casefold() == folded):
            return action
    try:
        action = game.parse_action(text)
    except SerializationError as exc:
        raise InvalidArgumentError(f"{shown(text)} is neither a number from 1 to {len(legal)}, an action's "
                                   f"notation nor its label ({exc})") from exc
    if state is not None and isinstance(action, Outcome):
        _check_legal(game, state, action)
    elif action not in legal:
        raise InvalidArgumentError(f"{action} is not legal now")
    return action


def _check_legal(game: Game, state: Any, outcome: Outcome) -> None:
    """InvalidArgumentError with the game's own refusal (which never tells what a pool may still
    give) when ``outcome`` cannot be entered in ``state``."""
    if not game.is_legal(state, outcome):
        try:
            game.apply(state, outcome)
        except IllegalActionError as exc:
            raise InvalidArgumentError(str(exc)) from None
        raise InvalidArgumentError(f"{outcome} cannot be entered now")  # pragma: no cover (is_legal agrees)


def _bots(game: Game, players: int, seed: int, bot: str,
          human: int | None) -> dict[int, Callable[[Any], Any]]:
    from gremlinrules.bots import make_bot

    return {seat: make_bot(bot, game, seat, seat_seed(seed, seat)).choose
            for seat in range(players) if seat != human}


def play_terminal(game: Game, players: int, *, seat: int | None = 0, seed: int = 0, bot: str = "random",
                  inp: Lines, out: TextIO, table: bool = False) -> PlayResult:
    """Play ``game`` in the terminal: a person at ``seat`` (None: everyone is a bot and the
    person watches as the spectator), bots named ``bot`` at the other seats. With ``table``,
    track a physical table instead: the person enters every move and every random outcome.

    Reads answers from ``inp`` and writes to ``out``. Returns how it ended; the
    game's own errors for bad players, and :class:`InvalidArgumentError` for a seat
    outside the table or an unknown bot.
    """
    if seat is not None and not 0 <= seat < players:
        raise InvalidArgumentError(f"--seat must be a seat from 0 to {players - 1}, not {seat}")
    if table:
        return _track_table(game, players, seat, inp, out)
    state = game.new_game(players, seed)
    bots = _bots(game, players, seed, bot, seat)
    who = "you watch as the spectator" if seat is None else f"you are seat {seat}"
    out.write(f"{game.title}: {players} players, seed {seed}; {who}; {bot} bots at the other seats\n")
    if seat is not None:
        out.write(_HELP_HINT + "\n")
    actions: list[Any] = []
    while not game.is_terminal(state):
        actor = game.current_player(state)
        if actor is None:
            raise GremlinRulesError(f"{game.id}: no current player in a state that is not terminal")
        if actor == seat:
            action = _ask(game, state, seat, inp, out)
            if action is None:
                out.write("End of input: the game is left unfinished.\n")
                return PlayResult(state, actions, finished=False)
            if action is _QUIT:
                out.write("You left the game: it is left unfinished.\n")
                return PlayResult(state, actions, finished=False)
            if action is _UNDO:
                state, actions = _undo(game, players, seed, seat, actions, out)
                continue
        else:
            if seat is None:
                out.write("\n" + render_view(game, game.observe(state, None)) + "\n")
            action = bots[actor](state)
        state, events = game.apply_with_events(state, action)
        actions.append(action)
        _tell(game, events, seat, actor, game.observe(state, seat), out)
    return _finish(game, state, seat, actions, out)


class _Command:
    """A word the person types instead of a move (``quit``, ``undo``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"<{self.name}>"


_QUIT = _Command("quit")
_UNDO = _Command("undo")

_HELP_HINT = "Type help for the commands, moves for your legal moves."
_HELP = ("Answer with a move's number, its notation (shown in brackets) or its label. Commands:\n"
         "  help   this text\n"
         "  moves  your legal moves again, numbered\n"
         "  undo   take back your last move (and the bots' moves after it)\n"
         "  quit   leave the game unfinished")


def _undo(game: Game, players: int, seed: int, seat: int, actions: list[Any],
          out: TextIO) -> tuple[Any, list[Any]]:
    """The game replayed from its seed without ``seat``'s last move and every move after it (the
    bots'), and the actions kept; the game as it is when ``seat`` has not moved yet."""
    state = game.new_game(players, seed)
    states = [state]
    for action in actions:
        states.append(game.apply(states[-1], action))
    mine = [i for i, s in enumerate(states[:-1]) if game.current_player(s) == seat]
    if not mine:
        out.write("Nothing to take back: you have not moved yet.\n")
        return states[-1], actions
    last = mine[-1]
    label = game.action_label(game.observe(states[last], seat), actions[last])
    after = len(actions) - last - 1
    more = f" and the {after} move{'s' if after != 1 else ''} after it" if after else ""
    out.write(f"Taken back: your last move ({label}){more}.\n")
    return states[last], actions[:last]


_TABLE_HELP = ("Enter a move or what came by its number, its name or its notation. Also: ITEM@SEAT, a card "
               "of the deal for another seat; ?, a card you cannot see (where the game allows it); "
               "reveal ITEM@SEAT, such a card once it shows; undo [N], take back the last entries.")


def _track_table(game: Game, players: int, seat: int | None, inp: Lines, out: TextIO) -> PlayResult:
    """``play --table``: every move and every random outcome entered by the person, who may take
    entries back (``undo``) and enter cards it cannot see (``?``, then ``reveal``)."""
    state = game.new_game(players, chance="external")
    who = "the spectator's view" if seat is None else f"seat {seat}'s view"
    out.write(f"{game.title}: {players} players, tracking a table ({who}); enter every move and "
              f"every card or token as it is drawn or revealed\n{_TABLE_HELP}\n")
    actions: list[Any] = []
    while True:
        terminal = game.is_terminal(state)
        actor = None if terminal else game.current_player(state)
        if actor is None and not terminal:
            raise GremlinRulesError(f"{game.id}: no current player in a state that is not terminal")
        if terminal and not _memory(state):
            break
        answer = _ask_table(game, state, seat, inp, out, actor)
        if answer is None:
            if terminal:
                break
            out.write("End of input: the game is left unfinished.\n")
            return PlayResult(state, actions, finished=False)
        kind, value = answer
        if kind == "finish":
            break
        if kind in ("undo", "reveal"):
            try:
                state = game.undo(state, value) if kind == "undo" else game.reveal(state, value)
            except (InvalidArgumentError, IllegalActionError) as exc:
                out.write(f"{exc}\n")
                continue
            if kind == "undo":
                del actions[len(actions) - value:]
                out.write(f"* taken back: {value} entr{'y' if value == 1 else 'ies'}\n")
            else:
                out.write(f"* {seat_name(value.seat)} showed {value.item}, entered unseen: the table is "
                          "entered again with it\n")
        else:
            state = game.apply(state, value)
            actions.append(value)
    return _finish(game, state, seat, actions, out)


def _memory(state: Any) -> bool:
    from gremlinrules.core.chance_memory import reached

    return reached(state)


def _ask_table(game: Game, state: Any, seat: int | None, inp: Lines, out: TextIO,
               actor: int | None) -> tuple[str, Any] | None:
    """The person's next entry at a tracked table: ``("apply", action)``, ``("undo", n)``,
    ``("reveal", outcome)``, or at the end ``("finish", None)``; None at end of input."""
    if actor is None:
        legal: tuple[Any, ...] = ()
        labels: list[str] = []
        out.write("\n" + render_view(game, game.observe(state, seat)) + "\n\nThe game is over: press "
                  "Enter to finish, or undo [N] to take back the last entries.\n")
    else:
        legal = game.legal_actions(state)
        text, labels = _prompt(game, state, seat, actor)
        out.write("\n" + text)
        _menu(out, legal, labels)
    for line in _answers(inp, out):
        words = line.split()
        if not words:
            if actor is None:
                return "finish", None
            continue
        try:
            if words[0].casefold() == "undo":
                return "undo", _count(words)
            if words[0].casefold() == "reveal":
                return "reveal", _revealed(game, state, " ".join(words[1:]))
            if actor is None:
                raise InvalidArgumentError("the game is over: press Enter to finish, or undo [N]")
            return "apply", choose_action(game, legal, labels, line, state=state)
        except (InvalidArgumentError, IllegalActionError) as exc:
            out.write(f"{exc}\n")
    return None


def _count(words: list[str]) -> int:
    if len(words) == 1:
        return 1
    if len(words) == 2 and words[1].isdecimal() and words[1].isascii() and len(words[1]) <= 6:
        return max(int(words[1]), 1)
    raise InvalidArgumentError("undo takes back the last entry, or undo N the last N")


def _revealed(game: Game, state: Any, text: str) -> Outcome:
    """The outcome ``reveal`` names: ``ITEM@SEAT`` (the pool of the cards entered unseen for that
    seat) or ``chance:<pool>:<item>@<seat>``."""
    from gremlinrules.core.chance_memory import unseen

    parsed = game.parse_action(text) if text.startswith("chance:") else None
    if isinstance(parsed, Outcome):
        if parsed.seat is None:
            raise InvalidArgumentError("reveal names the seat that showed the card: ITEM@SEAT")
        return parsed
    item, at, where = text.strip().rpartition("@")
    if not at or not item or not where.isdecimal() or not where.isascii() or len(where) > 6:
        raise InvalidArgumentError("reveal names the card and the seat that showed it: reveal ITEM@SEAT")
    who = int(where)
    pools = sorted({o.pool for o in unseen(state) if o.seat == who})
    if not pools:
        raise InvalidArgumentError(f"{seat_name(who)} holds no card you entered unseen")
    if len(pools) > 1:
        raise InvalidArgumentError(f"say the pool: reveal chance:<pool>:{item}@{who} ({', '.join(pools)})")
    return Outcome(pools[0], item, who)


def _menu(out: TextIO, legal: Sequence[Any], labels: Sequence[str]) -> None:
    """The numbered list of the legal actions a person chooses from: label, then notation."""
    for i, (action, label) in enumerate(zip(legal, labels, strict=True), 1):
        out.write(f"  {i:3d}. {label}   [{action}]\n")


def _answers(inp: Lines, out: TextIO) -> Iterator[str]:
    """The person's answer lines, each read (see :func:`_read`) when the asker wants the next,
    until the end of input."""
    while (line := _read(inp, out)) is not None:
        yield line


def _read(inp: Lines, out: TextIO) -> str | None:
    """The next answer line (shown again when it comes from a file or a pipe); None at the end."""
    out.write("> ")
    out.flush()
    try:
        line = inp.readline()
    except KeyboardInterrupt:  # Ctrl-C at the prompt ends the session like end of input
        line = ""
    if not line:
        out.write("\n")
        return None
    if not _interactive(inp):  # answers from a file or a pipe: show them, for a readable transcript
        out.write(line if line.endswith("\n") else line + "\n")
    return line


def _finish(game: Game, state: Any, seat: int | None, actions: list[Any], out: TextIO) -> PlayResult:
    """The final view, scores and winners; the finished session."""
    out.write("\n" + render_view(game, game.observe(state, seat)) + "\n")
    scores = game.scores(state)
    out.write("Game over. Scores: " + ", ".join(f"seat {i}: {s}" for i, s in enumerate(scores)) + "\n")
    winners = game.winners(state)
    out.write("Winners: " + (", ".join(seat_name(w) for w in winners) or "nobody") + "\n")
    why = end_words(game, state)
    if why is not None:
        out.write(f"Why it ended: {why}\n")
    return PlayResult(state, actions, finished=True)


def _prompt(game: Game, state: Any, seat: int | None, actor: int) -> tuple[str, list[str]]:
    """The text shown before a decision of ``actor`` and the labels of its choices."""
    legal = game.legal_actions(state)
    if actor == CHANCE:
        need = getattr(state, "need", None)
        seen = ("everyone sees it" if need is None or need.seen_by is None
                else "nobody sees it yet" if not need.seen_by
                else "seen by " + ", ".join(seat_name(p) for p in need.seen_by))
        chances = dict(game.chance_outcomes(state))
        labels = [f"{a.item} ({chances[a]})" if isinstance(a, Outcome) else str(a) for a in legal]
        pool = legal[0].pool if legal and isinstance(legal[0], Outcome) else "?"
        try:
            table = render_view(game, game.observe(state, seat))
        except InvalidArgumentError:
            table = "(the opening deal is being entered: nothing on the table yet)"
        held = _held_unseen(state)
        for_seat = "" if need is None or need.seat is None else f" for {seat_name(need.seat)}"
        return f"{table}{held}\n\nWhat came from the {pool} pool{for_seat}? ({seen})\n", labels
    view = game.observe(state, seat)
    labels = [str(game.action_label(game.observe(state, actor), a)) for a in legal]
    header = "Your move:" if actor == seat else f"{seat_name(actor)}'s move:"
    return f"{render_view(game, view)}{_held_unseen(state)}\n\n{header}\n", labels


def _held_unseen(state: Any) -> str:
    """A line naming the cards entered unseen that no reveal has named yet, or nothing."""
    from gremlinrules.core.chance_memory import unseen

    held: dict[tuple[int | None, str], int] = {}
    for o in unseen(state):
        held[o.seat, o.pool] = held.get((o.seat, o.pool), 0) + 1
    if not held:
        return ""
    parts = [f"{seat_name(s)}: {k} ({pool})" for (s, pool), k in sorted(held.items(), key=str)]
    return "\nEntered unseen, not revealed yet: " + ", ".join(parts)


def _ask(game: Game, state: Any, seat: int | None, inp: Lines, out: TextIO) -> Any:
    """The person's choice, asked until it is a legal action or a command (``_QUIT``, ``_UNDO``;
    ``help`` and ``moves`` are answered here); None at end of input."""
    legal = game.legal_actions(state)
    view = game.observe(state, seat)
    labels = [str(game.action_label(view, a)) for a in legal]
    out.write("\n" + render_view(game, view) + "\n\nYour move:\n")
    _menu(out, legal, labels)
    for line in _answers(inp, out):
        word = line.strip().casefold()
        if not word:
            continue
        if word == "help":
            out.write(_HELP + "\n")
            continue
        if word == "moves":
            _menu(out, legal, labels)
            continue
        if word == "quit":
            return _QUIT
        if word == "undo":
            return _UNDO
        try:
            return choose_action(game, legal, labels, line)
        except InvalidArgumentError as exc:
            out.write(f"{exc}. {_HELP_HINT}\n")
    return None


def _interactive(stream: Lines) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except ValueError:  # a closed stream
        return False


def _tell(game: Game, events: Sequence[Any], seat: int | None, actor: int, view: Any,
          out: TextIO) -> None:
    """What ``seat`` sees of one action's events, in sentences on one line (``view``: its view
    after the action, so the table's own cards are named)."""
    seen = [e for e in (game.observe_event(event, seat) for event in events) if e is not None]
    told = " ".join(render_event(game, event, seat, view) for event in seen)
    if not told:
        told = "You made a move nobody else sees." if actor == seat else f"Seat {actor} moved, unseen by you."
    out.write(f"* {told}\n")
