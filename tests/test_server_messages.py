"""Issue 49, criterion 4 (in part): "one list of messages: each message type, its fields and
its handler declared once; the page's list checked against it by a test". The types a
client may send are ``protocol.CLIENT_MESSAGES`` (each with its check of the fields), carried
out by ``player_messages.HANDLERS``; the types the server sends are
``protocol.SERVER_MESSAGES``. The page's table scripts may send and read no other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre.server import protocol
from euchre.server.player_messages import HANDLERS
from euchre.server.protocol import CLIENT_MESSAGES, SERVER_MESSAGES, ProtocolError, parse

SERVER = Path(protocol.__file__).parent
TABLE_SCRIPTS = sorted((SERVER / "static" / "table").glob("*.js"))
SENT = re.compile(r"""send\(\{\s*type:\s*"(\w+)\"""")
READ = re.compile(r"""\.type\s*[!=]==\s*"(\w+)\"""")
SERVER_SENDS = re.compile(r"""\{"type": "(\w+)\"""")


def found(pattern: re.Pattern, paths: list[Path]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for path in paths:
        for kind in pattern.findall(path.read_text("utf-8")):
            out.setdefault(kind, []).append(path.name)
    return out


def test_every_type_a_client_may_send_has_its_handler_and_no_other():
    assert set(HANDLERS) == set(CLIENT_MESSAGES)


def test_the_page_sends_and_reads_only_the_declared_types():
    sent, read = found(SENT, TABLE_SCRIPTS), found(READ, TABLE_SCRIPTS)
    assert sent and read  # (the patterns still find the page's messages)
    assert {kind: where for kind, where in sent.items() if kind not in CLIENT_MESSAGES} == {}
    assert {kind: where for kind, where in read.items() if kind not in SERVER_MESSAGES} == {}


def test_the_server_sends_a_table_only_the_declared_types():
    sources = [path for path in SERVER.glob("*.py")
               if path.name not in ("protocol.py", "seat_client.py")]  # (a client's own)
    sent = found(SERVER_SENDS, sources)
    assert {"state", "error", "pong"} <= set(sent)
    assert {kind: where for kind, where in sent.items() if kind not in SERVER_MESSAGES} == {}


@pytest.mark.parametrize("kind", list(CLIENT_MESSAGES))
def test_a_refusal_of_an_unknown_type_names_every_declared_one(kind):
    with pytest.raises(ProtocolError) as refused:
        parse('{"type": "dance"}')
    assert kind in str(refused.value)
