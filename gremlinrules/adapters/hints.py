"""Exact bounds for each registered game's view encoding, derived from the rules and component data.

A game's hints are a function of the player count and the options returning
two maps over paths in the View (``history[*]`` is every element of
``history``, ``field[*].card`` the ``card`` of each, ``known_roles[*][1]``
the second item of each pair):

* capacities: the most items a variable-length tuple can ever hold;
* vocabularies: every value a ``str`` can ever take, in a fixed order.

Every bound cites the clause it follows from, so a tuple is never truncated
and a string never lands in the encoder's "other" slot in a reachable state
(tests/adapters/test_encoding.py checks this over random playouts of every
game and player count). Vocabularies come from the component data and the
options' own validators, so they follow a component file or a new option
value without an edit here.

A game registered without hints still encodes: the encoder calibrates the
missing paths from seeded random playouts and warns (see
:mod:`gremlinrules.adapters.encoding`). Add the game's function to
:data:`HINTS` to make its layout exact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gremlinrules.core.errors import InvalidArgumentError

__all__ = ["COUNTS", "HINTS", "INDEX", "SHAPES", "Capacities", "Shapes", "Vocabularies", "has_hints",
           "hints_for", "option_choices", "shapes_for"]

Capacities = dict[str, int]
Vocabularies = dict[str, tuple[str, ...]]
Shapes = dict[str, str]
"""Path -> :data:`COUNTS` or :data:`INDEX`: the paths a game's encoding writes compactly."""

COUNTS = "counts"
"""A tuple of strings (or enum members) written as how many of each it holds, in the vocabulary's
order, instead of a slot per item: for a pile the view keeps sorted in that order, so nothing is
lost (``ViewEncoder.losses`` reports a counted tuple out of order)."""
INDEX = "index"
"""A string written as one number, its place in the vocabulary from 1 (0: other), instead of a
one-hot: for a string of a long vocabulary (a map's spaces, a grid's cells)."""

SHAPES: dict[str, Shapes] = {
    # the view lists a hand, the discard pile and a seat's permanents sorted in the component
    # set's order (every card is in one place, GI-ZONE-1); the resources behind a project keep
    # the order they were assigned in (GI-RES-1), so each is a number, not a count
    "gremlins-inc": {"hand": COUNTS, "discard": COUNTS, "permanents[*]": COUNTS,
                     "projects[*][*].resources[*]": INDEX, "projects[*][*].resource_cards[*]": INDEX},
    # the view lists the crowd, each seat's defeated gremlins (by design, GTG-VIEW-2) and a hand
    # sorted; a seat's position and a frame's origin are spaces of the map (GTG-MAP-1: 383 on
    # the reference map)
    "gremlins-the-game": {"crowd": COUNTS, "defeated[*]": COUNTS, "hand": COUNTS,
                          "positions[*]": INDEX, "pending.origin": INDEX},
    # GVG-FIELD-1, GVG-FIELD-2: a laid card's cell is one of the table rectangle's (x, y) cells
    "goblins-vs-gnomes": {"field[*].cell": INDEX},
}
"""Each game's compact paths (the encodings of the observation bound, issue 30: at most 8,192
values at every game's largest table)."""


def shapes_for(game_id: str) -> Shapes:
    """The compact paths of a game's encoding (empty for a game without any)."""
    return dict(SHAPES.get(game_id, {}))
_HintFn = Callable[[int, Any], tuple[Capacities, Vocabularies]]


def option_choices(options_cls: type, name: str) -> tuple[str, ...]:
    """The values a ``str`` option accepts, read from its ``core.checks.one_of`` validator."""
    validator = attrs.fields_dict(options_cls)[name].validator
    for cell in getattr(validator, "__closure__", None) or ():
        values = cell.cell_contents
        if isinstance(values, tuple) and values and all(isinstance(v, str) for v in values):
            return values
    raise InvalidArgumentError(f"{options_cls.__qualname__}.{name} has no one_of validator to read")


