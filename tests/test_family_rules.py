"""One test (or a few) per rule and option of /work/shared/RULES-family.md: the four-handed
partnership game and three-handed cutthroat.

Each test quotes the line of RULES-family.md it checks. Situations are exact: decks are
stacked, positions 5k..5k+4 to the k-th player clockwise from the dealer's left.
"""

from __future__ import annotations

import json
import random

import pytest
from support import deck_tokens

from euchre import Game, IllegalAction, Rules
from euchre.actions import action_token
from euchre.scoring import side_points


def table(hands: dict[int, str], upcard: str, *, players: int = 4, dealer: int = 0,
          size: int = 24, seed: int = 1, **options) -> Game:
    """A game whose first hand is this deal: ``hands[seat]`` (five cards) for the seats
    given, the others filled from the deck in id order; later hands come from ``seed``."""
    given = {seat: cards.split() for seat, cards in hands.items()}
    used = {c for cards in given.values() for c in cards} | {upcard}
    spare = [c for c in deck_tokens(size) if c not in used]
    order = []
    for k in range(players):
        seat = (dealer + 1 + k) % players
        if seat not in given:
            given[seat], spare = spare[:5], spare[5:]
        order += given[seat]
    order = [*order, upcard, *spare]
    assert len(order) == size == len(set(order))
    return Game(Rules(players=players, deck=size, **options), seed=seed, first_dealer=dealer,
                decks=[order])


def play(g: Game, *tokens: str) -> None:
    for token in tokens:
        g.apply(token)


def play_out(g: Game, rng: random.Random | None = None) -> None:
    """Play the hand in progress to its end (the first legal card, or a random one)."""
    number = g.hand_number
    while g.hand_number == number and not g.is_over:
        legal = g.legal_actions()
        g.apply(rng.choice(legal) if rng else legal[0])


STRONG = "JH JD AH KH QH"
"""With hearts trump, the five best cards: whoever holds them takes every trick he plays."""
STRONG_SPADES = "JS JC AS KS QS"


# --- the rules value ------------------------------------------------------------------------


def test_players_picks_the_game_and_two_stays_the_default():
    """'Every choice marked **option** is a field of `Rules`; `players=2` (the default) is
    the two-handed game of `RULES.md`, exactly as today.'"""
    assert Rules().players == 2
    assert Rules.from_dict({"deck": 24, "target": 10, "dealer_must_pick_up": False,
                            "may_call_turned_suit": False, "stick_the_dealer": False}) == Rules()
    assert "players" not in Rules().to_dict()  # a two-handed record is written as before
    four = Rules(players=4, deck=25, defend_alone=True, joker_dealer_alone=True, target=7)
    assert Rules.from_dict(json.loads(json.dumps(four.to_dict()))) == four
    assert Rules.from_dict(Rules(players=3).to_dict()) == Rules(players=3)


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 5}, "Rules.players must be 2, 3 or 4, not 5"),
    ({"players": "4"}, "Rules.players must be 2, 3 or 4, not '4'"),
    ({"players": 3, "defend_alone": True},
     "Rules.defend_alone is an option of the four-handed game (players=4), not of players=3"),
    ({"joker_dealer_alone": True}, "Rules.joker_dealer_alone is an option of the four-handed"),
    ({"players": 4, "dealer_must_pick_up": True},
     "Rules.dealer_must_pick_up is an option of the two-handed game (players=2), not of "
     "players=4"),
    ({"players": 4, "defend_alone": 1}, "Rules.defend_alone must be true or false, not 1"),
])
def test_options_of_another_game_are_refused_in_one_line(options, message):
    """'`dealer_must_pick_up` stays a two-handed option' (issue 38); `defend_alone` and
    `joker_dealer_alone` 'are four-handed options'."""
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")) \
            as refused:
        Rules(**options)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("players", "seat"), [(4, 4), (3, 3), (4, -1)])
def test_a_seat_outside_the_table_is_refused(players, seat):
    g = Game(Rules(players=players), seed=1)
    seats = {3: "0, 1 or 2", 4: "0, 1, 2 or 3"}[players]
    with pytest.raises(ValueError, match=f"^player must be {seats}, not {seat}$"):
        g.view(seat)
    with pytest.raises(ValueError, match="first_dealer must be"):
        Game(Rules(players=players), first_dealer=players)


