"""Property tests: invariants that hold after every action of random matches, under every
combination of the options of RULES.md.

Hypothesis draws the seed, the target (1..5, so that matches stay short), the first dealer, a
stacked first deck (sometimes with the Joker turned up) and the random policy. After every
action the test checks, against oracles written here independently of the engine:

* cards are conserved: the two hands, the cards played, the upcard (or the dealer's discard)
  and the stock are the deck, no card in two places, and they agree with the record's deal;
* the legal actions are exactly those RULES.md allows;
* a hand has five tricks, each won by the card RULES.md says, and points change only by the
  scoring table; the match ends the moment a player reaches the target;
* no view holds a hidden card (the other hand, the stock, the other player's discard; the
  dealer's own hand while he names the Joker's suit);
* a refused action (an illegal token, garbage, a non-string) raises ``IllegalAction`` and
  changes nothing;
* a record round-trips through JSON (also mid-hand) and the transcript renders.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from support import OPTION_IDS, OPTIONS, RANKS, SAME_COLOUR, SUITS, deck_tokens, eff_suit, is_card

from euchre import Game, IllegalAction, Rules, View, state
from euchre.cards import card_token

# --- oracles, independent of the engine -----------------------------------------------------

CARD_RE = re.compile(r"(?<![0-9A-Za-z])(?:[789TJQKA][CDHS]|JK|10[CDHS])(?![0-9A-Za-z])")

ALL_ACTIONS = (["pass", "order"] + [f"call {s}" for s in SUITS]
               + [r + s for s in SUITS for r in RANKS] + ["JK"]
               + [f"discard {r + s}" for s in SUITS for r in RANKS] + ["discard JK"])


def power(card: str, trump: str) -> int:
    """Joker, right bower, left bower, then A K Q 10 9 (8 7) of trump; outside trump A..7."""
    if card == "JK":
        return 100
    if card[0] == "J" and card[1] == trump:
        return 99
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return 98
    return RANKS.index(card[0]) + (50 if card[1] == trump else 0)


def trick_winner(leader: int, led: str, answer: str, trump: str) -> int:
    """RULES: the highest trump wins; if no trump, the higher card of the suit led."""
    s_led, s_ans = eff_suit(led, trump), eff_suit(answer, trump)
    if s_ans == s_led:
        return 1 - leader if power(answer, trump) > power(led, trump) else leader
    return 1 - leader if s_ans == trump else leader


def points_for(maker: int, maker_tricks: int) -> tuple[int, int]:
    """RULES scoring: 1 for 3-4 tricks, 2 for a march, 2 to the defender on a euchre."""
    if maker_tricks == 5:
        return (2, 0) if maker == 0 else (0, 2)
    if maker_tricks >= 3:
        return (1, 0) if maker == 0 else (0, 1)
    return (0, 2) if maker == 0 else (2, 0)


def expected_legal(g: Game, hand_record: dict) -> set[str]:
    """The legal tokens RULES.md gives the player to move."""
    rules = g.rules
    phase = g.phase
    up = hand_record["deck"][10]
    dealer = hand_record["dealer"]
    player = g.to_move
    if phase == "over":
        return set()
    if phase == "bid1":
        return {"pass", "order"}
    if phase == "joker":
        return {f"call {s}" for s in SUITS}
    if phase == "discard":
        if up == "JK":  # RULES: he takes the Joker and discards one card; he may not leave it
            return {f"discard {c}" for c in g.hand(dealer)}
        discards = {f"discard {c}" for c in [*g.hand(dealer), up]}
        may_leave = g.maker != dealer and up != "JK" and not rules.dealer_must_pick_up
        return discards | {"pass"} if may_leave else discards
    if phase == "bid2":
        calls = {f"call {s}" for s in SUITS
                 if rules.may_call_turned_suit or s != up[1]}
        if rules.stick_the_dealer and player == dealer:
            return calls
        return calls | {"pass"}
    assert phase == "play", phase
    hand = g.hand(player)
    trick = g.view(player).trick
    if trick:
        follow = {c for c in hand if eff_suit(c, g.trump) == eff_suit(trick[0], g.trump)}
        if follow:
            return follow
    return set(hand)


def hand_parts(hand_record: dict) -> tuple[dict[int, set[str]], str | None]:
    """Cards played by each player in a recorded hand, and the dealer's discard."""
    played: dict[int, set[str]] = {0: set(), 1: set()}
    discard = None
    for player, token in hand_record["actions"]:
        if is_card(token):
            assert token not in played[0] | played[1], token
            played[player].add(token)
        elif token.startswith("discard "):
            assert discard is None
            discard = token.split()[1]
    return played, discard


