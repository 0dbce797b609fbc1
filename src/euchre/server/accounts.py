"""Registered names: passwords, sessions, the login meters and whose a name is.

A person may register the name he plays under with a password, or keep playing as a guest.
The password is kept only as a memory-hard hash (``hashlib.scrypt``, parameters in
``SCRYPT``), worked out off the event loop. Logging in (or registering) opens a session:
a random secret in an HttpOnly, SameSite cookie (``SESSION_COOKIE``) of which the store
keeps only a hash, so the cookie is bound to that session alone: it is the same session
from any address (a phone changes address as it moves), it names no other account, and
logging out ends it everywhere.

Logins are metered twice (``Logins``): per client address and per name, each a token
bucket, a failed attempt spending one from both, so neither one address trying many names
nor many addresses trying one name get far. A registered name (compared by its confusable
skeleton: case, Unicode form and look-alike letters do not make another name) is refused to
anyone without its session, at a new game, at a friend's seat, in a rename and at the deal
of the day (``refusal``).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import secrets
import time

from ..i18n import _
from .account_store import Account, EndSession, NewAccount, NewSession
from .committer import Committer
from .limits import RateLimiter, Refused
from .lookalike import skeleton
from .protocol import ProtocolError, check_name
from .storage import Conflict

SCRYPT = {"n": 2 ** 14, "r": 8, "p": 5}
"""The scrypt cost: 128 * r * n = 16 MiB of memory per hash, five times over (p), OWASP's
minimum for scrypt; about 0.1 s of one core. Stored in each hash, so it may be raised later
without locking anyone out."""
SESSION_COOKIE = "euchre_session"
SESSION_DAYS = 30
"""Days a session lasts (its cookie's age, and the store's bound on it)."""
PASSWORD_LENGTH = (8, 256)
"""The shortest and longest password taken (characters)."""
LOGINS_PER_ADDRESS, LOGINS_PER_NAME = 10, 5
"""Failed logins (and registrations) a minute from one address, and against one name."""


def hash_password(password: str, salt: bytes | None = None,
                  cost: dict[str, int] | None = None) -> str:
    """The stored form of a password: ``scrypt$n$r$p$salt$hash`` (base64).

    >>> stored = hash_password("correct horse", cost={"n": 16, "r": 1, "p": 1})
    >>> check_password("correct horse", stored), check_password("correct hors", stored)
    (True, False)
    """
    cost = cost or SCRYPT
    salt = salt or secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=cost["n"], r=cost["r"],
                            p=cost["p"], maxmem=256 * cost["n"] * cost["r"] + 1024 * 1024,
                            dklen=32)
    return "$".join(["scrypt", str(cost["n"]), str(cost["r"]), str(cost["p"]),
                     base64.b64encode(salt).decode(), base64.b64encode(digest).decode()])


def check_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` (``hash_password``) was made from."""
    _, n, r, p, salt, digest = stored.split("$")
    again = hash_password(password, base64.b64decode(salt),
                          {"n": int(n), "r": int(r), "p": int(p)})
    return hmac.compare_digest(again.rsplit("$", 1)[1], digest)


def name_key(name: str) -> str:
    """The key of the account a name would be (its skeleton, once tidied as every name is:
    ``protocol.check_name``); a name no one may use keys as itself.

    >>> name_key("  ANN "), name_key("\u0410nn") == name_key("ann")
    ('ann', True)
    """
    try:
        return skeleton(check_name(name))
    except ProtocolError:
        return skeleton(name)


def session_id(secret: str) -> str:
    """What the store keeps of a session cookie's secret."""
    return hashlib.sha256(f"euchre session {secret}".encode()).hexdigest()


def _credentials(data: object) -> tuple[str, str]:
    """The name and password of a request, checked; ``Refused`` (400) in one line."""
    if not isinstance(data, dict) or set(data) - {"name", "password"} or \
            not isinstance(data.get("password"), str):
        raise Refused(400, _('the request must be a JSON object with "name" and "password"'))
    try:
        name = check_name(data.get("name"))
    except ProtocolError as err:
        raise Refused(400, str(err)) from None
    low, high = PASSWORD_LENGTH
    if not low <= len(data["password"]) <= high:
        raise Refused(400, _("a password must be {low} to {high} characters", low=low,
                             high=high))
    return name, data["password"]


