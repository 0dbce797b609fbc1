"""The JSON API: create a game, read a finished game's record, levels, recent games, a
player's statistics."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ...history import Stats
from ...rules import Rules
from .. import levels, match
from ..limits import Busy, Refused, read_json_body
from ..match import public_record
from ..storage import StoredGame
from ..tables import LEVELS, Hub
from . import hub_of

router = APIRouter(prefix="/api")
MAX_BODY = 4096
"""Bytes of a request to create a game."""
CREATE_FIELDS = {"mode", "level", "name", "rules", "seed"}


@router.post("/games")
async def new_game(request: Request) -> JSONResponse:
    """Create a game: refused unread if not a same-origin JSON request of sensible size,
    then metered per client address (429), then checked field by field (400)."""
    hub = hub_of(request)
    address = request.client.host if request.client else "unknown"
    try:
        data = await read_json_body(request, MAX_BODY)
        wait = request.app.state.creations.take(address)
        if wait:
            raise Refused(429, f"too many new games from your address: try again in "
                               f"{wait:.0f} s")
        try:
            stored = await _create(hub, data)
        except ValueError:
            request.app.state.creations.give_back(address)
            raise
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    except Busy as err:
        return JSONResponse({"error": str(err)}, status_code=503)
    except ValueError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    links = {"play": stored.link(0), "watch": stored.link(None)}
    if stored.tokens[1]:
        links["invite"] = stored.link(1)
    return JSONResponse({"id": stored.id, "links": links}, status_code=201)


async def _create(hub: Hub, data: Any) -> StoredGame:
    if not isinstance(data, dict):
        raise ValueError("the request must be a JSON object")
    unknown = sorted(set(data) - CREATE_FIELDS)
    if unknown:
        raise ValueError(f"unknown field {str(unknown[0])[:40]!r}")
    if "seed" in data and not hub.limits.allow_seeds:
        raise ValueError("a seed is not accepted: every deal comes from the server (start "
                         "it with --allow-seeds for tests and demos)")
    rules = Rules.from_dict(data.get("rules", {}))
    return await hub.create(data.get("mode", "computer"), rules, data.get("name", "You"),
                            data.get("level", "expert"), data.get("seed"))


@router.get("/games/{game_id}/record")
async def game_record(game_id: str, request: Request) -> JSONResponse:
    found = await hub_of(request).peek(game_id)
    if found is None:
        return JSONResponse({"error": f"no game {game_id!r}"}, status_code=404)
    if not match.finished(*found):
        return JSONResponse({"error": "the game is still being played"}, status_code=409)
    return JSONResponse(public_record(*found))


@router.get("/games/{game_id}")
async def game_summary(game_id: str, request: Request) -> JSONResponse:
    """A game's names, score and whether it is over (the lobby lists the games you sit in);
    nothing a seat's link would open."""
    found = await hub_of(request).peek(game_id)
    if found is None:
        return JSONResponse({"error": f"no game {game_id!r}"}, status_code=404)
    stored, game = found
    return JSONResponse({"id": stored.id, "mode": stored.mode, "level": stored.level,
                         "names": list(stored.names), "score": list(game.score),
                         "finished": match.finished(stored, game),
                         "winner": match.winner(stored, game),
                         "resigned": stored.options.get(match.RESIGNED),
                         "hands": game.hand_number, "to_move": game.to_move})


@router.get("/levels")
async def levels_offered() -> dict[str, Any]:
    """The levels (easiest first) with what each is like and its measured strength, the one
    a first visit offers, and the default rules."""
    return {"levels": list(LEVELS), "rules": Rules().to_dict(), "default": levels.DEFAULT,
            "about": {name: levels.ABOUT[name].as_json() for name in LEVELS}}


@router.get("/recent")
async def recent(request: Request) -> dict[str, Any]:
    committer = hub_of(request).committer
    games = await committer.read(committer.storage.recent, 20)
    return {"games": [{"id": g.id, "names": list(g.names), "score": list(g.score),
                       "winner": g.winner} for g in games]}


@router.get("/players/{name}")
async def player_api(name: str, request: Request) -> dict[str, Any]:
    stats, _ = await player_stats(hub_of(request), name)
    return {k: v for k, v in vars(stats).items() if k != "unreadable"}


async def player_stats(hub: Hub, name: str) -> tuple[Stats, list[Any]]:
    """A player's statistics over the finished games stored under that name: each game's
    summary, stored when it finished, added up (a game from before summaries is replayed)."""
    committer = hub.committer
    games = await committer.read(committer.storage.finished_by, name, False)
    stats = Stats()
    for stored in games:
        seats = match.seats_of(stored, name)
        if stored.summary is not None:  # stored when it finished: no replay
            for seat in seats:
                stats.merge(stored.summary[str(seat)])
            continue
        whole = await committer.read(committer.storage.load, stored.id)  # an older game
        game = whole.replay()
        for seat in seats:
            stats.add(match.scored_record(whole, game), seat)
    return stats, games
