"""The partner positions of issue 52: one four-handed position for each complaint people
make about a computer partner and each convention the levels' page lists
(docs/research.md), built from a stacked deck through the public ``Game`` API, with the
choice a partner expects (``keep``) or the choice that must not be made (``avoid``).

Shared by the tests (``test_partner_positions``) and the bench that measures what keeping
them costs (``bench/partner_positions.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from euchre import Game, Rules
from euchre.cards import card_token, deck_cards
from euchre.view import View


@dataclass(frozen=True)
class Position:
    """A position: seat 3 deals; ``hands`` are seats 0, 1, 2, 3 (the dealer's left
    first); ``actions`` are played from the deal; ``score`` is the match's score by side
    before the hand. The player to move must choose one of ``keep`` (when given) and none
    of ``avoid``."""

    name: str
    complaint: str
    hands: tuple[str, str, str, str]
    upcard: str
    actions: tuple[str, ...] = ()
    keep: frozenset[str] = frozenset()
    avoid: frozenset[str] = frozenset()
    score: tuple[int, int] = (0, 0)
    rules: dict = field(default_factory=dict)

    def game(self) -> Game:
        """The game at the position (the match starts at ``score``)."""
        head = [t for hand in self.hands for t in hand.split()] + [self.upcard]
        rest = [card_token(c) for c in deck_cards(24) if card_token(c) not in head]
        start = Game(Rules(players=4, **self.rules), seed=1, first_dealer=3,
                     decks=[head + rest])
        data = start.record()
        data["start"] = {"hand_number": 0, "score": list(self.score), "last_hand": None}
        data["score"] = list(self.score)
        game = Game.from_record(data)
        for token in self.actions:
            game.apply(token)
        return game

    def view(self) -> View:
        """The view of the player to move."""
        game = self.game()
        return game.view(game.to_move)

    def kept(self, choice: str) -> bool:
        """Whether ``choice`` is what a partner expects here."""
        return (not self.keep or choice in self.keep) and choice not in self.avoid


POSITIONS = (
    Position(
        "alone too often", "going alone too often: alone only on a hand that takes every "
        "trick by itself",
        ("JH JD AH KC QS", "TC AC QC JC 9D", "9C TH AS KS 9S", "TD QD KD AD KH"), "9H",
        avoid=frozenset({"order alone"})),
    Position(
        "alone at 9", "going alone at 9 points when one point wins the game",
        ("JH JD AH KH AS", "TC KC QC JC 9D", "9C TH QS KS 9S", "TD QD KD AD AC"), "9H",
        keep=frozenset({"order"}), score=(9, 6)),
    Position(
        "alone at 8", "going alone at 8 points when two points (a march with the partner) "
        "win the game",
        ("JH JD AH KH AS", "TC KC QC JC 9D", "9C TH QS KS 9S", "TD QD KD AD AC"), "9H",
        keep=frozenset({"order"}), score=(8, 4)),
    Position(
        "left bower to the maker", "not leading the left bower to a partner who made trump",
        ("JD 9C TC QS 9S", "AC KC QC JC 9D", "JH AH KH AS KS", "TD QD KD AD TH"), "9H",
        ("pass", "pass", "order", "discard 9H"), keep=frozenset({"JD"})),
    Position(
        "low card against a lone hand", "leading an ace into a lone hand instead of a low "
        "card the partner can trump",
        ("AH TH AC KD QD", "JS JC AS QH 9H", "QS TS 9C TC KC", "AD TD 9D 9S KS"), "JD",
        ("pass", "pass", "pass", "pass", "pass", "call S alone", "AH", "9H", "9C"),
        keep=frozenset({"TH"})),
    Position(
        "the left bower kept guarded", "baring the left bower: throwing its small guard on "
        "a trick the partner has won while the right bower is out",
        ("JS AS KS 9H QD", "AH KD TC QC 9C", "TH QS TS KC AD", "JC 9S AC JD TD"), "9D",
        ("pass",) * 4 + ("call S", "9H", "AH", "TH"), avoid=frozenset({"9S", "JC"})),
    Position(
        "the thrown-off suit led back", "not leading back the suit the partner threw off",
        ("AH AD KC 9C TD", "9H JS AS KS QS", "QC TC AC KD QD", "TH QH KH JD TS"), "9D",
        ("pass",) * 5 + ("call S", "AH", "9H", "QC", "TH"), keep=frozenset({"KC", "9C"})),
    Position(
        "no trump into a stuck dealer", "leading trump into a partner stuck as dealer",
        ("9C TC QS 9S KH", "AC JH QD 9D AS", "KC QC JS TS AH", "JD AD KD TD JC"), "9H",
        ("pass",) * 7 + ("call D", "9C", "AC", "QC", "JC"),
        avoid=frozenset({"JH", "QD", "9D"}), rules={"stick_the_dealer": True}),
    Position(
        "a dealing partner ordered up only with support", "ordering a partner who deals up "
        "without two trumps of one's own",
        ("9C TC QS 9S KH", "JH AC AS AD KS", "KC QC JS TS AH", "JD KD TD JC QD"), "9H",
        ("pass",), avoid=frozenset({"order", "order alone"})),
    Position(
        "a partner's winning trick left alone", "trumping a trick the partner wins with the "
        "best card out",
        ("AD KC 9C AH TD", "KD JS AS KS QS", "QC TC AC 9S QH", "TH 9H KH JD TS"), "QD",
        ("pass",) * 5 + ("call S", "AD", "KD"), avoid=frozenset({"9S"})),
)
"""Every position, complaints first, then the conventions the rules of thumb keep."""