def bits_tokens(mask: int) -> set[str]:
    return {card_token(c) for c in state.bits(mask)}


def check_conservation(g: Game, rec: dict) -> None:
    """hand 0 + hand 1 + played + (upcard or discard) + stock = the deck, each card once, and
    every part agrees with the record's deal and actions."""
    deck = deck_tokens(g.rules.deck)
    cur = rec["hands"][-1]
    order = cur["deck"]
    assert sorted(order) == sorted(deck)
    dealer = cur["dealer"]
    nondealer = 1 - dealer
    up, stock = order[10], set(order[11:])
    played, discard = hand_parts(cur)
    hands = {p: set(g.hand(p)) for p in (0, 1)}
    assert all(len(g.hand(p)) == len(hands[p]) for p in (0, 1))
    parts = [hands[0], hands[1], played[0] | played[1], {discard or up}, stock]
    assert sum(len(part) for part in parts) == len(deck)
    assert set().union(*parts) == set(deck)
    # each hand is what was dealt, minus what was played (the dealer: plus or minus the upcard)
    assert hands[nondealer] | played[nondealer] == set(order[0:5])
    assert not hands[nondealer] & played[nondealer]
    dealt = set(order[5:10])
    if discard is not None:
        dealt = (dealt | {up}) - {discard}
    assert hands[dealer] | played[dealer] == dealt
    assert not hands[dealer] & played[dealer]
    # sizes: the non-dealer always holds five minus his plays
    assert len(hands[nondealer]) == 5 - len(played[nondealer])
    assert len(hands[dealer]) == 5 - len(played[dealer])
    # the core state says the same
    s = g._s
    assert bits_tokens(s[state.PLAYED]) == played[0] | played[1]
    assert card_token(s[state.UPCARD]) == up
    assert bool(s[state.TAKEN]) == (discard is not None) == g.view(0).upcard_taken
    assert (card_token(s[state.DISCARDED]) if s[state.DISCARDED] >= 0 else None) == discard
    assert bits_tokens(s[state.HAND0]) == hands[0]
    assert bits_tokens(s[state.HAND1]) == hands[1]


def visible_cards(g: Game, rec: dict, player: int) -> tuple[set[str], set[str]]:
    """(cards ``player`` may see now, cards hidden from him) in the current hand."""
    cur = rec["hands"][-1]
    order = cur["deck"]
    dealer = cur["dealer"]
    up = order[10]
    played, discard = hand_parts(cur)
    public = played[0] | played[1] | {up}
    own = set(g.hand(player))
    hidden = set(g.hand(1 - player)) | set(order[11:])
    if discard is not None:
        (own if player == dealer else hidden).add(discard)
    if g.phase == "joker" and player == dealer:  # he names trump before looking
        hidden |= own
        own = set()
    hidden -= public
    return own | public, hidden


def public_hand(rec: dict, trump: str | None) -> tuple[tuple, list, tuple]:
    """What RULES.md makes public in the current hand, from the record: the bids (pass,
    order and call; not the dealer's leaving the upcard), completed tricks as (leader,
    cards, winner) and the cards of the trick in progress."""
    actions = rec["hands"][-1]["actions"]
    bids = []
    plays = []
    for i, (player, token) in enumerate(actions):
        if is_card(token):
            plays.append((player, token))
        elif token == "pass" and i and actions[i - 1][1] == "order":
            continue  # the dealer leaves the upcard: shown as upcard_taken, not a bid
        elif token in ("pass", "order") or token.startswith("call "):
            bids.append((player, token))
    tricks = []
    for (leader, led), (_, answer) in zip(plays[0::2], plays[1::2], strict=False):
        tricks.append((leader, (led, answer), trick_winner(leader, led, answer, trump)))
    in_progress = tuple(card for _, card in plays[2 * len(tricks):])
    return tuple(bids), tricks, in_progress


