"""Game records: exact JSON that rebuilds a match.

A record holds the setup (rules, seed, first dealer, stacked decks) and every hand: its deck
order (the deal, a recorded chance event), its actions with who made them, and its result.
``Game.from_record`` replays it through the checked token API, so a corrupt or tampered
record is refused with a message naming the hand and action that do not hold. This module
reads and writes the JSON; it knows nothing of ``Game`` (which imports it).

>>> from euchre import Game, Rules
>>> g = Game(Rules(target=1), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> Game.from_record(g.record()) == g
True
>>> g.record()["hands"][0]["result"]["outcome"]
'euchred'
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import scoring
from .actions import action_token
from .cards import card_token, parse_card
from .engine.games.euchre import state, state_family
from .hands import HandEnd, deal_order, hand_result
from .results import Termination
from .rules import Rules
from .words import person

FORMAT = "euchre-record"
VERSION = 1


def to_record(s: list) -> dict[str, Any]:
    """The record of the match held by a state."""
    setup: state.Setup = s[state.SETUP]
    players = setup.rules.players
    hands: list[dict[str, Any]] = []
    over = s[state.PHASE] == state.OVER and setup.resigned < 0  # (a resigned hand is unfinished)
    every = state.hands_of(s)
    for i, (deal, actions, dealer) in enumerate(every):
        hand = {"number": setup.start_hand + i, "dealer": dealer,
                "deck": [card_token(c) for c in deal_order(deal)],
                "actions": [[state.item_player(a), action_token(state.item_action(a))]
                            for a in actions]}
        finished = i < len(every) - 1 or over
        hand["result"] = hand_result(deal, actions, dealer, players) if finished else None
        hands.append(hand)
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": setup.rules.to_dict(),
        "seed": setup.seed,
        "first_dealer": setup.first_dealer,
        "stacked_decks": [[card_token(c) for c in deal_order(d)] for d in setup.decks],
    }
    if setup.start_hand or any(setup.start_score) or setup.start_last is not None:
        data["start"] = {"hand_number": setup.start_hand, "score": list(setup.start_score),
                         "last_hand": setup.start_last.as_saved() if setup.start_last else None}
    data["hands"] = hands
    data["score"] = ([s[state.SCORE0], s[state.SCORE1]] if players == 2
                     else list(state_family.score(s)))
    data["winner"] = None if s[state.WINNER] < 0 else s[state.WINNER]
    if setup.resigned >= 0:  # (only then: every other record is written as it always was)
        data["outcome"] = {"winner": data["winner"], "scores": data["score"],
                           "termination": "abandoned" if setup.abandoned else "resigned",
                           "seat": setup.resigned}
    return data


def ended_early(data: dict[str, Any], players: int) -> tuple[int, Termination] | None:
    """The seat a record says resigned or abandoned the match (``outcome``) and which of
    the two, or None (an abandon with no seat is the rule-module games' own); ``ValueError``
    if it names no seat."""
    ended = data.get("outcome")
    if not isinstance(ended, dict) or ended.get("termination") not in ("resigned", "abandoned"):
        return None
    seat = ended.get("seat")
    if seat is None and ended["termination"] == "abandoned":
        return None
    if type(seat) is not int or not 0 <= seat < players:
        raise ValueError(f"record outcome: {ended['termination']} seat {seat!r} is not a seat")
    return seat, Termination(ended["termination"])


def opening(data: dict[str, Any]) -> dict[str, Any]:
    """A record's setup with no action taken: ``Game.from_record`` of it is the match at its
    first deal, from which a face replays the record one action at a time (the terminal's
    stepping, the review, the browser's replay). It states no result, so only the setup is
    checked."""
    setup = {k: v for k, v in data.items() if k not in ("hands", "score", "winner",
                                                        "outcome")}
    return {**setup, "hands": [{"actions": []}]}


def read_setup_fields(data: Any) -> tuple[Rules, int, int]:
    """A record's rules, seed and first dealer, its form and fields checked (every game's
    records share them); ``ValueError`` naming the first that is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a record must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} version {VERSION} record "
                         f"(format {data.get('format')!r}, version {data.get('version')!r})")
    for key in ("rules", "seed", "first_dealer", "stacked_decks", "hands"):
        if key not in data:
            raise ValueError(f"record is missing {key!r}")
    rules = Rules.from_dict(data["rules"])
    hands = data["hands"]
    if not isinstance(hands, list) or not hands:
        raise ValueError("record 'hands' must be a non-empty list of hands")
    return rules, _int(data["seed"], "seed"), _int(data["first_dealer"], "first_dealer")