class Logins:
    """The login meters of one process: per address and per name (``LOGINS_PER_*``)."""

    def __init__(self, per_address: int = LOGINS_PER_ADDRESS,
                 per_name: int = LOGINS_PER_NAME) -> None:
        self.by_address = RateLimiter(per_address)
        self.by_name = RateLimiter(per_name)

    def check(self, address: str, key: str | None) -> None:
        """Spend an attempt from the address's meter and the name's (``key``; None: a
        registration, which guesses no password), or ``Refused`` (429) if either is empty
        (spending nothing)."""
        wait = self.by_address.take(address)
        if wait:
            raise Refused(429, _("too many logins from your address: try again in "
                                 "{seconds} s", seconds=f"{wait:.0f}"))
        wait = 0.0 if key is None else self.by_name.take(key)
        if wait:
            self.by_address.give_back(address)
            raise Refused(429, _("too many logins to this name: try again in {seconds} s",
                                 seconds=f"{wait:.0f}"))

    def succeeded(self, address: str, key: str | None) -> None:
        """An attempt that worked costs nothing."""
        self.by_address.give_back(address)
        if key is not None:
            self.by_name.give_back(key)


class Accounts:
    """Registering, logging in and out, and whose a name is, over one store."""

    def __init__(self, committer: Committer, logins: Logins | None = None) -> None:
        self.committer = committer
        self.logins = logins or Logins()

    async def register(self, data: object, address: str) -> tuple[Account, str]:
        """A new account from ``{"name", "password"}`` and its first session's secret;
        ``Refused``: 400 (bad request), 409 (the name is registered, or looks like one
        that is), 429 (the address's meter: a refused registration spends from it, as a
        failed login does; the caller meters the accounts made)."""
        name, password = _credentials(data)
        key = skeleton(name)
        self.logins.check(address, None)
        stored = await asyncio.to_thread(hash_password, password)
        account = Account(key, name, stored)
        secret = secrets.token_urlsafe(32)
        try:
            await self.committer.submit([NewAccount(account),
                                         NewSession(session_id(secret), key)])
        except Conflict:
            taken = await self.committer.read(self.committer.storage.account, key)
            raise Refused(409, _("the name {name} is registered already", name=repr(name))
                          if taken is None or taken.name == name else
                          _("the name {name} looks like {taken}, which is registered: choose "
                            "another", name=repr(name), taken=repr(taken.name))) from None
        self.logins.succeeded(address, None)
        return account, secret

    async def login(self, data: object, address: str) -> tuple[Account, str]:
        """The account of ``{"name", "password"}`` and a new session's secret;
        ``Refused``: 400, 401 (no such name or a wrong password: the same words for
        both), 429 (the meters)."""
        name, password = _credentials(data)
        key = skeleton(name)
        self.logins.check(address, key)
        account = await self.committer.read(self.committer.storage.account, key)
        if account is None or not await asyncio.to_thread(check_password, password,
                                                          account.hash):
            raise Refused(401, _("wrong name or password"))
        self.logins.succeeded(address, key)
        secret = secrets.token_urlsafe(32)
        await self.committer.submit([NewSession(session_id(secret), key)])
        return Account(account.key, account.name), secret

    async def logout(self, secret: str | None) -> None:
        """End the session whose cookie holds ``secret`` (nothing if there is none)."""
        if secret:
            await self.committer.submit([EndSession(session_id(secret[:100]))])

    async def holder(self, secret: str | None) -> Account | None:
        """The account whose open session's cookie holds ``secret``, or None."""
        if not secret or len(secret) > 100:
            return None
        return await self.committer.read(self.committer.storage.session, session_id(secret),
                                         time.time() - SESSION_DAYS * 86400)

    async def refusal(self, name: str, holder: Account | None) -> str | None:
        """Why ``name`` may not be used by ``holder`` (None: a guest), in one line: it is
        another's registered name (or looks like it); else None."""
        key = name_key(name)
        if holder is not None and holder.key == key:
            return None
        taken = await self.committer.read(self.committer.storage.account, key)
        if taken is None:
            return None
        return _("the name {name} is registered: log in to play under it, or choose "
                 "another", name=repr(taken.name))

    async def check_name(self, name: str, holder: Account | None) -> None:
        """``Refused`` (403) with ``refusal``'s line when ``name`` is not the holder's."""
        why = await self.refusal(name, holder)
        if why:
            raise Refused(403, why)



def owner_of(name: str, holder: Account | None) -> str | None:
    """The account a seat taken under ``name`` is played by: the holder's when the name is
    his registered one (a logged-in person may still play under another name, as a guest)."""
    return holder.key if holder is not None and name_key(name) == holder.key else None
