"""Pictures of positions, drawn by :mod:`gremlinrules.svg` while the docs build.

Nothing here is a committed picture: every SVG is drawn from the game's data,
its scenario vectors and the actions written in the page, each time the docs
build, so a picture cannot drift from the rules.

``.. gremlinrules-picture:: <game-id>`` draws one position::

   .. gremlinrules-picture:: gnaughty-gnomes
      :players: 4
      :seed: 3
      :seat: spectator
      :labels:
      :caption: The garden at the start, its placement spots numbered

      play red 6
      play red 2

Options: ``players`` (the game's smallest count when left out), ``seed`` (0),
``options`` (the game's options as JSON), ``scenario`` (start from a scenario
vector's setup instead: its file name in ``spec/<game-id>/scenarios/``, with or
without ``.json``), ``after`` (with ``scenario``: play the vector's first N
actions), ``random-actions`` (then play N legal actions, each chosen at random
by a generator seeded with ``seed``: a position in the middle of a game),
``seat`` (a seat number or ``spectator``, the default), ``labels`` (a flag:
numbers on the parts the rules text names by number), ``size`` (the width in
pixels), ``caption`` and ``legal`` (a flag: the caption goes on with the
position's legal actions, in notation). The content holds further actions, one a
line, in the game's text notation (``play red 6``) or as JSON
(``{"type": "Play", ...}``), a line starting with ``#`` being a comment; an
action the rules refuse fails the build.

``.. gremlinrules-scenario-pictures:: <game-id>`` draws scenario vectors: by
default the final position of every vector of the game; ``scenarios`` names
some (file names, separated by spaces); ``steps`` (a flag) draws the named
vectors step by step, the position before the first action and after each
one; ``seat`` is a seat number, ``spectator`` (the default) or ``actor`` (the
view of the seat that took the action just played, at the start the seat
about to act); ``labels`` and ``size`` as above.

``.. gremlinrules-tunnel-cards:: goblins-vs-gnomes`` draws every card design of
Goblins vs Gnomes' reference component set, each as a hand shows it, with its
count (options ``size`` and ``caption``).

The directives write HTML (inline SVG in ``<figure>`` elements); other
builders get nothing. The functions behind them (:func:`pictures_for`,
:func:`position_picture`, :func:`scenario_pictures`, :func:`html`) need no
Sphinx, so a test builds exactly what a page shows
(``tests/svg/test_docs_pictures.py``).
"""

from __future__ import annotations

import html as html_text
import json
import random
import re
from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import gremlinrules
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.records import load_record
from gremlinrules.core.spec import Scenario
from gremlinrules.core.spec import load_scenarios
from gremlinrules.core.spec import spec_dir

__all__ = [
    "DIRECTIVES",
    "Block",
    "Picture",
    "PictureError",
    "blocks",
    "html",
    "pictures_for",
    "position_picture",
    "scenario_pictures",
    "tunnel_cards",
]

DIRECTIVES = ("gremlinrules-picture", "gremlinrules-scenario-pictures", "gremlinrules-tunnel-cards")
"""The directives this extension adds."""

PICTURE_OPTIONS = frozenset({"players", "seed", "options", "scenario", "after", "random-actions", "seat",
                             "labels", "size", "caption", "legal"})
SCENARIO_OPTIONS = frozenset({"scenarios", "steps", "seat", "labels", "size"})
CARD_OPTIONS = frozenset({"size", "caption"})
FLAGS = frozenset({"labels", "steps", "legal"})


class PictureError(ValueError):
    """A directive's arguments name no drawable position (the message says why)."""


@attrs.frozen
class Picture:
    """One drawn position: its SVG text and the caption under it."""

    svg: str
    caption: str


# ---------------------------------------------------------------- positions


def _scenario(game_id: str, name: str) -> Scenario:
    stem = name.removesuffix(".json")
    for scenario in load_scenarios(game_id):
        if scenario.path.rsplit("/", 1)[-1] == stem + ".json":
            return scenario
    known = ", ".join(s.path.rsplit("/", 1)[-1] for s in load_scenarios(game_id))
    raise PictureError(f"{game_id} has no scenario vector {name!r} (it has: {known})")


def _record(vector: Scenario) -> Any:
    try:
        return load_record(vector.record)
    except GremlinRulesError as exc:
        raise PictureError(f"{vector.path}: its record is refused: {exc}") from exc


