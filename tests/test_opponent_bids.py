"""The expert learns how this opponent bids: the model (``opponent_bids``), what a finished
hand tells it, and that every face tells it (the arena, a resumed terminal match, a server
table loaded again)."""

from __future__ import annotations

import random

import pytest

from euchre import Game, Rules, agents
from euchre.agents.bid_model import TURNS, BidModel, his_turns
from euchre.agents.hand_strength import strength
from euchre.agents.opponent_bids import LearnedBids, observations
from euchre.cards import SUITS, parse_card
from euchre.study.arena import BotSpec, duplicate_series


def _bidder_seen(learned: LearnedBids, turn: str, threshold: float, hands: int,
                 seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(hands):
        score = rng.uniform(0.0, 12.0)
        learned.observe(turn, score, made=score >= threshold)


@pytest.mark.parametrize("shift", [-3.0, 0.0, 3.0])
def test_the_model_learns_a_bidders_threshold_from_his_turns(shift):
    base = BidModel.for_rules(Rules())
    learned = LearnedBids(base)
    _bidder_seen(learned, "dealer1", base.center("dealer1") + shift, hands=40, seed=1)
    assert learned.shift("dealer1") == pytest.approx(shift, abs=0.75)
    assert learned.center("dealer1") == pytest.approx(base.center("dealer1") + shift, abs=0.75)
    assert learned.seen == {**dict.fromkeys(TURNS, 0), "dealer1": 40}
    # half his caution is his at every turn: the turns not seen move half as far
    for turn in ("first1", "first2", "dealer2"):
        assert learned.shift(turn) == pytest.approx(shift / 2, abs=0.4)
    alone = LearnedBids(base, common_share=0.0)
    _bidder_seen(alone, "dealer1", base.center("dealer1") + shift, hands=40, seed=1)
    assert alone.shift("dealer1") == pytest.approx(learned.shift("dealer1"), abs=0.3)
    assert alone.shift("first1") == pytest.approx(0.0, abs=1e-9)  # each turn on its own


def test_before_any_hand_the_model_is_the_fitted_one_made_less_certain():
    base = BidModel.for_rules(Rules())
    learned = LearnedBids(base)
    for turn in TURNS:
        assert learned.center(turn) == pytest.approx(base.center(turn), abs=0.06)
        below, above = base.center(turn) - 1.5, base.center(turn) + 1.5
        assert base.likely(turn, below) < learned.likely(turn, below) < 0.5
        assert 0.5 < learned.likely(turn, above) < base.likely(turn, above)


def test_a_turn_no_shift_explains_is_not_learned():
    learned = LearnedBids(BidModel.for_rules(Rules()))
    learned.observe("dealer2", 40.0, made=False)  # out of every curve's reach
    assert learned.seen["dealer2"] == 0 and learned.shift("dealer2") == pytest.approx(0.0)


def _dealt(game: Game) -> list[list[int]]:
    return [[parse_card(c) for c in game.hand(p)] for p in (0, 1)]


def test_a_finished_hand_gives_each_of_his_bids_with_his_dealt_hands_strength():
    rules = Rules()
    model = BidModel.for_rules(rules)
    checked = {"kept upcard": 0, "other": 0, "nothing": 0}
    for seed in range(60):
        game = Game(rules, seed=seed, first_dealer=seed % 2)
        dealt = _dealt(game)
        bots = [agents.load("heuristic", seed=p) for p in (0, 1)]
        while game.hand_number == 0:
            game.apply(bots[game.to_move].act(game.view(game.to_move)))
        last = game.view(0).last_hand
        seen = observations(last, 0, rules)
        if last["thrown_in"] or last["upcard"] == "JK":
            assert seen == []
            checked["nothing"] += 1
            continue
        up, dealer = parse_card(last["upcard"]), last["dealer"]
        turned = up >> 3
        suits = [s for s in range(len(SUITS)) if s != turned]
        expected = []
        for turn, round_one, token in his_turns(last["bids"], 1, dealer):
            if dealer == 1 and last["upcard_taken"]:  # judged by the five he kept
                kept = [parse_card(t["cards"][0 if t["leader"] == 1 else 1])
                        for t in last["tricks"]]
                score = strength(kept, turned) - model.pull.of(kept, turned)
                checked["kept upcard"] += 1
            else:
                score = model.strength(dealt[1], up, dealer == 1, round_one, suits)
                checked["other"] += 1
            expected.append((turn, score, token != "pass"))
        assert [(t, m) for t, _, m in seen] == [(t, m) for t, _, m in expected]
        assert [x for _, x, _ in seen] == pytest.approx([x for _, x, _ in expected])
    assert min(checked.values()) > 0


def test_a_resigned_or_unknown_hand_teaches_nothing():
    rules = Rules()
    game = Game(rules, seed=3)
    while game.hand_number == 0:
        game.apply(game.legal_actions()[-1])
    last = dict(game.view(0).last_hand)
    assert observations(None, 0, rules) == []
    assert observations({**last, "tricks": last["tricks"][:3]}, 0, rules) == []
    assert observations({**last, "upcard": None}, 0, rules) == []


def test_an_expert_in_a_series_learns_a_cautious_dealer_and_pimc_learns_nothing():
    rules = Rules()
    expert, timid = agents.load("expert", seed=1), agents.load("timid", seed=2)
    pimc = agents.load("pimc", seed=3)
    for bot, seat in ((expert, 0), (pimc, 0)):
        agents.tell(bot, "start_match", rules, seat)
    for deal in range(16):
        game = Game(rules, seed=500 + deal, first_dealer=1)  # timid deals every hand
        while game.hand_number == 0:
            player = game.to_move
            game.apply((expert if player == 0 else timid).act(game.view(player)))
        for bot in (expert, pimc):
            bot.hand_over(game.view(0).last_hand)
    learned = expert._learned
    assert learned is not None and learned.seen["dealer1"] >= 10
    assert learned.shift("dealer1") > 1.0  # he takes the upcard far less often than I
    view = game.view(0)
    assert expert._bids(view) is learned
    assert pimc._learned is None and pimc._bids(view) is BidModel.heuristic()


def test_a_series_tells_the_bots_of_each_hand_and_one_hand_is_duplicate_hand(monkeypatch):
    from euchre.agents.expert import ExpertAgent
    from euchre.study.arena import duplicate_hand

    heard = []
    monkeypatch.setattr(ExpertAgent, "hand_over",
                        lambda self, last: heard.append((id(self), last["dealer"])))
    expert, heuristic = BotSpec.parse("expert:deals=8,bid_deals=8"), BotSpec.parse("heuristic")
    rules = Rules()
    assert duplicate_series((expert, heuristic, rules, 9, 4, 1))[0] == duplicate_hand(
        (expert, heuristic, rules, 9, 4))[0]
    heard.clear()
    duplicate_series((expert, heuristic, rules, 9, 0, 3))
    bots = list(dict.fromkeys(who for who, _ in heard))
    assert len(bots) == 2  # one expert for each seating, living through its three hands
    assert [[d for who, d in heard if who == bot] for bot in bots] == [[0, 1, 0]] * 2
    net, _ = duplicate_series((heuristic, heuristic, rules, 9, 0, 3))
    assert net == 0.0  # the same bot both ways: duplicate cancels everything


def _heard(game: Game, seat: int) -> list[dict]:
    """The hands of ``game`` as a listener told live would have heard them."""
    class Listener:
        def __init__(self) -> None:
            self.heard: list[dict] = []

        def hand_over(self, last_hand: dict) -> None:
            self.heard.append(last_hand)
    listener = Listener()
    agents.tell_past_hands(listener, game, seat)
    return listener.heard


def test_past_hands_told_at_once_are_the_hands_told_live():
    game = Game(Rules(), seed=21)
    bots = [agents.load("heuristic", seed=p) for p in (0, 1)]
    live = []
    while game.hand_number < 5:
        before = game.hand_number
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
        if game.hand_number != before:
            live.append(game.view(1).last_hand)
    assert _heard(game, 1) == live and len(live) == 5
    resumed = Game.from_record(game.record())
    assert _heard(resumed, 1) == live


class _Recorder:
    """A computer player that plays as the heuristic and writes down what it is told."""

    def __init__(self) -> None:
        self.heard: list[dict] = []
        self._bot = agents.load("heuristic", seed=1)

    def act(self, view):
        return self._bot.act(view)

    def hand_over(self, last_hand: dict) -> None:
        self.heard.append(last_hand)


def _three_hands_in(seed: int) -> Game:
    """A match three hands in, the computer (seat 1) to move."""
    game = Game(Rules(), seed=seed)
    bots = [agents.load("heuristic", seed=p) for p in (0, 1)]
    while game.hand_number < 3 or game.to_move != 1:
        game.apply(bots[game.to_move].act(game.view(game.to_move)))
    return game


def test_a_resumed_terminal_match_tells_the_computer_of_every_hand_so_far(tmp_path,
                                                                          monkeypatch):
    import io

    from rich.console import Console

    from euchre.terminal.table import Table

    monkeypatch.setenv("EUCHRE_DATA_DIR", str(tmp_path))
    game = _three_hands_in(seed=8)
    console = Console(file=io.StringIO(), width=100)
    console.input = lambda prompt="": "q"  # type: ignore[method-assign]
    table = Table(game, "expert", "You", 1, console)
    recorder = table.bots[1] = _Recorder()
    assert table.play() == 0
    assert recorder.heard == _heard(game, 1)[:3] and len(recorder.heard) == 3


def test_a_server_table_loaded_again_tells_its_computer_of_every_hand_so_far(tmp_path):
    import asyncio

    from euchre.server.committer import Committer
    from euchre.server.hub import Hub
    from euchre.server.storage import Action, SQLiteStorage

    async def scenario() -> tuple[list[dict], list[dict]]:
        hub = Hub(Committer(SQLiteStorage(tmp_path / "games.db")), bot_delay=0)
        stored = await hub.create("computer", Rules(), "Ann", level="expert", seed=8)
        game = _three_hands_in(seed=8)
        tokens = [t for hand in game.record()["hands"] for _, t in hand["actions"]]
        replay = Game(Rules(), seed=8)
        writes = []
        for seq, token in enumerate(tokens):
            writes.append(Action(stored.id, seq, replay.to_move, token))
            replay.apply(token)
        await hub.committer.submit(writes)
        table = await hub.table(stored.id)  # loaded from the store, as after a restart
        recorder = table.bots[1] = _Recorder()
        hub.computer.wake(table)
        await table.bot_task
        heard = recorder.heard
        await hub.close()
        return heard, _heard(game, 1)[:3]

    heard, expected = asyncio.run(scenario())
    assert heard == expected and len(heard) == 3


def test_the_habits_bench_finds_a_cautious_dealer_and_a_daring_first_seat():
    import pathlib
    import re
    import subprocess
    import sys

    script = pathlib.Path(__file__).parent.parent / "bench" / "studies" / "bid_habits.py"
    done = subprocess.run([sys.executable, str(script), "timid", "bold", "--hands", "300"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    shifts = {}
    for line in done.stdout.splitlines():
        name, rest = line.split(":", 1)
        shifts[name.strip()] = {turn: None if value == "n/a" else float(value) for turn, value
                                in re.findall(r"(\w+\d) (n/a|[+-]\d+\.\d+)", rest)}
    assert shifts["timid"]["dealer1"] > 1.5  # the timid dealer takes the upcard far less
    assert shifts["bold"]["first1"] < -1.5  # the bold first seat orders far more
