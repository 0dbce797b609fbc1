"""One test (or a few) per rule and option of /work/shared/RULES-more.md: Railroad Euchre,
Hasenpfeffer and Napoleon. Each test quotes the line it checks; deals are stacked as that
file says, and everything goes through the public surface a lockstep driver uses
(``Game(Rules(game=...), first_dealer=d, decks=[...])``, ``to_move``, ``legal_actions``,
``apply``, ``score``, ``winner``, ``view(p).to_dict()``, ``record``, ``Game.from_record``)."""

from __future__ import annotations

import dataclasses

import pytest
from more_support import deck_tokens, first, play, play_first, stacked, table

from euchre import Game, IllegalAction, Rules
from euchre.engine import Termination

# --- how a game is chosen ------------------------------------------------------------------


def test_euchre_is_the_default_and_each_game_has_its_own_defaults():
    """'`euchre` (the default ...), `railroad`, `hasenpfeffer`, `napoleon`. Each game has its
    own defaults: `railroad` and `hasenpfeffer` are four-handed (`players=4`), `napoleon`
    takes `players=3|4|5` (default 4).'"""
    assert Rules().game == "euchre" and Rules() == Rules(game="euchre", players=2, deck=24)
    assert "game" not in Rules().to_dict()  # today's records are written as before
    assert (Rules(game="railroad").players, Rules(game="hasenpfeffer").players) == (4, 4)
    assert Rules(game="napoleon").players == 4
    assert [Rules(game="napoleon", players=n).players for n in (3, 4, 5)] == [3, 4, 5]
    for options in ({"game": "railroad", "deck": 33, "call_for_best": False, "target": 7},
                    {"game": "napoleon", "players": 5, "deck": 52}, {"players": 3},
                    {"game": "hasenpfeffer", "target": 12}, {}):
        rules = Rules(**options)
        assert Rules.from_dict(rules.to_dict()) == rules
        assert dataclasses.replace(rules, target=9) == Rules(**{**options, "target": 9})


@pytest.mark.parametrize(("options", "message"), [
    ({"game": "railroad", "joker_dealer_alone": True},
     "Rules.joker_dealer_alone is not an option of railroad"),
    ({"game": "railroad", "dealer_must_pick_up": True},
     "Rules.dealer_must_pick_up is not an option of railroad"),
    ({"game": "railroad", "defend_alone": False}, "Rules.defend_alone is always on in railroad"),
    ({"game": "railroad", "players": 2}, "Rules.players of railroad must be 4, not 2"),
    ({"game": "railroad", "deck": 24}, "Rules.deck of railroad with 4 players must be 25 or 33"),
    ({"game": "hasenpfeffer", "stick_the_dealer": True},
     "Rules.stick_the_dealer is not an option of hasenpfeffer"),
    ({"game": "hasenpfeffer", "call_for_best": True},
     "Rules.call_for_best is not an option of hasenpfeffer"),
    ({"game": "hasenpfeffer", "deck": 33}, "Rules.deck of hasenpfeffer with 4 players must be 25"),
    ({"game": "napoleon", "players": 6}, "Rules.players of napoleon must be 3, 4 or 5, not 6"),
    ({"game": "napoleon", "players": 3, "deck": 28},
     "Rules.deck of napoleon with 3 players must be 24 or 52"),
    ({"game": "napoleon", "may_call_turned_suit": True},
     "Rules.may_call_turned_suit is not an option of napoleon"),
    ({"game": "napoleon", "defend_alone": True}, "Rules.defend_alone is not an option of napoleon"),
    ({"call_for_best": True}, "Rules.call_for_best is an option of railroad, not of euchre"),
    ({"game": "bridge"}, "Rules.game must be one of euchre, railroad, hasenpfeffer, napoleon"),
    ({"game": "napoleon", "target": 0}, "Rules.target must be a whole number"),
])
def test_options_a_game_does_not_have_are_refused_in_one_line(options, message):
    """'Options that mean nothing in a game are refused by `Rules` with a one-line reason.'"""
    with pytest.raises(ValueError) as refused:
        Rules(**options)
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("options", [{"game": "railroad"}, {"game": "hasenpfeffer"},
                                     {"game": "napoleon", "players": 3},
                                     {"game": "napoleon", "players": 5}])