def _game(game_id: str) -> Any:
    try:
        return gremlinrules.get_game(game_id)
    except GremlinRulesError as exc:
        raise PictureError(str(exc)) from exc


def _action(game: Any, line: str) -> Any:
    text = line.strip()
    try:
        if text.startswith("{"):
            return game.from_data(json.loads(text), game.Action)
        return game.parse_action(text)
    except (GremlinRulesError, ValueError) as exc:
        raise PictureError(f"{game.id}: {text!r} is no action: {exc}") from exc


def _seat(game_id: str, value: str | None, players: int, *, actor: bool) -> int | str | None:
    """A seat number, None for the spectator, or ``"actor"`` where allowed."""
    if value is None or value.strip() in ("", "spectator"):
        return None
    text = value.strip()
    if actor and text == "actor":
        return "actor"
    if not text.isdigit() or not 0 <= int(text) < players:
        choices = "a seat number, 'spectator'" + (" or 'actor'" if actor else "")
        raise PictureError(f"{game_id}: seat must be {choices} (players: {players}); got {text!r}")
    return int(text)


def _draw(game: Any, state: Any, seat: int | None, *, labels: bool, size: int | None) -> str:
    from gremlinrules import svg  # imported here: the drawers land game by game

    try:
        return str(svg.svg(game.id, game.observe(state, seat), size=size, labels=labels))
    except GremlinRulesError as exc:
        raise PictureError(f"{game.id}: {exc}") from exc


def _play(game: Any, state: Any, actions: Sequence[Any], where: str) -> Any:
    for i, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except GremlinRulesError as exc:
            raise PictureError(f"{where}: action {i + 1} ({action}) is refused: {exc}") from exc
    return state


def position_picture(game_id: str, *, players: int | None = None, seed: int = 0,
                     options: Mapping[str, Any] | None = None, scenario: str | None = None,
                     after: int | None = None, random_actions: int = 0, actions: Sequence[str] = (),
                     seat: int | None = None, labels: bool = False, size: int | None = None,
                     caption: str = "", legal: bool = False) -> Picture:
    """The picture of one position: a new game (``players``, ``seed``, ``options``) or a
    scenario vector's setup with its first ``after`` actions, then ``random_actions``
    legal actions chosen by a generator seeded with ``seed``, then ``actions`` (text
    notation or JSON, one per item), seen by ``seat`` (None: the spectator). With
    ``legal``, the caption goes on with the position's legal actions in notation."""
    game = _game(game_id)
    if scenario is not None:
        if players is not None or options is not None or seed != 0:
            raise PictureError(f"{game_id}: a scenario brings its own players, seed and options")
        vector = _scenario(game_id, scenario)
        record = _record(vector)
        done = len(record.actions) if after is None else after
        if not 0 <= done <= len(record.actions):
            raise PictureError(f"{vector.path} has {len(record.actions)} actions; after={done}")
        state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
        state = _play(game, state, record.actions[:done], vector.path)
        players = record.players
    else:
        if after is not None:
            raise PictureError(f"{game_id}: 'after' counts a scenario's actions; name the scenario")
        players = game.min_players if players is None else players
        try:
            opts = None if options is None else game.from_data(dict(options), game.Options)
            state = game.new_game(players, seed, options=opts)
        except GremlinRulesError as exc:
            raise PictureError(f"{game_id}: {exc}") from exc
    if seat is not None and not 0 <= seat < players:
        raise PictureError(f"{game_id}: no seat {seat} among {players} players")
    chooser = random.Random(seed)  # docs only: any fixed choice of legal actions will do
    for _ in range(random_actions):
        moves = game.legal_actions(state)
        if not moves:
            raise PictureError(f"{game_id}: the game ended before {random_actions} random actions")
        state = game.apply(state, moves[chooser.randrange(len(moves))])
    state = _play(game, state, [_action(game, a) for a in actions], game_id)
    if legal:
        choices = game.legal_actions(state)
        decider = game.current_player(state)
        listed = f"{len(choices)} legal actions for seat {decider}: " + ", ".join(str(a) for a in choices)
        caption = f"{caption} {listed}." if caption else listed + "."
    return Picture(_draw(game, state, seat, labels=labels, size=size), caption)


def _who(seat: int | None) -> str:
    return "spectator" if seat is None else f"seat {seat}"