def read_setup(data: Any) -> state.Setup:
    """The setup a record starts from, every field checked; ``ValueError`` naming the first
    that is wrong. (The stacked decks are checked by ``Game``, which gets them as tokens.)"""
    rules, seed, first_dealer = read_setup_fields(data)
    start = data.get("start") or {}
    if not isinstance(start, dict):
        raise ValueError("record 'start' must be an object")
    start_hand = _int(start.get("hand_number", 0), "start hand_number")
    sides = rules.sides
    score = start.get("score", [0] * sides)
    if (not isinstance(score, list) or len(score) != sides
            or not all(type(x) is int and x >= 0 for x in score)
            or scoring.match_winner(score, rules.target) >= 0):
        raise ValueError(f"record start score must be {sides} numbers of a match not yet won, "
                         f"not {score!r}")
    return state.Setup(rules, seed, first_dealer, (), start_hand,
                       tuple(score), _start_last(start.get("last_hand"), rules.players))


def _start_last(last: Any, players: int) -> HandEnd | None:
    """The hand before a record's first: its numbers (``HandEnd.compact``: six for two
    players), or the finished hand as a view had it."""
    if last is None:
        return None
    size = 2 + players + (3 if players == 3 else 2)
    if isinstance(last, list) and len(last) == size and all(type(x) is int for x in last):
        return HandEnd.from_compact(last, players)
    if isinstance(last, dict):
        try:
            return HandEnd.from_dict(last)
        except (KeyError, TypeError, ValueError):
            pass
    raise ValueError(f"record start last_hand must be {size} whole numbers or a finished hand")


def check_replay(s: list, data: dict[str, Any]) -> None:
    """That a replayed match agrees with the record's deals, dealers, results and score."""
    check_agrees(to_record(s), data, lambda key, theirs, mine: _canonical(
        theirs, key) == _canonical_like(mine, theirs))


def check_agrees(replayed: dict[str, Any], data: dict[str, Any],
                 same: Callable[[str, Any, Any], bool]) -> None:
    """That a record's replay (``replayed``, a record of any game) agrees with what the
    record ``data`` says: its hands' decks, dealers and results by ``same(key, theirs,
    mine)``, its score, winner and outcome exactly; a ``ValueError`` naming the first
    difference otherwise."""
    if len(replayed["hands"]) != len(data["hands"]):
        raise ValueError(f"record has {len(data['hands'])} hands but its actions deal "
                         f"{len(replayed['hands'])}")
    for i, (mine, theirs) in enumerate(zip(replayed["hands"], data["hands"], strict=True)):
        for key in ("deck", "dealer", "result"):
            if key in theirs and not same(key, theirs[key], mine[key]):
                raise ValueError(f"record hand {i}: {key} {theirs[key]!r} does not match the "
                                 f"replay ({mine[key]!r})")
    for key in ("score", "winner", "outcome"):
        if key in data and data[key] != replayed.get(key):
            raise ValueError(f"record {key} {data[key]!r} does not match the replay "
                             f"({replayed.get(key)!r})")


def _canonical_like(mine: Any, theirs: Any) -> Any:
    """A result compared on the keys the record has (records written before a key was added
    stay valid); every other field is compared whole."""
    if isinstance(mine, dict) and isinstance(theirs, dict) and set(theirs) <= set(mine):
        return {k: mine[k] for k in theirs}
    return mine


def _canonical(value: Any, key: str) -> Any:
    if key == "deck" and isinstance(value, list):
        try:
            return [card_token(parse_card(t)) for t in value]
        except ValueError:
            return value
    return value


def _int(value: Any, name: str) -> int:
    if type(value) is not int:
        raise ValueError(f"record {name} must be a whole number, not {value!r}")
    return value


def read(path: str | Path) -> dict[str, Any]:
    """The JSON object of a record file; one clear ``ValueError`` if it cannot be read.
    ``Game.from_record`` then checks it as a record."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise ValueError(f"cannot read {path}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"{path} is not valid JSON (line {err.lineno}: {err.msg})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a record must be a JSON object, not {type(data).__name__}")
    return data


def player_names(data: dict[str, Any]) -> tuple[str, ...] | None:
    """The players' names a record carries (``players.names``: the terminal and the server
    write them), trimmed to 40 characters and as others read them (``words.person``: a
    "You" an older terminal or lobby wrote is a guest); None when it has no usable name for
    every seat.

    >>> player_names({"players": {"names": ["Ann", " Bob "]}}), player_names({})
    (('Ann', 'Bob'), None)
    >>> player_names({"players": {"names": ["You", "Computer"]}})
    ('Guest', 'Computer')
    """
    players = data.get("players")
    names = players.get("names") if isinstance(players, dict) else None
    rules = data.get("rules")
    seats = rules.get("players", 2) if isinstance(rules, dict) else 2
    if isinstance(names, list) and len(names) == seats and all(
            isinstance(n, str) and n.strip() for n in names):
        return tuple(person(n.strip()[:40]) for n in names)
    return None