def test_the_deal_passes_to_the_left_after_every_hand_thrown_in_too(options):
    """'Seats are numbered clockwise from 0; the deal passes to the left after every hand
    (thrown-in hands too); bidding starts at the dealer's left.'"""
    g = Game(Rules(**options, target=1000), seed=5, first_dealer=1)
    n = g.players
    for hand in range(2 * n):
        dealer = (1 + hand) % n
        assert (g.hand_number, g.dealer) == (hand, dealer)
        if g.phase != "joker":
            assert g.to_move == (dealer + 1) % n
        play_first(g)


# --- Railroad Euchre ------------------------------------------------------------------------

RR = {"game": "railroad"}


def test_railroad_deck_and_stacked_positions():
    """'**Deck**: 25 cards (the 24 plus the Joker; option `deck=33`: the 32-card deck plus
    the Joker). ... Stacked decks as in the four-handed game (positions 5k..5k+4 to the k-th
    player from the dealer's left, position 20 the upcard).'"""
    for size, cards in ((25, deck_tokens(24, joker=True)), (33, deck_tokens(32, joker=True))):
        rules = Rules(game="railroad", deck=size)
        order = stacked(rules, {}, dealer=2)
        g = Game(rules, first_dealer=2, decks=[order])
        for k in range(4):
            seat = (2 + 1 + k) % 4
            assert sorted(g.view(seat).to_dict()["hand"]) == sorted(order[5 * k:5 * k + 5])
        assert g.view(None).to_dict()["upcard"] == order[20]
        assert sorted(order) == sorted(cards)
    with pytest.raises(ValueError, match=r"^stacked deck 0 has 24 cards, expected all 25"):
        Game(Rules(**RR), decks=[deck_tokens(24)])


def test_railroad_joker_is_the_highest_trump_above_the_right_bower():
    """'The Joker is the highest trump, above the right bower, and belongs to the trump
    suit.'"""
    g = table({1: "JH TC QC KC AC", 2: "JK 9D TD QD KD", 3: "9C TH QH KH AH"}, dealer=0,
              after="9H", **RR)
    play(g, "order")  # seat 1 orders hearts
    play(g, "discard " + g.view(0).to_dict()["hand"][-1])
    play(g, "JH")  # seat 1 leads the right bower: the Joker must follow (it is a heart)
    assert g.legal_actions() == ["JK"]
    play(g, "JK")
    first(g, 2)
    assert g.view(None).tricks[0]["winner"] == 2


def test_railroad_bidding_as_four_handed_with_going_alone_and_the_options():
    """'**Bidding** as in the four-handed game, with going alone (`order alone`,
    `call S alone`), `stick_the_dealer` and `may_call_turned_suit` (options, default
    off).'"""
    g = table({}, dealer=0, after="9H", **RR)
    assert g.legal_actions() == ["pass", "order", "order alone"]
    play(g, "pass", "pass", "pass", "pass")
    assert g.phase == "bid2" and g.to_move == 1
    assert g.legal_actions() == ["pass", "call C", "call D", "call S", "call C alone",
                                 "call D alone", "call S alone"]
    play(g, "pass", "pass", "pass")
    assert "pass" in g.legal_actions()
    g.apply("pass")  # thrown in
    assert g.hand_number == 1 and g.view(None).last_hand["ended"] == "thrown_in"
    g = table({}, dealer=0, after="9H", stick_the_dealer=True, may_call_turned_suit=True, **RR)
    play(g, *["pass"] * 7)
    assert g.to_move == 0 and "pass" not in g.legal_actions()
    assert "call H" in g.legal_actions() and "call H alone" in g.legal_actions()


def test_railroad_turned_up_joker_the_dealer_names_trump_unseen_and_may_not_go_alone():
    """'A turned-up Joker: as in the four-handed game (the dealer names trump before looking
    and is the maker; he may not go alone).'"""
    g = table({0: "9S TS QS KS AS"}, dealer=0, after="JK", **RR)
    assert (g.phase, g.to_move) == ("joker", 0)
    assert g.legal_actions() == ["call C", "call D", "call H", "call S"]
    assert g.view(0).to_dict()["hand"] == []  # before looking
    g.apply("call S")
    assert g.view(None).maker == 0 and g.to_move == 0
    assert "discard JK" not in g.legal_actions() and len(g.legal_actions()) == 5
    g.apply("discard 9S")
    assert g.phase == "play" and "JK" in g.view(0).to_dict()["hand"]
    assert g.view(None).alone == () and g.to_move == 1