def check_views(g: Game, rec: dict) -> None:
    bids, tricks, in_progress = public_hand(rec, g.trump)
    _, discard = hand_parts(rec["hands"][-1])
    for p in (0, 1):
        view = g.view(p)
        data = view.to_dict()
        text = json.dumps(data)
        data.pop("last_hand")  # the hand before: checked where it ends (play_match)
        shown = set(CARD_RE.findall(json.dumps(data)))
        visible, hidden = visible_cards(g, rec, p)
        assert not shown & hidden, (p, shown & hidden, text)
        assert shown <= visible, (p, shown - visible)
        assert not any(t.startswith("10") for t in shown)  # output is canonical
        assert View.from_dict(json.loads(text)) == view
        if g.phase == "joker" and p == g.dealer:
            assert view.hand == ()
        else:
            assert sorted(view.hand) == sorted(g.hand(p))
        assert view.discard == (discard if p == g.dealer else None)  # his own discard only
        assert view.score == g.score
        assert view.bids == bids
        assert [(t.leader, t.cards, t.winner) for t in view.tricks] == tricks
        assert view.trick == in_progress
        assert view.upcard == rec["hands"][-1]["deck"][10]
        assert view.hand_number == g.hand_number and view.dealer == g.dealer
        assert view.to_move == g.to_move
        assert view.legal == (tuple(g.legal_actions()) if g.to_move == p else ())


def check_roundtrip(g: Game) -> None:
    rec = g.record()
    back = Game.from_record(json.loads(json.dumps(rec)))
    assert back == g
    assert back.record() == rec
    assert back.legal_actions() == g.legal_actions()
    for p in (0, 1):
        assert back.view(p) == g.view(p)
        assert back.hand(p) == g.hand(p)
    text = g.transcript()
    lines = text.splitlines()
    assert lines[0].startswith("Two-handed Euchre")
    assert sum(line.startswith("Hand ") for line in lines) == len(rec["hands"])
    if g.is_over:  # the winner's score first
        assert lines[-1] == (f"P{g.winner} wins the match {g.score[g.winner]}-"
                             f"{g.score[1 - g.winner]}.")
    else:
        assert lines[-1] == f"Match in progress: P0 {g.score[0]}, P1 {g.score[1]}."
        assert "(hand in progress)" in text


def check_refusals(g: Game, rec: dict, policy, garbage: list) -> Game:
    """Illegal tokens, garbage and non-strings raise IllegalAction and change nothing.
    Returns the game to continue with (a garbage string the engine reads as a legal action
    is checked to be one, and then taken back by continuing from a copy)."""
    legal = set(g.legal_actions())
    illegal = [a for a in ALL_ACTIONS if a not in legal]
    tries = policy.sample(illegal, 2)
    tries += [policy.choice([t.lower(), t.upper(), t.replace("T", "10")]) for t in tries]
    tries.append(policy.choice(garbage) if garbage else "")
    tries.append(policy.choice([None, 3, 66, b"pass", ["pass"], ("order",), 1.5]))
    views = [g.view(p) for p in (0, 1)]
    for token in tries:
        before = g.copy()
        assert before == g
        undo = g._s[state.UNDO]
        try:
            g.apply(token)
        except IllegalAction as err:
            assert str(err)
            assert g == before
            assert g._s[state.UNDO] is undo  # nothing for pop() to take back
            assert g.record() == rec
            assert [g.view(p) for p in (0, 1)] == views
            assert set(g.legal_actions()) == legal
            continue
        # accepted: only a spelling of a legal action may be
        event("a garbage token was a legal action")
        assert isinstance(token, str) and token not in illegal, token
        matches = []
        for tok in legal:
            other = before.copy()
            other.apply(tok)
            if other == g:
                matches.append(tok)
        assert matches, f"{token!r} was accepted but is none of {sorted(legal)}"
        g = before
    return g


# --- the match loop -------------------------------------------------------------------------