# --- seats, turns and the deal -------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_the_deal_goes_to_the_left_after_every_hand_thrown_in_too(players):
    """'the deal passes to the left (the next seat) after every hand, thrown-in hands
    included; bidding and the first lead start at the seat to the dealer's left'."""
    g = Game(Rules(players=players), seed=3, first_dealer=players - 1)
    for hand in range(2 * players):
        dealer = (players - 1 + hand) % players
        assert (g.hand_number, g.dealer, g.to_move) == (hand, dealer, (dealer + 1) % players)
        for _ in range(2 * players):  # everybody passes twice: thrown in
            g.apply("pass")
        assert g.view(0).last_hand["thrown_in"]


@pytest.mark.parametrize("players", [3, 4])
def test_stacked_positions_go_to_the_seats_from_the_dealers_left(players):
    """'Stacked decks: positions 5k..5k+4 go to the k-th player clockwise from the dealer's
    left (k = 0 .. N-1, the dealer last), position 5N is the upcard, the rest is the
    kitty.'"""
    order = deck_tokens(24)
    g = Game(Rules(players=players), first_dealer=1, decks=[order])
    for k in range(players):
        seat = (1 + 1 + k) % players
        assert sorted(g.hand(seat)) == sorted(order[5 * k:5 * k + 5])
    assert g.view(0).upcard == order[5 * players]


def test_each_player_gets_five_and_the_rest_is_never_seen():
    """'Each player gets five cards. The next card is turned face up (the **upcard**); the
    rest, face down, is the **kitty**.'"""
    for players in (3, 4):
        for deck in (24, 32, 25):
            g = Game(Rules(players=players, deck=deck), seed=deck)
            views = [g.view(p) for p in range(players)]
            held = [set(v.hand) for v in views]
            assert all(len(h) == 5 for h in held) and len(set().union(*held)) == 5 * players
            assert views[0].cards_held == (5,) * players
            assert views[0].upcard not in set().union(*held)


# --- four-handed bidding -------------------------------------------------------------------


def test_round_one_pass_or_order_and_the_dealer_takes_the_upcard():
    """'**Round 1.** From the dealer's left, each player in turn may `pass` or `order` the
    upcard up (for the dealer: pick it up). The first to order makes the upcard's suit
    trump; his side are the **makers**. The dealer then takes the upcard into his hand and
    discards one card face down: any of his six, the upcard itself included (he may not
    leave the upcard).'"""
    g = table({0: "9C TC QC KC AC"}, "9H", dealer=0)
    assert g.to_move == 1 and g.legal_actions() == ["pass", "order", "order alone"]
    play(g, "pass", "order")
    assert (g.trump, g.maker, g.phase, g.to_move) == ("H", 2, "discard", 0)
    assert sorted(g.legal_actions()) == sorted(
        f"discard {c}" for c in ["9C", "TC", "QC", "KC", "AC", "9H"])
    with pytest.raises(IllegalAction, match="you must pick up 9♥"):
        g.apply("pass")
    g.apply("discard 9H")  # the upcard itself
    assert g.phase == "play" and g.to_move == 1 and g.view(0).upcard_taken
    assert g.view(0).discard == "9H" and g.view(2).discard is None


def test_the_dealer_picks_up_in_round_one():
    """'(for the dealer: pick it up)'"""
    g = table({0: "9C TC QC KC AC"}, "9H", dealer=0)
    play(g, "pass", "pass", "pass", "order", "discard 9C")
    assert g.maker == 0 and "9H" in g.hand(0) and "9C" not in g.hand(0)


def test_round_two_names_another_suit_and_four_passes_throw_it_in():
    """'**Round 2.** If all four pass, the upcard is turned down and, from the dealer's left,
    each may `pass` or name another suit (`call S`). The turned-down suit may not be named
    (option `may_call_turned_suit`). If all four pass again the hand is thrown in.'"""
    g = table({}, "9H", dealer=3)
    play(g, *["pass"] * 4)
    assert g.phase == "bid2" and g.to_move == 0
    assert g.legal_actions() == ["pass", "call C", "call D", "call S", "call C alone",
                                 "call D alone", "call S alone"]
    with pytest.raises(IllegalAction, match="hearts was turned down"):
        g.apply("call H")
    play(g, *["pass"] * 4)
    assert g.hand_number == 1 and g.dealer == 0 and g.view(1).last_hand["thrown_in"]
    turned = table({}, "9H", dealer=3, may_call_turned_suit=True)
    play(turned, *["pass"] * 4)
    assert "call H" in turned.legal_actions() and "call H alone" in turned.legal_actions()


