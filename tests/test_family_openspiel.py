"""The four-handed game in lockstep with OpenSpiel's C++ ``euchre`` (criterion 2 of issue 38).

Each hand is dealt to both engines alike and every decision is taken once and made in both,
as RULES-family.md says how: OpenSpiel deals card ``i`` of its chance events to seat
``(dealer + i) mod 4`` (ours: positions ``5k .. 5k + 4`` to the k-th seat from the dealer's
left); it asks the maker "alone?" after the dealer's discard (ours: ``order alone`` /
``call S alone`` with the bid); its dealer picks up and discards even when his partner goes
alone (ours sits out: the driver makes that discard in OpenSpiel alone); it never lets the
dealer discard the upcard (the driver never chooses that discard); with
``allow_lone_defender`` it also asks the defenders against a maker with partner (a choice
ours does not have: the driver answers "partner"). At every decision both must agree on
whose turn it is and on the legal cards and bids; at the end, on the points. The mapping of
cards, deals and bids is ``euchre.envs.openspiel_family`` (the ISMCTS bench drives the same).

5,000 random hands for each of OpenSpiel's four option pairs (``stick_the_dealer``,
``allow_lone_defender``): about 20 s in all on this project's machine.
"""

from __future__ import annotations

import random

import pytest

from euchre import Game, Rules

pyspiel = pytest.importorskip("pyspiel")
from euchre.envs.openspiel_family import (  # noqa: E402  (after the skip: needs pyspiel)
    ALONE,
    PARTNER,
    E,
    our_bid,
    our_card,
    our_deck,
)

HANDS = 5_000


class Lockstep:
    """One hand in both engines; ``differences`` collects every disagreement."""

    def __init__(self, rng: random.Random, stick: bool, lone: bool) -> None:
        self.rng = rng
        self.os = pyspiel.load_game("euchre", {"stick_the_dealer": stick,
                                               "allow_lone_defender": lone}).new_initial_state()
        dealer = rng.randrange(4)
        deck = list(range(24))
        rng.shuffle(deck)
        self.os.apply_action(dealer)
        for card in deck[:21]:
            self.os.apply_action(card)
        order = our_deck(dealer, deck)
        self.upcard = our_card(deck[20])
        self.game = Game(Rules(players=4, stick_the_dealer=stick, defend_alone=lone),
                         first_dealer=dealer, decks=[order])
        self.alone = False
        self.maker_asked = False
        self.differences: list[str] = []

    def check(self, what: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            self.differences.append(f"{what}: ours {ours!r}, OpenSpiel {theirs!r} "
                                    f"({self.os.history()})")

    def play(self) -> None:
        while not self.os.is_terminal() and not self.differences:
            phase = self.os.current_phase()
            if phase == E.Phase.BIDDING:
                self.bid()
            elif phase == E.Phase.DISCARD:
                self.discard()
            elif phase == E.Phase.GO_ALONE:
                self.go_alone()
            else:
                self.card()
        if not self.differences:
            self.points()

    def turn(self) -> None:
        self.check("to move", self.game.to_move, self.os.current_player())

    def bid(self) -> None:
        self.turn()
        g = self.game
        upcard_suit = self.upcard[1] if g.phase == "bid1" else None
        theirs = set().union(*(our_bid(a, upcard_suit) for a in self.os.legal_actions()))
        self.check("legal bids", set(g.legal_actions()), theirs)
        legal = g.legal_actions()
        # pass three times in four, so that hands thrown in and round two come up often
        token = "pass" if "pass" in legal and self.rng.random() < 0.75 else self.rng.choice(legal)
        action = next(a for a in self.os.legal_actions() if token in our_bid(a, upcard_suit))
        self.alone = token.endswith("alone")
        g.apply(token)
        self.os.apply_action(action)

    def discard(self) -> None:
        g = self.game
        theirs = sorted(our_card(c) for c in self.os.legal_actions())
        card = self.rng.choice(theirs)
        if g.phase == "discard":  # ours: the upcard itself may go too; the driver keeps it
            self.turn()
            ours = sorted(t.split()[1] for t in g.legal_actions() if t != f"discard {self.upcard}")
            self.check("legal discards", ours, theirs)
            g.apply(f"discard {card}")
        else:  # our dealer sits out: his partner went alone
            self.check("the dealer sits out", self.os.current_player(), (g.maker + 2) % 4)
        self.os.apply_action(next(c for c in self.os.legal_actions() if our_card(c) == card))

    def go_alone(self) -> None:
        g = self.game
        if not self.maker_asked:  # OpenSpiel asks the maker after the discard
            self.maker_asked = True
            self.check("the maker is asked", self.os.current_player(), g.maker)
            self.os.apply_action(ALONE if self.alone else PARTNER)
            return
        if not self.alone:  # a lone defender against a maker with partner: not in our rules
            self.check("no defend phase", g.phase, "play")
            self.os.apply_action(PARTNER)
            return
        self.turn()
        self.check("defend phase", (g.phase, sorted(g.legal_actions())),
                   ("defend", ["defend alone", "pass"]))
        token = self.rng.choice(g.legal_actions())
        g.apply(token)
        self.os.apply_action(ALONE if token == "defend alone" else PARTNER)

    def card(self) -> None:
        self.turn()
        g = self.game
        theirs = {our_card(c): c for c in self.os.legal_actions()}
        self.check("legal cards", sorted(g.legal_actions()), sorted(theirs))
        token = self.rng.choice(g.legal_actions())
        g.apply(token)
        self.os.apply_action(theirs[token])

    def points(self) -> None:
        g = self.game
        self.check("hand over", g.hand_number, 1)
        points = g.view(None).last_hand["points"]
        returns = self.os.returns()
        theirs = [max(0, int(returns[side])) for side in (0, 1)]
        self.check("points", points, theirs)


@pytest.mark.parametrize(("stick", "lone"), [(False, False), (True, False), (False, True),
                                             (True, True)])
def test_four_handed_agrees_with_openspiel_hand_after_hand(stick, lone):
    """RULES-family.md: "OpenSpiel's `euchre` plays one hand of exactly this game with
    `stick_the_dealer` ... and its `allow_lone_defender` as `defend_alone` ... With those,
    the hands, the legal cards and the points must agree."""
    rng = random.Random(38_000 + 2 * stick + lone)
    seen = {"alone": 0, "defended alone": 0, "dealer sat out": 0, "thrown in": 0}
    for _ in range(HANDS):
        hand = Lockstep(rng, stick, lone)
        hand.play()
        assert not hand.differences, hand.differences[0]
        last = hand.game.view(None).last_hand
        seen["thrown in"] += last["thrown_in"]
        seen["alone"] += last["maker"] in last["alone"] if not last["thrown_in"] else 0
        seen["defended alone"] += len(last["alone"]) == 2
        seen["dealer sat out"] += last["dealer"] in last["out"]
    # the lockstep went through every kind of hand it maps
    assert seen["alone"] > 500 and seen["dealer sat out"] > 50
    assert (seen["thrown in"] > 50) == (not stick)
    assert (seen["defended alone"] > 50) == lone