def play_match(rules: Rules, seed: int, first_dealer, joker_up: bool, policy,
               garbage: list, pass_bias: float = 0.0) -> Game:
    """Play a match with a random policy (that passes with probability ``pass_bias`` when it
    may, so that hands are thrown in), checking every invariant after every action."""
    decks = None
    if rules.deck == 25 and joker_up:
        order = deck_tokens(25)
        policy.shuffle(order)
        order.remove("JK")
        order.insert(10, "JK")
        decks = [order]
    g = Game(rules, seed=seed, first_dealer=first_dealer, decks=decks)
    if first_dealer is not None:
        assert g.dealer == first_dealer
    won = [0, 0]
    hand_no = g.hand_number
    steps = 0
    while True:
        rec = g.record()
        assert rec["hands"][-1]["number"] == g.hand_number
        assert g.dealer == rec["first_dealer"] ^ (g.hand_number & 1)
        check_conservation(g, rec)
        assert set(g.legal_actions()) == expected_legal(g, rec["hands"][-1])
        assert len(g.legal_actions()) == len(set(g.legal_actions()))
        assert g.view(0).tricks_won == tuple(won)
        check_views(g, rec)
        g = check_refusals(g, rec, policy, garbage)
        if policy.random() < 0.08 or g.is_over:
            check_roundtrip(g)
        if g.is_over:
            break
        steps += 1
        assert steps < 1000
        # one action by the random policy
        player = g.to_move
        before_score, before_phase, before_dealer = g.score, g.phase, g.dealer
        trump, maker = g.trump, g.maker
        trick = g.view(player).trick
        leader = g.view(player).leader
        legal = g.legal_actions()
        token = "pass" if "pass" in legal and policy.random() < pass_bias else policy.choice(legal)
        if before_phase in ("joker", "discard"):
            event(f"{before_phase}: {token.split()[0]}")
        g.apply(policy.choice([token, token.lower(), token.upper(), token.replace("T", "10")]))
        if before_phase == "play" and trick:
            winner = trick_winner(leader, trick[0], token, trump)
            won[winner] += 1
            if sum(won) < 5:
                assert g.to_move == winner == g.view(0).leader
        hand_ended = g.is_over or g.hand_number != hand_no
        if not hand_ended:
            assert g.score == before_score
            if before_phase in ("bid1", "discard", "bid2") and g.phase == "play":
                assert g.to_move == 1 - g.dealer  # the non-dealer leads the first trick
            continue
        last = g.view(0).last_hand
        dealer_of_it = last["dealer"]
        assert g.view(1 - dealer_of_it).last_hand["discard"] is None  # his own discard only
        assert last == {**g.view(1).last_hand, "discard": last["discard"]}
        delta = (g.score[0] - before_score[0], g.score[1] - before_score[1])
        event(f"hand: {'played' if before_phase == 'play' else 'thrown in'}")
        if before_phase == "play":
            assert sum(won) == 5  # exactly five tricks
            assert last["thrown_in"] is False
            assert last["maker"] == maker and last["trump"] == trump
            assert last["tricks_won"] == won
            assert delta == points_for(maker, won[maker]) == tuple(last["points"])
        else:  # both passed twice: thrown in, no points
            assert before_phase == "bid2" and player == before_dealer and token == "pass"
            assert not g.is_over
            assert not rules.stick_the_dealer
            assert last["thrown_in"] is True
            assert delta == (0, 0)
        reached = [p for p in (0, 1) if g.score[p] >= rules.target]
        if reached:  # the match ends the moment someone reaches the target
            assert g.is_over and g.winner == reached[0] and len(reached) == 1
            assert g.to_move is None and g.legal_actions() == [] and g.phase == "over"
            assert g.view(0).legal == g.view(1).legal == ()
        else:
            assert not g.is_over and g.winner is None
            assert g.hand_number == hand_no + 1
            assert g.dealer == 1 - before_dealer  # the deal passes, also after a throw-in
            assert g.phase in ("bid1", "joker")
            assert g.to_move == (g.dealer if g.phase == "joker" else 1 - g.dealer)
        if not g.is_over:  # once over, the view still shows the last hand's tricks
            won = [0, 0]
        hand_no = g.hand_number
    return g