def lone_seat1():
    """Dealer 0; seat 1 orders 9H up alone with clubs; seat 2 holds the five best hearts."""
    return table({1: "9C TC QC KC AC", 2: "JH JD AH KH QH", 3: "TH 9D TD QD KD",
                  0: "9S TS QS KS AS"}, dealer=0, after="9H", **RR)


def test_calling_for_best_the_lone_player_discards_then_his_partner_gives():
    """'**Calling for best** (option `call_for_best`, default on). Once trump is fixed and
    the dealer has discarded (when he picked up), a player who goes alone first discards one
    card of his hand face down (`discard XX`), then his partner passes him one card of his
    own choice, face down (`give XX`): the partner's "best card". The partner then sits
    out.'"""
    g = lone_seat1()
    play(g, "order alone")
    assert (g.phase, g.to_move) == ("discard", 0)  # the dealer picks up first
    g.apply("discard 9S")
    assert g.to_move == 1
    assert g.legal_actions() == ["discard " + c for c in ("9C", "TC", "QC", "KC", "AC")]
    g.apply("discard 9C")
    assert g.to_move == 3
    assert g.legal_actions() == ["give " + c for c in ("9D", "TD", "QD", "KD", "TH")]
    with pytest.raises(IllegalAction):
        g.apply("give 9H")  # not his: the dealer took it
    g.apply("give TH")
    assert sorted(g.view(1).to_dict()["hand"]) == sorted(["TC", "QC", "KC", "AC", "TH"])
    assert g.view(None).out == (3,) and len(g.view(3).to_dict()["hand"]) == 4


def test_calling_for_best_the_dealer_may_give_the_upcard_under_his_partners_round1_call():
    """'If the lone player is the dealer's partner (the dealer sits out and does not pick
    up), the dealer may give the upcard instead of a card of his hand, when the bid was made
    in round 1.'"""
    g = table({2: "9C TC QC KC AC", 0: "9S TS QS KS AS"}, dealer=0, after="9H", **RR)
    play(g, "pass", "order alone")
    assert (g.phase, g.to_move) == ("exchange", 2)  # no pick-up: the dealer sits out
    play(g, "discard 9C")
    assert g.to_move == 0 and "give 9H" in g.legal_actions() and len(g.legal_actions()) == 6
    g.apply("give 9H")
    assert "9H" in g.view(2).to_dict()["hand"]
    assert g.view(None).to_dict()["upcard_taken"] is False
    assert len(g.view(0).to_dict()["hand"]) == 5  # he gave the upcard, not his own cards
    # In round 2 the upcard was turned down: he gives from his hand only.
    g = table({2: "9C TC QC KC AC", 0: "9S TS QS KS AS"}, dealer=0, after="9H", **RR)
    play(g, *["pass"] * 5, "call C alone", "discard 9C")
    assert g.to_move == 0 and "give 9H" not in g.legal_actions()
    assert len(g.legal_actions()) == 5


def test_the_dealer_alone_picks_up_then_discards_again_for_his_partners_best():
    """'Once trump is fixed and the dealer has discarded (when he picked up), a player who
    goes alone first discards one card of his hand face down'."""
    g = table({0: "9S TS QS KS AS"}, dealer=0, after="9H", game="railroad")
    play(g, "pass", "pass", "pass", "order alone")  # the dealer picks it up alone
    assert (g.phase, g.to_move) == ("discard", 0) and "discard 9H" in g.legal_actions()
    play(g, "discard 9S")
    assert (g.phase, g.to_move) == ("exchange", 0) and "discard 9H" in g.legal_actions()
    play(g, "discard TS")
    assert (g.phase, g.to_move) == ("give", 2)
    first(g)
    assert len(g.view(0).to_dict()["hand"]) == 5 and g.view(None).out == (2,)
    assert (g.phase, g.to_move) == ("defend", 1)


