"""The replay's positions (``server.replay``, issue 41 criterion 1) against the engine: for
every record kept from before the family, and random matches of each deck and option, each
position's trick and both hands are the ones ``replay_support.expected`` works out with
``Game`` alone; the moves are worded once each, and ``places`` puts every action where the
review places its decisions."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from replay_support import expected

from euchre import Game, Rules
from euchre.server.replay import places, positions

RECORDS = [r["record"] for r in json.loads(
    (Path(__file__).parent / "data" / "records-before-the-family.json").read_text())]
NAMES = ("Ann", "Bo")


def played(rules: Rules, seed: int) -> dict:
    game, rng = Game(rules, seed=seed), random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game.record()


MATCHES = [played(Rules(deck=deck, target=5, stick_the_dealer=stick), seed)
           for seed, (deck, stick) in enumerate(((24, False), (32, True), (25, False),
                                                 (25, True)))]


FAMILY = [played(Rules(players=players, target=5, **options), seed)
          for seed, (players, options) in enumerate((
              (4, {}), (4, {"defend_alone": True, "stick_the_dealer": True}),
              (4, {"deck": 25, "joker_dealer_alone": True}), (3, {}), (3, {"deck": 32})), 20)]
NAMES_OF = {2: NAMES, 3: ("Ann", "West", "East"), 4: ("Ann", "West", "North", "East")}


def drawn(frame: dict) -> dict:
    """What the table draws of a position: the trick (one held after its last card), and
    each seat's cards with the upcard in the dealer's hand while he discards."""
    view = frame["view"]
    hands = [list(cards) for cards in frame["open"]]
    if view["phase"] == "discard" and frame["kind"] != "end":
        hands[view["dealer"]].append(view["upcard"])
    trick = frame["held"]["cards"] if frame["held"] else view["trick"]
    return {"at": frame["at"], "kind": frame["kind"], "trick": list(trick), "hands": hands}


@pytest.mark.parametrize("record", RECORDS + MATCHES + FAMILY,
                         ids=[f"kept-{i}" for i in range(len(RECORDS))] +
                             [f"deck-{r['rules']['deck']}-{i}" for i, r in enumerate(MATCHES)]
                             + [f"players-{r['rules']['players']}-{i}"
                                for i, r in enumerate(FAMILY)])
def test_every_position_is_the_engines(record):
    names = NAMES_OF[record["rules"].get("players", 2)]
    told = positions(record, names, "Ann won")
    assert [drawn(f) for f in told["frames"]] == expected(record)
    moves = [m for hand in record["hands"] for m in hand["actions"]]
    assert [(m["seat"], m["at"]) for m in told["moves"]] == [
        (seat, at) for at, (seat, _) in enumerate(moves, 1)]
    assert all(m["words"].startswith(names[m["seat"]]) for m in told["moves"])
    where = places(record)
    assert len(where) == len(moves)
    for frame in told["frames"]:
        if frame["next"] is not None:
            assert tuple(frame["next"]) == where[frame["at"]]
    if Game.from_record(record).is_over:
        assert told["frames"][-1]["said"].endswith("Ann won.")


def test_a_thrown_in_hand_ends_with_its_cards_still_held():
    game, rng = Game(Rules(target=1), seed=3), random.Random(3)
    for _ in range(4):  # both pass twice: the hand is thrown in
        game.apply("pass")
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    record = game.record()
    assert record["hands"][0]["result"]["thrown_in"]
    assert [drawn(f) for f in positions(record, NAMES, "")["frames"]] == expected(record)
    ends = [f for f in positions(record, NAMES, "")["frames"] if f["kind"] == "end"]
    thrown = [f for f in ends if f["view"]["last_hand"]["thrown_in"]]
    assert thrown and all(len(f["open"][0]) == len(f["open"][1]) == 5 and not f["held"]
                          for f in thrown)
