"""The double-dummy solver against a brute-force minimax written here from the rules.

The reference below knows nothing of the solver's renumbering, move ordering, equivalent-card
pruning or transposition table: it is plain recursion over the legal plays, with following
suit from ``FOLLOW_MASK`` and the trick's winner from ``trick_winner`` (the engine's own
tables, which tests/test_rules.py checks against RULES.md). The solver must agree with it on
random endgames of 1 to 5 tricks for every deck and trump, with its table cold and warm.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre.agents import solver
from euchre.cards import (
    FOLLOW_MASK,
    JACK,
    JOKER,
    SECOND_WINS,
    cards_of,
    deck_cards,
    parse_card,
    same_colour,
    trick_winner,
)

DECKS = (24, 32, 25)


def mask(tokens: str) -> int:
    return sum(1 << parse_card(t) for t in tokens.split())


# --- the reference ------------------------------------------------------------------------


def answers(led: int, follow: int, trump: int) -> int:
    """RULES: "Each player must follow the suit led if he can (bowers count as trump);
    otherwise he may play any card"."""
    return follow & FOLLOW_MASK[trump][led] or follow


@cache
def brute(lead: int, follow: int, trump: int) -> int:
    """Tricks the player to lead takes from here with best play by both (plain minimax)."""
    if not lead:
        return 0
    rest = lead.bit_count() - 1
    best = 0
    for led in cards_of(lead):
        worst = rest + 1
        for answer in cards_of(answers(led, follow, trump)):
            worst = min(worst, after_lead(led, lead & ~(1 << led), follow, trump, answer))
        best = max(best, worst)
    return best


def after_lead(led: int, lead_rest: int, follow: int, trump: int, answer: int) -> int:
    """The leader's tricks from the trick in progress on: the winner leads the next."""
    follow_rest = follow & ~(1 << answer)
    rest = lead_rest.bit_count()
    if trick_winner(0, led, answer, trump) == 0:
        return 1 + brute(lead_rest, follow_rest, trump)
    return rest - brute(follow_rest, lead_rest, trump)


def test_reference_on_hand_worked_positions():
    """The reference itself, on positions worked out by hand (so a wrong reference cannot
    agree with a wrong solver)."""
    hearts, clubs = 2, 0
    # JK led: the follower must answer with his 9H (a trump), not throw the QS and keep the
    # 9H to ruff the KS: the leader wins both. Had he the choice, the leader would win one.
    assert brute(mask("JK KS"), mask("9H QS"), hearts) == 2
    # Either lead loses one trick to the AC: the JK draws the 9H, then AC beats 9C.
    assert brute(mask("JK 9C"), mask("9H AC"), hearts) == 1
    # The left bower (JD with hearts trump) is a trump: leading it draws the 9H.
    assert brute(mask("JD QS"), mask("9H KS"), hearts) == 1
    # The left bower is not a diamond: a diamond lead lets the follower throw it... and win.
    assert brute(mask("AD"), mask("JD"), hearts) == 0
    # JS is the left bower under clubs: it beats the ace of clubs.
    assert brute(mask("AC"), mask("JS"), clubs) == 0
    # A lone off-suit ace led against a void follower who holds only a low off card.
    assert brute(mask("AS"), mask("9D"), hearts) == 1
    # The second card of a trick led in a side suit wins only by following higher or trumping.
    assert SECOND_WINS[hearts][parse_card("KS") * 33 + parse_card("AS")] == 1
    assert SECOND_WINS[hearts][parse_card("KS") * 33 + parse_card("AD")] == 0


# --- random endgames -----------------------------------------------------------------------


def trump_specials(trump: int, size: int) -> list[int]:
    """The Joker (25-card deck) and both bowers of ``trump``."""
    out = [trump * 8 + JACK, same_colour(trump) * 8 + JACK]
    return [*out, JOKER] if size == 25 else out


def endgame(rng: random.Random, size: int, trump: int, n: int) -> tuple[int, int]:
    """Two hands of ``n`` cards from the deck; half the time the Joker and the bowers are
    forced in (they are the cards a renumbering gets wrong)."""
    cards = list(deck_cards(size))
    rng.shuffle(cards)
    if rng.random() < 0.5:
        specials = trump_specials(trump, size)
        cards = specials + [c for c in cards if c not in specials]
    picked = cards[: 2 * n]
    rng.shuffle(picked)
    return sum(1 << c for c in picked[:n]), sum(1 << c for c in picked[n:])