def test_defending_alone_lone_against_lone_with_exchanges_and_four_points():
    """'After the lone player's exchange, each defender in turn from the dealer's left may
    `defend alone` or `pass`; the first who defends alone discards one card face down
    (`discard XX`) and receives one card of his partner's choice (`give XX`), and his partner
    sits out.' and 'euchred: the defenders 2, or 4 if a defender played alone (also when the
    maker was alone).'"""
    g = lone_seat1()
    play(g, "order alone", "discard 9S", "discard 9C", "give TH")
    assert (g.phase, g.to_move, g.legal_actions()) == ("defend", 2, ["pass", "defend alone"])
    play(g, "defend alone")
    assert g.to_move == 2 and g.legal_actions()[0].startswith("discard ")
    play(g, "discard QH")
    assert g.to_move == 0 and "give AS" in g.legal_actions()
    play(g, "give AS")
    assert (g.phase, g.to_move) == ("play", 1)
    assert set(g.view(None).out) == {0, 3} and set(g.view(None).alone) == {1, 2}
    play_first(g)
    result = g.view(None).last_hand
    assert (result["tricks"][0]["seats"], result["points"]) == ([1, 2], [4, 0])
    assert g.score == (4, 0)


def test_defending_alone_the_second_defender_is_asked_when_the_first_passes():
    """'each defender in turn from the dealer's left may `defend alone` or `pass`'."""
    g = lone_seat1()
    play(g, "order alone", "discard 9S", "discard 9C", "give TH", "pass")
    assert (g.phase, g.to_move) == ("defend", 0)
    play(g, "pass")
    assert (g.phase, g.to_move, g.view(None).out) == ("play", 1, (3,))


def test_defending_alone_is_only_against_a_lone_maker():
    """'**Defending alone** (on in this game, and only against a lone maker).'"""
    g = lone_seat1()
    play(g, "order", "discard 9S")
    assert g.phase == "play" and g.to_move == 1


def test_without_call_for_best_the_defenders_are_asked_at_once_and_nobody_exchanges():
    """'(With `call_for_best` off, nobody exchanges: the defenders are asked right after
    trump is fixed and the dealer has discarded, as in the four-handed game.)'"""
    g = table({1: "9C TC QC KC AC", 2: "JH JD AH KH QH"}, dealer=0, after="9H",
              call_for_best=False, **RR)
    play(g, "order alone", "discard 9S")
    assert (g.phase, g.to_move) == ("defend", 2)
    play(g, "defend alone")
    assert (g.phase, g.to_move) == ("play", 1) and set(g.view(None).out) == {0, 3}
    assert len(g.view(2).to_dict()["hand"]) == 5


def test_railroad_the_first_lead_skips_a_seat_sitting_out():
    """'**Play**: the player to the dealer's left leads; if he sits out, the next active
    player to his left.'"""
    g = table({}, dealer=0, after="9H", call_for_best=False, **RR)
    play(g, "pass", "pass", "order alone")  # seat 3 alone: seat 1 sits out
    play(g, "discard " + g.view(0).to_dict()["hand"][0], "pass", "pass")
    assert (g.phase, g.to_move) == ("play", 2)


@pytest.mark.parametrize(("bid", "winner_hand", "points"), [
    ("order", "JH JD AH KH QH", [0, 2]),          # all 5 with partner: 2
    ("order alone", "JH JD AH KH QH", [0, 4]),    # all 5 alone: 4
    ("order", "JH JD 9C TC QC", None),            # 3 or 4: 1 (checked below)
])
def test_railroad_scoring(bid, winner_hand, points):
    """'**Scoring**: as the four-handed game with a lone defender: the makers take 3 or 4:
    1; all 5 with partner: 2; all 5 alone: 4; euchred: the defenders 2, or 4 if a defender
    played alone (also when the maker was alone). First side to 10 (option `target`).'"""
    g = table({1: winner_hand}, dealer=0, after="9H", call_for_best=False, **RR)
    play(g, bid, "discard " + g.view(0).to_dict()["hand"][0])
    if g.phase == "defend":
        play(g, "pass", "pass")
    play_first(g)
    last = g.view(None).last_hand
    makers = last["side_tricks"][1]
    expected = points or ([0, 1] if makers >= 3 else [2, 0])
    if points is None and makers == 5:
        expected = [0, 2]
    assert last["points"] == expected and list(g.score) == expected


def test_railroad_the_first_side_to_the_target_wins():
    """'First side to 10 (option `target`).'"""
    g = table({1: "JH JD AH KH QH"}, dealer=0, after="9H", call_for_best=False, target=2,
              **RR)
    play(g, "order", "discard " + g.view(0).to_dict()["hand"][0])
    play_first(g)
    assert g.is_over and g.winner == 1 and g.outcome.termination == Termination.TARGET


