"""The research adapters for Railroad, Hasenpfeffer and Napoleon (issue 51, criterion 5):
PettingZoo's ``api_test`` and ``seed_test``, Gymnasium's ``check_env`` with the levels at the
other seats, zero-sum rewards that add up to the score, and an observation that holds no
card its seat may not know."""

from __future__ import annotations

import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from support import play_aec, quiet

from euchre import Game, Rules
from euchre.engine.resample import resample
from euchre.envs import rule_encoding
from euchre.envs.gym import GAME_ENV_IDS, render_text
from euchre.envs.pettingzoo import agents_of, env, raw_env

GAMES = [Rules(game="railroad", target=3), Rules(game="hasenpfeffer", target=3),
         Rules(game="napoleon", players=3, target=5), Rules(game="napoleon", players=5,
                                                              target=5)]
IDS = ["railroad", "hasenpfeffer", "napoleon3", "napoleon5"]


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(rules):
    for episode in ("match", "hand"):
        quiet(api_test, env(rules, episode=episode), num_cycles=300)
        quiet(seed_test, lambda episode=episode: env(rules, episode=episode), num_cycles=300)
    quiet(api_test, raw_env(rules), num_cycles=300)


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_rewards_are_zero_sum_and_add_up_to_the_score(rules):
    """(A hand's episode: random bidding in Hasenpfeffer is set so often that a match to
    its target may never end.)"""
    e = env(rules, episode="hand")
    assert e.possible_agents == list(agents_of(rules.players))
    for agent in e.possible_agents:
        assert e.action_space(agent).n == rule_encoding.N_ACTIONS
        assert e.observation_space(agent)["observation"].shape == (rule_encoding.SIZE,)
    totals = play_aec(e, 4, np.random.default_rng(2))
    game = e.unwrapped.game
    assert game.hand_number == 1 and sum(totals.values()) == pytest.approx(0.0)
    sides = game.view(None).sides
    for seat, agent in enumerate(e.possible_agents):
        others = [p for side, p in enumerate(game.score) if side != sides[seat]]
        assert totals[agent] == pytest.approx(game.score[sides[seat]] - sum(others) / len(others))


@pytest.mark.parametrize("game", list(GAME_ENV_IDS))
def test_gymnasium_checker_passes_with_a_level_at_every_other_seat(game):
    for episode, seat, rules in (("match", 0, Rules(game=game, target=2)),
                                 ("hand", None, None)):
        options = {"rules": rules} if rules else {}
        quiet(check_env, gymnasium.make(GAME_ENV_IDS[game], episode=episode, seat=seat,
                                        opponent="medium", **options).unwrapped)
    made = gymnasium.make(GAME_ENV_IDS[game]).unwrapped
    assert made.rules.game == game and made.action_space.n == rule_encoding.N_ACTIONS


def test_a_gymnasium_episode_pays_the_learner_his_sides_margin():
    e = gymnasium.make(GAME_ENV_IDS["napoleon"], rules=Rules(game="napoleon", players=5,
                                                              target=6), seat=2,
                       opponent="easy").unwrapped
    obs, _ = e.reset(seed=3)
    rng, total, done = np.random.default_rng(1), 0.0, False
    while not done:
        obs, reward, done, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
    score = e.game.score
    assert total == pytest.approx(score[2] - (sum(score) - score[2]) / 4)
    assert "holds" in render_text(e.game.view(2))


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_the_observation_holds_no_card_its_seat_may_not_know(rules):
    """Through whole games of random play, each seat's encoding is the same when every
    card it may not know is dealt again (``resample``: the others' hands, the widow, the
    kitty, the discards and gifts it did not see); and the hidden cards do change."""
    rng = random.Random(7)
    g = Game(rules, seed=9)
    changed = 0
    for _ in range(120):
        if g.is_over:
            break
        for seat in range(g.players):
            view = g.view(seat)
            other = resample(view, rng)
            assert other.view(seat) == view
            assert np.array_equal(rule_encoding.encode(other.view(seat)),
                                  rule_encoding.encode(view))
            changed += any(other.hand(s) != g.hand(s) for s in range(g.players) if s != seat)
        g.apply(rng.choice(g.legal_actions()))
    assert changed > 30


