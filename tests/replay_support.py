"""Every position of a record as the replay should show it, worked out with the engine alone
(the browser test reads the page against it, the server test ``server.replay``)."""

from __future__ import annotations

from euchre import Game
from euchre.record import opening


def shown(game: Game) -> list[list[str]]:
    """Each seat's cards as the table shows them: its own view's hand in the engine's order,
    and the upcard in the dealer's hand while he discards."""
    out = []
    for seat in range(game.players):
        view = game.view(seat)
        out.append([*view.hand, *([view.upcard] if view.phase == "discard"
                                  and view.dealer == seat else [])])
    return out


def expected(record: dict) -> list[dict]:
    """Every position of a record, worked out with the engine: after each action the table
    (a trick it completed still on it); after a hand's last action its end (its last trick,
    the cards left unplayed), then the next deal."""
    game = Game.from_record(opening(record))
    moves = [(seat, token) for hand in record["hands"] for seat, token in hand["actions"]]
    frames = [{"at": 0, "kind": "deal", "trick": [], "hands": shown(game)}]
    for at, (_, token) in enumerate(moves, 1):
        held, before = shown(game), game.view(None)
        game.apply(token)
        after = game.view(None)
        if after.hand_number == before.hand_number and not game.is_over:
            done = len(after.tricks) > len(before.tricks)
            trick = list(after.tricks[-1].cards) if done else list(after.trick)
            frames.append({"at": at, "kind": "move", "trick": trick, "hands": shown(game)})
            continue
        tricks = after.last_hand["tricks"]
        frames.append({"at": at, "kind": "end", "trick": tricks[-1]["cards"] if tricks else [],
                       "hands": [[c for c in cards if c != token] for cards in held]})
        if at < len(moves):
            frames.append({"at": at, "kind": "deal", "trick": [], "hands": shown(game)})
    return frames
