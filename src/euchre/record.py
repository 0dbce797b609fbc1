"""Game records: exact JSON that rebuilds a match, and a transcript people can read.

A record holds the setup (rules, seed, first dealer, stacked decks) and every hand: its deck
order (the deal, a recorded chance event), its actions with who made them, and its result.
``from_record`` replays it through the checked token API, so a corrupt or tampered record
is refused with a message naming the hand and action that do not hold.

>>> from euchre import Game, Rules
>>> g = Game(Rules(target=1), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> Game.from_record(g.record()) == g
True
>>> print(transcript(g.record()).splitlines()[0])
Two-handed Euchre, 24-card deck, to 1 point; seed 3
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import state
from .actions import CALL, DISCARD, ORDER, action_token, parse_action
from .cards import card_token, parse_card, parse_suit, sort_key, trick_winner
from .rules import Rules
from .view import last_hand_dict

FORMAT = "euchre-record"
VERSION = 1


def to_record(s: list) -> dict[str, Any]:
    """The record of the match held by a core state."""
    setup: state.Setup = s[state.SETUP]
    hands: list[dict[str, Any]] = []
    dealer = setup.first_dealer ^ (setup.start_hand & 1)
    for item in state.log_items(s):
        if type(item) is not int:
            number = setup.start_hand + len(hands)
            hands.append({"number": number, "dealer": dealer ^ (len(hands) & 1),
                          "deck": [card_token(c) for c in state.deal_order(item)],
                          "actions": []})
        else:
            hands[-1]["actions"].append([item >> 7, action_token(item & 127)])
    for hand, result in zip(hands, _results(hands, s), strict=True):
        hand["result"] = result
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": setup.rules.to_dict(),
        "seed": setup.seed,
        "first_dealer": setup.first_dealer,
        "stacked_decks": [[card_token(c) for c in state.deal_order(d)] for d in setup.decks],
    }
    if setup.start_hand or setup.start_score != (0, 0) or setup.start_last is not None:
        data["start"] = {"hand_number": setup.start_hand, "score": list(setup.start_score),
                         "last_hand": list(setup.start_last) if setup.start_last else None}
    data["hands"] = hands
    data["score"] = [s[state.SCORE0], s[state.SCORE1]]
    data["winner"] = None if s[state.WINNER] < 0 else s[state.WINNER]
    return data


def _results(hands: list[dict[str, Any]], s: list) -> list[dict[str, Any] | None]:
    """Each hand's public result (None for the hand in progress)."""
    over = s[state.PHASE] == state.OVER
    return [_hand_result(hand) if i < len(hands) - 1 or over else None
            for i, hand in enumerate(hands)]


def _hand_result(hand: dict[str, Any]) -> dict[str, Any]:
    """Maker, trump, tricks won and points of a finished hand, from its deck and actions."""
    upcard = parse_card(hand["deck"][10])
    maker = trump = leader = -1
    won = [0, 0]
    led = -1
    for player, token in hand["actions"]:
        action = parse_action(token)
        if action == ORDER:
            maker, trump = player, upcard >> 3
        elif action >= CALL:
            maker, trump = player, action - CALL
        elif action < DISCARD:
            if led < 0:
                led, leader = action, player
            else:
                won[trick_winner(leader, led, action, trump)] += 1
                led = -1
    if maker < 0:
        return last_hand_dict((-1, -1, 0, 0, 0, 0))  # type: ignore[return-value]
    scorer, points = state.hand_points(maker, won[maker])
    return last_hand_dict((maker, trump, won[0], won[1], points * (scorer == 0),
                           points * (scorer == 1)))  # type: ignore[return-value]


def from_record(data: Any) -> Any:
    """Rebuild the game of a record exactly (see the module docstring)."""
    from .game import Game, IllegalAction

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
    start = data.get("start") or {}
    if not isinstance(start, dict):
        raise ValueError("record 'start' must be an object")
    start_hand = _int(start.get("hand_number", 0), "start hand_number")
    score = start.get("score", [0, 0])
    if (not isinstance(score, list) or len(score) != 2
            or not all(type(x) is int and 0 <= x < rules.target for x in score)):
        raise ValueError(f"record start score must be two numbers below the target, not {score!r}")
    last = start.get("last_hand")
    if last is not None and (not isinstance(last, list) or len(last) != 6
                             or not all(type(x) is int for x in last)):
        raise ValueError("record start last_hand must be a list of six whole numbers")
    game = Game(rules, seed=_int(data["seed"], "seed"),
                first_dealer=_int(data["first_dealer"], "first_dealer"),
                decks=data["stacked_decks"])
    if start_hand or score != [0, 0] or last is not None:
        setup = game._s[state.SETUP]._replace(start_hand=start_hand,
                                    start_score=tuple(score),
                                    start_last=None if last is None else tuple(last))
        game = Game._from_state(state.new_state(setup))
    for i, hand in enumerate(hands):
        if not isinstance(hand, dict) or not isinstance(hand.get("actions"), list):
            raise ValueError(f"record hand {i} must be an object with a list of 'actions'")
        if game.hand_number != start_hand + i:
            raise ValueError(f"record hand {i}: the hand before it ended early or late")
        for j, entry in enumerate(hand["actions"]):
            if (not isinstance(entry, list) or len(entry) != 2
                    or entry[0] != game.to_move or game.hand_number != start_hand + i):
                raise ValueError(f"record hand {i} action {j}: {entry!r} is not the next "
                                 f"action (player {game.to_move} is to move)")
            try:
                game.apply(entry[1])
            except IllegalAction as err:
                raise ValueError(f"record hand {i} action {j}: {err}") from None
    _check_deals_and_results(game, data)
    return game


