"""Issue 50, criteria 1 and 7: accounts. A name registered with a password (kept only as a
scrypt hash), sessions in HttpOnly SameSite cookies bound to their session, logins metered
per address and per name, a registered name refused to guests and to anyone without its
session (at a new game, a friend's seat, a rename, the deal of the day), whatever its case,
Unicode form or look-alike letters, and a guest's finished games claimed from his browser."""

from __future__ import annotations

import http.client
import json
import sqlite3
import urllib.request

import pytest
from server_support import TEST_FLAGS, Browser, Server, play_out

from euchre.server.accounts import (
    LOGINS_PER_ADDRESS,
    LOGINS_PER_NAME,
    SCRYPT,
    check_password,
    hash_password,
)
from euchre.server.lookalike import skeleton

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("accounts") / "games.db",
                     flags=TEST_FLAGS).start()
    yield running
    running.stop()


def delete(browser: Browser, path: str) -> tuple[int, dict]:
    request = urllib.request.Request(browser.server.base + path, method="DELETE")
    with browser.opener.open(request, timeout=10) as reply:
        return reply.status, json.load(reply)


def who(browser: Browser) -> str | None:
    status, text = browser.get("/api/session")
    assert status == 200
    return json.loads(text)["name"]


def from_address(server: Server, source: str, method: str, path: str, cookie: str,
                 body: dict | None = None) -> tuple[int, dict]:
    """A request from another client address (``source``, a loopback address), carrying
    a copied ``Cookie`` header, as a thief holding a stolen cookie would send it."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10,
                                            source_address=(source, 0))
    headers = {"Cookie": cookie, "Content-Type": "application/json"}
    connection.request(method, path, None if body is None else json.dumps(body), headers)
    reply = connection.getresponse()
    out = reply.status, json.loads(reply.read())
    connection.close()
    return out


def failures_until_refused(server: Server, body) -> int:
    """Failed logins (``body(n)`` the n-th) until one is refused with 429: how many failed."""
    for n in range(30):
        status, reply = server.post("/api/session", body(n))
        if status == 429:
            return n
        assert status == 401, reply
    raise AssertionError("30 failed logins and no refusal")


def registered(server: Server, name: str) -> Browser:
    browser = Browser(server)
    status, reply = browser.post("/api/accounts", {"name": name, "password": PASSWORD})
    assert status == 201, reply
    return browser


def test_the_password_is_kept_only_as_a_memory_hard_hash():
    stored = hash_password(PASSWORD)
    assert stored.startswith(f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}$")
    assert 128 * SCRYPT["n"] * SCRYPT["r"] >= 16 * 1024 * 1024  # 16 MiB per hash
    assert PASSWORD not in stored and hash_password(PASSWORD) != stored  # salted
    assert check_password(PASSWORD, stored) and not check_password(PASSWORD + "!", stored)


def test_registering_gives_an_httponly_samesite_session_cookie(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("POST", "/api/accounts", json.dumps(
        {"name": "Cookie Carl", "password": PASSWORD}), {"Content-Type": "application/json"})
    reply = connection.getresponse()
    assert reply.status == 201 and json.loads(reply.read()) == {"name": "Cookie Carl"}
    cookie = reply.getheader("set-cookie")
    connection.close()
    parts = [part.strip().lower() for part in cookie.split(";")]
    assert parts[0].startswith("euchre_session=") and "httponly" in parts
    assert "samesite=strict" in parts and "path=/" in parts
    with sqlite3.connect(server.db) as raw:
        (stored,) = raw.execute("SELECT hash FROM accounts WHERE name = 'Cookie Carl'").fetchone()
        sessions = [row[0] for row in raw.execute("SELECT id FROM sessions")]
    assert stored.startswith("scrypt$") and PASSWORD not in stored
    secret = parts[0].split("=", 1)[1]
    assert secret not in sessions  # the store keeps a hash of the cookie, never the cookie


def test_login_logout_and_a_wrong_password(server):
    ann = registered(server, "Ann Login")
    assert who(ann) == "Ann Login"
    assert delete(ann, "/api/session") == (200, {"name": None})
    assert who(ann) is None
    status, reply = ann.post("/api/session", {"name": "Ann Login", "password": "wrong one!"})
    assert (status, reply) == (401, {"error": "wrong name or password"})
    status, reply = ann.post("/api/session", {"name": "Nobody Here", "password": PASSWORD})
    assert (status, reply) == (401, {"error": "wrong name or password"})  # the same words
    assert who(ann) is None
    status, reply = ann.post("/api/session", {"name": "ann login", "password": PASSWORD})
    assert (status, reply) == (200, {"name": "Ann Login"})  # the account, as registered
    assert who(ann) == "Ann Login"


@pytest.mark.parametrize("body, fragment", [
    ({"name": "Zed"}, '"name" and "password"'),
    ({"name": "Zed", "password": "short"}, "8 to 256 characters"),
    ({"name": "Zed", "password": "x" * 257}, "8 to 256 characters"),
    ({"name": "Zed", "password": PASSWORD, "admin": True}, '"name" and "password"'),
    ({"name": "Computer", "password": PASSWORD}, "the computer's name"),
    ({"name": "a/b", "password": PASSWORD}, "may not contain /"),
    ({"name": 7, "password": PASSWORD}, "non-empty string"),
    ([1, 2], '"name" and "password"'),
])
def test_a_bad_registration_or_login_is_one_line_and_changes_nothing(server, body, fragment):
    for path in ("/api/accounts", "/api/session"):
        status, reply = server.post(path, body)
        assert status == 400 and fragment in reply["error"], reply
        assert "\n" not in reply["error"]
    status, reply = server.post("/api/accounts", b"{not json")
    assert status == 400 and reply["error"] == "the request is not valid JSON"
    status, reply = server.post("/api/accounts", b"x" * 5000)
    assert status == 413


def test_names_that_differ_only_by_case_or_unicode_form_are_one_account(server):
    registered(server, "Zoë Lee")
    for other, words in [("zoë lee", "looks like 'Zoë Lee'"), ("ZOË LEE", "looks like 'Zoë Lee'"),
                         ("Zoe\u0308 Lee", "registered already"),  # decomposed: NFKC is one
                         ("Ｚｏë Lee", "registered already"),  # fullwidth letters
                         ("Zoe Lee", "looks like 'Zoë Lee'"),
                         ("Z\u043eë Lee", "looks like 'Zoë Lee'")]:  # a Cyrillic о
        status, reply = server.post("/api/accounts", {"name": other, "password": PASSWORD})
        assert status == 409 and words in reply["error"], (other, reply)
    status, reply = server.post("/api/session", {"name": "ＺＯË LEE", "password": PASSWORD})
    assert (status, reply) == (200, {"name": "Zoë Lee"})


def test_a_registered_name_is_refused_to_a_guest_everywhere(server):
    owner = registered(server, "Reggie")
    guest = Browser(server)
    for name in ("Reggie", "reggie", "REGGIE", "Rеggie"):  # the last with a Cyrillic е
        status, reply = guest.post("/api/games", {"mode": "computer", "name": name})
        assert status == 403, reply
        assert reply == {"error": "the name 'Reggie' is registered: log in to play under it, "
                                  "or choose another"}
        status, reply = guest.post("/api/daily", {"name": name})
        assert status == 403 and "registered" in reply["error"]
    friendly = guest.post("/api/games", {"mode": "friend", "name": "Gus"})[1]
    code = friendly["links"]["invite"].split("?invite=")[1]
    status, reply = guest.post(f"/api/games/{friendly['id']}/claim",
                               {"invite": code, "name": "reggie"})
    assert status == 403 and "registered" in reply["error"]
    seat = guest.seat(friendly["links"]["play"])
    seat.state_at_least(0)
    seat.send({"type": "name", "name": "REGGIE"})
    assert "registered" in seat.error()
    seat.close()
    # the owner, with his session, plays under it (in any case he types it)
    status, reply = owner.post("/api/games", {"mode": "computer", "name": "Reggie"})
    assert status == 201, reply
    status, reply = owner.post(f"/api/games/{friendly['id']}/claim",
                               {"invite": code, "name": "Reggie"})
    assert status == 200, reply


def test_a_cookie_from_another_address_is_bound_to_its_session_only(server):
    thief_address = "127.0.0.2"
    owner = registered(server, "Stolen Sam")
    cookie = owner.cookies()
    assert from_address(server, thief_address, "GET", "/api/session", cookie) == (
        200, {"name": "Stolen Sam"})  # one session, whatever the address: no more
    status, reply = from_address(server, thief_address, "POST", "/api/games", cookie,
                                 {"mode": "computer", "name": "Other Name"})
    assert status == 201  # a guest's game under another name: nothing of the account's
    forged = cookie[:-2] + ("AA" if not cookie.endswith("AA") else "BB")
    assert from_address(server, thief_address, "GET", "/api/session", forged) == (
        200, {"name": None})
    status, _ = from_address(server, thief_address, "POST", "/api/games", forged,
                             {"mode": "computer", "name": "Stolen Sam"})
    assert status == 403
    delete(owner, "/api/session")  # the owner logs out: the copied cookie opens nothing
    assert from_address(server, thief_address, "GET", "/api/session", cookie) == (
        200, {"name": None})
    status, reply = from_address(server, thief_address, "POST", "/api/games", cookie,
                                 {"mode": "computer", "name": "Stolen Sam"})
    assert status == 403 and "registered" in reply["error"]


def test_a_flood_of_logins_is_stopped_per_name_and_per_address(tmp_path):
    server = Server(tmp_path / "games.db", flags=TEST_FLAGS).start()
    try:
        registered(server, "Target Tom")
        # (the meters refill as they should, one attempt every 12 s for a name and every
        # 6 s for an address: on a slow machine an attempt more may pass before the refusal)
        failed = failures_until_refused(server, lambda n: {"name": "Target Tom",
                                                           "password": "guess1234"})
        assert LOGINS_PER_NAME <= failed <= LOGINS_PER_NAME + 2
        status, reply = server.post("/api/session", {"name": "Target Tom", "password": PASSWORD})
        assert status == 429 and reply["error"].startswith("too many logins to this name: "
                                                           "try again in ")
        # from another address the name stays locked: many addresses get no further
        status, reply = from_address(server, "127.0.0.3", "POST", "/api/session", "",
                                     {"name": "Target Tom", "password": PASSWORD})
        assert status == 429 and "this name" in reply["error"]
        # one address trying many names: its meter fills (10 failures a minute)
        failed += failures_until_refused(server, lambda n: {"name": f"Name {n}",
                                                            "password": "guess1234"})
        assert LOGINS_PER_ADDRESS <= failed <= LOGINS_PER_ADDRESS + 4
        status, reply = server.post("/api/session", {"name": "Someone New", "password": "x" * 9})
        assert status == 429 and reply["error"].startswith("too many logins from your address")
        status, reply = server.post("/api/accounts", {"name": "Fresh", "password": PASSWORD})
        assert status == 429  # registering is metered with the logins
    finally:
        server.stop()


def test_a_guest_claims_his_finished_games_from_the_same_browser(server):
    guest = Browser(server)
    game = guest.post("/api/games", {"mode": "friend", "name": "Clara", "rules": {"target": 1}})[1]
    host, friend = server.friends(game)
    host.state_at_least(0)
    friend.state_at_least(0)
    play_out(host, friend)
    host.close()
    friend.close()
    unfinished = guest.post("/api/games", {"mode": "computer", "name": "Clara"})[1]
    token = game["links"]["play"].split("token=")[1]
    status, reply = guest.post("/api/accounts", {"name": "Clara", "password": PASSWORD})
    assert status == 201
    claims = [{"id": game["id"], "token": token},
              {"id": unfinished["id"], "token": unfinished["links"]["play"].split("token=")[1]},
              {"id": game["id"], "token": "not-the-token"}, {"id": "nosuchgame", "token": "t"}]
    status, reply = guest.post("/api/accounts/games", {"games": claims})
    assert status == 200 and reply["claimed"] == [game["id"]]
    assert [r["error"] for r in reply["refused"]] == [
        "the game is not finished", "that token opens no seat of this game", "no such game"]
    with sqlite3.connect(server.db) as raw:
        (options,) = raw.execute("SELECT options FROM games WHERE id = ?",
                                 (game["id"],)).fetchone()
    assert json.loads(options)["account0"] == skeleton("Clara")  # the account's key
    # another account cannot take it over, even holding the token
    thief = registered(server, "Claim Thief")
    status, reply = thief.post("/api/accounts/games", {"games": [{"id": game["id"],
                                                                   "token": token}]})
    assert reply["refused"] == [{"id": game["id"], "error": "that seat is another account's"}]
    status, reply = Browser(server).post("/api/accounts/games", {"games": []})
    assert status == 401 and "log in" in reply["error"]
    status, reply = guest.post("/api/accounts/games", {"games": [{"id": 1}]})
    assert status == 400 and '"games"' in reply["error"]


def test_new_accounts_are_metered_with_new_games_and_a_claim_is_bounded(tmp_path):
    server = Server(tmp_path / "games.db", flags=("--games-per-minute", "2")).start()
    try:
        status, reply = server.post("/api/accounts", {"name": "Meter One", "password": "x"})
        assert status == 400  # (a refusal for another reason costs the meter nothing)
        first = registered(server, "Meter One")
        status, _ = server.post("/api/games", {"mode": "computer", "name": "Guest"})
        assert status == 201  # the address's second new thing this minute
        status, reply = server.post("/api/accounts", {"name": "Meter Two",
                                                      "password": PASSWORD})
        assert status == 429 and reply["error"].startswith(
            "too many new accounts and games from your address: try again in ")
        many = [{"id": f"g{n}", "token": "t"} for n in range(51)]
        status, reply = first.post("/api/accounts/games", {"games": many})
        assert status == 400 and "at most 50" in reply["error"]
        status, reply = first.post("/api/accounts/games", {"games": many[:1] * 400})
        assert status == 413  # a body over 8 KB is refused unread
    finally:
        server.stop()
