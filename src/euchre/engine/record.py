"""Records of the games on the core: the same JSON form as every record of the project
(``euchre.record``: format, version, rules, seed, first dealer, stacked decks, each hand's
deck, dealer, actions and result, the score and the winner), plus how the match ended
(``outcome``: a resignation or an abandon is part of the record, not patched onto it).
"""

from __future__ import annotations

from typing import Any

from ..record import FORMAT, VERSION, check_agrees
from .actions import action_token
from .cards import card_token
from .core import Table, hands_of


def to_record(t: Table) -> dict[str, Any]:
    """The record of a match: ``TableGame.from_record`` rebuilds it exactly."""
    setup = t.setup
    hands = []
    for number, (deck, dealer, actions, _, result) in enumerate(hands_of(t)):
        hands.append({"number": number, "dealer": dealer,
                      "deck": [card_token(c) for c in deck],
                      "actions": [[seat, action_token(a)] for seat, a in actions],
                      "result": None if result is None else result.to_dict()})
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "rules": setup.rules.to_dict(),
        "seed": setup.seed, "first_dealer": setup.first_dealer,
        "stacked_decks": [[card_token(c) for c in deck] for deck in setup.decks],
        "hands": hands, "score": list(t.score),
        "winner": None if t.outcome is None else t.outcome.winner,
    }
    if t.outcome is not None:
        data["outcome"] = t.outcome.to_dict()
    return data


def check_replay(replayed: dict[str, Any], data: dict[str, Any]) -> None:
    """That a replayed match agrees with what the record says of it (compared exactly)."""
    check_agrees(replayed, data, lambda key, theirs, mine: theirs == mine)