def _check_deals_and_results(game: Any, data: dict[str, Any]) -> None:
    replayed = to_record(game._s)
    if len(replayed["hands"]) != len(data["hands"]):
        raise ValueError(f"record has {len(data['hands'])} hands but its actions deal "
                         f"{len(replayed['hands'])}")
    for i, (mine, theirs) in enumerate(zip(replayed["hands"], data["hands"], strict=True)):
        for key in ("deck", "dealer", "result"):
            if key in theirs and _canonical(theirs[key], key) != mine[key]:
                raise ValueError(f"record hand {i}: {key} {theirs[key]!r} does not match the "
                                 f"replay ({mine[key]!r})")
    for key in ("score", "winner"):
        if key in data and data[key] != replayed[key]:
            raise ValueError(f"record {key} {data[key]!r} does not match the replay "
                             f"({replayed[key]!r})")


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


def load(path: str | Path) -> Any:
    """Read a record file (JSON) and rebuild its game; one clear ``ValueError`` if it is not
    a readable, valid record."""
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
    return from_record(data)


# --- the transcript -------------------------------------------------------------------------

_WHO = ("P0", "P1")


def transcript(data: dict[str, Any]) -> str:
    """A plain-text account of a record: each hand's deal, bids, tricks and points."""
    rules = data["rules"]
    deck = {24: "24-card deck", 32: "32-card deck", 25: "25-card deck with the Joker"}
    options = [name.replace("_", " ") for name in
               ("dealer_must_pick_up", "may_call_turned_suit", "stick_the_dealer")
               if rules.get(name)]
    head = (f"Two-handed Euchre, {deck[rules['deck']]}, to {rules['target']} point"
            f"{'s' if rules['target'] != 1 else ''}; seed {data['seed']}")
    lines = [head + (f"; {', '.join(options)}" if options else "")]
    score = list((data.get("start") or {}).get("score", [0, 0]))
    for hand in data["hands"]:
        lines.append("")
        lines.extend(_hand_lines(hand, score))
    lines.append("")
    if data.get("winner") is not None:
        lines.append(f"P{data['winner']} wins the match {data['score'][0]}-{data['score'][1]}.")
    else:
        lines.append(f"Match in progress, score {data['score'][0]}-{data['score'][1]}.")
    return "\n".join(lines)


def _sorted(tokens: list[str], trump: int) -> str:
    return " ".join(sorted(tokens, key=lambda t: sort_key(parse_card(t), trump)))


def _hand_lines(hand: dict[str, Any], score: list[int]) -> list[str]:
    dealer = hand["dealer"]
    deck = hand["deck"]
    first, second = deck[0:5], deck[5:10]
    hands = {1 - dealer: first, dealer: second}
    result = hand.get("result")
    trump = parse_suit(result["trump"]) if result and result["trump"] else -1
    lines = [f"Hand {hand['number'] + 1}, P{dealer} deals. Upcard {deck[10]}.",
             f"  P0: {_sorted(hands[0], trump)}", f"  P1: {_sorted(hands[1], trump)}"]
    bids, plays = [], []
    for player, token in hand["actions"]:
        action = token.split()[0]
        if action in ("pass", "order", "call"):
            bids.append(f"P{player} {token}")
        elif action == "discard":
            bids.append(f"P{player} takes {deck[10]}, discards {token.split()[1]}")
        else:
            plays.append((player, token))
    if bids:
        lines.append("  Bidding: " + ", ".join(bids) + ".")
    for i in range(0, len(plays), 2):
        pair = plays[i:i + 2]
        shown = ", ".join(f"P{p} {c}" for p, c in pair)
        lines.append(f"  Trick {i // 2 + 1}: {shown}")
    if result is None:
        lines.append("  (hand in progress)")
    elif result["thrown_in"]:
        lines.append("  Both passed twice: the hand is thrown in.")
    else:
        maker = result["maker"]
        won = result["tricks_won"][maker]
        points = result["points"]
        score[0] += points[0]
        score[1] += points[1]
        what = ("a march" if won == 5 else f"{won} tricks" if won >= 3
                else f"euchred with {won} trick{'s' if won != 1 else ''}")
        scorer = 0 if points[0] else 1
        lines.append(f"  P{maker} made {result['trump']} trump: {what}; P{scorer} scores "
                     f"{points[scorer]}. Score {score[0]}-{score[1]}.")
    return lines