def _gnaughty_gnomes(players: int, options: Any) -> tuple[Capacities, Vocabularies]:
    # 4 positions whatever the seat count (GG-2P-1), a 9-card hand (GG-SETUP-2), 13 hexes,
    # 4 suits, 8 tricks of 4 cards (GG-END-1); spots are the garden's edges and vertices.
    # The pending placement frame (GG-PLACE-1) is a typed Placement: a seat, a position and a
    # turn-order place 1-4, no lists.
    from gremlinrules.gnaughty_gnomes import Options
    from gremlinrules.gnaughty_gnomes import board

    caps = {
        "layout": 13, "track": 4, "hand": 9, "face_up": 4, "face_up[*]": 9, "face_down": 4,
        "hand_sizes": 4, "gnomes": board.N_SPOTS, "supply": 4, "plays": 4,
        "order": 4, "flipped": 4, "history": 8, "history[*]": 4,
        "scores": players, "winners": players,  # partners share a score and a win (GG-END-1)
    }
    vocabs = {
        "options.loser_vertex": option_choices(Options, "loser_vertex"),  # GG-PLACE-6
        "options.no_space": option_choices(Options, "no_space"),  # GG-PLACE-8
        "options.x_tiebreak": option_choices(Options, "x_tiebreak"),  # GG-END-3
        "options.setup_clump": option_choices(Options, "setup_clump"),  # GG-SETUP-6
        "options.first_leader": option_choices(Options, "first_leader"),  # GG-SETUP-7
        "options.past_tricks": option_choices(Options, "past_tricks"),  # GG-CLEAN-2
    }
    return caps, vocabs


def _no_good_gremlins(players: int, options: Any) -> tuple[Capacities, Vocabularies]:
    from gremlinrules.no_good_gremlins import Options
    from gremlinrules.no_good_gremlins import components as c

    types = len(c.MATERIALS)  # NGG-DATA-1: six material types; per-type zones hold one count each
    caps = {
        "components.counts": types, "components.launch_costs": types,
        "components.medal_values": types, "components.gremlins": types,
        "hand_sizes": players, "pads": players, "medals": players, "scores": players,
        "winners": players,  # NGG-END-1: every seat may tie
        # NGG-ZONE-1: the 84 material cards (NGG-DATA-1) could all lie on the scrapheap
        "scrapheap": c.MATERIAL_COUNT,
        # NGG-ROUND-2, NGG-ROUND-3: a matching gremlin attacks instead of joining the threat
        # area, so it holds at most one gremlin per material type (never a thunderstorm)
        "threat": types,
        # NGG-DATA-1: the gremlin deck has 21 cards, all of which could be discarded
        "gremlin_discard": c.GREMLIN_DECK_SIZE,
        # NGG-DATA-6: a user's own component set in the options, one number per type
        "options.components.counts": types, "options.components.launch_costs": types,
        "options.components.medal_values": types, "options.components.gremlins": types,
        # NGG-WANDER-5: the one frame, MealChoice, bound to the tied rocket types (two to six)
        "pending.among": types,
    }
    vocabs = {
        "options.scrap_take": option_choices(Options, "scrap_take"),  # NGG-TURN-4
        "options.rebuild_from": option_choices(Options, "rebuild_from"),  # NGG-DECK-3
        "options.wanderer_tie": option_choices(Options, "wanderer_tie"),  # NGG-WANDER-5
        "options.chrome_launch": option_choices(Options, "chrome_launch"),  # NGG-BRIBE-8
        "options.hand_refill": option_choices(Options, "hand_refill"),  # NGG-HAND-2
    }
    return caps, vocabs


