"""A finished match reviewed decision by decision: what each choice cost, valued by the expert.

Why a pure function over a record: the terminal (``euchre review``), the server's background
job and the tests all review the same thing, a record as ``Game.record()`` writes it, and
must get the same review from the same record, player, deals and seed. Nothing here prints,
reads a file or keeps state between calls. The server calls ``review_record(record, player,
deals, seed, progress=callback)`` on a worker and stores ``Review.to_dict()``, which is
exactly the ``euchre review --json`` object (see the package docstring).

**Every game of the family.** A record of a four-handed or cutthroat match (``Rules(players=
3|4)``) is reviewed the same way for any seat, each decision valued by the family's expert
(``agents.family.expert``: going alone, defending alone and ordering up a partner who deals
valued like any other bid), with a quarter of the deals (``deals_valued``: each of its deals
is an open-hand solve of three or four hands).

**Only what he knew.** Each decision is valued from the ``View`` the player had at that
moment (the expert's ``analyse`` reads nothing else: it draws the cards it cannot see).
The cards he could not see appear only in the separate, labelled hindsight of each hand.

**Repeatable.** Each decision is valued by its own expert, seeded from the review's seed
and the decision's place in the record (hand and action), so a decision's values do not
depend on which decisions were valued before it, and a review can be cut short, split or
resumed without changing a number.

>>> from euchre import Game, Rules, agents
>>> game = Game(Rules(target=2), seed=4)
>>> bot = agents.load("heuristic", seed=1)
>>> while not game.is_over:
...     game.apply(bot.act(game.view(game.to_move)))
>>> review = review_record(game.record(), player=0, deals=8)
>>> review.decisions[0].hand, review.decisions[0].loss >= 0
(1, True)
>>> sorted(review.to_dict()) == sorted(["player", "players", "deals", "bid_deals", "seed",
...     "threshold", "finished", "score", "decisions", "hands", "summary"])
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import table_words
from ..agents.expert import ExpertAgent
from ..agents.rule_games import is_rule_game, search_player
from ..agents.solver import Solver
from ..cards import parse_card, parse_suit
from ..engine.games.euchre import state
from ..engine.messages import _
from ..game import Game
from ..hands import maker_tricks, trick_seats
from ..record import opening
from ..scoring import outcome, side_of
from ..view import View
from ..words import card_text, choice_words, ordered_choices, suit_text

THRESHOLD = 0.2
"""A choice that lost more than this many points (against the expert's best) is a mistake:
flagged in a review, and noted at the table when the coach is on. Below it, the difference
is within what the expert's own sampling may change from one seed to another."""
DEFAULT_DEALS = 192
"""Deals per card decision in a review (twice as many for a bid or a discard): twice the
expert's own, for steadier values; a whole match to 10 stays well inside 15 s on two cores
(``bench/review_speed.py`` measures it)."""
FAMILY_SHARE = 4
"""A table of three or four values a decision with ``deals // FAMILY_SHARE`` deals a card
(twice as many a bid): a deal there costs about four times a two-handed one (measured on a
four-handed match: 192 deals a card took 0.27 s, a bid at 384 about 2.5 s; with a quarter a
seat's review of a four-handed match to 10 took 14-20 s, of a cutthroat one 5-7 s, at load
average 6, and the table's hint for a bid stays under a second)."""
MAX_DEALS = 5000
"""The most ``deals`` a review takes (its bids use twice as many: the expert's limit)."""
STAGES = {"bid1": "bidding", "bid2": "bidding", "joker": "bidding", "defend": "bidding",
          "discard": "discard", "play": "play",
          "bid": "bidding", "call": "bidding", "exchange": "discard", "give": "discard"}
"""A view's phase -> the stage a review totals it under: bidding, pick-up and discard, play."""
STAGE_ORDER = ("bidding", "discard", "play")

Progress = Callable[[int, int], None]
"""``progress(done, total)``: called with (0, total) before the first decision is valued and
after each one."""


def judge(values: dict[str, float], chosen: str) -> tuple[str, float]:
    """The best option and the loss of ``chosen`` (best minus chosen, never negative): the
    one rule the review and the table's coach note share. A tie with the best is no loss.

    >>> judge({"pass": -0.4, "order": 0.3}, "pass")
    ('order', 0.7)
    >>> judge({"AS": 0.5, "KS": 0.5}, "KS")
    ('KS', 0.0)
    """
    top = max(values.values())
    best = chosen if values[chosen] >= top else max(values, key=values.__getitem__)
    return best, round(max(0.0, top - values[chosen]), 6)


@dataclass(frozen=True)
class Decision:
    """One real choice (more than one legal option) of the reviewed player."""

    hand: int
    """The hand, numbered from 1 as in the transcript."""
    index: int
    """The action's place in the record hand's ``actions`` (from 0): where it happened."""
    player: int
    phase: str
    """The view's phase: ``bid1``, ``bid2``, ``joker``, ``discard``, ``defend`` (may I
    defend alone?) or ``play``."""
    situation: str
    """The moment in words: "round 1, upcard K♣", "trick 2, answering 9♠"."""
    cards: tuple[str, ...]
    """The player's hand as his view showed it."""
    score: tuple[int, ...]
    chosen: str
    best: str
    values: dict[str, float]
    """Every legal token with its estimated value in points this hand (match equity near the
    target)."""
    words: dict[str, str]
    """Every legal token as the table words it (``euchre.words.choice_words``)."""
    loss: float
    flagged: bool

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON (the ``decisions`` items of ``Review.to_dict``)."""
        return {"hand": self.hand, "index": self.index, "player": self.player,
                "phase": self.phase, "stage": STAGES[self.phase],
                "situation": self.situation, "cards": list(self.cards),
                "score": list(self.score), "chosen": self.chosen, "best": self.best,
                "values": dict(self.values), "words": dict(self.words), "loss": self.loss,
                "flagged": self.flagged}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Decision:
        """A decision back from its JSON (``to_dict``): the server stores reviews so."""
        return cls(d["hand"], d["index"], d["player"], d["phase"], d["situation"],
                   tuple(d["cards"]), tuple(d["score"]), d["chosen"], d["best"],
                   dict(d["values"]), dict(d["words"]), d["loss"], d["flagged"])


@dataclass(frozen=True)
class HandReview:
    """One hand: its result as the engine scored it, the reviewed player's loss in it and
    the hindsight (double-dummy) line."""

    hand: int
    dealer: int
    outcome: str | None
    """``made``, ``march``, ``euchred``, ``thrown_in``; None while the hand is in progress."""
    maker: int | None
    trump: str | None
    points: tuple[int, ...]
    """By side (two in the two- and four-handed games, three in cutthroat)."""
    tricks_won: tuple[int, ...]
    """By seat: its length is the number of players."""
    loss: float
    hindsight: dict[str, Any] | None
    """With every card seen: ``maker``, ``perfect`` (the maker's tricks with perfect play by
    both from the first lead), ``perfect_outcome`` and ``played`` (his tricks in the play
    that happened; at four, the maker's side's); None for a hand thrown in or not finished."""
    alone: tuple[int, ...] = ()
    """The seats that went or defended alone (four-handed)."""

    @property
    def players(self) -> int:
        return len(self.tricks_won)

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON (the ``hands`` items of ``Review.to_dict``)."""
        return {"hand": self.hand, "dealer": self.dealer, "outcome": self.outcome,
                "maker": self.maker, "trump": self.trump, "points": list(self.points),
                "tricks_won": list(self.tricks_won), "loss": self.loss,
                "hindsight": None if self.hindsight is None else dict(self.hindsight),
                "alone": list(self.alone)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandReview:
        """A hand back from its JSON (``to_dict``)."""
        return cls(d["hand"], d["dealer"], d["outcome"], d["maker"], d["trump"],
                   tuple(d["points"]), tuple(d["tricks_won"]), d["loss"],
                   None if d["hindsight"] is None else dict(d["hindsight"]),
                   tuple(d.get("alone", ())))


@dataclass(frozen=True)
class Review:
    """A match reviewed for one player; ``to_dict()`` is exactly ``euchre review --json``."""

    player: int
    deals: int
    seed: int
    threshold: float
    finished: bool
    score: tuple[int, ...]
    """By side, as the engine scores it."""
    decisions: tuple[Decision, ...]
    hands: tuple[HandReview, ...]
    players: int = 2
    """The match's game: 2, 3 (cutthroat) or 4 (partners); ``score`` is by side."""

    @property
    def total_loss(self) -> float:
        """Points lost over every decision reviewed."""
        return round(sum(d.loss for d in self.decisions), 6)

    def mistakes(self) -> list[int]:
        """Indices into ``decisions`` of the flagged ones, largest loss first (the earlier
        first among equal losses)."""
        flagged = [i for i, d in enumerate(self.decisions) if d.flagged]
        return sorted(flagged, key=lambda i: -self.decisions[i].loss)

    def by_stage(self) -> dict[str, float]:
        """Points lost in bidding, in the pick-up and discard, and in play."""
        totals = dict.fromkeys(STAGE_ORDER, 0.0)
        for d in self.decisions:
            totals[STAGES[d.phase]] += d.loss
        return {k: round(v, 6) for k, v in totals.items()}

    def summary(self) -> dict[str, Any]:
        """The ``summary`` object: totals and the mistakes, by index into ``decisions``."""
        return {"decisions": len(self.decisions), "total_loss": self.total_loss,
                "mistakes": self.mistakes(), "by_phase": self.by_stage(),
                "by_hand": [{"hand": h.hand, "loss": h.loss} for h in self.hands]}

    def to_dict(self) -> dict[str, Any]:
        """The review as one JSON object: ``decisions``, ``hands``, ``summary`` and the
        settings that reproduce it (README: "Reviewing a match")."""
        return {"player": self.player, "players": self.players, "deals": self.deals,
                "bid_deals": 2 * self.deals, "seed": self.seed, "threshold": self.threshold,
                "finished": self.finished, "score": list(self.score),
                "decisions": [d.to_dict() for d in self.decisions],
                "hands": [h.to_dict() for h in self.hands], "summary": self.summary()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Review:
        """The review back from ``to_dict()``'s object (the summary is worked out again from
        the decisions); ``ValueError`` in one line if it is not one.

        >>> review = Review(0, 8, 0, THRESHOLD, True, (2, 1), (), ())
        >>> Review.from_dict(review.to_dict()) == review
        True
        """
        try:
            return cls(d["player"], d["deals"], d["seed"], d["threshold"], d["finished"],
                       tuple(d["score"]), tuple(Decision.from_dict(x) for x in d["decisions"]),
                       tuple(HandReview.from_dict(h) for h in d["hands"]),
                       d.get("players", 2))  # (reviews stored before the family: two)
        except (KeyError, TypeError, IndexError) as err:
            raise ValueError(f"not a stored review: {type(err).__name__} {err}") from None


# --- the review -----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Moment:
    """A decision found while replaying, before it is valued."""

    record_hand: int
    index: int
    view: View
    chosen: str


def review_record(record: Any, player: int, deals: int = DEFAULT_DEALS, seed: int | None = None,
                  progress: Progress | None = None, threshold: float = THRESHOLD) -> Review:
    """Review ``player``'s decisions in a match record (``Game.record()``'s JSON object).

    ``deals``: the expert's deals per card decision (twice as many for a bid or a discard);
    ``seed``: seeds every decision's expert (the same record, player, deals and seed give the
    same review); None, the match's own (``coach_seed``), which the table's hints and coach
    notes use too, so the three give one value to one decision. ``progress(done, total)``
    after each decision valued. A corrupt or tampered record, a player not at the table
    (0 or 1; 0 to 2 or 0 to 3 at three or four), or a bad setting is a one-line
    ``ValueError``.
    """
    if seed is None:  # (a record without a seed is refused below, by Game.from_record)
        fixed = record.get("seed") if isinstance(record, dict) else None
        seed = coach_seed(fixed) if type(fixed) is int and fixed >= 0 else 0
    _check_settings(player, deals, seed, threshold)
    final = Game.from_record(record)  # refuses a corrupt or tampered record, in one line
    players = final.rules.players
    if player >= players:
        raise ValueError(f"player must be {seats(players)} in a game of {players}, "
                         f"not {player!r}")
    moments, hands = _replay(record, player, final)
    total = len(moments)
    if progress:
        progress(0, total)
    decisions = []
    for done, moment in enumerate(moments, 1):
        decisions.append(_value(moment, player, deals, seed, threshold))
        if progress:
            progress(done, total)
    losses: dict[int, float] = {}
    for d in decisions:
        losses[d.hand] = losses.get(d.hand, 0.0) + d.loss
    hands = [_with_loss(h, round(losses.get(h.hand, 0.0), 6)) for h in hands]
    return Review(player, deals, seed, threshold, final.is_over, final.score,
                  tuple(decisions), tuple(hands), players)


def seats(players: int) -> str:
    """The seats of a game in words: "0 or 1", "0, 1 or 2", "0, 1, 2 or 3"."""
    return ", ".join(str(seat) for seat in range(players - 1)) + f" or {players - 1}"


def _check_settings(player: Any, deals: Any, seed: Any, threshold: Any) -> None:
    if type(player) is not int or not 0 <= player <= 3:
        raise ValueError(f"player must be a seat from 0 to 3, not {player!r}")
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be a whole number from 1 to {MAX_DEALS}, not {deals!r}")
    if type(seed) is not int or not 0 <= seed < state.SEED_LIMIT:
        raise ValueError(f"seed must be a whole number from 0 to {state.SEED_LIMIT - 1}, "
                         f"not {seed!r}")
    if type(threshold) not in (int, float) or not 0 <= threshold <= 10:
        raise ValueError(f"threshold must be a number of points from 0 to 10, not "
                         f"{threshold!r}")


def _replay(record: dict[str, Any], player: int,
            final: Game) -> tuple[list[_Moment], list[HandReview]]:
    """Walk the record's actions through a game from its start: each real choice of
    ``player`` with the view he had, and each hand as the engine scored it."""
    game = _start_of(record)
    moments: list[_Moment] = []
    hands: list[HandReview] = []
    solver = Solver(limit=1 << 16)
    for i, hand in enumerate(record["hands"]):
        number = game.hand_number
        for j, (who, token) in enumerate(hand["actions"]):
            view = game.view(who)
            if who == player and len(view.legal) > 1:
                moments.append(_Moment(i, j, view, token))
            game.apply(token)
        if game.hand_number != number or game.is_over:
            last_hand = game.view(player).last_hand
            assert last_hand is not None, "a hand just ended: the view tells its story"
            hands.append(_hand_review(number + 1, last_hand, solver))
        else:
            hands.append(HandReview(number + 1, game.dealer, None, None, None,
                                    (0,) * game.rules.sides, game.view(None).tricks_won, 0.0,
                                    None))
    if game != final:
        raise ValueError("the record does not replay to the match it records")
    return moments, hands


def _start_of(record: dict[str, Any]) -> Game:
    """The game at the record's first deal: the record's own setup with no action taken
    (``Game.from_record`` checks only the results a record states, and this one states
    none)."""
    return Game.from_record(opening(record))


def _hand_review(number: int, last: dict[str, Any], solver: Solver) -> HandReview:
    """A finished hand from the engine's account of it (``View.last_hand``)."""
    ended = last["outcome"] if "outcome" in last else last["ended"]  # (a TableView's)
    thrown_in = ended == "thrown_in"
    return HandReview(number, last["dealer"], ended, last["maker"], last["trump"],
                      tuple(last["points"]), tuple(last["tricks_won"]), 0.0,
                      None if thrown_in else hindsight(last, solver),
                      tuple(last.get("alone", ())))


def hindsight(last: dict[str, Any], solver: Solver | None = None) -> dict[str, Any] | None:
    """The double-dummy line of a finished hand (``View.last_hand``): what the maker would
    have taken with perfect play by both from the first lead, with every card seen, and what
    the play got. Each player's five cards at the first lead are the cards he played (the
    dealer's after his pick-up and discard); the non-dealer leads the first trick. None if
    the hand was thrown in. At a table of three or four, ``family_hindsight``."""
    if last.get("outcome") in (None, "thrown_in") or len(last["tricks"]) != 5:
        return None  # (and the games on the core, whose hands say "ended": no line yet)
    if len(last["tricks_won"]) != 2:
        return family_hindsight(last)
    held = [0, 0]
    for trick in last["tricks"]:
        leader = trick["leader"]
        led, answer = (parse_card(c) for c in trick["cards"])
        held[leader] |= 1 << led
        held[1 - leader] |= 1 << answer
    dealer, maker = last["dealer"], last["maker"]
    trump = parse_suit(last["trump"])
    leader_tricks = (solver or Solver(limit=1 << 16)).tricks(held[1 - dealer], held[dealer],
                                                             trump)
    perfect = leader_tricks if maker == 1 - dealer else 5 - leader_tricks
    return {"maker": maker, "perfect": perfect, "perfect_outcome": outcome(perfect),
            "played": last["tricks_won"][maker]}


def family_hindsight(last: dict[str, Any]) -> dict[str, Any]:
    """``hindsight`` at a table of three or four: the makers' tricks (the maker's, and his
    partner's when he plays) with perfect play by every seat from the first lead, each seat
    holding the cards it played, the seats sitting out left out (the family's open-hand
    solver, ``agents.family.solver``)."""
    from ..agents.family.solver import worker_table_solver

    players = len(last["tricks_won"])
    out = tuple(last.get("out", ()))
    held = [0] * players
    for trick in last["tricks"]:
        for seat, card in zip(trick_seats(trick["leader"], len(trick["cards"]), players, out),
                              trick["cards"], strict=True):
            held[seat] |= 1 << parse_card(card)
    maker = last["maker"]
    active = sum(1 << seat for seat in range(players) if seat not in out)
    team = {seat for seat in range(players) if side_of(players, seat) == side_of(players, maker)}
    makers = sum(1 << seat for seat in team) & active
    perfect = worker_table_solver().tricks(held, parse_suit(last["trump"]), makers,
                                           last["tricks"][0]["leader"], active)
    return {"maker": maker, "perfect": perfect, "perfect_outcome": outcome(perfect),
            "played": maker_tricks(last["tricks_won"], maker, players)}


def _with_loss(hand: HandReview, loss: float) -> HandReview:
    return HandReview(hand.hand, hand.dealer, hand.outcome, hand.maker, hand.trump,
                      hand.points, hand.tricks_won, loss, hand.hindsight, hand.alone)


def coach_seed(game_seed: int) -> int:
    """The seed a match's decisions are valued with, by default, from the match's own seed:
    its review, and at the table its hints and coach notes.

    >>> coach_seed(7) == coach_seed(7) != coach_seed(8)
    True
    """
    return state.mix64((game_seed ^ 0x636F616368) & state.M64)  # "coach"


def decision_place(game: Game) -> tuple[int, int]:
    """Where the decision to be made now sits in the match's record: the hand (from 0) and
    the action's place in it, as a review of the finished match will find it."""
    hands = game.record()["hands"]
    return len(hands) - 1, len(hands[-1]["actions"])


def decision_values(view: View, seed: int, place: tuple[int, int],
                    deals: int = DEFAULT_DEALS) -> dict[str, float]:
    """The expert's estimate of every legal choice of ``view``, in points this hand: the one
    valuation a review, a hint and a coach note all make of a decision (its own expert,
    seeded from ``seed`` and the decision's ``place``, with ``deals`` deals a card and twice
    as many a bid or discard; at a table of three or four the family's expert with
    ``deals_valued``'s share of them, every legal token valued, the lone bids too)."""
    own = decision_seed(seed, *place)
    if is_rule_game(view):  # Railroad, Hasenpfeffer, Napoleon: their own expert
        cards, bids = deals_valued(view.rules.players, deals)
        return search_player(own, infer=True, deals=cards, bid_deals=bids).analyse(view)
    if view.rules.players != 2:
        from ..agents.family.expert import FamilyExpert

        cards, bids = deals_valued(view.rules.players, deals)
        return FamilyExpert(seed=own, deals=cards, bid_deals=bids).analyse(view)
    expert = ExpertAgent(seed=own, deals=deals, bid_deals=2 * deals)
    return expert.analyse(view)


def deals_valued(players: int, deals: int) -> tuple[int, int]:
    """The deals a decision is valued with, a card and a bid (or discard), when a review
    or a hint asks for ``deals``: at a table of three or four a share (``FAMILY_SHARE``).

    >>> deals_valued(2, 192), deals_valued(4, 192), deals_valued(3, 2)
    ((192, 384), (48, 96), (1, 2))
    """
    cards = deals if players == 2 else max(1, deals // FAMILY_SHARE)
    return cards, 2 * cards


def decision_seed(seed: int, record_hand: int, index: int) -> int:
    """The seed of the expert that values one decision: a pure function of the review's
    seed and the decision's place, so each decision is valued the same however the review
    is run."""
    return state.mix64((seed + state.mix64(record_hand << 16 | index)) & state.M64)


def _value(moment: _Moment, player: int, deals: int, seed: int,
           threshold: float) -> Decision:
    view = moment.view
    values = decision_values(view, seed, (moment.record_hand, moment.index), deals)
    best, loss = judge(values, moment.chosen)
    if is_rule_game(view):  # Railroad, Hasenpfeffer, Napoleon: their words
        table_view: Any = view  # (a TableView: the moment's type names Euchre's View)
        order, said = list(view.legal), rule_situation(view)
        worded = {t: table_words.choice_words(table_view, t) for t in order}
    else:
        order, said = ordered_choices(view), situation(view)
        worded = {t: choice_words(view, t) for t in order}
    return Decision(view.hand_number + 1, moment.index, player, view.phase,
                    said, view.hand, view.score, moment.chosen, best,
                    {t: values[t] for t in order}, worded, loss, loss > threshold)


def rule_situation(view: Any) -> str:
    """``situation`` for the games on the core: the bidding, an exchange, or the trick."""
    if view.phase != "play":
        return {"give": "your partner's best card", "exchange": "the lone player's discard",
                "discard": "the discard after picking up"}.get(view.phase, "the bidding")
    trick = len(view.tricks) + 1
    where = f"trick {trick} ({suit_text(view.trump)} trump)" if view.trump else f"trick {trick}"
    return f"{where}, answering {card_text(view.trick[0])}" if view.trick else \
        f"{where}, leading"


def situation(view: View) -> str:
    """The moment of a decision in words, from the player's own view: "round 1, upcard K♣",
    "K♣ ordered up: the dealer picks it up or leaves it", "trick 2 (♥ hearts trump), answering 9♠".

    >>> from euchre import Game, Rules
    >>> situation(Game(Rules(), seed=7).view(1))
    'round 1, upcard K♣'
    """
    up = card_text(view.upcard)
    if view.phase == "bid1":
        return _("round 1, upcard {card}", card=up)
    if view.phase == "bid2":
        return _("round 2, {card} turned down", card=up)
    if view.phase == "joker":
        return _("the Joker turned up: the dealer names trump")
    if view.phase == "defend":
        assert view.trump is not None, "a lone maker has named trump"
        return _("player {seat} went alone ({suit} trump): defend alone or pass",
                 seat=view.maker, suit=suit_text(view.trump))
    if view.phase == "discard":
        if view.maker == view.dealer or view.rules.players != 2:
            return _("the discard after picking up {card}", card=up)
        return _("{card} ordered up: the dealer picks it up or leaves it", card=up)
    trick = len(view.tricks) + 1
    if view.trick:
        led = card_text(view.trick[0])
        return _("trick {number} ({suit} trump), answering {card}", number=trick,
                 suit=suit_text(view.trump), card=led) if view.trump else \
            _("trick {number}, answering {card}", number=trick, card=led)
    return _("trick {number} ({suit} trump), leading", number=trick,
             suit=suit_text(view.trump)) if view.trump else \
        _("trick {number}, leading", number=trick)


def reworded(review: Review, record: dict[str, Any]) -> Review:
    """``review`` with each decision's moment and options worded again in the reader's
    language (a stored review keeps the words of the language it was worked out in): the
    record is walked to each decision, as ``_replay`` does, without valuing anything."""
    wanted = {(d.hand, d.index) for d in review.decisions}
    views: dict[tuple[int, int], View] = {}
    game = _start_of(record)
    for hand in record["hands"]:
        number = game.hand_number + 1
        for j, (_who, token) in enumerate(hand["actions"]):
            if (number, j) in wanted:
                views[(number, j)] = game.view(review.player)
            game.apply(token)
    decisions = [dataclasses.replace(d, situation=situation(views[(d.hand, d.index)]),
                                     words={t: choice_words(views[(d.hand, d.index)], t)
                                            for t in d.words})
                 if (d.hand, d.index) in views else d for d in review.decisions]
    return dataclasses.replace(review, decisions=tuple(decisions))
