"""Issue 47, criterion 1: ``Game`` is the one public API, and each game's class lives in its
game's module (Euchre's ``EuchreGame`` and ``FamilyGame`` beside its int paths, the core's
``TableGame``); ``Game(rules)`` makes the right one, and what a game's sides are its module
says, read by every face through ``Game.sides``."""

from __future__ import annotations

import copy
import pickle

import pytest

from euchre import Game, IllegalAction, Rules
from euchre.engine import EuchreGame, FamilyGame, TableGame
from euchre.engine.games import game_sides
from euchre.engine.games.euchre.game import state_of
from euchre.scoring import partner

EVERY_GAME = [(Rules(), EuchreGame), (Rules(players=3), FamilyGame),
              (Rules(players=4), FamilyGame), (Rules(game="railroad"), TableGame),
              (Rules(game="hasenpfeffer"), TableGame),
              (Rules(game="napoleon", players=5), TableGame)]


def _played(rules: Rules, actions: int = 9) -> Game:
    game = Game(rules, seed=5, first_dealer=0)
    for _ in range(actions):
        game.apply(game.legal_actions()[-1])
    return game


@pytest.mark.parametrize(("rules", "cls"), EVERY_GAME)
def test_game_makes_the_class_of_the_games_module_and_it_keeps_the_whole_api(rules, cls):
    game = _played(rules)
    assert type(game) is cls and isinstance(game, Game)
    assert cls.__module__ in ("euchre.engine.games.euchre.game", "euchre.engine.match")
    for again in (Game.from_record(game.record()), cls.from_record(game.record()),
                  pickle.loads(pickle.dumps(game)), copy.deepcopy(game), game.copy()):
        assert type(again) is cls and again == game and again.to_move == game.to_move
    game.push(game.legal_actions()[0])
    game.pop()
    assert game == _played(rules)


@pytest.mark.parametrize(("rules", "cls"), EVERY_GAME)
def test_a_games_sides_are_its_modules_and_every_face_reads_the_same(rules, cls):
    game = _played(rules)
    assert game.sides == game_sides(rules) == game.view(0).sides == game.view(None).sides
    assert len(game.sides) == game.players and len(game.score) == max(game.sides) + 1
    partners = {seat: partner(game.sides, seat) for seat in range(game.players)}
    opposite = rules.players == 4 and rules.game != "napoleon"
    assert partners == ({0: 2, 1: 3, 2: 0, 3: 1} if opposite else dict.fromkeys(partners))


def test_games_of_different_classes_are_unequal_not_an_error():
    """A defect of the old shape: comparing a Euchre game with a game on the core read the
    other's missing int path (AttributeError)."""
    euchre, railroad = Game(Rules(), seed=1), Game(Rules(game="railroad"), seed=1)
    assert euchre != railroad and railroad != euchre
    assert Game(Rules(players=3), seed=1) != Game(Rules(players=4), seed=1)


def test_the_names_that_moved_out_of_euchre_game_still_import_as_the_same_objects():
    import euchre.engine.games.euchre.game as home
    from euchre.game import FamilyGame as Family
    from euchre.game import game_of_state
    from euchre.game import state_of as old_state_of

    assert (Family, game_of_state, old_state_of) == (
        home.FamilyGame, home.game_of_state, home.state_of)


def test_the_int_path_state_is_euchres_alone():
    with pytest.raises(ValueError, match="not a TableGame"):
        state_of(Game(Rules(game="napoleon"), seed=1))
    assert isinstance(state_of(Game(Rules(), seed=1)), list)


def test_bad_starts_are_refused_alike_by_every_game():
    for rules, _ in EVERY_GAME:
        with pytest.raises(ValueError, match=r"^seed must be a whole number"):
            Game(rules, seed=-1)
        with pytest.raises(ValueError, match=r"^first_dealer must be 0(, \d)* or \d, not"):
            Game(rules, seed=1, first_dealer=rules.players)
        with pytest.raises(ValueError, match=r"^stacked deck 0 must be a list of card tokens"):
            Game(rules, seed=1, decks=["AS"])
        game = Game(rules, seed=1)
        with pytest.raises(IllegalAction, match=r"^'AS' is not legal now"):
            game.apply("AS")  # (a card while the hand is bid)
        assert game.actions() == []