def scenario_pictures(game_id: str, *, names: Sequence[str] | None = None, steps: bool = False,
                      seat: int | str | None = None, labels: bool = False,
                      size: int | None = None) -> list[Picture]:
    """Pictures of scenario vectors (all the game's, or those ``names``): each one's final
    position, or with ``steps`` every position from the start. ``seat`` is a seat number,
    None (the spectator) or ``"actor"`` (the seat that took the action just played)."""
    game = _game(game_id)
    if isinstance(seat, str) and seat != "actor":
        raise PictureError(f"seat must be a seat number, None or 'actor'; got {seat!r}")
    vectors = list(load_scenarios(game_id)) if names is None else [_scenario(game_id, n) for n in names]
    if not vectors:
        raise PictureError(f"{game_id} has no scenario vectors to draw")
    pictures: list[Picture] = []
    for vector in vectors:
        record = _record(vector)
        if isinstance(seat, int) and not 0 <= seat < record.players:
            raise PictureError(f"{vector.path}: no seat {seat} among {record.players} players")
        state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
        title = vector.path.rsplit("/", 1)[-1]
        if not steps:
            final = _play(game, state, record.actions, vector.path)
            viewer = seat if not isinstance(seat, str) else game.current_player(
                _play(game, state, record.actions[:-1], vector.path))
            pictures.append(Picture(_draw(game, final, viewer, labels=labels, size=size),
                                    f"{vector.name} ({title}, after {len(record.actions)} actions, "
                                    f"{_who(viewer)}'s view)"))
            continue
        viewer = game.current_player(state) if isinstance(seat, str) else seat
        pictures.append(Picture(_draw(game, state, viewer, labels=labels, size=size),
                                f"{title}: the start ({_who(viewer)}'s view)"))
        for i, action in enumerate(record.actions):
            actor = game.current_player(state)
            state = _play(game, state, [action], f"{vector.path} action {i}")
            viewer = actor if isinstance(seat, str) else seat
            pictures.append(Picture(_draw(game, state, viewer, labels=labels, size=size),
                                    f"{i + 1}. {_who(actor)}: {action} ({_who(viewer)}'s view)"))
    return pictures