def test_railroad_nobody_sees_a_discard_or_a_gift_but_who_may():
    """'**Information**: nobody sees a discard but its maker, nor a given card but its giver
    and its receiver.'"""
    g = lone_seat1()
    play(g, "order alone", "discard 9S", "discard 9C", "give TH")
    for seat in (None, 0, 1, 2, 3):
        text = str(g.view(seat).to_dict())
        assert ("discard 9S" in text) == (seat == 0), seat
        assert ("discard 9C" in text) == (seat == 1), seat
        assert ("give TH" in text) == (seat in (1, 3)), seat
        assert "AD" not in text and "JC" not in text  # the kitty (AD JC JS JK) never


# --- Hasenpfeffer --------------------------------------------------------------------------

HP = {"game": "hasenpfeffer"}


def test_hasenpfeffer_deal_six_each_and_a_widow_nobody_sees():
    """'**Deal**: six cards each; the 25th card (the **widow**) lies face down and is not
    used: nobody sees it, during or after the hand. Stacked decks: positions 6k..6k+5 to the
    k-th player clockwise from the dealer's left (the dealer last), position 24 the
    widow.'"""
    rules = Rules(**HP)
    order = stacked(rules, {}, dealer=1, after="QS")
    g = Game(rules, first_dealer=1, decks=[order])
    for k in range(4):
        seat = (1 + 1 + k) % 4
        assert sorted(g.view(seat).to_dict()["hand"]) == sorted(order[6 * k:6 * k + 6])
    assert order[24] == "QS"
    views = []
    while g.hand_number == 0:
        views += [g.view(seat).to_dict() for seat in (None, 0, 1, 2, 3)]
        g.apply(g.legal_actions()[-1])
    views += [g.view(seat).to_dict()["last_hand"] for seat in (None, 0, 1, 2, 3)]
    assert not any("QS" in str(view) for view in views)


def test_hasenpfeffer_one_round_of_bids_each_higher():
    """'**Bidding**: one round. From the dealer's left each player in turn says `pass` or
    `bid N`, a number of tricks his side will take (1 to 6), higher than every bid before
    it. The highest bidder is the **maker**; his side are the makers.'"""
    g = Game(Rules(**HP), seed=1, first_dealer=3)
    assert g.to_move == 0
    assert g.legal_actions() == ["pass", *(f"bid {n}" for n in range(1, 7))]
    play(g, "bid 2")
    assert g.legal_actions() == ["pass", "bid 3", "bid 4", "bid 5", "bid 6"]
    with pytest.raises(IllegalAction):
        g.apply("bid 2")
    play(g, "bid 4", "pass")
    assert g.to_move == 3 and g.legal_actions() == ["pass", "bid 5", "bid 6"]
    play(g, "pass")
    assert (g.phase, g.to_move, g.view(None).maker, g.view(None).bid) == ("call", 1, 1,
                                                                          "bid 4")


def test_hasenpfeffer_after_a_bid_of_six_the_others_can_only_pass():
    """'each player in turn says `pass` or `bid N` ... higher than every bid before it'."""
    g = Game(Rules(**HP), seed=1, first_dealer=3)
    play(g, "bid 6")
    for _ in range(3):
        assert g.legal_actions() == ["pass"]
        g.apply("pass")
    assert g.phase == "call" and g.to_move == 0


def test_hasenpfeffer_all_pass_the_joker_must_bid_three_no_decision():
    """'**All four pass**: the player who holds the Joker must bid 3 (it is made for him: no
    decision)'."""
    g = table({3: "JK 9C TC QC KC AC"}, dealer=0, **HP)
    play(g, "pass", "pass", "pass", "pass")
    view = g.view(None)
    assert (g.phase, g.to_move, view.maker, view.bid) == ("call", 3, 3, "bid 3")
    assert [a for _, a in g.actions()] == ["pass"] * 4  # no action of his
    play(g, "call C")
    play_first(g)
    last = g.view(None).last_hand
    assert last["bid"] == "bid 3" and last["makers"] == [3, 1]


def test_hasenpfeffer_joker_in_the_widow_throws_the_hand_in():
    """'if the Joker is the widow, the hand is thrown in and the deal passes.'"""
    g = table({}, dealer=0, after="JK", **HP)
    play(g, "pass", "pass", "pass", "pass")
    assert (g.hand_number, g.dealer, g.score) == (1, 1, (0, 0))
    assert g.view(None).last_hand["ended"] == "thrown_in"


