"""The 128-card reference deck: counts, frequencies, prices, every term used, texts that match
their scripts, and the design-rule clauses GI-DECK-* that group every card."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gremlinrules.core.spec import Clause
from gremlinrules.core.spec import load_spec
from gremlinrules.core.spec import spec_dir
from gremlinrules.gremlins_inc.components import AMONG
from gremlinrules.gremlins_inc.components import DESTINATIONS
from gremlinrules.gremlins_inc.components import HARMFUL_OPS
from gremlinrules.gremlins_inc.components import KINDS
from gremlinrules.gremlins_inc.components import OPS
from gremlinrules.gremlins_inc.components import PASSIVES
from gremlinrules.gremlins_inc.components import PROJECT_FILTERS
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import RESOURCE_FILTERS
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import SELECTORS
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.components import load_components

CARDS = REFERENCE.cards
DECK_CLAUSES = spec_dir() / "gremlins-inc" / "clauses" / "deck.toml"
DOCS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "games" / "gremlins-inc-cards.rst"


def deck_clauses(tmp: Path) -> tuple[Clause, ...]:
    """The clauses of deck.toml, read by core.spec's own loader beside a stub game file."""
    folder = tmp / "gremlins-inc" / "clauses"
    folder.mkdir(parents=True)
    (folder / "deck.toml").write_text(DECK_CLAUSES.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp / "gremlins-inc.toml").write_text(
        '[game]\nid = "gremlins-inc"\ntitle = "Gremlins, Inc."\nprefix = "GI"\nrulebook = "x.txt"\n',
        encoding="utf-8")
    return load_spec("gremlins-inc", root=tmp).clauses


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Card, ...]]:
    """Each group clause's id with the cards it lists after "Cards:"."""
    out: dict[str, tuple[Card, ...]] = {}
    for clause in deck_clauses(tmp_path_factory.mktemp("spec")):
        if "Cards:" in clause.text:
            ids = [i.strip(" .") for i in clause.text.split("Cards:", 1)[1].split(",")]
            out[clause.id] = tuple(REFERENCE.card(i) for i in ids)
    return out


def harms_others(step: Step) -> bool:
    """The step can hurt someone other than the card's player."""
    return step.op in HARMFUL_OPS and step.target != "you"


def harmful(card: Card) -> bool:
    """The card has a step that can hurt another player."""
    return any(harms_others(s) for s in card.effect)


def steps() -> Iterator[tuple[Card, Step]]:
    """Every step of every design."""
    for card in CARDS:
        for step in card.effect:
            yield card, step


# --------------------------------------------------------------------- counts and frequencies

@pytest.mark.clause("GI-DECK-1")
def test_deck_holds_128_cards_78_actions_38_blueprints_12_permanents() -> None:
    """The public counts of the real deck, copies counted."""
    assert REFERENCE.deck_size == len(REFERENCE.deck) == 128
    assert [REFERENCE.count(k) for k in KINDS] == [78, 38, 12]
    assert len(CARDS) == 65


@pytest.mark.clause("GI-DECK-1")
def test_gold_is_most_common_then_malice_then_industry() -> None:
    """As resources the deck counts 62 gold, 42 malice and 24 industry: gold > malice > industry."""
    counts = [REFERENCE.resource_count(r) for r in RESOURCES]
    assert counts == [62, 42, 24]
    assert counts == sorted(counts, reverse=True)
    assert len(set(counts)) == 3


@pytest.mark.clause("GI-DECK-2")
def test_industry_only_on_project_cards_and_never_an_action_cost() -> None:
    """No action costs industry or counts as industry; every blueprint of score 4 or more and every
    permanent needs industry; no blueprint of score 2 or less does."""
    for card in CARDS:
        needs = dict(card.needs)
        assert "industry" not in dict(card.cost), card.id
        if card.kind == "action":
            assert card.resource != "industry", card.id
        elif card.kind == "permanent" or card.score >= 4:
            assert needs.get("industry", 0) >= 1, card.id
        elif card.score <= 2:
            assert "industry" not in needs, card.id


# --------------------------------------------------------------------- prices

@pytest.mark.clause("GI-DECK-15")
def test_completion_cost_is_score_plus_one_or_plus_three_for_a_permanent() -> None:
    """A blueprint needs score + 1 resources, a permanent score + 3."""
    for card in CARDS:
        if card.kind != "action":
            extra = 3 if card.kind == "permanent" else 1
            assert card.total_needs == card.score + extra, card.id


@pytest.mark.clause("GI-DECK-15")
def test_completion_cost_grows_strictly_with_score() -> None:
    """Among designs of one kind, a higher score always needs more resources in all."""
    for kind in ("blueprint", "permanent"):
        designs = [c for c in CARDS if c.kind == kind]
        for a in designs:
            for b in designs:
                if a.score < b.score:
                    assert a.total_needs < b.total_needs, (a.id, b.id)