@pytest.mark.parametrize("players", [3, 4])
def test_stick_the_dealer(players):
    """'(option `stick_the_dealer`: the dealer may not pass and must name a suit)'"""
    g = table({}, "9H", players=players, dealer=0, stick_the_dealer=True)
    play(g, *["pass"] * (2 * players - 1))
    assert g.to_move == 0 and "pass" not in g.legal_actions()
    with pytest.raises(IllegalAction, match="stick the dealer"):
        g.apply("pass")
    g.apply("call S")
    assert g.maker == 0 and g.trump == "S"


# --- going alone ---------------------------------------------------------------------------


def test_the_maker_goes_alone_with_his_bid_and_his_partner_sits_out():
    """'**Going alone.** The player who makes trump may go alone, by saying so with his bid
    (`order alone`, `call S alone`). His partner puts his cards down and takes no part in
    the hand (his own view still shows his five cards; he has nothing to choose).'"""
    g = table({1: STRONG}, "9H", dealer=0)
    play(g, "order alone", "discard " + g.hand(0)[0])
    view = g.view(3)
    assert view.alone == (1,) and view.out == (3,) and len(view.hand) == 5
    seats = []
    while g.hand_number == 0:
        seats.append(g.to_move)
        g.apply(g.legal_actions()[0])
    assert 3 not in seats and len(seats) == 15  # five tricks of three cards
    assert g.view(3).last_hand["out"] == [3]


def test_call_alone_in_round_two():
    """'(`order alone`, `call S alone`)'"""
    g = table({2: STRONG}, "9S", dealer=0)
    play(g, *["pass"] * 5, "call H alone")
    assert (g.maker, g.trump, g.phase, g.to_move) == (2, "H", "play", 1)
    assert g.view(1).out == (0,)


def test_the_dealer_sits_out_when_his_partner_orders_alone():
    """'If the dealer's partner orders up alone, the dealer sits out: he does not take the
    upcard and makes no discard.'"""
    g = table({2: STRONG}, "9H", dealer=0)
    dealt = sorted(g.hand(0))
    play(g, "pass", "order alone")
    assert g.phase == "play" and g.to_move == 1
    view = g.view(0)
    assert not view.upcard_taken and sorted(view.hand) == dealt and view.discard is None
    assert view.out == (0,)


def test_the_first_lead_skips_a_seat_that_sits_out():
    """'**Play.** The player to the dealer's left leads the first trick; if he sits out, the
    next active player to his left leads. Tricks have one card from each active player.'"""
    g = table({3: STRONG}, "9H", dealer=0)
    play(g, "pass", "pass", "order alone", "discard " + g.hand(0)[0])
    assert g.view(1).out == (1,) and g.to_move == 2 and g.view(2).leader == 2
    play_out(g)
    assert all(len(t["cards"]) == 3 for t in g.view(0).last_hand["tricks"])


def test_no_going_alone_under_a_turned_up_joker_unless_the_option_says():
    """'If it is the upcard, there is no bidding: the dealer names trump before looking at
    his hand, is the maker, takes the Joker and discards another card; he may not go alone
    (option `joker_dealer_alone`, default off, lets him).'"""
    g = table({}, "JK", dealer=2, size=25)
    assert (g.phase, g.to_move, g.view(2).hand) == ("joker", 2, ())
    assert g.legal_actions() == ["call C", "call D", "call H", "call S"]
    with pytest.raises(IllegalAction, match="may not go alone"):
        g.apply("call H alone")
    g.apply("call H")
    assert (g.maker, g.trump, g.phase, g.to_move) == (2, "H", "discard", 2)
    assert "discard JK" not in g.legal_actions() and len(g.legal_actions()) == 5
    g.apply(g.legal_actions()[0])
    assert "JK" in g.hand(2) and g.phase == "play" and g.to_move == 3
    alone = table({}, "JK", dealer=2, size=25, joker_dealer_alone=True)
    assert "call H alone" in alone.legal_actions()
    play(alone, "call H alone")
    play(alone, alone.legal_actions()[0])
    assert alone.view(1).out == (0,) and alone.view(1).alone == (2,)


# --- defending alone -----------------------------------------------------------------------


