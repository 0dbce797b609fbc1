"""The words people read for cards, choices, bids and refusals: written once, for every face.

The terminal game, the browser page and the API all word the game the same way because they
all take their words from here: a card is ``10♠`` (never the token ``TS``) or, read aloud,
"ten of spades"; the non-dealer may "order up" the upcard, the dealer "pick up" or "leave
it", and in round 2 a player may "name" a suit. This module depends only on the engine's plain
values (``cards``, ``actions``, ``view``), so anything may import it.

>>> from euchre import Game, Rules
>>> game = Game(Rules(), seed=7)            # player 0 deals; player 1 speaks first
>>> view = game.view(1)
>>> [choice_words(view, t) for t in ordered_choices(view)]
['pass', 'order up K♣']
>>> game.apply("order")
>>> view = game.view(0)                      # the dealer: take the K♣ or leave it
>>> [choice_words(view, t) for t in ordered_choices(view)][:2], choice_words(view, "pass")
(['pick up and discard Q♦', 'pick up and discard 9♦'], 'leave it')
>>> upcard_state(view)
'face up'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from .actions import (
    ALONE_OF,
    CALL,
    DEFEND_ALONE,
    DISCARD,
    N_ACTIONS,
    ORDER,
    PASS,
    action_token,
    parse_action,
)
from .cards import (
    EFFECTIVE_SUIT,
    JACK,
    JOKER,
    N_CARDS,
    SECOND_WINS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_label,
    card_token,
    parse_card,
    parse_suit,
)
from .engine.messages import N_, _, language, listed, ngettext
from .hands import maker_tricks
from .scoring import sides_of
from .view import View

RANK_WORDS = (N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("jack"), N_("queen"),
              N_("king"), N_("ace"))
"""Ranks as spoken, in rank-id order (``RANK_NAMES`` are the printed ones)."""
SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
"""Suits as people read them, in suit-id order (``cards.SUIT_NAMES`` in the reader's
language: look each up with ``suit_word``)."""


def suit_word(suit: int) -> str:
    """A suit's name in the reader's language: "hearts"."""
    return _(SUIT_WORDS[suit])

# --- cards and suits ------------------------------------------------------------------------


def card_text(token: str) -> str:
    """A card as people write it: ``10♥``, ``J♠``, ``Joker``.

    >>> card_text("TS"), card_text("jh"), card_text("JK")
    ('10♠', 'J♥', 'Joker')
    """
    text = _CARD_TEXT.get(token) if type(token) is str else None
    return text if text is not None else card_label(parse_card(token))


_CARD_TEXT = {card_token(card): card_label(card) for card in range(N_CARDS)}
"""Each card's token (as the engine writes it) to its ``card_text``: a state message names a
dozen cards."""
_PRINTED = {card_label(card).casefold(): card_token(card) for card in range(N_CARDS)}
"""Each card as printed (``card_text``) to its token, for reading back what a person copies."""


def printed_as_tokens(text: str) -> str:
    """``text`` with each card written as the game prints it (``J♥``, ``10♠``, ``Joker``)
    turned into its token, so a person may type a card as he reads it.

    >>> printed_as_tokens("J♥"), printed_as_tokens("discard 10♠"), printed_as_tokens("joker")
    ('JH', 'discard TS', 'JK')
    """
    return " ".join(_PRINTED.get(word.casefold(), word) for word in text.split())


def card_name(token: str) -> str:
    """A card as it is read aloud (screen readers, ``aria-label``): "jack of hearts".

    >>> card_name("JH"), card_name("10s"), card_name("JK")
    ('jack of hearts', 'ten of spades', 'the Joker')
    """
    card = parse_card(token)
    if card == JOKER:
        return _("the Joker")
    return _("{rank} of {suit}", rank=_(RANK_WORDS[card & 7]), suit=suit_word(card >> 3))


def suit_text(letter: str) -> str:
    """A suit with its symbol, in the reader's language: ``♥ hearts`` (as the browser's
    ``suitName``).

    >>> suit_text("H"), suit_text("spades")
    ('♥ hearts', '♠ spades')
    """
    return _suit_text(letter, language())


@functools.lru_cache(maxsize=256)
def _suit_text(letter: str, code: str) -> str:
    suit = parse_suit(letter)
    return f"{SUIT_SYMBOLS[suit]} {suit_word(suit)}"


def count(n: int, noun: str) -> str:
    """``n`` and its noun, singular for one: "1 hand", "2 hands", "3 matches".

    >>> count(1, "hand"), count(2, "hand"), count(0, "match"), count(1, "match")
    ('1 hand', '2 hands', '0 matches', '1 match')
    """
    if n == 1:
        return f"1 {noun}"
    return f"{n} {noun}{'es' if noun.endswith(('ch', 'sh', 's', 'x')) else 's'}"


# --- people in sentences -------------------------------------------------------------------


YOU = N_("You")
"""The reader's own seat, as his own view names it (the terminal's table, the browser's seat
of the person who holds it). Never a stored name: ``person`` sees to that."""
GUEST = N_("Guest")
"""The name of a person who never typed one, as everyone else reads it."""
_IRREGULAR = {"are": "is", "have": "has", "go": "goes", "do": "does"}


def person(name: str) -> str:
    """A player's name as others read it. "You" is the word for the reader himself, so it is
    nobody's name: a person who never typed a name (the lobby and the terminal once gave
    "You") is a ``GUEST``.

    >>> person("Ann"), person("you"), person(" YOU ")
    ('Ann', 'Guest', 'Guest')
    """
    return GUEST if name.strip().casefold() == YOU.casefold() else name


def says(who: str, verb: str, plural: bool = False) -> str:
    """``who`` and a verb in the present that agrees with it: the one way a sentence starts
    with a player. ``who`` is ``YOU`` for the reader ("You deal") or a name ("Ann deals");
    ``plural`` for partners named together ("Ann and Cy win").

    >>> says("You", "deal"), says("Ann", "deal"), says("Ann", "pass"), says("Bo", "go")
    ('You deal', 'Ann deals', 'Ann passes', 'Bo goes')
    >>> says("Ann and Cy", "win", plural=True), says("you", "score")
    ('Ann and Cy win', 'you score')
    """
    if plural or who.casefold() == YOU.casefold():
        return f"{who} {verb}"
    if verb in _IRREGULAR:
        return f"{who} {_IRREGULAR[verb]}"
    return f"{who} {verb}{'es' if verb.endswith(('ch', 'sh', 's', 'x')) else 's'}"


def whose(who: str) -> str:
    """The possessive of a player: "your" for the reader, "Ann's" for anyone else.

    >>> whose("You"), whose("Ann"), whose("Guest")
    ('your', "Ann's", "Guest's")
    """
    return "your" if who.casefold() == YOU.casefold() else f"{who}'s"


# --- the upcard and the choices -------------------------------------------------------------


def upcard_state(view: View) -> str:
    """The upcard as it lies: "face up" while it may still be taken (and when the dealer left
    it after it was ordered up: it was never turned), "picked up" once the dealer took it,
    "turned down" from round 2 on.

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> upcard_state(game.view(1))
    'face up'
    >>> game.apply("pass"); game.apply("pass")
    >>> upcard_state(game.view(1))
    'turned down'
    """
    return _upcard_word(view.upcard_taken, view.phase in ("bid1", "discard", "joker"),
                        view.bids)


def finished_upcard_state(last: dict) -> str:
    """``upcard_state`` for a finished hand (a view's ``last_hand``): where its upcard lay
    at the end.

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> for _ in range(4):
    ...     game.apply("pass")
    >>> finished_upcard_state(game.view(1).last_hand)
    'turned down'
    """
    return _upcard_word(last["upcard_taken"], False, last["bids"])


def _upcard_word(taken: bool, round_one: bool, bids: Sequence[Sequence[Any]]) -> str:
    if taken:
        return _("picked up")
    if round_one:
        return _("face up")
    if any(token == "order" for _seat, token in bids):
        return _("face up")  # ordered up, and the dealer left it where it lay
    return _("turned down")


def ordered_choices(view: View) -> list[str]:
    """``view.legal`` in the order the choices are shown: cards in the order of the hand
    (``view.hand``, as it is drawn), the upcard's discard after them, then bids as the engine
    lists them. Numbered options follow this order, so "1" is the leftmost card (the upcard
    the dealer took is in the hand by then, and is numbered where the hand shows it)."""
    position = {token: i for i, token in enumerate(view.hand)}
    position.setdefault(view.upcard, len(view.hand))

    def key(token: str) -> tuple[int, int]:
        action = parse_action(token)
        if action < DISCARD:
            return (0, position.get(action_token(action), 99))
        if action < PASS:
            return (0, position.get(action_token(action - DISCARD), 99))
        return (1, action)

    return sorted(view.legal, key=key)


def choice_words(view: View, token: str) -> str:
    """What choosing ``token`` does, in the words of the table (for options and buttons).

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> game.apply("pass")
    >>> view = game.view(0)                   # the dealer, after the non-dealer passed
    >>> choice_words(view, "order"), choice_words(view, "pass")
    ('pick up K♣', 'pass')
    >>> game.apply("pass"); game.apply("pass")
    >>> choice_words(game.view(0), "call H")
    'name ♥ hearts'
    """
    return _choice_words(token, view.phase == "discard", view.player == view.dealer,
                         view.upcard, language())


@functools.lru_cache(maxsize=1024)
def _choice_words(token: str, discarding: bool, dealer: bool, upcard: str, code: str) -> str:
    """``choice_words`` from the little of the view it reads, in language ``code``, worded
    once: every state message of a hand words the same few choices."""
    action = parse_action(token)
    if action < DISCARD:
        return card_text(token)
    if action < PASS:
        return _("pick up and discard {card}", card=card_text(action_token(action - DISCARD)))
    if action == PASS:
        return _("leave it") if discarding else _("pass")
    if action == DEFEND_ALONE:
        return _("defend alone")
    alone = action >= N_ACTIONS
    action = ALONE_OF.get(action, action)
    if action == ORDER:
        card = card_text(upcard)
        if dealer:
            return _("pick up {card} alone", card=card) if alone else _("pick up {card}",
                                                                          card=card)
        return _("order up {card} alone", card=card) if alone else _("order up {card}",
                                                                       card=card)
    suit = suit_text(SUITS[action - CALL])
    return _("name {suit} alone", suit=suit) if alone else _("name {suit}", suit=suit)


def bid_words(view: View, player: int, token: str) -> str:
    """A bid of ``view.bids`` as the history tells it: "passed", "ordered up K♣", "picked up
    K♣", "named ♥ hearts".

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> game.apply("order")
    >>> view = game.view(0)
    >>> [bid_words(view, p, t) for p, t in view.bids]
    ['ordered up K♣']
    """
    return bid_text(token, player == view.dealer, view.upcard)


def bid_text(token: str, by_dealer: bool, upcard: str) -> str:
    """A bid as the history tells it, from the bid, whether the dealer made it, and the
    upcard (``bid_words`` for a view; the transcript of a record uses it too).

    >>> bid_text("order", False, "KC"), bid_text("call H", True, "KC"), bid_text("pass", 1, "9S")
    ('ordered up K♣', 'named ♥ hearts', 'passed')
    >>> bid_text("order alone", False, "KC"), bid_text("defend alone", False, "KC")
    ('ordered up K♣ alone', 'defends alone')
    """
    return _bid_text(token, bool(by_dealer), upcard, language())


@functools.lru_cache(maxsize=1024)
def _bid_text(token: str, by_dealer: bool, upcard: str, code: str) -> str:
    """``bid_text`` in language ``code``, worded once: every state of a hand lists its bids."""
    action = parse_action(token)
    if action == PASS:
        return _("passed")
    if action == DEFEND_ALONE:
        return _("defends alone")
    alone = action >= N_ACTIONS
    action = ALONE_OF.get(action, action)
    if action == ORDER:
        card = card_text(upcard)
        if by_dealer:
            return _("picked up {card} alone", card=card) if alone else _("picked up {card}",
                                                                            card=card)
        return _("ordered up {card} alone", card=card) if alone else _("ordered up {card}",
                                                                         card=card)
    suit = suit_text(SUITS[action - CALL])
    return _("named {suit} alone", suit=suit) if alone else _("named {suit}", suit=suit)


def bid_said(name: str, token: str, by_dealer: bool, upcard: str) -> str:
    """A player's bid as one sentence, with his name (``bid_text``'s words: "Ann passed",
    "Bo ordered up K♣ alone"): a translator words each with its subject.

    >>> bid_said("Ann", "order", False, "KC"), bid_said("Bo", "call H", True, "KC")
    ('Ann ordered up K♣', 'Bo named ♥ hearts')
    """
    action = parse_action(token)
    if action == PASS:
        return _("{name} passed", name=name)
    if action == DEFEND_ALONE:
        return _("{name} defends alone", name=name)
    alone = action >= N_ACTIONS
    action = ALONE_OF.get(action, action)
    if action == ORDER:
        card = card_text(upcard)
        if by_dealer:
            return _("{name} picked up {card} alone", name=name, card=card) if alone else \
                _("{name} picked up {card}", name=name, card=card)
        return _("{name} ordered up {card} alone", name=name, card=card) if alone else \
            _("{name} ordered up {card}", name=name, card=card)
    suit = suit_text(SUITS[action - CALL])
    return _("{name} named {suit} alone", name=name, suit=suit) if alone else \
        _("{name} named {suit}", name=name, suit=suit)


# --- why a choice is refused ----------------------------------------------------------------


def why_not(view: View, action: int) -> str:
    """Why the action id ``action`` is not one of ``view``'s choices, for a person: "you must
    follow hearts: you hold Q♥ 9♥". Shared by the terminal and the API (the engine's own
    message names players and tokens, for programs).

    >>> from euchre import Game, Rules
    >>> game = Game(Rules(), seed=7)
    >>> why_not(game.view(1), CALL + 2)
    'in the first round you may pass or order the upcard up'
    """
    if view.to_move != view.player or not view.legal:
        return "it is not your turn" if view.phase != "over" else "the match is over"
    hand = [parse_card(t) for t in view.hand]
    if view.phase == "play":
        return _why_not_card(view, action, hand)
    if view.phase == "discard":
        return _why_not_discard(view, action)
    alone = view.rules.players == 4
    if action >= N_ACTIONS and not alone:
        return "nobody plays alone in this game"
    bid = ALONE_OF.get(action, action)
    if view.phase == "bid1":
        return ("in the first round you may pass or order the upcard up"
                + (" (alone or not)" if alone else ""))
    if view.phase == "bid2":
        if bid == ORDER:
            return "the upcard was turned down: name another suit or pass"
        if bid == PASS:
            return "stick the dealer: the dealer must name a suit"
        if CALL <= bid < N_ACTIONS:
            return f"{SUIT_NAMES[bid - CALL]} was turned down: it may not be named"
        return "name a suit (call S) or pass"
    if view.phase == "joker":
        if action >= N_ACTIONS and CALL <= bid < N_ACTIONS:
            return "under a turned-up Joker the dealer may not go alone"
        return "name trump (call C, D, H or S) before looking at your hand"
    if view.phase == "defend":
        return "defend alone, or pass and play with your partner"
    return "that is not a choice now"


def _why_not_card(view: View, action: int, hand: list[int]) -> str:
    if action >= DISCARD:
        return "it is time to play a card"
    if action not in hand:
        return f"you do not hold {card_text(action_token(action))}"
    trump = SUITS.index(view.trump) if view.trump else 0
    suit = EFFECTIVE_SUIT[trump][parse_card(view.trick[0])]
    follow = " ".join(card_label(c) for c in hand if EFFECTIVE_SUIT[trump][c] == suit)
    return f"you must follow {SUIT_NAMES[suit]}: you hold {follow}"


def _why_not_discard(view: View, action: int) -> str:
    up = card_text(view.upcard)
    if action == PASS:
        return f"you must pick up {up}"
    if DISCARD <= action < PASS:
        card = action - DISCARD
        if card == JOKER and view.upcard == "JK":
            return "you must keep the Joker: discard one of your own cards"
        return f"you do not hold {card_text(action_token(card))}"
    return f"pick up {up} and discard a card (for example 'discard 9c')"


# --- why a trick was won --------------------------------------------------------------------


def trick_reason(cards: tuple[str, ...] | list[str], trump: str) -> str:
    """Why the winning card of a completed trick won it (the browser marks the card and says
    why): "the Joker", "the right bower", "the left bower", "trump", "higher trump", "higher
    card" or "the suit led" (no other card followed or trumped); at three or four, against
    the best of the other cards.

    >>> trick_reason(["AH", "JD"], "H"), trick_reason(["9C", "AC"], "H")
    ('the left bower', 'higher card')
    >>> trick_reason(["AS", "9D"], "H"), trick_reason(["AS", "9H"], "H")
    ('the suit led', 'trump')
    >>> trick_reason(["9C", "KC", "AD", "QC"], "H"), trick_reason(["9C", "9H", "KD"], "H")
    ('higher card', 'trump')
    """
    suit = parse_suit(trump)
    won, lost = _best_two([parse_card(c) for c in cards], SECOND_WINS[suit])
    if won == JOKER:
        return _("the Joker")
    if won == suit * 8 + JACK:
        return _("the right bower")
    if EFFECTIVE_SUIT[suit][won] == suit and won >> 3 != suit:
        return _("the left bower")
    if EFFECTIVE_SUIT[suit][won] == suit:
        return _("higher trump") if EFFECTIVE_SUIT[suit][lost] == suit else _("trump")
    if EFFECTIVE_SUIT[suit][lost] == EFFECTIVE_SUIT[suit][won]:
        return _("higher card")
    return _("the suit led")


def _best_two(cards: list[int], second_wins: Any) -> tuple[int, int]:
    """The winning card of a trick (cards in play order) and the best of the others, each
    the winner of the cards before it as the engine decides (``SECOND_WINS``)."""
    def best(played: list[int]) -> int:
        top = played[0]
        for card in played[1:]:
            if second_wins[top * N_CARDS + card]:
                top = card
        return top
    won = best(cards)
    return won, best([card for card in cards if card != won])


# --- a finished hand ------------------------------------------------------------------------


GAME_NAMES = {2: N_("Two-handed"), 3: N_("Three-handed (cutthroat)"),
              4: N_("Four-handed (partners)"), "railroad": N_("Railroad Euchre"),
              "hasenpfeffer": N_("Hasenpfeffer"), "napoleon": N_("Napoleon")}
"""Each game of the family by its number of players, as a heading (a player's record)."""

OPTION_WORDS = {"dealer_must_pick_up": N_("dealer must pick up"),
                "may_call_turned_suit": N_("may call turned suit"),
                "stick_the_dealer": N_("stick the dealer"), "defend_alone": N_("defend alone"),
                "joker_dealer_alone": N_("joker dealer alone"),
                "call_for_best": N_("call for best")}
"""Each rule option a match may have on, as a transcript's heading lists it (the option's
name in words: the records' transcripts have said them so since the options came)."""


def options_on(rules: Any) -> list[str]:
    """The options ``rules`` has on, in the reader's language (a transcript's heading).

    >>> from euchre import Rules
    >>> options_on(Rules(game="railroad")), options_on(Rules())
    (['call for best'], [])
    """
    return [_(OPTION_WORDS[name]) for name, value in rules.to_dict().items() if value is True]


LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
               "expert": N_("expert")}
