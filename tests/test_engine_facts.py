"""Issue 47, criterion 1: "following suit, the trick's winner" are the core's, said once.
``euchre.cards.follow_masks`` and ``euchre.cards.beats`` state them; the Euchre int paths'
tables (``FOLLOW_MASK``, ``SECOND_WINS``) and every game's card order (``CardOrder``) on
the rule-module core are made from them, so the two engines cannot disagree."""

from __future__ import annotations

from euchre import cards as pack
from euchre.engine import cards as whole
from euchre.engine.core import legal, new_table
from euchre.engine.games import MODULES


def test_the_euchre_order_and_the_int_paths_tables_say_the_same():
    deck = [*whole.stripped_deck(32), whole.JOKER]
    in_pack = {card: pack.parse_card(whole.card_token(card)) for card in deck}
    for trump in range(4):
        for led in deck:
            follow = whole.EUCHRE_ORDER.follow[trump][led]
            assert {c for c in deck if follow >> c & 1} == \
                {c for c in deck if pack.FOLLOW_MASK[trump][in_pack[led]] >> in_pack[c] & 1}
            for card in deck:
                if card != led:
                    assert whole.EUCHRE_ORDER.beats(trump, led, card) == bool(
                        pack.SECOND_WINS[trump][in_pack[led] * pack.N_CARDS + in_pack[card]])


def test_the_core_makes_a_player_follow_suit_when_he_can():
    """RULES.md: 'Follow suit if you can; otherwise play any card.'"""
    from euchre import Rules
    from euchre.engine.core import Setup, step

    t = new_table(Setup(Rules(game="napoleon", players=4), 3, 0), MODULES["napoleon"])
    while t.phase != "play":
        step(t, legal(t)[-1])
    step(t, legal(t)[0])
    led = t.trick[0]
    hand = t.hands[t.to_move]
    same = [c for c in whole.cards_of(hand) if whole.suit_of(c) == whole.suit_of(led)]
    assert legal(t) == (tuple(same) or whole.cards_of(hand))
    assert pack.playable(0b1100, 0b0110) == 0b0100 and pack.playable(0b1100, 0b0011) == 0b1100