def check_finished_record(g: Game) -> None:
    """Every hand of the record: thrown in with four passes, or five tricks scored by the
    table; the points add up to the score and the match ended at the first hand that
    reached the target."""
    rec = g.record()
    rules = g.rules
    score = [0, 0]
    for i, hand in enumerate(rec["hands"]):
        assert hand["number"] == i
        assert hand["dealer"] == rec["first_dealer"] ^ (i & 1)
        assert max(score) < rules.target  # nothing was dealt after the match was won
        result = hand["result"]
        plays = [(p, t) for p, t in hand["actions"] if is_card(t)]
        if result["thrown_in"]:
            assert not plays
            assert [t for _, t in hand["actions"]] == ["pass"] * 4
            continue
        assert len(plays) == 10
        trump, maker = result["trump"], result["maker"]
        won = [0, 0]
        for (leader, led), (follower, answer) in zip(plays[0::2], plays[1::2], strict=True):
            assert follower == 1 - leader
            winner = trick_winner(leader, led, answer, trump)
            won[winner] += 1
        assert result["tricks_won"] == won
        points = points_for(maker, won[maker])
        assert result["points"] == list(points)
        score = [score[0] + points[0], score[1] + points[1]]
    assert score == rec["score"] == list(g.score)
    assert max(score) >= rules.target
    assert rec["winner"] == g.winner == score.index(max(score))


@pytest.mark.parametrize(("deck", "must", "turned", "stick"), OPTIONS, ids=OPTION_IDS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    target=st.integers(1, 5),
    seed=st.integers(0, 2**64 - 1),
    first_dealer=st.sampled_from([None, 0, 1]),
    joker_up=st.booleans(),
    policy_seed=st.integers(0, 2**32 - 1),
    pass_bias=st.sampled_from([0.0, 0.5, 0.8]),
    garbage=st.lists(st.one_of(
        st.text(max_size=12),
        st.sampled_from(["", " ", "discard", "call", "call X", "call spades hearts", "play AS",
                         "orderr", "10", "1OS", "discard JK JK", "AS AS", "JC JC", "pass\0",
                         "JK", "0S", "11H", "call JK", "discard call", "K", "1"]),
    ), max_size=4),
)
def test_random_match_invariants(deck, must, turned, stick, target, seed, first_dealer,
                                 joker_up, policy_seed, pass_bias, garbage):
    # the policy is a seeded Random (drawn by hypothesis): st.randoms() would overrun
    # hypothesis's buffer on matches of a few hundred actions
    policy = random.Random(policy_seed)
    rules = Rules(deck=deck, target=target, dealer_must_pick_up=must,
                  may_call_turned_suit=turned, stick_the_dealer=stick)
    g = play_match(rules, seed, first_dealer, joker_up, policy, garbage, pass_bias)
    check_finished_record(g)


# --- the oracles themselves must be able to fail -----------------------------------------------


def test_conservation_check_catches_a_duplicated_card():
    g = Game(Rules(), seed=11)
    rec = g.record()
    check_conservation(g, rec)
    s = g._s
    stolen = s[state.HAND0 + g.dealer] & -s[state.HAND0 + g.dealer]
    s[state.HAND0 + 1 - g.dealer] |= stolen  # one card in both hands
    with pytest.raises(AssertionError):
        check_conservation(g, rec)


def test_view_check_catches_a_leaked_card(monkeypatch):
    g = Game(Rules(), seed=11)
    rec = g.record()
    check_views(g, rec)
    secret = rec["hands"][-1]["deck"][15]  # a card of the stock
    original = View.to_dict

    def leaky(self):
        data = original(self)
        data["bids"] = [[0, f"call {secret}"]]
        return data

    monkeypatch.setattr(View, "to_dict", leaky)
    with pytest.raises(AssertionError):
        check_views(g, rec)


def test_trick_oracle_knows_the_bowers_and_the_joker():
    assert trick_winner(0, "AH", "JD", "H") == 1  # the left bower is trump
    assert trick_winner(0, "JD", "AD", "H") == 0  # led left bower is trump, AD does not follow
    assert trick_winner(0, "JH", "JK", "C") == 1  # the Joker beats everything
    assert trick_winner(1, "9C", "AS", "D") == 1  # off-suit does not win
    assert trick_winner(1, "KS", "AS", "D") == 0
    assert points_for(1, 2) == (2, 0) and points_for(0, 5) == (2, 0)