"""Each computer's level as a person reads it (the token stays the API's and the record's)."""

PLACE_NAMES = {3: (N_("West"), N_("East")), 4: (N_("West"), N_("North"), N_("East")),
               5: (N_("West"), N_("North-west"), N_("North-east"), N_("East"))}
"""The other seats of a table of three, four or five (Napoleon) by their places, as the
terminal and the browser name the computers: the person sits south, the seat after him (on
his left) is West, his partner at four North."""


def side_name(who: Sequence[str], players: int, side: int) -> str:
    """A side as people name it: a player, or two partners ("Ann and Cy").

    >>> side_name(("Ann", "Bob", "Cy", "Di"), 4, 0), side_name(("Ann", "Bob"), 2, 1)
    ('Ann and Cy', 'Bob')
    """
    seats = [seat for seat, its in enumerate(sides_of(players)) if its == side]
    if len(seats) == 2:
        return _("{first} and {second}", first=who[seats[0]], second=who[seats[1]])
    return who[seats[0]]


def result_words(result: dict, who: Sequence[str], players: int = 2,
                 you: int | None = None) -> str:
    """A finished hand's result in one sentence, from the engine's account of it (a
    record's ``result`` or a view's ``last_hand``): who made what, how it went, who scored.
    The one wording of a hand's end: the transcript, the terminal and the coach say it with
    this. ``you``: the seat spoken to ("you score 2"; ``who[you]`` is "You").

    >>> result_words({"thrown_in": False, "maker": 0, "trump": "C", "tricks_won": [5, 0],
    ...               "points": [2, 0], "outcome": "march"}, ("P0", "P1"))
    'P0 made clubs trump: a march; P0 scores 2'
    >>> result_words({"thrown_in": False, "maker": 1, "trump": "H", "tricks_won": [2, 1, 0],
    ...               "points": [2, 0, 2], "outcome": "euchred", "alone": [1]},
    ...              ("Ann", "Bob", "Cy"), 3)
    'Bob made hearts trump: euchred with 1 trick; Ann and Cy score 2 each'
    >>> result_words({"thrown_in": False, "maker": 1, "trump": "S", "tricks_won": [3, 2],
    ...               "points": [2, 0], "outcome": "euchred"}, ("You", "Computer"), you=0)
    'Computer made spades trump: euchred with 2 tricks; you score 2'
    """
    if result["thrown_in"]:
        return (_("both passed twice: the hand is thrown in") if players == 2
                else _("everybody passed twice: the hand is thrown in"))
    points = result["points"]
    scorers = [side for side, gained in enumerate(points) if gained]
    if len(scorers) == 2:  # cutthroat: both defenders score
        scored = _("{first} and {second} score {points} each", first=who[scorers[0]],
                   second=who[scorers[1]], points=points[scorers[0]])
    elif scorers[0] == you:
        scored = _("you score {points}", points=points[you])
    elif players == 4:
        scored = _("{names} score {points}", names=side_name(who, players, scorers[0]),
                   points=points[scorers[0]])
    else:
        scored = _("{name} scores {points}", name=who[scorers[0]], points=points[scorers[0]])
    return _("{made}; {scored}", made=_made_words(result, who, players), scored=scored)


