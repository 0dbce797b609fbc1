"""`euchre review` and `euchre.coach.review_record`: every real choice of a player valued by the
expert from his own view, mistakes found, hindsight exact, refusals in one line, repeatable."""

from __future__ import annotations

import copy
import json

import pytest

from euchre import Game, Rules, agents
from euchre.agents.solver import Solver
from euchre.cards import parse_card, parse_suit
from euchre.cli import main
from euchre.coach import THRESHOLD, review_record, text
from euchre.coach.review import decision_seed, hindsight
from euchre.scoring import outcome

DEALS = 48
"""Fewer deals than the default keep the tests quick; the expert is still sharp enough."""


PLANTED = 1.5
"""A planted mistake costs this many points or more by the planter's own values: far
beyond what sampling noise at ``DEALS`` deals can make of a sound choice."""


class Planter:
    """The expert, except that at its first ``plant`` decisions where the worst option is
    ``PLANTED`` points or more below the best it takes the worst; remembers where (hand,
    action index)."""

    def __init__(self, seed: int, plant: int) -> None:
        self.expert = agents.load("expert", seed=seed, deals=DEALS)
        self.plant = plant
        self.planted: list[tuple[int, int]] = []
        self.where = (0, 0)

    def act(self, view) -> str:
        values = self.expert.analyse(view)
        best = max(values, key=values.__getitem__)
        worst = min(values, key=values.__getitem__)
        if len(self.planted) < self.plant and values[best] - values[worst] >= PLANTED:
            self.planted.append(self.where)
            return worst
        return best


def play(bots, seed: int, target: int = 5) -> dict:
    """A whole match between two bots; each bot that has ``where`` is told the hand (from 1)
    and the action's index in the record hand before it acts."""
    game = Game(Rules(target=target), seed=seed)
    index, hand = 0, game.hand_number
    while not game.is_over:
        if game.hand_number != hand:
            index, hand = 0, game.hand_number
        bot = bots[game.to_move]
        if hasattr(bot, "where"):
            bot.where = (hand + 1, index)
        game.apply(bot.act(game.view(game.to_move)))
        index += 1
    return game.record()


@pytest.fixture(scope="module")
def expert_match() -> dict:
    return play([agents.load("expert", seed=1, deals=DEALS),
                 agents.load("expert", seed=2, deals=DEALS)], seed=5)


@pytest.fixture(scope="module")
def expert_review(expert_match):
    return review_record(expert_match, 0, deals=DEALS)