def test_hasenpfeffer_the_maker_names_any_suit_and_leads():
    """'**Trump**: the maker names it, any of the four suits (`call S`), then leads the
    first trick. Six tricks; the winner of a trick leads the next.'"""
    g = Game(Rules(**HP), seed=2, first_dealer=0)
    play(g, "pass", "bid 3", "pass", "pass")
    assert g.legal_actions() == ["call C", "call D", "call H", "call S"]
    play(g, "call D")
    assert (g.phase, g.to_move, g.view(None).trump) == ("play", 2, "D")
    play_first(g)
    assert len(g.view(None).last_hand["tricks"]) == 6


def test_hasenpfeffer_card_order_joker_bowers_then_the_rest():
    """'The Joker is always the highest trump; then the right bower, the left bower, A K Q
    10 9 of trump. Following suit and bowers as in `RULES.md` (the Joker and the left bower
    belong to the trump suit).'"""
    g = table({1: "AS KS QS TS 9S 9C", 2: "JC JK 9D TD QD KD", 3: "JS AD TC QC KC AC"},
              dealer=0, **HP)
    play(g, "bid 1", "pass", "pass", "pass", "call S", "AS")
    assert g.legal_actions() == ["JC", "JK"]  # the left bower and the Joker are spades
    play(g, "JC", "JS")
    first(g)
    assert g.view(None).tricks[0]["winner"] == 3  # the right bower over the left
    play(g, "TC")
    first(g)
    play(g, "9C", "JK")  # no club (the JC is a spade): the Joker trumps
    assert g.view(None).tricks[1]["winner"] == 2


@pytest.mark.parametrize(("hand", "bid", "expected"), [("JK JS JC AS KS QS", 1, "made"),
                                                     ("9C TC QC 9D TD QD", 6, "set")])
def test_hasenpfeffer_scoring(hand, bid, expected):
    """'**Scoring** (the project's choice among the sources): the makers take at least their
    bid: they score one point for each trick they took; fewer: they lose points equal to the
    bid (a score may go below zero). The defenders score nothing.'"""
    g = table({1: hand}, dealer=0, **HP)
    play(g, f"bid {bid}", "pass", "pass", "pass", "call S")
    play_first(g)
    last = g.view(None).last_hand
    taken = last["side_tricks"][1]
    assert last["ended"] == expected
    assert g.score == ((0, taken) if expected == "made" else (0, -bid))


def test_hasenpfeffer_first_side_to_the_target_at_the_end_of_a_hand():
    """'The first side to reach 10 (option `target`) at the end of a hand wins.'"""
    g = table({1: "JK JS JC AS KS QS"}, dealer=0, target=3, **HP)
    play(g, "bid 3", "pass", "pass", "pass", "call S")
    play_first(g)
    assert g.is_over and g.winner == 1 and g.score[1] >= 3


# --- Napoleon ------------------------------------------------------------------------------

NAP = {"game": "napoleon"}


@pytest.mark.parametrize(("players", "deck", "size"), [(3, None, 24), (4, None, 28),
                                                       (5, None, 32), (3, 52, 52),
                                                       (5, 52, 52)])
def test_napoleon_deck_stripped_to_the_players_and_the_deal(players, deck, size):
    """'**Deck**: a pack stripped to the players: 3 players 24 cards (9 to A), 4 players 28
    (8 to A), 5 players 32 (7 to A) (option `deck=52`: the whole pack).' and '**Deal**: five
    cards each; the rest is not used and nobody sees it. Stacked decks: positions 5k..5k+4 to
    the k-th player clockwise from the dealer's left.'"""
    options = {"players": players, **({"deck": deck} if deck else {})}
    rules = Rules(**NAP, **options)
    assert rules.deck == size
    order = stacked(rules, {}, dealer=0)
    assert sorted(order) == sorted(deck_tokens(size))
    g = Game(rules, first_dealer=0, decks=[order])
    for k in range(players):
        assert sorted(g.view((1 + k) % players).to_dict()["hand"]) == \
            sorted(order[5 * k:5 * k + 5])
    unused = order[5 * players:]
    for seat in (None, *range(players)):
        text = str(g.view(seat).to_dict())
        assert not any(f"'{card}'" in text for card in unused)