def cases(seed: int, count: int):
    rng = random.Random(seed)
    for i in range(count):
        size = DECKS[i % 3]
        trump = (i // 3) % 4
        n = 1 + (i // 12) % 5
        yield (size, trump, n, *endgame(rng, size, trump, n))


@pytest.mark.parametrize("size", DECKS)
def test_specials_appear_in_the_cases(size):
    """The case generator does reach positions holding the Joker and both bowers together."""
    seen = 0
    for case_size, trump, _, lead, follow in cases(11, 1200):
        both = lead | follow
        if case_size == size and all(both >> c & 1 for c in trump_specials(trump, size)):
            seen += 1
    assert seen >= 20


SOLVER = solver.Solver()


def test_a_solvers_table_is_its_own_and_bounded():
    """Two solvers share nothing, and a table never holds more than its limit."""
    small, other = solver.Solver(limit=50), solver.Solver(limit=50)
    for _size, trump, _n, lead, follow in cases(6, 300):
        assert small.tricks(lead, follow, trump) == brute(lead, follow, trump)
        assert small.size <= 50
    assert other.size == 0 and small.nodes > 0
    with pytest.raises(ValueError, match="limit"):
        solver.Solver(limit=0)


def test_tricks_agrees_with_brute_force_cold_table():
    for size, trump, n, lead, follow in cases(1, 3000):
        SOLVER.clear()
        got = SOLVER.tricks(lead, follow, trump)
        assert got == brute(lead, follow, trump), (size, trump, n, cards_of(lead),
                                                   cards_of(follow))


def test_tricks_agrees_with_brute_force_warm_table():
    """Without clearing: entries from earlier positions (other trumps, other decks) are
    reused, as they are when the expert solves many deals in a row."""
    SOLVER.clear()
    for _ in range(2):  # the second pass finds every position already in the table
        for size, trump, n, lead, follow in cases(2, 3000):
            got = SOLVER.tricks(lead, follow, trump)
            assert got == brute(lead, follow, trump), (size, trump, n, cards_of(lead),
                                                       cards_of(follow))


def test_tricks_does_not_depend_on_the_order_of_searches():
    positions = list(cases(3, 600))
    SOLVER.clear()
    forward = [SOLVER.tricks(lead, follow, trump) for _, trump, _, lead, follow in positions]
    SOLVER.clear()
    backward = [SOLVER.tricks(lead, follow, trump)
                for _, trump, _, lead, follow in reversed(positions)]
    assert forward == backward[::-1]


@pytest.mark.parametrize("warm", [False, True])
def test_tricks_after_lead_agrees_with_brute_force(warm):
    SOLVER.clear()
    checked = 0
    for size, trump, n, lead, follow in cases(4 + warm, 700):
        for led in cards_of(lead):
            for answer in cards_of(answers(led, follow, trump)):
                if not warm:
                    SOLVER.clear()
                got = SOLVER.tricks_after_lead(led, lead & ~(1 << led), follow, trump, answer)
                want = after_lead(led, lead & ~(1 << led), follow, trump, answer)
                assert got == want, (size, trump, n, led, answer, cards_of(lead),
                                     cards_of(follow))
                checked += 1
    assert checked > 2000


def test_tricks_of_empty_hands_is_zero():
    assert SOLVER.tricks(0, 0, 0) == 0 and solver.tricks(0, 0, 0) == 0


def test_solver_numbering_round_trips():
    for trump in range(4):
        bits = solver.SOLVER_BIT[trump]
        assert len(set(bits)) == len(bits)
        for card in range(33):
            assert solver.card_of_bit(bits[card], trump) == card
        assert solver.to_solver(mask("JK"), trump) == 1  # the Joker is the best card of all


# --- hypothesis -----------------------------------------------------------------------------


@st.composite
def endgames(draw):
    size = draw(st.sampled_from(DECKS))
    trump = draw(st.integers(0, 3))
    n = draw(st.integers(1, 5))
    specials = trump_specials(trump, size)
    forced = draw(st.lists(st.sampled_from(specials), unique=True, max_size=min(len(specials),
                                                                               2 * n)))
    others = [c for c in deck_cards(size) if c not in forced]
    rest = draw(st.permutations(others))
    picked = draw(st.permutations([*forced, *rest[: 2 * n - len(forced)]]))
    lead = sum(1 << c for c in picked[:n])
    follow = sum(1 << c for c in picked[n:])
    return size, trump, lead, follow


@settings(max_examples=400, deadline=None)
@given(endgames(), st.booleans())
def test_solver_property(case, cold):
    _size, trump, lead, follow = case
    if cold:
        SOLVER.clear()
    assert SOLVER.tricks(lead, follow, trump) == brute(lead, follow, trump)
    led = cards_of(lead)[0]
    for answer in cards_of(answers(led, follow, trump)):
        assert SOLVER.tricks_after_lead(led, lead & ~(1 << led), follow, trump, answer) == (
            after_lead(led, lead & ~(1 << led), follow, trump, answer))
