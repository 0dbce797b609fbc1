"""The server's memory levels off (issue 57, criterion 7; defect 11): what it keeps of a
finished hand's words and of the score pad is the live tables' own, not every hand of every
table since it started. Before, module-wide caches held the hands (and through them the
whole logs) of tables long let go: after a few rounds of load nearly every object a full
collection left alive was theirs (``bench/server_soak.py --probe``). Issue 47, criterion 2:
'no module-level cache of views': the words are kept by the table (``kept``)."""

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
    assert not any(isinstance(value, dict) and value for name, value in vars(wording).items()
                   if name.startswith("_") and not name.startswith("__"))  # none kept here


def test_a_readers_kept_words_are_bounded_and_follow_the_hand():
    game, rng, kept = Game(Rules(), seed=8), random.Random(8), {}
    while game.hand_number < 1:
        game.apply(rng.choice(game.legal_actions()))
    first = wording.words(game.view(0), ("Ann", "Bo"), kept=kept)["last_hand"]
    for n in range(wording.KEPT_READERS + 10):  # as many renames: the dict starts again
        wording.words(game.view(0), ("Ann", f"Bo{n}"), kept=kept)
    assert len(kept) <= wording.KEPT_READERS
    while game.hand_number < 2:
        game.apply(rng.choice(game.legal_actions()))
    assert wording.words(game.view(0), ("Ann", "Bo"), kept=kept)["last_hand"] != first


def test_a_live_tables_pad_and_words_are_found_again_while_others_come_and_go():
    game = Game(Rules(), seed=5)
    rng = random.Random(5)
    while game.hand_number < 2:
        game.apply(rng.choice(game.legal_actions()))
    kept: dict = {}  # the table's
    pad = scorepad.rows(game)
    said = wording.words(game.view(0), ("Ann", "Bo"), kept=kept)["last_hand"]
    for _ in range(20):  # other tables' hands end meanwhile; this one is asked each time
        hands_of_new_games(100, rng.randrange(1 << 30))
        assert scorepad.rows(game) == pad  # (the game keeps its results: no cache here)
        assert wording.words(game.view(0), ("Ann", "Bo"), kept=kept)["last_hand"] is said
