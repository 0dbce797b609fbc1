"""A throwaway PostgreSQL cluster for the tests: Debian's PostgreSQL 15 (``initdb`` into a
temporary folder as the unprivileged ``postgres`` user, a free port on 127.0.0.1, trust
authentication), stopped and removed afterwards. Tests that need it skip, saying why, only
where PostgreSQL or psycopg is not installed."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

BIN = Path("/usr/lib/postgresql/15/bin")


def _as_postgres(argv: list[str]) -> list[str]:
    """Run as the ``postgres`` user when we are root (initdb refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """The URL of an empty database in a cluster of its own, for this test module."""
    if not (BIN / "initdb").exists():
        pytest.skip(f"PostgreSQL is not installed ({BIN}/initdb is missing)")
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install psycopg)")
    with cluster() as url:
        yield url


@contextlib.contextmanager
def cluster(fsync: bool = False) -> Iterator[str]:
    """A throwaway cluster (also for ``bench/server_load.py --db pg``); its URL."""
    folder = Path(tempfile.mkdtemp(prefix="euchre-pg-", dir="/tmp"))
    os.chmod(folder, 0o755)  # the postgres user must be able to reach the data folder
    data = folder / "data"
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    subprocess.run(_as_postgres([str(BIN / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8", "--no-sync"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(folder / "log"), "-o",
                                 f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 "
                                 f"-c fsync={'on' if fsync else 'off'} -c max_connections=300",
                                 "start"]),
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                     "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def reset(url: str) -> None:
    """Empty the database (each test starts from no schema at all)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("DROP SCHEMA public CASCADE")
        connection.execute("CREATE SCHEMA public")


def postgres_at(url: str, version: int, source: Path, tables: tuple[str, ...]) -> str:
    """An empty database at PostgreSQL schema ``version`` (made by today's first steps:
    the migrations are append-only) holding the rows of ``tables`` of the SQLite file
    ``source``: an old server's database, as it would be in PostgreSQL."""
    import sqlite3

    import psycopg

    from euchre.server import postgres as pg_schema

    reset(url)
    old = sqlite3.connect(source)
    with psycopg.connect(url, autocommit=True) as connection, connection.transaction():
        for statement in pg_schema.SCHEMA:
            connection.execute(statement)
        for step in pg_schema.MIGRATIONS[:version - 1]:
            if callable(step):
                step(connection)
            else:
                connection.execute(step)
        connection.execute("CREATE TABLE schema_version (version INTEGER)")
        connection.execute("INSERT INTO schema_version VALUES (%s)", (version,))
        for table in tables:
            cursor = old.execute(f"SELECT * FROM {table}")
            columns = [d[0] for d in cursor.description]
            with connection.cursor() as many:
                many.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES "
                                 f"({', '.join(['%s'] * len(columns))})", cursor.fetchall())
    old.close()
    return url
