"""Names in sentences (issue 48, defect 7): "You" is each player's word for himself, never a
name. A person who gives none is a guest in every record, replay and review, a "You" an
older lobby or terminal stored is read as one, and every sentence that starts with a player
agrees with him ("You deal", "Ann deals") through ``words.says``."""

from __future__ import annotations

import json
import random
import re

from euchre import Game, Rules
from euchre.cli import main
from euchre.cli.play import record_name
from euchre.coach.report import hand_heading
from euchre.record import player_names
from euchre.server.protocol import check_name
from euchre.words import GUEST, YOU, result_words, says

BROKEN = re.compile(r"\bYou (deals|wins|scores|plays|passes|goes|sits|is)\b|You's")


def finished_record(names: list[str], players: int = 2) -> dict:
    game = Game(Rules(players=players, target=3), seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return {**game.record(), "players": {"names": names, "human_seat": 0}}


def test_a_name_you_is_stored_as_a_guest_wherever_a_person_gives_one():
    assert check_name("You") == check_name(" you ") == GUEST
    assert record_name("YOU") == GUEST and record_name("Ann") == "Ann"
    assert record_name(None) != YOU  # the terminal's default: the login name, or a guest


def test_an_older_record_of_you_replays_in_the_third_person(tmp_path, capsys):
    for players, names in ((2, ["You", "Computer"]), (3, ["You", "West", "East"]),
                           (4, ["You", "West", "North", "East"])):
        path = tmp_path / f"match{players}.json"
        path.write_text(json.dumps(finished_record(names, players)))
        assert player_names(json.loads(path.read_text()))[0] == GUEST
        assert main(["replay", str(path)]) == 0
        text = capsys.readouterr().out
        assert not BROKEN.search(text), BROKEN.search(text)
        assert re.search(r"Guest (deals|wins|sits out)|Guest and North win", text)


def test_every_sentence_agrees_with_who_says_it():
    assert [says(YOU, "deal"), says("Ann", "deal"), says("You", "win")] == \
        ["You deal", "Ann deals", "You win"]
    result = {"thrown_in": False, "maker": 1, "trump": "S", "tricks_won": [3, 2],
              "points": [2, 0], "outcome": "euchred"}
    assert result_words(result, (GUEST, "Computer")).endswith("Guest scores 2")
    assert result_words(result, (YOU, "Computer"), you=0).endswith("you score 2")


def test_a_reviews_hand_heading_agrees_with_the_dealer():
    class Hand:  # the fields hand_heading reads
        hand, dealer, outcome, players = 1, 0, None, 2
    assert hand_heading(Hand(), (GUEST, "Computer")) == "Hand 1, Guest deals: in progress"
    assert hand_heading(Hand(), (YOU, "Computer")) == "Hand 1, You deal: in progress"


def test_a_game_stored_with_you_by_an_older_lobby_is_shown_with_a_guest():
    from euchre.i18n import _
    from euchre.server.match import shown_names
    from euchre.server.pages import REVIEW_OF
    from euchre.server.review_page import progress_words
    from euchre.server.storage import StoredGame

    for players, tokens in ((2, ("t", None)), (4, ("t", None, None, None))):
        stored = StoredGame("g", "computer", "easy", Rules(players=players), 1, tokens,
                            ("You", *["Computer"] * (players - 1)))
        names = shown_names(stored)
        assert names[0] == GUEST and YOU not in names
        assert _(REVIEW_OF, name=names[0]) == "Review Guest's play"
    told = {"status": "running", "done": 3, "total": 9}
    assert progress_words(told, GUEST) == "The expert is valuing Guest's choices: 3 of 9…"