def write(tmp_path, data, name="match.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


# --- criterion 7: mistakes found, the expert nearly faultless -------------------------------

def test_the_worst_options_taken_are_flagged_as_the_largest_losses():
    planter = Planter(seed=3, plant=3)
    record = play([planter, agents.load("expert", seed=4, deals=DEALS)], seed=9, target=10)
    assert len(planter.planted) == 3
    review = review_record(record, 0, deals=DEALS)
    top = [review.decisions[i] for i in review.mistakes()[:3]]
    assert {(d.hand, d.index) for d in top} == set(planter.planted)
    for d in top:
        assert d.flagged and d.loss > THRESHOLD
        assert d.chosen == min(d.values, key=d.values.__getitem__)


def test_the_expert_against_itself_loses_little_and_a_random_player_a_lot(expert_review):
    decisions = len(expert_review.decisions)
    assert decisions >= 15
    assert expert_review.total_loss / decisions < 0.05
    assert len(expert_review.mistakes()) <= 1
    random_match = play([agents.load("random", seed=1),
                         agents.load("expert", seed=2, deals=DEALS)], seed=5)
    careless = review_record(random_match, 0, deals=DEALS)
    assert careless.total_loss / len(careless.decisions) > 0.1
    assert len(careless.mistakes()) >= 2


# --- criterion 1 and 2: what each decision says --------------------------------------------

def test_each_real_choice_is_reviewed_with_its_values_best_and_loss(expert_match,
                                                                    expert_review):
    replay = Game.from_record({**{k: v for k, v in expert_match.items()
                                  if k not in ("hands", "score", "winner")},
                               "hands": [{"actions": []}]})
    expected = []
    for hand in expert_match["hands"]:
        for j, (who, token) in enumerate(hand["actions"]):
            view = replay.view(who)
            if who == 0 and len(view.legal) > 1:  # forced moves are not decisions
                expected.append((view.hand_number + 1, j, token, set(view.legal), view.phase))
            replay.apply(token)
    got = [(d.hand, d.index, d.chosen, set(d.values), d.phase)
           for d in expert_review.decisions]
    assert got == expected
    for d in expert_review.decisions:
        top = max(d.values.values())
        assert d.values[d.best] == top and d.player == 0
        assert d.loss == pytest.approx(top - d.values[d.chosen], abs=1e-6) and d.loss >= 0
        assert d.flagged == (d.loss > THRESHOLD)
        assert set(d.words) == set(d.values)


def test_summary_totals_by_hand_and_phase(expert_review):
    summary = expert_review.to_dict()["summary"]
    assert summary["total_loss"] == pytest.approx(sum(d.loss for d in expert_review.decisions))
    assert sum(h["loss"] for h in summary["by_hand"]) == pytest.approx(summary["total_loss"])
    assert sum(summary["by_phase"].values()) == pytest.approx(summary["total_loss"])
    assert set(summary["by_phase"]) == {"bidding", "discard", "play"}
    assert [h["hand"] for h in summary["by_hand"]] == list(
        range(1, len(expert_review.hands) + 1))
    losses = [expert_review.decisions[i].loss for i in summary["mistakes"]]
    assert losses == sorted(losses, reverse=True)


def test_json_has_the_documented_fields(tmp_path, capsys, expert_match):
    path = write(tmp_path, expert_match)
    assert main(["review", path, "--json", "--deals", str(DEALS)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"decisions", "summary", "hands", "player", "deals", "seed"} <= set(out)
    for d in out["decisions"]:
        assert {"hand", "player", "phase", "chosen", "best", "values", "loss"} <= set(d)
    assert out["decisions"][0]["hand"] == 1  # 1-based, as the transcript numbers hands
    assert {"total_loss", "by_hand", "by_phase", "mistakes"} <= set(out["summary"])


def test_the_text_lists_hands_decisions_hindsight_and_the_largest_mistakes(tmp_path, capsys):
    planter = Planter(seed=3, plant=2)
    record = play([planter, agents.load("expert", seed=4, deals=DEALS)], seed=9, target=10)
    assert len(planter.planted) == 2
    record["players"] = {"names": ["Ann", "computer (expert)"], "human_seat": 0}
    assert main(["review", write(tmp_path, record), "--deals", str(DEALS)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Ann (player 0) against computer (expert)")
    finished = [h for h in record["hands"] if not h["result"]["thrown_in"]]
    assert out.count("hindsight, every card seen:") == len(finished)
    assert "Largest mistakes:" in out and " 1. hand " in out and "the expert preferred" in out
    assert out.count("\nHand ") == len(record["hands"])


# --- criterion 3: only what he knew; hindsight exact ----------------------------------------

def test_values_come_from_the_players_view_never_the_hidden_cards():
    """Two deals that differ only in the dealer's hidden cards: the non-dealer's first bid is
    valued the same in both (same seed), since his view is the same."""
    mine = "9C AC KH QH JS".split()
    reviews = []
    for dealer_hand in ("JH JD AD KD QD", "9D TD 9S TS QS"):
        head = [*mine, *dealer_hand.split(), "9H"]
        deck = head + [t for t in _deck24() if t not in head]
        game = Game(Rules(), first_dealer=1, decks=[deck])
        game.apply("pass")
        reviews.append(review_record(game.record(), 0, deals=DEALS, seed=0))
    first, second = (r.decisions[0] for r in reviews)
    assert first.values == second.values and first.situation == second.situation


def _deck24() -> list[str]:
    from euchre.cards import card_token, deck_cards

    return [card_token(c) for c in deck_cards(24)]


def test_hindsight_is_the_solver_on_the_hands_at_the_first_lead(expert_match, expert_review):
    """Rebuilt independently: the deal's positions (0-4 the non-dealer, 5-9 the dealer, 10
    the upcard) and the dealer's discard from his own view of the finished hand."""
    game = Game.from_record(expert_match)
    checked = 0
    for hand, reviewed in zip(expert_match["hands"], expert_review.hands, strict=True):
        result = hand["result"]
        if result["thrown_in"]:
            assert reviewed.hindsight is None
            continue
        deck = [parse_card(t) for t in hand["deck"]]
        dealer = hand["dealer"]
        non_dealer = sum(1 << c for c in deck[0:5])
        dealt = sum(1 << c for c in deck[5:10])
        discard = _dealer_discard(expert_match, hand)
        if discard is not None:
            dealt = (dealt | 1 << deck[10]) & ~(1 << parse_card(discard))
        trump = parse_suit(result["trump"])
        lead = Solver().tricks(non_dealer, dealt, trump)
        maker = result["maker"]
        perfect = lead if maker == 1 - dealer else 5 - lead
        assert reviewed.hindsight == {"maker": maker, "perfect": perfect,
                                      "perfect_outcome": outcome(perfect),
                                      "played": result["tricks_won"][maker]}
        checked += 1
    assert checked >= 3 and game.is_over


def _dealer_discard(record: dict, hand: dict) -> str | None:
    """The dealer's discard in one hand, read from his own view once the hand is over."""
    start = {k: v for k, v in record.items() if k not in ("hands", "score", "winner")}
    game = Game.from_record({**start, "hands": [{"actions": []}]})
    for earlier in record["hands"]:
        for _, token in earlier["actions"]:
            game.apply(token)
        if earlier is hand:
            return game.view(hand["dealer"]).last_hand["discard"]
    raise AssertionError("hand not in record")


def test_hindsight_of_an_unbeatable_hand_is_a_march():
    last = {"outcome": "made", "dealer": 1, "maker": 0, "trump": "H", "tricks_won": [4, 1],
            "tricks": [{"leader": 0, "cards": c, "winner": w} for c, w in (
                (["JH", "9C"], 0), (["JD", "TC"], 0), (["AH", "QC"], 0), (["KH", "KC"], 0),
                (["QH", "AC"], 1))]}
    assert hindsight(last) == {"maker": 0, "perfect": 5, "perfect_outcome": "march",
                               "played": 4}


# --- criterion 6: repeatable ----------------------------------------------------------------

def test_the_same_record_and_deals_give_the_same_review(expert_match, expert_review):
    again = review_record(copy.deepcopy(expert_match), 0, deals=DEALS)
    assert again.to_dict() == expert_review.to_dict()
    assert decision_seed(0, 1, 2) != decision_seed(0, 2, 1) != decision_seed(1, 1, 2)


def test_progress_is_reported_for_every_decision(expert_match):
    seen = []
    review = review_record(expert_match, 1, deals=4, progress=lambda d, t: seen.append((d, t)))
    total = len(review.decisions)
    assert seen == [(i, total) for i in range(total + 1)]


# --- refusals: one line, exit status 2 ------------------------------------------------------

def refused(argv, capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        code = main(argv)
        raise SystemExit(code)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("player", ["2", "-1", "x"])
def test_player_out_of_range_is_one_line_and_exit_2(tmp_path, capsys, expert_match, player):
    err = refused(["review", write(tmp_path, expert_match), "--player", player], capsys)
    assert "--player" in err


@pytest.mark.parametrize("flag", [["--deals", "0"], ["--deals", "many"], ["--seed", "-3"],
                                  ["--threshold", "-1"]])
def test_bad_flags_are_one_line_and_exit_2(tmp_path, capsys, expert_match, flag):
    refused(["review", write(tmp_path, expert_match), *flag], capsys)


def tampered(record: dict, how: str) -> dict:
    data = copy.deepcopy(record)
    if how == "points":
        data["hands"][0]["result"]["points"] = [5, 0]
    elif how == "deck":
        deck = data["hands"][1]["deck"]
        deck[0], deck[5] = deck[5], deck[0]
    elif how == "action":
        data["hands"][0]["actions"][0][1] = "call Z"
    elif how == "score":
        data["score"] = [9, 9]
    elif how == "winner":
        data["players"] = ["not", "an", "object"]  # ignored: it names no seat
        data["winner"] = 1 - data["winner"]
    return data


@pytest.mark.parametrize("how", ["points", "deck", "action", "score", "winner"])
def test_a_tampered_record_is_refused_in_one_line(tmp_path, capsys, expert_match, how):
    err = refused(["review", write(tmp_path, tampered(expert_match, how))], capsys)
    assert err.startswith("euchre review: error: record")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"format": "chess"}', "\xff"])
def test_a_corrupt_file_is_refused_in_one_line(tmp_path, capsys, content):
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("latin-1") if content == "\xff" else content.encode())
    refused(["review", str(path)], capsys)


def test_a_missing_file_is_refused_in_one_line(tmp_path, capsys):
    assert "cannot read" in refused(["review", str(tmp_path / "none.json")], capsys)


def test_review_record_refuses_a_bad_player_or_setting(expert_match):
    for bad in ({"player": 2}, {"player": True}, {"deals": 0}, {"seed": -1}):
        settings = {"player": 0, "deals": DEALS, **bad}
        with pytest.raises(ValueError, match=next(iter(bad))):
            review_record(expert_match, **settings)


def test_the_default_player_is_the_person_the_record_names(tmp_path, capsys, expert_match):
    record = {**expert_match, "players": {"names": ["computer (easy)", "Bo"],
                                          "human_seat": 1}}
    assert main(["review", write(tmp_path, record), "--json", "--deals", "4"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["player"] == 1 and {d["player"] for d in out["decisions"]} == {1}
    assert text(review_record(record, 1, deals=4), ("Al", "Bo")).startswith("Review of Bo")


def test_help_has_examples_and_euchre_lists_review(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["review", "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    examples = out.split("examples:\n")[1].splitlines()
    assert examples and all(line.startswith("  euchre review") for line in examples)
    for flag in ("--player", "--json", "--deals", "--seed", "--threshold"):
        assert flag in out
    assert main([]) == 0
    assert "review" in capsys.readouterr().out


def test_the_same_file_and_deals_print_the_same_json(tmp_path, capsys, expert_match):
    path = write(tmp_path, expert_match)
    outputs = []
    for _ in range(2):
        assert main(["review", path, "--json", "--deals", "4"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert main(["review", path, "--json", "--deals", "4", "--seed", "1"]) == 0
    assert capsys.readouterr().out != outputs[0]  # the seed does matter


def test_a_progress_bar_on_a_terminal(tmp_path, expert_match):
    import sys

    import pexpect

    path = write(tmp_path, expert_match)
    child = pexpect.spawn(sys.executable, ["-m", "euchre.cli", "review", path, "--deals", "4"],
                          encoding="utf-8", timeout=60, dimensions=(24, 100))
    screen = child.read()
    child.close()
    assert child.exitstatus == 0
    assert "reviewing" in screen and "Summary" in screen