def test_napoleon_no_bowers_no_joker_tokens_as_elsewhere():
    """'Ranks A K Q J 10 9 8 7 ... 2 in each suit; no bowers, no Joker. Tokens as elsewhere
    (`8C`, `2D`, `TS`).'"""
    g = table({1: "AH 2C 3C 4C 5C", 2: "JD 2D 3D 4D 5D"}, dealer=0, players=3, deck=52,
              **NAP)
    play(g, "bid 2", "pass", "pass", "AH")  # hearts trump
    assert "JD" in g.legal_actions()  # no hearts: any card; the JD is no bower
    with pytest.raises(IllegalAction):
        g.apply("JK")


def test_napoleon_bidding_ladder_wellington_only_over_nap_blucher_only_over_wellington():
    """'from the dealer's left each player in turn says `pass` or bids higher than every bid
    before his, in this order, lowest first: `bid 2`, `bid 3`, `bid misere` (to take no
    trick), `bid 4`, `bid nap` (all five), `bid wellington` (all five, stakes doubled: only
    over a `nap` already bid), `bid blucher` (all five, stakes doubled again: only over a
    `wellington`).'"""
    g = Game(Rules(**NAP, players=5), seed=3, first_dealer=0)
    assert g.legal_actions() == ["pass", "bid 2", "bid 3", "bid misere", "bid 4", "bid nap"]
    play(g, "bid 3")
    assert g.legal_actions() == ["pass", "bid misere", "bid 4", "bid nap"]
    play(g, "bid misere")
    assert g.legal_actions() == ["pass", "bid 4", "bid nap"]
    play(g, "bid nap")
    assert g.legal_actions() == ["pass", "bid wellington"]
    play(g, "bid wellington")
    assert g.legal_actions() == ["pass", "bid blucher"]
    play(g, "bid blucher")
    assert (g.phase, g.to_move, g.view(None).bid) == ("play", 0, "bid blucher")


def test_napoleon_all_pass_throws_the_hand_in():
    """'If all pass, the hand is thrown in (the project's choice) and the deal passes.'"""
    g = Game(Rules(**NAP, players=3), seed=3, first_dealer=2)
    play(g, "pass", "pass", "pass")
    assert (g.hand_number, g.dealer, g.score) == (1, 0, (0, 0, 0))


def test_napoleon_the_bidder_leads_and_his_first_card_fixes_trump():
    """'**Play**: the bidder leads; the suit of the first card he leads is trump for the hand
    (at misère there is no trump). Players must follow suit if they can, else play any card.
    A trick is won by the highest trump in it, else by the highest card of the suit led; the
    winner leads the next.'"""
    g = table({1: "9C AD KD QD JD", 2: "AC TH 9H 8H 8D", 3: "KC AH KH QH JH"}, dealer=0,
              **NAP)
    play(g, "pass", "bid 3", "pass", "pass")
    assert (g.phase, g.to_move, g.view(None).trump) == ("play", 2, None)
    play(g, "8D")
    assert g.view(None).trump == "D"
    first(g, 2)  # seat 3: no diamonds: any card; seat 0
    play(g, "AD")  # seat 1 wins with the trump ace
    assert g.view(None).tricks[0]["winner"] == 1 and g.to_move == 1


def test_napoleon_misere_has_no_trump_and_ends_at_the_bidders_first_trick():
    """'at misère there is no trump' and 'at misère, as soon as he takes a trick, or after
    five tricks without one.'"""
    g = table({1: "AC 8D 9D TD JD", 2: "8C 9C TC JC QC"}, dealer=0, players=4, **NAP)
    play(g, "bid misere", "pass", "pass", "pass", "AC")
    assert g.view(None).trump is None
    first(g, 3)
    last = g.view(None).last_hand
    assert g.hand_number == 1 and last["ended"] == "set" and len(last["tricks"]) == 1
    assert g.score == (3, -9, 3, 3)


def test_napoleon_the_hand_ends_as_soon_as_its_result_is_decided():
    """'**The hand ends as soon as its result is decided** (the project's choice, as people
    play): the bidder has taken the tricks he bid (two: 2, three: 3, four: 4, nap,
    wellington, blücher: 5), or the others have taken enough that he cannot'."""
    g = table({1: "AS KS QS JS 9C"}, dealer=0, players=3, **NAP)
    play(g, "bid 2", "pass", "pass", "AS")
    first(g, 2)
    play(g, "KS")
    first(g, 2)
    last = g.view(None).last_hand
    assert g.hand_number == 1 and len(last["tricks"]) == 2 and last["ended"] == "made"
    assert g.score == (-2, 4, -2)
    g = table({1: "9C 9D 9H TD TH", 2: "AS KS QS JS TS"}, dealer=0, players=3, **NAP)
    play(g, "bid 2", "pass", "pass", "9C")  # clubs trump; seat 2 holds no club
    play_first(g)
    last = g.view(None).last_hand
    assert last["ended"] == "set" and len(last["tricks"]) == 4 and last["tricks_won"][1] <= 1


