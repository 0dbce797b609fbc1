"""Accounts over HTTP: register, log in and out, who is logged in, and claiming the games a
guest finished in this browser (``server.accounts`` does the work).

``POST /api/accounts`` ``{"name", "password"}`` registers (201, with the session cookie);
``POST /api/session`` logs in (401 for a wrong name or password, 429 once a meter is
empty); ``DELETE /api/session`` logs out; ``GET /api/session`` names the account logged in
(or ``null``); ``POST /api/accounts/games`` ``{"games": [{"id", "token"}]}`` marks the
finished games whose seat tokens this browser holds as the account's; ``POST
/api/dislikes`` ``{"name"}`` keeps quick match from seating the account with that name.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ...i18n import _
from .. import match
from ..account_store import Account, Dislike
from ..accounts import SESSION_COOKIE, SESSION_DAYS, name_key
from ..limits import Refused, plausible, read_json_body
from ..match_facts import with_seat
from ..storage import SetFacts
from . import hub_of

router = APIRouter(prefix="/api")
MAX_BODY = 1024
"""Bytes of a login or registration."""
CLAIM_BODY = 8192
"""Bytes of a claim: room for the 50 games a browser remembers."""
MOST_CLAIMED = 50


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def holder_of(request: Request) -> Account | None:
    """The account whose session this request's cookie opens, or None (a guest)."""
    return await hub_of(request).accounts.holder(request.cookies.get(SESSION_COOKIE))


@router.post("/accounts")
async def register(request: Request) -> JSONResponse:
    hub = hub_of(request)

    async def make(data: object, address: str) -> tuple[Account, str]:
        wait = hub.creations.take(address)  # (with the games made: one meter)
        if wait:
            raise Refused(429, _("too many new accounts and games from your address: try "
                                 "again in {seconds} s", seconds=f"{wait:.0f}"))
        try:
            return await hub.accounts.register(data, address)
        except Refused:
            hub.creations.give_back(address)
            raise

    return await _signing_in(request, make, 201)


@router.post("/session")
async def login(request: Request) -> JSONResponse:
    return await _signing_in(request, hub_of(request).accounts.login, 200)


async def _signing_in(request: Request,
                      action: Callable[[object, str], Awaitable[tuple[Account, str]]],
                      status: int) -> JSONResponse:
    """Read a name and password (refused early as ``read_json_body`` refuses), do
    ``action`` with them, and answer with the session's cookie, or the refusal."""
    try:
        data = await read_json_body(request, MAX_BODY, hub_of(request).limits.allowed_origins)
        account, secret = await action(data, _address(request))
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    reply = JSONResponse({"name": account.name}, status_code=status)
    reply.set_cookie(SESSION_COOKIE, secret, max_age=SESSION_DAYS * 86400, httponly=True,
                     samesite="strict", secure=request.url.scheme == "https", path="/")
    return reply


@router.delete("/session")
async def logout(request: Request) -> JSONResponse:
    await hub_of(request).accounts.logout(request.cookies.get(SESSION_COOKIE))
    reply = JSONResponse({"name": None})
    reply.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
    return reply


@router.get("/session")
async def who(request: Request) -> dict[str, Any]:
    holder = await holder_of(request)
    return {"name": None if holder is None else holder.name}


@router.post("/accounts/games")
async def claim_games(request: Request) -> JSONResponse:
    """Mark as the account's the finished games whose seat this browser holds (each by its
    token), where the seat is nobody's yet: ``claimed`` and ``refused`` (id and why)."""
    try:
        holder, data = await _logged_in(
            request, CLAIM_BODY, _("log in first: games are claimed by an account"))
        games = data.get("games") if isinstance(data, dict) and set(data) == {"games"} \
            else None
        if not isinstance(games, list) or len(games) > MOST_CLAIMED or not all(
                isinstance(g, dict) and set(g) == {"id", "token"} and isinstance(g["id"], str)
                and isinstance(g["token"], str) for g in games):
            raise Refused(400, _("the request must be {shape}, at most {most}",
                                 shape='{"games": [{"id", "token"}, ...]}', most=MOST_CLAIMED))
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    claimed, refused = [], []
    for game in games:
        why = await _claim_one(request, holder, game["id"], game["token"])
        (refused.append({"id": game["id"][:40], "error": why}) if why
         else claimed.append(game["id"]))
    return JSONResponse({"claimed": claimed, "refused": refused})


async def _logged_in(request: Request, limit: int, why: str
                     ) -> tuple[Account, Any]:
    """The caller's account and his request's JSON; ``Refused`` (401 with ``why``, the
    reader's words for why an account is needed, or as ``read_json_body`` refuses)."""
    holder = await holder_of(request)
    if holder is None:
        raise Refused(401, why)
    return holder, await read_json_body(request, limit, hub_of(request).limits.allowed_origins)


async def _claim_one(request: Request, holder: Account, game_id: str, token: str
                     ) -> str | None:
    """Claim one game's seat for ``holder``: None, or why not in one line."""
    hub = hub_of(request)
    stored = await hub.stored(game_id) if plausible(game_id) else None
    if stored is None:
        return _("no such game")
    seat = match.token_seat(stored, token) if plausible(token) else None
    if seat is None:
        return _("that token opens no seat of this game")
    if not stored.finished:
        return _("the game is not finished")
    owner = stored.facts.owners.get(seat)
    if owner is not None:
        return None if owner == holder.key else _("that seat is another account's")
    note = SetFacts.of(stored, replace(stored.facts, owners=with_seat(stored.facts.owners,
                                                                     seat, holder.key)))
    await hub.committer.submit([note])
    stored.facts = note.after
    return None


@router.post("/dislikes")
async def dislike(request: Request) -> JSONResponse:
    """``{"name"}``: quick match never seats the account with that name again (nor that
    name's account with it)."""
    try:
        holder, data = await _logged_in(
            request, MAX_BODY, _("log in first: only an account keeps whom it will not play"))
        if not isinstance(data, dict) or set(data) != {"name"} or \
                not isinstance(data["name"], str) or not data["name"].strip():
            raise Refused(400, _("the request must be {shape}",
                                 shape='{"name": the player\'s name}'))
        whom = name_key(data["name"])
        if whom == holder.key:
            raise Refused(400, _("that is your own name"))
        await hub_of(request).committer.submit([Dislike(holder.key, whom)])
    except Refused as err:
        return JSONResponse({"error": str(err)}, status_code=err.status)
    return JSONResponse({"name": data["name"][:40]}, status_code=201)