@pytest.mark.clause("GI-DECK-16")
def test_harming_others_needs_malice() -> None:
    """Every design with a step that can hurt another player costs (action) or needs (project)
    malice; and every action paid in malice does harm."""
    for card in CARDS:
        price = dict(card.cost if card.kind == "action" else card.needs)
        if harmful(card):
            assert price.get("malice", 0) >= 1, card.id
        elif card.kind == "action":
            assert "malice" not in price, card.id


@pytest.mark.clause("GI-DECK-17")
def test_only_the_two_cheapest_plain_blueprints_start_face_up() -> None:
    """Exactly Pocket Watch and Brass Telescope may be started face up: blueprints, no effect,
    the two lowest scores."""
    face_up = sorted(c.id for c in CARDS if c.face_up)
    assert face_up == ["brass-telescope", "pocket-watch"]
    for card_id in face_up:
        card = REFERENCE.card(card_id)
        assert card.kind == "blueprint"
        assert card.effect == ()
        assert "face up" in card.text
    assert {REFERENCE.card(i).score for i in face_up} == {1, 2}


# --------------------------------------------------------------------- the language is used whole

def test_every_op_selector_filter_and_passive_appears() -> None:
    """The deck uses every op, selector, project filter, resource filter, destination, ranking,
    passive effect and both kinds of cost change, each at least once."""
    used = list(steps())
    assert {s.op for _, s in used} == set(OPS)
    assert {s.target for _, s in used} == set(SELECTORS)
    assert {s.which for _, s in used} == set(PROJECT_FILTERS)
    assert {s.resource for _, s in used} == set(RESOURCE_FILTERS)
    assert {s.to for _, s in used if s.op == "move_resource"} == set(DESTINATIONS)
    assert {s.among for _, s in used if s.target in ("highest_score", "lowest_score", "most_resources")} \
        == set(AMONG)
    passives = [p for c in CARDS for p in c.passive]
    assert {p.effect for p in passives} == set(PASSIVES)
    assert {p.kind for p in passives if p.effect == "cost"} == {"action", "blueprint"}
    assert {p.change > 0 for p in passives if p.effect == "cost"} == {True, False}
    assert {p.resource for p in passives if p.effect == "cost"} == set(RESOURCE_FILTERS)


# --------------------------------------------------------------------- texts match scripts

OP_WORDS = {
    "gain_score": r"\bgets?\b", "lose_score": r"\bloses?\b", "draw": r"\bdraws?\b",
    "discard": r"\bdiscards?\b", "assign": r"\bassign\b", "move_resource": r"\bmove\b",
    "steal_score": r"\bsteal\b.*\bscore\b", "steal_resource": r"\bsteal\b",
    "steal_project": r"\bsteal\b.*\bprojects?\b.*with all its resources",
    "discard_resource": r"\bdiscard\b",
    "discard_project": r"\bdiscard\b.*\bprojects?\b.*with all its resources",
    "hide": r"\bhide\b", "reveal": r"\breveal\b", "extra_turn": r"\banother turn\b",
}
TARGET_WORDS = {
    "you": "", "any_player": "any player", "any_opponent": "any opponent",
    "everyone_except_you": "everyone except you", "highest_score": "highest score",
    "lowest_score": "lowest score", "most_resources": "most resources",
}
AMOUNT_OPS = {"gain_score", "lose_score", "draw", "discard", "assign", "move_resource", "steal_score",
              "steal_resource", "discard_resource"}


@pytest.mark.parametrize("card", [c for c in CARDS if c.effect], ids=lambda c: c.id)
def test_text_names_every_step_of_the_script(card: Card) -> None:
    """A card's text holds the key words of each step: the op's verb, its amount, its selector,
    its project filter, the resource it takes, where a move goes, and who a ranking counts."""
    text = card.text.lower()
    for step in card.effect:
        assert re.search(OP_WORDS[step.op], text), (card.id, step.op)
        if step.op in AMOUNT_OPS:
            assert str(step.amount) in text, (card.id, step.amount)
        assert TARGET_WORDS[step.target] in text, (card.id, step.target)
        if step.which != "any":
            assert step.which.replace("_", " ") in text, (card.id, step.which)
        if step.resource != "any":
            assert step.resource in text, (card.id, step.resource)
        if step.op == "move_resource" and step.to == "same":
            assert re.search(r"\banother\b.*\bproject", text), card.id
        if step.target in ("highest_score", "lowest_score", "most_resources"):
            expected = "opponent" if step.among == "opponents" else "you"
            assert expected in text, (card.id, step.among)
            assert "you choose among tied" in text, card.id
    if card.kind != "action":
        assert text.startswith("on completion"), card.id