def test_a_discard_is_in_its_makers_observation_only():
    """Railroad: the dealer's discard shows in his own encoding, in nobody else's."""
    g = Game(Rules(game="railroad"), seed=5, first_dealer=0)
    g.apply("order")
    while g.phase != "discard":
        g.apply(g.legal_actions()[0])
    dealer = g.to_move
    token = g.legal_actions()[0]
    g.apply(token)
    mine = rule_encoding.encode(g.view(dealer))
    discards = slice(rule_encoding.DISCARDS, rule_encoding.DISCARDS + 53)
    assert mine[discards].sum() == 1
    for seat in range(4):
        if seat != dealer:
            assert rule_encoding.encode(g.view(seat))[discards].sum() == 0


@pytest.mark.parametrize(("game", "players", "games", "bot"), [
    ("railroad", 4, 2, "python3 examples/bots/random_bot.py"),
    ("hasenpfeffer", 4, 2, "python3 examples/bots/random_bot.py"),
    ("napoleon", 5, 5, "python3 examples/bots/random_bot.py"),
    ("hasenpfeffer", 4, 2, "node examples/bots/random_bot.js"),
    ("napoleon", 3, 3, "node examples/bots/random_bot.js")])
def test_the_arena_plays_an_outside_program_in_each_game(game, players, games, bot, capsys):
    """``euchre arena --game``: the example bots (the bot protocol, tokens of the game's own)
    against ``medium``, A's seat rotated in Napoleon; no forfeit, every match played."""
    import json
    import shutil

    from euchre.cli import main

    if bot.startswith("node") and not shutil.which("node"):
        pytest.skip("the JavaScript example bot needs Node")
    assert main(["arena", f"exec:{bot}", "medium", "--game", game,
                 "--players", str(players), "--games", str(games), "--target", "3",
                 "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["matches"] == games and not stats.get("forfeits")


def test_the_arena_refuses_a_count_of_matches_its_sets_cannot_make(capsys):
    from euchre.cli import main

    assert main(["arena", "medium", "easy", "--game", "napoleon", "--players", "3",
                 "--games", "4"]) == 2
    assert "must be a multiple of 3" in capsys.readouterr().err


def test_a_tournament_of_levels_in_napoleon_rates_them(capsys):
    """``euchre tournament --game``: three levels at Napoleon's table of three, A's seat
    rotated; every pairing's matches are played and each bot is rated."""
    import json

    from euchre.cli import main

    assert main(["tournament", "medium", "easy", "random", "--game", "napoleon", "--players",
                 "3", "--games", "6", "--target", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["game"] == "napoleon" and data["games_per_pairing"] == 6
    assert {row["name"] for row in data["ratings"]} == {"medium", "easy", "random"}


@pytest.mark.parametrize("name", ["python_two_handed_euchre", "python_three_handed_euchre"])
@pytest.mark.parametrize("game", ["railroad", "hasenpfeffer", "napoleon"])
def test_the_openspiel_games_refuse_the_new_games_saying_where_they_are_played(name, game):
    """The OpenSpiel games are hands of Euchre (docs/research.md): asked for another game of
    the family they say so in one line, and Euchre stays theirs."""
    pyspiel = pytest.importorskip("pyspiel")
    import euchre.envs.openspiel  # noqa: F401  (registers the games)

    with pytest.raises(ValueError, match=r"^game must be 'euchre', not '\w+': .*Gymnasium") \
            as refused:
        pyspiel.load_game(name, {"game": game})
    assert "\n" not in str(refused.value)
    assert pyspiel.load_game(name, {"game": "euchre"}).get_parameters()["game"] == "euchre"