@pytest.mark.parametrize(("bid", "value"), [("bid 2", 2), ("bid 3", 3), ("bid misere", 3),
                                            ("bid 4", 4), ("bid nap", 10)])
def test_napoleon_stakes_paid_by_each_other_player(bid, value):
    """'**Scoring** in points, paid between players (Parlett's stakes): two 2, three 3,
    misère 3, four 4, nap 10, wellington 20, blücher 40. If the bidder succeeds, each other
    player pays him that value (he gains it once per opponent); if he fails, he pays it to
    each other player.'"""
    g = Game(Rules(**NAP, players=4, target=1000), seed=11, first_dealer=0)
    play(g, bid, "pass", "pass", "pass")
    play_first(g)
    last = g.view(None).last_hand
    sign = 1 if last["ended"] == "made" else -1
    assert list(g.score) == [-sign * value, 3 * sign * value, -sign * value, -sign * value]


def test_napoleon_wellington_and_blucher_stakes():
    """'wellington 20, blücher 40'"""
    for bids, value in ((("bid nap", "bid wellington"), 20),
                        (("bid nap", "bid wellington", "bid blucher"), 40)):
        g = Game(Rules(**NAP, players=4, target=1000), seed=12, first_dealer=0)
        play(g, *bids, *["pass"] * (4 - len(bids)))
        bidder = g.to_move
        play_first(g)
        assert abs(g.score[bidder]) == 3 * value


def test_napoleon_two_players_at_the_target_play_on_until_one_alone_is_highest():
    """'**Winning**: the match ends after the first hand at whose end one player alone has
    the highest score and that score is at least the target (option `target`, default
    30).'"""
    assert Rules(**NAP).target == 30
    g = table({0: "9C 9D 9H 9S TD", 1: "AS KS QS JS TS", 2: "AC KC QC JC TC"}, dealer=0,
              players=3, target=2, **NAP)
    play(g, "pass", "pass", "bid 2", "9S")
    play_first(g)
    assert g.score == (-4, 2, 2)  # two players at the target, level: play on
    assert not g.is_over and g.winner is None and g.hand_number == 1


# --- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [RR, HP, {**NAP, "players": 3}])
def test_bad_tokens_are_one_line_errors_that_change_nothing(options):
    """'Bad input (an illegal token, an option a game does not have, a wrong stacked deck)
    is a one-line error naming what was wrong, and changes nothing.' (issue 47)"""
    g = Game(Rules(**options), seed=4, first_dealer=0)
    before = g.record()
    for token in ("bid 9", "give", "fly", 7, "call X", "AS AS", "discard ZZ"):
        with pytest.raises(IllegalAction) as refused:
            g.apply(token)
        assert "\n" not in str(refused.value)
    assert g.record() == before


@pytest.mark.parametrize(("deck", "message"), [
    (["JK"] * 25, "stacked deck 0 holds JK twice"),
    ("AS KS", "stacked deck 0 must be a list of card tokens, not str"),
    ([*deck_tokens(24), "2C"], "stacked deck 0: 2C is not in the 25-card deck"),
    ([*deck_tokens(24), "ZZ"], "stacked deck 0: unknown card 'ZZ'"),
])
def test_wrong_stacked_decks_are_refused(deck, message):
    with pytest.raises(ValueError) as refused:
        Game(Rules(**HP), decks=[deck])
    assert str(refused.value).startswith(message) and "\n" not in str(refused.value)


def test_tokens_as_people_type_them():
    """'Tokens: `give XX`, `bid N`, `bid 2`, `bid 3`, `bid misere`, `bid 4`, `bid nap`,
    `bid wellington`, `bid blucher`' (case and spaces forgiven, as elsewhere)."""
    g = Game(Rules(**NAP, players=3), seed=3, first_dealer=0)
    play(g, "Bid  Misère", "BID NAP")
    assert g.view(None).bids == ((1, "bid misere"), (2, "bid nap"))
