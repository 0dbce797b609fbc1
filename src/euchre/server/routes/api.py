"""The JSON API: create a game, read a finished game's record, levels, recent games, a
player's statistics and ratings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ... import agents, daily
from ...i18n import _
from ...rules import Rules
from ...words import GUEST
from .. import levels, match, pages, presets
from ..account_store import Account
from ..accounts import name_key, owner_of
from ..hub import Hub, Taken
from ..limits import Busy, Refused, read_json_body
from ..match import public_record
from ..match_facts import MatchFacts
from ..protocol import encode
from ..ratings import PROVISIONAL
from ..storage import StoredGame
from ..totals import by_game, read_total
from . import hub_of, kept_secret
from .accounts import holder_of

router = APIRouter(prefix="/api")
MAX_BODY = 4096
"""Bytes of a request to create a game."""
CREATE_FIELDS = {"mode", "level", "name", "rules", "seed", "partner"}
RECENT = 20
"""Finished games the lobby's list shows (fewer while a day's deals are kept secret)."""


@router.post("/games")
async def new_game(request: Request) -> JSONResponse:
    """Create a game (``metered``): the creator's link, the watch link and a friend's
    one-time invite."""
    hub = hub_of(request)

    def links(stored: StoredGame) -> dict[str, str]:
        out: dict[str, Any] = {"play": stored.link(0), "watch": stored.link(None)}
        invite = match.invite_link(stored)
        if invite:
            out["invite"] = invite
        if len(stored.names) > 2 and stored.mode == "friend":
            out["invites"] = match.invite_links(stored)
        return out

    holder = await holder_of(request)
    return await metered(request, MAX_BODY, lambda data: _create(hub, data, holder), links)


async def metered(request: Request, limit: int,
                  make: Callable[[Any], Awaitable[StoredGame]],
                  links: Callable[[StoredGame], dict[str, str]]) -> JSONResponse:
    """A new game from a request: refused unread if not a same-origin JSON request of at
    most ``limit`` bytes, then metered per client address (429), then made from the JSON
    by ``make`` (a one-line 400, or the status of a ``Refused``; a refusal costs the
    address nothing); 201 with the game's id and ``links``."""
    creations = hub_of(request).creations
    # (the peer, or the client a --trusted-proxy names: uvicorn's proxy headers are on only
    # for those; from anyone else X-Forwarded-For is ignored)
    address = request.client.host if request.client else "unknown"
    try:
        data = await read_json_body(request, limit, hub_of(request).limits.allowed_origins)
        wait = creations.take(address)
        if wait:
            raise Refused(429, _("too many new games from your address: try again in {wait} s",
                                 wait=f"{wait:.0f}"))
        try:
            stored = await make(data)
        except ValueError:
            creations.give_back(address)
            raise
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    except Busy as err:
        return JSONResponse({"error": str(err)}, status_code=503)
    except ValueError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    return JSONResponse({"id": stored.id, "links": links(stored)}, status_code=201)


CLAIM_FIELDS = {"invite", "name"}


@router.post("/games/{game_id}/claim")
async def claim_seat(game_id: str, request: Request) -> JSONResponse:
    """Take a friend game's seat with its one-time invite: the seat's own link (its token
    made now, for this caller alone) and number, or why not (the seat taken: 409, with the
    watch link)."""
    hub = hub_of(request)
    try:
        data = await read_json_body(request, MAX_BODY, hub.limits.allowed_origins)
        if not isinstance(data, dict) or not isinstance(data.get("invite"), str):
            raise ValueError(_('the request must be a JSON object with "invite": the code in '
                               "the invite link"))
        unknown = sorted(set(data) - CLAIM_FIELDS)
        if unknown:
            raise ValueError(_("unknown field {field}", field=f"{str(unknown[0])[:40]!r}"))
        name = data.get("name", "Friend")
        holder = await holder_of(request)
        if isinstance(name, str):
            await hub.accounts.check_name(name, holder)
        stored, seat = await hub.claim(game_id, data["invite"], name,
                                       owner=owner_of(name, holder))
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    except LookupError as err:
        return JSONResponse({"error": str(err)}, status_code=404)
    except Taken as err:
        return JSONResponse({"error": str(err), "watch": f"/play/{game_id}"}, status_code=409)
    except Busy as err:
        return JSONResponse({"error": str(err)}, status_code=503)
    except ValueError as err:
        return JSONResponse({"error": str(err)}, status_code=400)
    return JSONResponse({"id": stored.id, "link": stored.link(seat), "seat": seat})


async def _create(hub: Hub, data: Any, holder: Account | None) -> StoredGame:
    if not isinstance(data, dict):
        raise ValueError(_("the request must be a JSON object"))
    unknown = sorted(set(data) - CREATE_FIELDS)
    if unknown:
        raise ValueError(_("unknown field {field}", field=f"{str(unknown[0])[:40]!r}"))
    if "seed" in data and not hub.limits.allow_seeds:
        raise ValueError(_("a seed is not accepted: every deal comes from the server (start "
                           "it with --allow-seeds for tests and demos)"))
    rules = Rules.from_dict(data.get("rules", {}))
    partner, name = data.get("partner"), data.get("name", GUEST)
    owners: dict[int, str] = {}
    if isinstance(name, str):
        await hub.accounts.check_name(name, holder)
        owner = owner_of(name, holder)
        if owner is not None:
            owners[0] = owner
    return await hub.create(data.get("mode", "computer"), rules, name,
                            data.get("level", "expert"), data.get("seed"),
                            facts=MatchFacts(partner=partner, owners=owners))