def _goblins_vs_gnomes(players: int, options: Any) -> tuple[Capacities, Vocabularies]:
    from gremlinrules.goblins_vs_gnomes import Options
    from gremlinrules.goblins_vs_gnomes.components import REFERENCE
    from gremlinrules.goblins_vs_gnomes.components import Components
    from gremlinrules.goblins_vs_gnomes.state import TARGETS

    comps = getattr(options, "components", None)
    if not isinstance(comps, Components):
        comps = REFERENCE
    n = players
    hand = comps.number("hand_size")
    path_cards = comps.number("path_cards")
    designs = tuple(d.name for d in comps.designs)
    roles = tuple(r.name for r in comps.roles)

    def count(kind: str) -> int:
        return sum(d.count for d in comps.designs if d.kind == kind)

    x0, x1, y0, y1 = comps.bounds
    cells = tuple(f"{x},{y}" for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))
    slots = ("top", "middle", "bottom")
    caps = {
        "scores": n, "winners": n, "hand_sizes": n, "skips": n, "swaps_used": n,
        "shown_roles": n, "last_roles": n,
        "known_roles": n - 1,  # GVG-VIEW-2: the other seats' role cards, at most one each
        # GVG-SETUP-4, GVG-TURN-2, GVG-TURN-4: hands start at three, a swap keeps the size and
        # a play draws at most one card back
        "hand": hand,
        # GVG-VIEW-4: knowledge of another hand never exceeds the cards it holds
        "known_cards": hand * (n - 1),
        # GVG-SETUP-4: the deck starts with the cards not dealt; a swap keeps its size, a draw
        # shrinks it
        "deck_placed": path_cards - hand * n,
        # GVG-PLACE-1, GVG-CARD-2: only tunnel cards are laid and each card lies once at most
        "field": sum(d.count for d in comps.designs if d.on_field),
        # GVG-CARD-2, GVG-CARD-5, GVG-TARGET-2: only path cards are discarded, each once a round
        "discard": path_cards,
        # GVG-TARGET-3: a pending TargetChoice is among the three targets (the frames of
        # goblins_vs_gnomes.frames carry no steps)
        "pending.among": len(TARGETS),
        # GVG-CARD-1, GVG-CARD-3, GVG-CARD-5: one peek per Map, one swap per Potion in a round
        "peeks": count("map"), "potions": count("potion"),
        # GVG-COMP-7: a user's own component set rides in the view's options, constant for the
        # match; the encoder is built for the table's options, so only its lists' lengths (and
        # its table bounds) are encoded, not the lists
        "options.components.numbers": 0, "options.components.designs": 0,
        "options.components.roles": 0, "options.components.colours": 0,
    }
    vocabs = {
        # GVG-COMP-5, GVG-SETUP-3: role cards are the component set's characters
        "role": roles, "known_roles[*].role": roles, "shown_roles[*]": roles, "last_roles[*]": roles,
        # GVG-COMP-2 to GVG-COMP-4: every card in a hand, the deck or the discards is a design
        "hand[*]": designs, "known_cards[*].card": designs, "deck_placed[*].card": designs,
        "discard[*]": designs,
        "field[*].card": tuple(d.name for d in comps.designs if d.on_field),  # GVG-PLACE-1
        "field[*].cell": cells,  # GVG-FIELD-2: the table's cells, "x,y" row by row
        # GVG-COMP-1: the target identities, by slot
        **{f"targets.{s}.card": TARGETS for s in slots},
        # GVG-END-1 to GVG-END-3, GVG-SCORE-8: how the previous round ended (None before one has)
        "last_result": ("gold", "dragon", "dynamite", "none"),
        "options.no_target": option_choices(Options, "no_target"),  # GVG-SCORE-8
        "options.second_target": option_choices(Options, "second_target"),  # GVG-TARGET-3
        # GVG-CARD-4: a SkipNaming names the Ale Mug laid (the frame classes, the target slots
        # and the after-Dynamite flag are typed: no names to list)
        "pending.card": tuple(d.name for d in comps.designs if d.kind == "ale-mug"),
        # the component set's lists are not encoded (capacity 0 above): no names to list
        **{f"options.components.{path}": () for path in (
            "numbers[*][0]", "designs[*].name", "designs[*].kind", "designs[*].colour", "roles[*].name",
            "roles[*].race", "colours[*]")},
    }
    return caps, vocabs