def test_defend_alone_against_a_lone_maker_in_turn_from_the_dealers_left():
    """'**Defending alone** (option `defend_alone`, default off). Against a lone maker, once
    trump is fixed and the dealer has discarded, each defender in turn from the dealer's left
    may `defend alone` or `pass`; the first who defends alone plays without his partner.'"""
    g = table({3: STRONG}, "9H", dealer=1, defend_alone=True)  # seat 2 leads off
    play(g, "order alone")  # seat 2, alone: his partner seat 0 sits out
    g.apply("discard " + g.hand(1)[0])
    assert (g.phase, g.to_move, g.legal_actions()) == ("defend", 3, ["pass", "defend alone"])
    play(g, "pass")
    assert (g.phase, g.to_move) == ("defend", 1)
    play(g, "defend alone")
    view = g.view(0)
    assert view.alone == (2, 1) and set(view.out) == {0, 3} and g.phase == "play"
    assert g.to_move == 2  # the dealer's left leads
    play_out(g)
    last = g.view(0).last_hand
    assert all(len(t["cards"]) == 2 for t in last["tricks"])


def test_no_defending_alone_against_a_maker_with_partner_or_without_the_option():
    """'Against a lone maker' only, and only with the option."""
    with_partner = table({}, "9H", dealer=0, defend_alone=True)
    play(with_partner, "order", "discard " + with_partner.hand(0)[0])
    assert with_partner.phase == "play"
    off = table({}, "9H", dealer=0)
    play(off, "order alone", "discard " + off.hand(0)[0])
    assert off.phase == "play"
    with pytest.raises(IllegalAction):
        off.apply("defend alone")


# --- four-handed scoring -------------------------------------------------------------------


@pytest.mark.parametrize(("tricks", "alone", "defender", "points"), [
    (3, False, False, (1, 0)), (4, True, False, (1, 0)), (5, False, False, (2, 0)),
    (5, True, False, (4, 0)), (2, False, False, (0, 2)), (0, True, True, (0, 4)),
    (5, True, True, (4, 0)),
])
def test_the_four_handed_scoring_table(tricks, alone, defender, points):
    """'| 3 or 4 tricks | 1 |', '| all 5 (a march), with partner | 2 |', '| all 5, alone |
    4 |', '| fewer than 3 (euchred) | – | 2; 4 if a defender played alone |'"""
    assert side_points(4, 2, tricks, alone, defender) == points
    assert side_points(4, 1, tricks, alone, defender) == points[::-1]


def test_a_lone_march_scores_four_for_the_side():
    """'Points are scored by a **side**' and '| all 5, alone | 4 |'."""
    g = table({1: STRONG}, "9H", dealer=0)
    play(g, "order alone", "discard " + g.hand(0)[0])
    play_out(g)
    last = g.view(2).last_hand
    assert (last["outcome"], last["points"], g.score) == ("march", [0, 4], (0, 4))
    assert last["tricks_won"] == [0, 5, 0, 0]


def test_a_lone_defender_who_euchres_scores_four():
    """'fewer than 3 (euchred) | – | 2; 4 if a defender played alone'"""
    g = table({2: STRONG}, "9H", dealer=0, defend_alone=True)
    play(g, "order alone", "discard " + g.hand(0)[0])  # seat 1 alone; seat 3 sits out
    play(g, "defend alone")  # seat 2, first defender from the dealer's left
    play_out(g)
    last = g.view(1).last_hand
    assert (last["outcome"], last["points"], g.score) == ("euchred", [4, 0], (4, 0))


def test_the_makers_tricks_are_both_partners():
    """'(the makers' tricks are those of both partners)'"""
    g = table({1: "JH JD AH 9C TC", 3: "KH QH TH 9S TS"}, "9H", dealer=0)
    play(g, "order", "discard " + g.hand(0)[0])
    play_out(g, random.Random(4))
    last = g.view(0).last_hand
    made = last["tricks_won"][1] + last["tricks_won"][3]
    assert last["points"] == list(side_points(4, 1, made, False, False))


def test_the_first_side_to_reach_the_target_wins():
    """'the first side to reach the target (default 10) wins the match.'"""
    g = table({1: STRONG}, "9H", dealer=0, target=4)
    play(g, "order alone", "discard " + g.hand(0)[0])
    play_out(g)
    assert g.is_over and g.winner == 1 and g.score == (0, 4)