def _made_words(result: dict, who: Sequence[str], players: int) -> str:
    """The first half of ``result_words``: who made which trump, and how it went."""
    maker = result["maker"]
    won = maker_tricks(result["tricks_won"], maker, players)
    said = {"maker": who[maker], "suit": suit_word(SUITS.index(result["trump"]))}
    if players == 4 and maker in result.get("alone", ()):
        if result["outcome"] == "march":
            return _("{maker} made {suit} trump alone: a march", **said)
        if result["outcome"] == "made":
            return ngettext("{maker} made {suit} trump alone: {n} trick",
                            "{maker} made {suit} trump alone: {n} tricks", won, **said)
        return ngettext("{maker} made {suit} trump alone: euchred with {n} trick",
                        "{maker} made {suit} trump alone: euchred with {n} tricks", won, **said)
    if result["outcome"] == "march":
        return _("{maker} made {suit} trump: a march", **said)
    if result["outcome"] == "made":
        return ngettext("{maker} made {suit} trump: {n} trick",
                        "{maker} made {suit} trump: {n} tricks", won, **said)
    return ngettext("{maker} made {suit} trump: euchred with {n} trick",
                    "{maker} made {suit} trump: euchred with {n} tricks", won, **said)


def hand_said(name: str, cards: Iterable[str]) -> str:
    """A player's cards as a record lists them, "Ann: 9♣ J♣ A♥": a message, so that in a
    language written right to left the name and the cards each stay whole (isolated)."""
    # TRANSLATORS: a player's hand in a match's record, its cards as the game writes them
    return _("{name}: {cards}", name=name, cards=" ".join(cards))


def plays_said(plays: Iterable[tuple[str, str]]) -> str:
    """A trick's cards with who played each, "Ann 9♣, Bob J♣": each play a message, so that
    in a language written right to left each name and each card stays whole (isolated)."""
    # TRANSLATORS: one card of a trick in a match's record: the player, then his card
    return listed(_("{name} {card}", name=name, card=card) for name, card in plays)


def score_words(score: Sequence[int], who: Sequence[str], players: int = 2) -> str:
    """The score by side: "P0 3, P1 2"; "Ann and Cy 3, Bob and Di 2".

    >>> score_words((3, 2), ("P0", "P1")), score_words((1, 4), ("A", "B", "C", "D"), 4)
    ('P0 3, P1 2', 'A and C 1, B and D 4')
    """
    return ", ".join(f"{side_name(who, players, side)} {points}"
                     for side, points in enumerate(score))