@router.get("/games/{game_id}/record")
async def game_record(game_id: str, request: Request) -> Response:
    found = await hub_of(request).peek(game_id)
    if found is None:
        return JSONResponse({"error": _("no game {game}", game=f"{game_id[:40]!r}")},
                            status_code=404)
    if await kept_secret(request, found[0]):
        return JSONResponse({"error": _(pages.DAILY_SECRET[1])}, status_code=403)
    if not match.finished(*found):
        return JSONResponse({"error": _("the game is still being played")}, status_code=409)
    return Response(await hub_of(request).builds.run(_record_json, found[0]),
                    media_type="application/json")


def _record_json(stored: StoredGame) -> bytes:
    """In a build worker: a finished game's record, encoded."""
    return encode(public_record(stored, stored.replay())).encode()


@router.get("/games/{game_id}")
async def game_summary(game_id: str, request: Request,
                       invite: str | None = None) -> JSONResponse:
    """A game's names, score and whether it is over (the lobby lists the games you sit in);
    nothing a seat's link would open. With ``invite`` (an invite's code), ``invite_open``
    says whether it still opens a seat (the invite page offers the seat only then)."""
    found = await hub_of(request).peek(game_id)
    if found is None:
        return JSONResponse({"error": _("no game {game}", game=f"{game_id[:40]!r}")},
                            status_code=404)
    stored, game = found
    opens = {} if invite is None else {
        "invite_open": match.invited_seat(stored, invite) is not None
        and not match.finished(stored, game)}
    return JSONResponse({**opens, "id": stored.id, "mode": stored.mode, "level": stored.level,
                         "names": list(stored.names), "score": list(game.score),
                         "finished": match.finished(stored, game),
                         "winner": match.winner(stored, game),
                         "seat_free": bool(match.invites(stored)),
                         "players": len(stored.names),
                         "resigned": stored.facts.resigned,
                         "abandoned": stored.facts.abandoned,
                         "hands": game.hand_number, "to_move": game.to_move})


@router.get("/levels")
async def levels_offered(request: Request) -> dict[str, Any]:
    """The levels (easiest first) with what each is like and its measured strength, the one
    a first visit offers, the default rules, each game's rules presets (``presets``) and the
    most points a match may be played to."""
    return {"levels": list(agents.LEVELS), "rules": Rules().to_dict(),
            "presets": presets.offered(),
            "default": levels.DEFAULT, "max_target": hub_of(request).limits.max_target,
            "about": {name: {**levels.ABOUT[name].as_json(), "name": levels.level_name(name)}
                      for name in agents.LEVELS}}


@router.get("/recent")
async def recent(request: Request) -> dict[str, Any]:
    """The newest finished games, but none of a day's deals while the day lasts (the day's
    board lists those, to be opened once the viewer has played: ``days.Days.hidden``)."""
    committer = hub_of(request).committer
    games = await committer.read(committer.storage.recent, RECENT)
    return {"games": [{"id": g.id, "names": list(g.names), "score": list(g.score),
                       "winner": g.winner} for g in games
                      if (g.facts.day or "") < daily.today()]}


@router.get("/players/{name}")
async def player_api(name: str, request: Request) -> dict[str, Any]:
    """A player's totals over every game, and under ``games`` for each game he finished
    by its number of players (``"4"``: four-handed)."""
    hub = hub_of(request)
    counts, _ = await player_stats(hub, name)
    stats, extra = read_total(counts)
    history = await rating_history(hub, name)
    return {**stats.counts(), **extra,
            "games": {str(players): {**one.counts(), **more}
                      for players, (one, more) in by_game(counts).items()},
            "registered": history is not None,
            "ratings": {game: {"rating": points[-1][1], "games": len(points),
                               "provisional": len(points) < PROVISIONAL,
                               "history": [[at, rating] for at, rating in points]}
                        for game, points in (history or {}).items()}}


async def rating_history(hub: Hub, name: str) -> dict[str, list[tuple[float, int]]] | None:
    """The ratings over time of the account registered as exactly ``name`` (each game's
    (time, rating) after each rated game), or None when ``name`` is nobody's account."""
    read, storage = hub.committer.read, hub.committer.storage
    account = await read(storage.account, name_key(name))
    if account is None or account.name != name:
        return None
    return await read(storage.ratings_of, account.key)


async def player_stats(hub: Hub, name: str, before: float | None = None
                       ) -> tuple[dict[str, int] | None, list[StoredGame]]:
    """A player's running totals as stored (``server.totals`` reads them) and one page of
    his finished games, newest first (finished before ``before`` when given): two indexed
    reads off the event loop, whatever the number of his games."""
    storage = hub.committer.storage
    counts = await hub.committer.read(storage.player_total, name)
    games = await hub.committer.read(storage.games_of, name, pages.PLAYER_PAGE, before)
    return counts, games