# --- what a player sees --------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_a_player_never_sees_another_hand_the_kitty_or_the_discard(players):
    """'**Information.** A player sees his own hand, the upcard while it is up, every card
    played, the bids, whether a player is alone and who sits out, tricks and score. He
    never sees another hand (his partner's included), the kitty, or the dealer's discard.'"""
    rng = random.Random(players)
    for seed in range(12):
        g = Game(Rules(players=players, deck=(24, 25, 32)[seed % 3], target=3,
                       defend_alone=players == 4 and seed % 2 == 0), seed=seed)
        while not g.is_over:
            number = g.hand_number
            record = g.record()["hands"][-1]
            kitty = set(record["deck"][5 * players + 1:])
            played = {t for _, t in record["actions"] if len(t) == 2}
            public = played | {record["deck"][5 * players]}  # the cards played, the upcard
            discard = g.view(g.dealer).discard
            for seat in range(players):
                shown = set(_cards_in(g.view(seat).to_dict(), last_hand=False))
                others = {c for other in range(players) if other != seat
                          for c in g.hand(other)}
                assert not shown & (others - public), (seed, seat)
                assert not shown & (kitty - public), (seed, seat)
                if discard and seat != g.dealer:
                    assert discard not in shown - public, (seed, seat)
            g.apply(rng.choice(g.legal_actions()))
            assert g.hand_number >= number


def _cards_in(data: dict, last_hand: bool) -> list[str]:
    data = dict(data)
    if not last_hand:
        data.pop("last_hand")
    text = json.dumps(data)
    return [w.strip('"[],') for w in text.split() if len(w.strip('"[],')) == 2
            and w.strip('"[],')[0] in "789TJQKA" and w.strip('"[],')[1] in "CDHS"]


def test_the_view_shows_sides_tricks_cards_held_alone_and_out():
    """The View adds 'every seat's tricks and card count, sides, who is alone, who sits
    out' (DESIGN.md, the family)."""
    g = table({1: STRONG}, "9H", dealer=0)
    play(g, "order alone", "discard " + g.hand(0)[0], "JH", "9C")
    view = g.view(2)
    assert view.sides == (0, 1, 0, 1) and view.alone == (1,) and view.out == (3,)
    assert view.cards_held == (5, 4, 4, 5) and view.tricks_won == (0, 0, 0, 0)
    assert Game(Rules(players=3), seed=1).view(0).sides == (0, 1, 2)


# --- three-handed --------------------------------------------------------------------------


def test_cutthroat_bids_with_three_seats_and_nobody_goes_alone():
    """'Bidding as in the four-handed game, with three seats ... There is no going alone
    and no defending alone ... the **maker always plays alone against the other two**'"""
    g = table({}, "9H", players=3, dealer=2)
    assert g.to_move == 0 and g.legal_actions() == ["pass", "order"]
    with pytest.raises(IllegalAction, match="nobody plays alone"):
        g.apply("order alone")
    play(g, "pass", "order", "discard " + g.hand(2)[0])
    assert g.maker == 1 and g.view(0).alone == (1,) and g.view(0).out == ()
    assert g.to_move == 0 and "order alone" not in g.record()["hands"][0]["actions"]


def test_cutthroat_tricks_have_three_cards():
    """'The player to the dealer's left leads the first trick; tricks have three cards.'"""
    g = table({}, "9H", players=3, dealer=0)
    play(g, "order", "discard " + g.hand(0)[0])
    assert g.to_move == 1
    play_out(g, random.Random(1))
    assert all(len(t["cards"]) == 3 for t in g.view(0).last_hand["tricks"])


@pytest.mark.parametrize(("tricks", "points"), [(3, (0, 1, 0)), (4, (0, 1, 0)),
                                                (5, (0, 3, 0)), (2, (2, 0, 2)), (0, (2, 0, 2))])
def test_cutthroat_scoring(tricks, points):
    """'**Scoring:** the maker takes 3 or 4 tricks: he scores 1; all 5: he scores 3; fewer
    than 3 (euchred): **each** of the two others scores 2.'"""
    assert side_points(3, 1, tricks, True, False) == points


def test_both_defenders_score_when_the_cutthroat_maker_is_euchred():
    """'fewer than 3 (euchred): **each** of the two others scores 2.'"""
    g = table({0: STRONG_SPADES}, "9S", players=3, dealer=2)
    play(g, "pass", "order", "discard " + g.hand(2)[0])  # seat 1 makes spades
    play_out(g)
    last = g.view(0).last_hand
    assert last["outcome"] == "euchred" and last["points"] == [2, 0, 2] and g.score == (2, 0, 2)