def tunnel_cards(options: Mapping[str, Any] | None = None, *, size: int | None = None) -> str:
    """Every card design of a Goblins vs Gnomes component set (the reference set, or the
    one ``options`` names), drawn as a hand shows it: a tunnel card's face with its open
    sides as printed and its name, the other cards by name, each with its count."""
    from gremlinrules.goblins_vs_gnomes import Options
    from gremlinrules.goblins_vs_gnomes.geometry import options_kit
    from gremlinrules.svg import core
    from gremlinrules.svg.goblins_vs_gnomes import hand_card  # the face a hand shows

    game = _game("goblins-vs-gnomes")
    try:
        kit = options_kit(Options() if options is None else game.from_data(dict(options), game.Options))
    except GremlinRulesError as exc:
        raise PictureError(f"goblins-vs-gnomes: {exc}") from exc
    # three columns drawn half as large again, so that the names a hand writes small stay
    # readable once a page scales the picture down to its text's width
    columns, cell_w, cell_h, face, scale = 3, 150, 52, 40, 1.5
    designs = list(kit.designs.values())
    cells: list[Any] = []
    for i, design in enumerate(designs):
        x, y = 8 + (i % columns) * cell_w, (i // columns) * cell_h
        cells.append(core.group(
            hand_card(kit, x, y, 72, face, design.name),
            core.text(x + (face if design.on_field else 72) + 2, y + face / 2 + 13, f"x {design.count}",
                      size=8, fill=core.PALETTE["muted"]),
            class_="design", data_card=design.name, data_kind=design.kind, data_count=design.count))
    rows = -(-len(designs) // columns)
    width, top = (16 + columns * cell_w) * scale, 40
    parts = [core.text(16, 26, "Goblins vs Gnomes · the card designs", size=17, weight="bold"),
             core.group(*cells, transform=f"translate(0 {top}) scale({scale})")]
    return core.document(width, top + rows * cell_h * scale + 4, parts, size=size,
                         title="Goblins vs Gnomes: the card designs", game_id="goblins-vs-gnomes",
                         seat=None)


# ---------------------------------------------------------------- directive text -> pictures


def _int(name: str, value: str | None, low: int) -> int | None:
    if value is None:
        return None
    text = value.strip()
    if not re.fullmatch(r"-?\d+", text) or int(text) < low:
        raise PictureError(f"option {name} must be a whole number, at least {low}; got {text!r}")
    return int(text)


def _flag(options: Mapping[str, str | None], name: str) -> bool:
    """Whether a flag is given (written with no value)."""
    if name not in options:
        return False
    value = options[name]
    if value is not None and value.strip():
        raise PictureError(f"option {name} is a flag and takes no value; got {value.strip()!r}")
    return True


def pictures_for(directive: str, game_id: str, options: Mapping[str, str | None],
                 content: Sequence[str] = ()) -> list[Picture]:
    """The pictures a directive draws, from its text: the directive's name, its
    argument (the game id), its options as written (a flag's value is None or empty;
    an option left out is absent) and its content lines."""
    game = _game(game_id.strip())
    lines = [line for line in content if line.strip() and not line.lstrip().startswith("#")]
    if directive == "gremlinrules-picture":
        unknown = set(options) - PICTURE_OPTIONS
        if unknown:
            raise PictureError(f"unknown options {sorted(unknown)}")
        raw_options = options.get("options")
        try:
            opts = None if raw_options is None else json.loads(raw_options)
        except ValueError as exc:
            raise PictureError(f"option options is not JSON: {exc}") from exc
        if opts is not None and not isinstance(opts, dict):
            raise PictureError("option options must be a JSON object")
        scenario = options.get("scenario")
        players = _int("players", options.get("players"), 1)
        if scenario is not None:
            count = _record(_scenario(game.id, scenario.strip())).players
        else:
            count = game.min_players if players is None else players
        seat = _seat(game.id, options.get("seat"), count, actor=False)
        return [position_picture(
            game.id, players=players, seed=_int("seed", options.get("seed"), 0) or 0,
            options=opts, scenario=None if scenario is None else scenario.strip(),
            after=_int("after", options.get("after"), 0),
            random_actions=_int("random-actions", options.get("random-actions"), 0) or 0, actions=lines,
            seat=None if isinstance(seat, str) else seat,
            labels=_flag(options, "labels"), legal=_flag(options, "legal"),
            size=_int("size", options.get("size"), 1), caption=(options.get("caption") or "").strip())]
    if directive == "gremlinrules-scenario-pictures":
        unknown = set(options) - SCENARIO_OPTIONS
        if unknown:
            raise PictureError(f"unknown options {sorted(unknown)}")
        if lines:
            raise PictureError("gremlinrules-scenario-pictures takes no content")
        names = options.get("scenarios")
        seat = _seat(game.id, options.get("seat"), game.max_players, actor=True)
        return scenario_pictures(
            game.id, names=None if names is None else names.split(),
            steps=_flag(options, "steps"), seat=seat,
            labels=_flag(options, "labels"),
            size=_int("size", options.get("size"), 1))
    if directive == "gremlinrules-tunnel-cards":
        unknown = set(options) - CARD_OPTIONS
        if unknown:
            raise PictureError(f"unknown options {sorted(unknown)}")
        if game.id != "goblins-vs-gnomes" or lines:
            raise PictureError("gremlinrules-tunnel-cards draws Goblins vs Gnomes' designs "
                               "and takes no content")
        return [Picture(tunnel_cards(size=_int("size", options.get("size"), 1)),
                        (options.get("caption") or "").strip())]
    raise PictureError(f"no directive {directive!r} (known: {', '.join(DIRECTIVES)})")


@attrs.frozen
class Block:
    """One of this extension's directives as written in a page."""

    directive: str
    game_id: str
    options: dict[str, str | None] = attrs.field(eq=False)
    content: tuple[str, ...]
    where: str


_START = re.compile(r"^(?P<indent>[ \t]*)\.\. (?P<name>gremlinrules-[a-z-]+)::[ \t]*(?P<arg>\S*)[ \t]*$")
_LITERAL = re.compile(r"^[ \t]*\.\. (code-block|code|sourcecode|literalinclude)::")
_OPTION = re.compile(r"^:(?P<name>[a-z-]+):(?:[ \t]+(?P<value>.*))?$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def blocks(text: str, where: str = "") -> list[Block]:
    """This extension's directives in reStructuredText ``text`` (as docutils reads
    them: options right under the directive line, then a blank line and the
    content, all indented more than the directive)."""
    lines = text.splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        match = _START.match(line)
        i += 1
        if _LITERAL.match(line) or (line.rstrip().endswith("::") and not line.lstrip().startswith("..")):
            # a literal block (an example of the directive, say): skip what it holds
            indent = _indent(line)
            while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
                i += 1
            continue
        if match is None or match["name"] not in DIRECTIVES:
            continue
        indent = len(match["indent"])
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
            body.append(lines[i].strip())
            i += 1
        options: dict[str, str | None] = {}
        k = 0
        last = ""
        while k < len(body) and body[k]:
            option = _OPTION.match(body[k])
            if option is not None:
                last = option["name"]
                options[last] = option["value"]
            elif last:  # a long value goes on over the next lines
                options[last] = f"{options[last] or ''} {body[k]}".strip()
            else:
                break
            k += 1
        content = tuple(line for line in body[k:] if line)
        found.append(Block(match["name"], match["arg"], options, content, f"{where}:{i}"))
    return found


def html(pictures: Sequence[Picture]) -> str:
    """The HTML of a row of pictures: inline SVG in figures, captions escaped."""
    figures = "".join(
        f'<figure class="gremlinrules-picture">{p.svg}'
        + (f"<figcaption>{html_text.escape(p.caption)}</figcaption>" if p.caption else "")
        + "</figure>"
        for p in pictures)
    return f'<div class="gremlinrules-pictures">{figures}</div>'


CSS = """\
.gremlinrules-pictures { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start;
  margin: 1rem 0; }
.gremlinrules-picture { margin: 0; max-width: 100%; }
.gremlinrules-picture svg { display: block; max-width: 100%; height: auto; }
.gremlinrules-picture figcaption { font-size: 0.85em; max-width: 32em; margin-top: 0.3rem; }
"""
"""The pictures' layout: a wrapping row of figures, each picture scaled down to fit."""


# ---------------------------------------------------------------- Sphinx


def _dependencies(game_id: str) -> list[Path]:
    """The files a game's pictures are drawn from: its scenario vectors and the drawer."""
    files = sorted((spec_dir() / game_id / "scenarios").glob("*.json"))
    drawers = Path(gremlinrules.__file__).resolve().parent / "svg"
    files += [drawers / "core.py", drawers / (game_id.replace("-", "_") + ".py")]
    return [f for f in files if f.is_file()]


def setup(app: Any) -> dict[str, Any]:
    """Register the directives and the pictures' style sheet."""
    from docutils import nodes
    from docutils.parsers.rst import directives
    from sphinx.util.docutils import SphinxDirective

    class _PictureDirective(SphinxDirective):
        required_arguments = 1
        has_content = True

        def run(self) -> list[Any]:
            """Draw the pictures and place them as raw HTML."""
            game_id = self.arguments[0]
            written = {name: (value if isinstance(value, str) else None)
                       for name, value in self.options.items()}
            try:
                pictures = pictures_for(self.name, game_id, written, list(self.content))
            except (PictureError, GremlinRulesError) as exc:
                raise self.error(f"{self.name}:: {game_id}: {exc}") from exc
            for path in _dependencies(game_id):
                self.env.note_dependency(str(path))
            return [nodes.raw("", html(pictures), format="html")]

    def options(names: frozenset[str]) -> dict[str, Any]:
        return {name: (directives.flag if name in FLAGS else directives.unchanged) for name in sorted(names)}

    picture = type("PictureDirective", (_PictureDirective,), {"option_spec": options(PICTURE_OPTIONS)})
    scenarios = type("ScenarioPicturesDirective", (_PictureDirective,),
                     {"option_spec": options(SCENARIO_OPTIONS), "has_content": False})
    app.add_directive("gremlinrules-picture", picture)
    app.add_directive("gremlinrules-scenario-pictures", scenarios)
    cards = type("TunnelCardsDirective", (_PictureDirective,),
                 {"option_spec": options(CARD_OPTIONS), "has_content": False})
    app.add_directive("gremlinrules-tunnel-cards", cards)

    def write_css(app: Any, exception: BaseException | None) -> None:
        if exception is None and app.builder.format == "html":
            static = Path(app.outdir) / "_static"
            static.mkdir(parents=True, exist_ok=True)
            (static / "gremlinrules-pictures.css").write_text(CSS, encoding="utf-8")

    app.add_css_file("gremlinrules-pictures.css")
    app.connect("build-finished", write_css)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