def _gremlins_the_game(players: int, options: Any) -> tuple[Capacities, Vocabularies]:
    from gremlinrules.gremlins_the_game import components as c
    from gremlinrules.gremlins_the_game.actions import table_components
    from gremlinrules.gremlins_the_game.geometry import table_geometry
    from gremlinrules.gremlins_the_game.state import Options

    opts = options if isinstance(options, Options) else Options()
    comps = table_components(opts)  # GTG-DATA-6
    geo = table_geometry(opts.map)  # GTG-MAP-7: the table's map
    designs = tuple(c.tables(comps).design_ids)  # GTG-VIEW-2: a view names a gremlin by its design
    weapons = tuple(w.name for w in comps.weapons)
    events = tuple(e.name for e in comps.events)
    # GTG-EVENT-2: an event's steps (one per count), then the turn's end; an escape: home, end
    steps = max(sum(f.count for f in e.effects) for e in comps.events)
    caps = {
        "scores": players, "winners": players, "positions": players, "free_move": players,
        "hand_sizes": players, "defeated": players,
        # GTG-DATA-1, GTG-ZONE-1: 36 gremlins, 30 weapon and 30 event cards, 12 + 12 tokens
        "event_tokens": c.TOKENS, "weapon_tokens": c.TOKENS,
        "board": len(geo.gremlin_spaces) + len(geo.theater_spaces),  # gremlins lie only there
        "crowd": c.GREMLIN_TOKENS, "defeated[*]": c.GREMLIN_TOKENS,
        "hand": c.HAND_LIMIT,  # GTG-WEAPON-2
        "weapon_discard": c.WEAPON_CARDS, "event_discard": c.EVENT_CARDS,
        "pending.then": steps + 1,  # the frames of gremlins_the_game.frames: at most an event's steps
        # GTG-MAP-7: a table's own map is fixed for the game: only its sequences' lengths
        **{f"options.map.{path}": 0 for path in (
            "spaces", "graph.names", "graph.neighbours", "graph.neighbours[*]", "starts", "gremlin_spaces",
            "event_spaces", "weapon_spaces", "theater_spaces", "word_spaces", "town_square", "locations",
            "walls", "doors")},
    }
    vocabs: Vocabularies = {
        "map": (geo.name,), "positions[*]": geo.names,
        "event_tokens[*]": geo.event_spaces, "weapon_tokens[*]": geo.weapon_spaces,
        "board[*].space": tuple(sorted(geo.gremlin_spaces + geo.theater_spaces, key=geo.index.__getitem__)),
        "board[*].gremlin": designs, "crowd[*]": designs, "defeated[*][*]": designs,
        "hand[*]": weapons, "weapon_discard[*]": weapons, "event_discard[*]": events,
        "pending.gremlin": designs, "pending.card": events, "pending.origin": geo.names,
        "options.map.name": (geo.name,),
        **{f"options.map.{path}": () for path in (
            "spaces[*].name", "spaces[*].area", "spaces[*].mark", "spaces[*].colour", "spaces[*].words",
            "graph.names[*]", "locations[*]")},
    }
    # GTG-DATA-6: a user's own set rides in the options, constant for the game; the encoder is
    # built for the table's options, so its lists are not encoded (only their lengths)
    caps.update({f"options.components.{path}": 0 for path in (
        "gremlins", "gremlins[*].symbols", "weapons", "weapons[*].symbols", "events", "events[*].effects")})
    vocabs.update({f"options.components.{path}": () for path in (
        "gremlins[*].id", "weapons[*].name", "events[*].name", "events[*].title", "events[*].effects[*].kind",
        "events[*].effects[*].what", *(f"{kind}[*].symbols[*].{part}" for kind in ("gremlins", "weapons")
                                       for part in ("colour", "shape")))})
    return caps, vocabs