def _from_score(score: list[int], hands: dict[int, str], upcard: str, dealer: int,
                seed: int = 1) -> Game:
    """A cutthroat game at a given score (a record that starts there)."""
    start = table(hands, upcard, players=3, dealer=dealer, seed=seed)
    data = start.record()
    data["start"] = {"hand_number": 0, "score": score, "last_hand": None}
    data["score"] = score
    return Game.from_record(data)


def test_two_players_reaching_the_target_the_higher_wins():
    """'**Winning:** the match ends after the hand in which a player reaches the target. If
    two players reach it in the same hand, the higher score wins'"""
    g = _from_score([8, 9, 3], {0: STRONG_SPADES}, "9S", dealer=1)
    play(g, "order", "discard " + g.hand(1)[0])  # seat 2 makes spades, seat 0 euchres him
    play_out(g)
    assert g.score == (10, 11, 3) and g.is_over and g.winner == 1


def test_two_players_equal_at_the_target_play_on():
    """'if they are equal, play goes on until, after a hand, one player alone has the highest
    score.'"""
    g = _from_score([8, 8, 3], {0: STRONG_SPADES}, "9S", dealer=1, seed=5)
    play(g, "order", "discard " + g.hand(1)[0])
    play_out(g)
    assert g.score == (10, 10, 3) and not g.is_over and g.winner is None
    rng = random.Random(2)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    top = max(g.score)
    assert g.score.count(top) == 1 and g.winner == g.score.index(top)


def test_the_joker_in_cutthroat():
    """'a turned-up Joker as in the four-handed game (the dealer names trump and is the
    maker)'"""
    g = table({}, "JK", players=3, dealer=1, size=25)
    assert (g.phase, g.to_move, g.legal_actions()) == (
        "joker", 1, ["call C", "call D", "call H", "call S"])
    play(g, "call D")
    play(g, g.legal_actions()[0])
    assert g.maker == 1 and "JK" in g.hand(1) and g.to_move == 2


# --- records, replay, copies ---------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_records_replay_and_copies_for_the_family(players):
    """Criterion 1: records, the int path and ``copy()`` work for all three games."""
    rng = random.Random(players)
    g = Game(Rules(players=players, deck=25, target=5,
                   defend_alone=players == 4, joker_dealer_alone=players == 4), seed=9)
    snapshots = []
    while not g.is_over:
        snapshots.append((g.copy(), g.view(0)))
        ids = g.legal_action_ids()
        assert [action_token(a) for a in ids] == g.legal_actions()
        g.push_id(rng.choice(ids))
    data = json.loads(json.dumps(g.record()))
    assert data["rules"]["players"] == players and len(data["score"]) == Rules(
        players=players).sides
    assert Game.from_record(data) == g
    for _ in range(len(snapshots)):
        g.pop()
        copy, view = snapshots.pop()
        assert g == copy and g.view(0) == view


@pytest.mark.parametrize("players", [3, 4])
def test_every_card_is_in_one_place_and_the_score_only_grows(players):
    """Over random matches of every deck: each card of the deck is in exactly one hand, the
    tricks, the kitty, the upcard's place or the discard; tricks won match the tricks; the
    score never goes down and the winner is the one side at or past the target."""
    rng = random.Random(players * 11)
    for seed in range(30):
        deck = (24, 25, 32)[seed % 3]
        g = Game(Rules(players=players, deck=deck, target=4,
                       defend_alone=players == 4 and seed % 2 == 1), seed=seed)
        score = g.score
        while not g.is_over:
            view = g.view(None)
            record = g.record()["hands"][-1]
            hands = [c for seat in range(players) for c in g.hand(seat)]
            played = [t for _, t in record["actions"] if len(t) == 2]
            discard = g.view(g.dealer).discard
            rest = set(deck_tokens(deck)) - set(hands) - set(played) - {discard}
            assert len(hands) + len(played) + (discard is not None) + len(rest) == deck
            assert len(set(hands) | set(played)) == len(hands) + len(played)
            assert view.upcard in rest or view.upcard_taken
            assert sum(view.tricks_won) == len(view.tricks)
            g.apply(rng.choice(g.legal_actions()))
            assert all(a >= b for a, b in zip(g.score, score, strict=True))
            score = g.score
        top = max(g.score)
        assert top >= 4 and g.score.count(top) == 1 and g.score[g.winner] == top