@pytest.mark.parametrize("card", [c for c in CARDS if c.kind != "action"], ids=lambda c: c.id)
def test_project_text_says_effect_passive_or_nothing(card: Card) -> None:
    """A permanent's text starts "While active:" and names its passive; a blueprint with no effect
    says so (or that it may start face up)."""
    text = card.text.lower()
    if card.kind == "blueprint" and not card.effect:
        assert text in ("no effect.", "may be started face up.")
        assert (text == "may be started face up.") == card.face_up
    for p in card.passive:
        assert text.startswith("while active:"), card.id
        if p.effect == "cost":
            assert ("cost" if p.kind == "action" else "need") in text
            assert ("less" if p.change < 0 else "more") in text
            assert str(abs(p.change)) in text
            assert p.resource == "any" or p.resource in text
        elif p.effect == "bonus":
            assert f"{p.amount} extra score" in text
        elif p.effect == "protect":
            assert "cannot" in text
            assert re.search(OP_WORDS[p.against].split(r".*with")[0], text)
        else:
            assert f"{p.amount} extra action" in text


# --------------------------------------------------------------------- the group clauses

@pytest.mark.clause("GI-DECK-3", "GI-DECK-4", "GI-DECK-5", "GI-DECK-6", "GI-DECK-7", "GI-DECK-8",
                    "GI-DECK-9", "GI-DECK-10", "GI-DECK-11", "GI-DECK-12", "GI-DECK-13", "GI-DECK-14")
def test_every_card_belongs_to_exactly_one_group_clause(groups: dict[str, tuple[Card, ...]]) -> None:
    """The clauses listing cards after "Cards:" (GI-DECK-3 to 14) list each design exactly once."""
    listed = [c.id for cards in groups.values() for c in cards]
    assert sorted(listed) == sorted(REFERENCE.ids)
    assert len(listed) == len(set(listed))
    assert sorted(groups, key=lambda i: int(i.rsplit("-", 1)[1])) == [f"GI-DECK-{n}" for n in range(3, 15)]


def _group(groups: dict[str, tuple[Card, ...]], clause: str) -> tuple[Card, ...]:
    cards = groups[clause]
    assert cards, clause
    return cards