def _gremlins_inc(players: int, options: Any) -> tuple[Capacities, Vocabularies]:
    from gremlinrules.gremlins_inc import Options
    from gremlinrules.gremlins_inc.components import RESOURCES
    from gremlinrules.gremlins_inc.components import Components
    from gremlinrules.gremlins_inc.kit import kit_for

    comps = kit_for(getattr(options, "components", None) if isinstance(
        getattr(options, "components", None), Components) else None, players).components  # GI-CARD-2
    n, ids, deck = players, comps.ids, comps.deck_size
    perms = sum(c.copies for c in comps.cards if c.kind == "permanent")
    # GI-PLAY-2, GI-PASSIVE-1: a Payment owes the units of one cost, by type in order
    most = max((c.total_cost for c in comps.cards), default=0) + sum(
        max(0, p.change) * c.copies for c in comps.cards for p in c.passive if p.effect == "cost")
    caps = {
        "scores": n, "winners": n, "hand_sizes": n, "teams": n, "team_scores": n,  # GI-TEAM-3
        # GI-ZONE-1: a hand, the discard pile or the resources of one project can at most hold
        # every card of the set (draw steps can grow a hand past 6)
        "hand": deck, "discard": deck, "projects": n, "projects[*]": comps.max_projects,  # GI-ZONE-2
        "projects[*][*].resources": deck, "projects[*][*].resource_cards": deck,
        "permanents": n, "permanents[*]": perms,  # GI-DONE-3: only completed permanents
        # the frames: a Payment owes at most the largest cost; GI-EFFECT-2: everyone except you
        # is a queue of the other seats
        "pending.owed": max(1, most), "pending.effect.queue": n - 1,
        # GI-CARD-2: a user's own set rides in the options, constant for the game; the encoder is
        # built for the table's options, so its lists are not encoded
        **{f"options.components.cards{path}": 0 for path in (
            "", "[*].cost", "[*].needs", "[*].effect", "[*].passive")},
    }
    vocabs = {
        "hand[*]": ids, "discard[*]": ids, "projects[*][*].card": ids, "resolving": ids,
        "projects[*][*].resource_cards[*]": ids, "permanents[*][*]": ids,
        "projects[*][*].resources[*]": RESOURCES,  # GI-VIEW-4: types are public
        "options.end": option_choices(Options, "end"),  # GI-END-1
        "options.teams": option_choices(Options, "teams"),  # GI-TEAM-1
        "options.seating": option_choices(Options, "seating"),  # GI-TEAM-2
        "options.components.name": (), "options.components.version": (),
        **{f"options.components.cards[*].{path}": () for path in (
            "id", "name", "kind", "resource", "cost[*][0]", "needs[*][0]", "text", "effect[*].op",
            "effect[*].target", "effect[*].which", "effect[*].resource", "effect[*].to", "effect[*].among",
            "passive[*].effect", "passive[*].kind", "passive[*].resource", "passive[*].against")},
        "pending.card": ids, "pending.effect.card": ids, "pending.owed[*]": RESOURCES,
    }
    return caps, vocabs


HINTS: dict[str, _HintFn] = {
    "gnaughty-gnomes": _gnaughty_gnomes,
    "no-good-gremlins": _no_good_gremlins,
    "goblins-vs-gnomes": _goblins_vs_gnomes,
    "gremlins-inc": _gremlins_inc,
    "gremlins-the-game": _gremlins_the_game,
}
"""Each hinted game's bounds as a function of the player count and the options."""


def has_hints(game_id: str) -> bool:
    """True when the game's encoding bounds are derived here (no calibration)."""
    return game_id in HINTS


def hints_for(game_id: str, players: int, options: Any = None) -> tuple[Capacities, Vocabularies]:
    """The capacities and vocabularies for a game, player count and options (empty if unhinted)."""
    fn = HINTS.get(game_id)
    return fn(players, options) if fn is not None else ({}, {})
