"""The server's memory levels off (issue 57, criterion 7; defect 11): its caches of a
finished hand's words and of the score pad keep what the live tables use, not every hand of
every table since it started. Before, they held the hands (and through them the whole logs)
of tables long let go: after a few rounds of load nearly every object a full collection
left alive was theirs (``bench/server_soak.py --probe``)."""

from __future__ import annotations

import gc
import random

from euchre import Game, Rules
from euchre.server import scorepad, wording


def hands_of_new_games(count: int, seed: int) -> None:
    """Play random games to 10 until ``count`` hands have ended, each hand's end shown to
    both seats and a spectator as a table would (its words and its pad), then let every
    game go."""
    rng, ended = random.Random(seed), 0
    while ended < count:
        game = Game(Rules(), seed=rng.randrange(1 << 30))
        while not game.is_over and ended < count:
            hand = game.hand_number
            game.apply(rng.choice(game.legal_actions()))
            if game.hand_number != hand or game.is_over:
                ended += 1
                for seat in (0, 1, None):
                    wording.words(game.view(seat), ("Ann", "Bo"))
                scorepad.rows(game)


def live_objects() -> int:
    gc.collect()
    return len(gc.get_objects())


def test_the_caches_keep_a_bounded_number_of_hands_whatever_was_played():
    hands_of_new_games(3000, 1)  # (more than the caches keep: they are full)
    full = live_objects()
    hands_of_new_games(3000, 2)  # as many more games, all let go: nothing more is kept
    assert live_objects() - full < 5000
    assert len(wording._LAST_WORDS) <= wording.LAST_WORDS_KEPT


def test_a_live_tables_pad_and_words_are_found_again_while_others_come_and_go():
    game = Game(Rules(), seed=5)
    rng = random.Random(5)
    while game.hand_number < 2:
        game.apply(rng.choice(game.legal_actions()))
    pad, said = scorepad.rows(game), wording.words(game.view(0), ("Ann", "Bo"))["last_hand"]
    for _ in range(20):  # other tables' hands end meanwhile; this one is asked each time
        hands_of_new_games(100, rng.randrange(1 << 30))
        assert scorepad.rows(game) == pad  # (the game keeps its results: no cache here)
        assert wording.words(game.view(0), ("Ann", "Bo"))["last_hand"] is said