@pytest.mark.clause("GI-DECK-3")
def test_free_helpers_cost_nothing_score_nothing_harm_no_one(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-3: actions with no cost and no score or harm."""
    for card in _group(groups, "GI-DECK-3"):
        assert card.kind == "action"
        assert card.cost == ()
        assert not harmful(card)
        assert all(s.op != "gain_score" for s in card.effect)


@pytest.mark.clause("GI-DECK-4")
def test_gold_buys_growth(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-4: actions paid in gold alone that score or assign, at most two score or extra
    assigned cards per gold, harming no one."""
    for card in _group(groups, "GI-DECK-4"):
        cost = dict(card.cost)
        assert card.kind == "action"
        assert set(cost) == {"gold"}
        assert not harmful(card)
        gain = sum(s.amount for s in card.effect if s.op in ("gain_score", "assign"))
        assert 1 <= gain <= 2 * cost["gold"], card.id


@pytest.mark.clause("GI-DECK-5")
def test_score_attacks_pay_malice_for_score(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-5: actions stealing or taking score from others, at most two score per malice from
    one player, two malice for those reaching everyone except you."""
    for card in _group(groups, "GI-DECK-5"):
        malice = dict(card.cost).get("malice", 0)
        assert card.kind == "action"
        for step in card.effect:
            assert step.op in ("steal_score", "lose_score")
            assert step.target != "you"
            if step.target == "everyone_except_you":
                assert malice == 2, card.id
            else:
                assert step.amount <= 2 * malice, card.id


@pytest.mark.clause("GI-DECK-6")
def test_resource_attacks(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-6: actions taking, moving or discarding an opponent's resources, one malice, two
    when they take industry."""
    for card in _group(groups, "GI-DECK-6"):
        assert card.kind == "action"
        for step in card.effect:
            assert step.op in ("steal_resource", "move_resource", "discard_resource")
            assert step.target != "you"
            assert dict(card.cost)["malice"] == (2 if step.resource == "industry" else 1), card.id


@pytest.mark.clause("GI-DECK-7")
def test_project_attacks_cost_the_most_malice(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-7: actions stealing or discarding a whole project cost two or three malice, more
    than any other action."""
    cards = _group(groups, "GI-DECK-7")
    others = max(dict(c.cost).get("malice", 0) for c in CARDS if c.kind == "action" and c not in cards)
    for card in cards:
        assert card.kind == "action"
        assert {s.op for s in card.effect} <= {"steal_project", "discard_project"}
        assert dict(card.cost)["malice"] in (2, 3)
    assert max(dict(c.cost)["malice"] for c in cards) > others


@pytest.mark.clause("GI-DECK-8")
def test_snooping_and_hand_attacks_cost_one_malice(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-8: actions revealing others' projects or making an opponent discard, one malice."""
    for card in _group(groups, "GI-DECK-8"):
        assert card.kind == "action"
        assert dict(card.cost) == {"malice": 1}
        assert {s.op for s in card.effect} <= {"reveal", "discard"}
        assert harmful(card)


@pytest.mark.clause("GI-DECK-9")
def test_plain_blueprints_span_the_scores(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-9: blueprints with no effect, from score 1 to the deck's highest."""
    cards = _group(groups, "GI-DECK-9")
    for card in cards:
        assert card.kind == "blueprint"
        assert card.effect == ()
    scores = {c.score for c in cards}
    assert min(scores) == 1
    assert max(scores) == max(c.score for c in CARDS)


@pytest.mark.clause("GI-DECK-10")
def test_helpful_blueprints(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-10: blueprints whose completion helps only their owner and that need no malice."""
    for card in _group(groups, "GI-DECK-10"):
        assert card.kind == "blueprint"
        assert card.effect
        assert not harmful(card)
        assert all(s.target == "you" for s in card.effect)
        assert "malice" not in dict(card.needs)


@pytest.mark.clause("GI-DECK-11")
def test_malicious_blueprints_need_malice(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-11: blueprints whose completion harms an opponent, each needing malice."""
    for card in _group(groups, "GI-DECK-11"):
        assert card.kind == "blueprint"
        assert harmful(card)
        assert dict(card.needs)["malice"] >= 1


@pytest.mark.clause("GI-DECK-12")
def test_economy_permanents_change_costs_by_one(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-12: permanents whose passives change a cost by one; the only raise scores most."""
    cards = _group(groups, "GI-DECK-12")
    for card in cards:
        assert card.kind == "permanent"
        assert [p.effect for p in card.passive] == ["cost"]
        assert abs(card.passive[0].change) == 1
    raising = [c for c in cards if c.passive[0].change > 0]
    assert len(raising) == 1
    assert raising[0].score == max(c.score for c in CARDS if c.kind == "permanent")


@pytest.mark.clause("GI-DECK-13")
def test_defensive_permanents_protect_from_four_harms(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-13: permanents each protecting from a different harm, scoring 1 or 2."""
    cards = _group(groups, "GI-DECK-13")
    against = [p.against for c in cards for p in c.passive]
    assert sorted(against) == sorted({"steal_project", "steal_score", "discard_project", "discard_resource"})
    for card in cards:
        assert [p.effect for p in card.passive] == ["protect"]
        assert card.score in (1, 2)


@pytest.mark.clause("GI-DECK-14")
def test_tempo_permanents_are_single_copies(groups: dict[str, tuple[Card, ...]]) -> None:
    """GI-DECK-14: one bonus and one extra-action permanent, one copy each, amount 1."""
    cards = _group(groups, "GI-DECK-14")
    assert sorted(p.effect for c in cards for p in c.passive) == ["bonus", "extra_action"]
    for card in cards:
        assert card.copies == 1
        assert card.passive[0].amount == 1


# --------------------------------------------------------------------- a user's own deck

def test_language_reference_names_every_term() -> None:
    """The docs page for a user encoding the real deck names every op, selector, filter value,
    destination, ranking and passive effect of the language, as code."""
    page = DOCS_PAGE.read_text(encoding="utf-8")
    terms = {*OPS, *SELECTORS, *PROJECT_FILTERS, *RESOURCE_FILTERS, *DESTINATIONS, *AMONG, *PASSIVES,
             *HARMFUL_OPS}
    missing = sorted(t for t in terms if f"``{t}``" not in page and f'"{t}"' not in page)
    assert not missing, missing


@pytest.mark.clause("GI-DECK-1")
def test_a_users_own_deck_from_the_docs_loads_through_the_same_validator(tmp_path: Path) -> None:
    """The TOML example of the cards page is a valid user deck: written to a file, it loads
    through load_components, the same validator as the reference deck, and its cards
    say what the page says."""
    page = DOCS_PAGE.read_text(encoding="utf-8")
    match = re.search(r"\.\. code-block:: toml\n   :caption: my-deck\.toml\n\n((?:   .*\n|\n)+)", page)
    assert match, "the docs page has no my-deck.toml example"
    text = "\n".join(line[3:] for line in match.group(1).splitlines())
    path = tmp_path / "my-deck.toml"
    path.write_text(text, encoding="utf-8")
    deck = load_components(path)
    assert deck.name == "my-deck"
    assert deck.deck_size >= 40
    assert deck.card("pickpocket-deluxe").effect[0].op == "steal_resource"
    assert deck.digest != REFERENCE.digest
