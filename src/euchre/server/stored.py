"""What the server stores: a game (``StoredGame``), the writes a batch is made of, and
``Storage``, what the server needs of a database (``storage`` for SQLite, ``postgres`` for
PostgreSQL; both run the same SQL, ``queries``).

A game is stored as its setup (rules, seed, mode, seat tokens and names) and the list of its
accepted actions; the live ``Game`` is rebuilt by replaying them, so the store never holds a
second, possibly disagreeing, copy of the state. Writes come in batches (``Storage.write``)
that are one transaction each: the server groups the actions of many tables into one commit,
and an action is acknowledged only after the commit that holds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from ..game import Game
from ..rules import Rules
from .account_store import (
    Account,
    AccountRows,
    CopyAccounts,
    Dislike,
    EndSession,
    NewAccount,
    NewSession,
)
from .match_facts import MatchFacts
from .ratings import SeatTimes

if TYPE_CHECKING:  # (ratings reads the store's rows: it is imported only for its type)
    from .ratings import Standing


@dataclass
class StoredGame:
    """A game as the store keeps it: its setup and its accepted actions, in order."""

    id: str
    mode: str
    """``computer`` (every seat but the first is a bot of ``level``) or ``friend`` (people
    in the seats they claimed; at three or four, computers of ``level`` in the others)."""
    level: str | None
    rules: Rules
    seed: int
    tokens: tuple[str | None, ...]
    """Each seat's secret; None for the computer's seat (and a seat not yet claimed)."""
    names: tuple[str, ...]
    actions: list[str] = field(default_factory=list)
    finished: bool = False
    winner: int | None = None
    score: tuple[int, ...] = (0, 0)
    """Each side's points (two sides, or one a player at a table where each plays for
    himself)."""
    created: float = 0.0
    updated: float = 0.0
    seeded: bool = False
    """The deal came from a seed the creator chose (a test or demo), not the server's own."""
    facts: MatchFacts = field(default_factory=MatchFacts)
    """Facts about the match beyond its moves (``match_facts``): whether undo was used, who
    resigned, whether hints are allowed, the rematch it led to."""
    summary: dict | None = None
    """Each seat's statistics (``history.Stats.of_seats``) once finished; None before, and
    for games finished before summaries were stored."""

    def link(self, seat: int | None) -> str:
        """The table's address for a seat (its secret in the link), or to watch (None)."""
        token = None if seat is None else self.tokens[seat]
        return f"/play/{self.id}" + (f"?token={token}" if token else "")

    def replay(self) -> Game:
        """The live game: the setup with every stored action applied (checked by the engine,
        so a store that was tampered with is refused with the engine's message)."""
        game = Game(self.rules, seed=self.seed)
        for i, token in enumerate(self.actions):
            try:
                game.apply(token)
            except ValueError as err:
                raise ValueError(f"game {self.id}: stored action {i + 1} ({token!r}) "
                                 f"does not replay: {err}") from None
        self.settle(game)
        return game

    def settle(self, game: Game) -> None:
        """Tell the engine's game how the match ended early, if the store says it did: the
        seat that resigned (``Game.resign``) or left it unfinished (``Game.abandon``). The
        engine then decides who won (``Game.outcome``), as for every other end."""
        seat = self.facts.resigned
        if seat is None or game.is_over:
            return
        if self.facts.abandoned:
            game.abandon(seat)
        else:
            game.resign(seat)


# --- the writes a batch is made of ------------------------------------------------------

@dataclass(frozen=True)
class NewGame:
    game: StoredGame


@dataclass(frozen=True)
class Action:
    game_id: str
    seq: int
    """0 for the game's first action; a repeated seq is refused (never applied twice)."""
    player: int
    token: str


@dataclass(frozen=True)
class Finish:
    game_id: str
    winner: int | None
    """None: a deal of the day that ended level."""
    score: tuple[int, ...]
    summary: dict | None = None
    """Each seat's statistics of the match (``history.Stats.of_seats``), stored with it."""


@dataclass(frozen=True)
class Rename:
    game_id: str
    seat: int
    name: str


@dataclass(frozen=True)
class SetFacts:
    """A game's facts changed from ``before`` to ``after``: the store rewrites only the
    facts that differ (``match_facts.merge_stored``), so that two processes changing
    different facts of one game never undo each other's."""

    game_id: str
    before: MatchFacts
    after: MatchFacts

    @classmethod
    def of(cls, game: StoredGame, after: MatchFacts) -> SetFacts:
        """The change of ``game``'s facts as it holds them now to ``after``."""
        return cls(game.id, game.facts, after)


@dataclass(frozen=True)
class TakeBack:
    """Undo: the game's actions from ``seq`` on are deleted (the record keeps no trace of
    them; ``MatchFacts.undo_used`` says that it happened)."""

    game_id: str
    seq: int


@dataclass(frozen=True)
class Claim:
    """A friend takes a seat with its one-time invite (``MatchFacts.invites``): the seat gets its
    token and his name, and the invite is removed. Refused (``Conflict``, nothing written)
    unless the stored invite is still ``invite``: two claims never both succeed, even from
    two processes."""

    game_id: str
    seat: int
    invite: str
    token: str
    name: str

@dataclass(frozen=True)
class DailyEntry:
    """A browser starts the deal of a day (``euchre.daily``) under a name: refused
    (``Conflict``) when that browser (``player``, ``days.player_key``) has a game of that
    day already."""

    day: str
    player: str
    name: str
    game_id: str


@dataclass(frozen=True)
class DailyResult:
    """A daily game played to its end: its margin (its points less the computer's)."""

    game_id: str
    points: int


@dataclass(frozen=True)
class Setting:
    """A setting of this database, written once: a second value for the key is ignored
    (the first stays), so processes that race agree on the first."""

    key: str
    value: str


@dataclass(frozen=True)
class SaveReview:
    """The coach's review of one seat of a finished game (``Review.to_dict()``), stored
    once: a second one for the same game and seat is ignored (the first stays)."""

    game_id: str
    seat: int
    review: dict


Write = (NewGame | Action | Finish | Rename | SetFacts | TakeBack | Claim | SaveReview
         | DailyEntry | DailyResult | Setting | NewAccount | NewSession | EndSession | Dislike
         | CopyAccounts | SeatTimes)


class Conflict(ValueError):
    """An action at a seq the store already holds: another process (or a re-sent frame)
    moved first. Nothing of the batch it was in is written."""


class Storage(Protocol):
    """What the server needs of a database."""

    def write(self, batch: Sequence[Write]) -> None:
        """Apply every write of ``batch`` in one transaction, durably, or none of them."""

    def load(self, game_id: str) -> StoredGame | None:
        """A game with its actions, or None if there is no such game."""

    def unfinished(self) -> list[str]:
        """Ids of the games still being played."""

    def player_total(self, name: str) -> dict[str, int] | None:
        """The running total of ``name``'s finished games (``server.totals``), or None."""

    def games_of(self, name: str, limit: int, before: float | None = None) -> list[StoredGame]:
        """The newest ``limit`` finished games in which a seat carries ``name`` (finished
        before ``before``, a time from a previous page, when given), newest first, without
        their actions: one page of the player's index."""

    def recent(self, limit: int) -> list[StoredGame]:
        """The newest finished games (without their actions)."""

    def open_games(self, since: float, limit: int) -> list[StoredGame]:
        """Unfinished friend games marked open (``open_tables``) touched after ``since``,
        the longest waiting first (without their actions)."""

    def stale(self, before: float, limit: int) -> list[str]:
        """Ids of games against the computer, unfinished, untouched since ``before``, in
        which the person has moved (``limit`` at most, the longest untouched first)."""

    def setting(self, key: str) -> str | None:
        """A setting of this database (``Setting``), or None."""

    def daily_board(self, day: str, limit: int) -> list[tuple[str, str, int]]:
        """A day's results, best first: ``(name, game id, points)``."""

    def daily_game(self, day: str, player: str) -> str | None:
        """The id of the game a browser (``player``) played of a day's deals, or None."""

    def load_review(self, game_id: str, seat: int) -> dict | None:
        """The stored review of a game's seat (``SaveReview``), or None if there is none."""

    def all_ids(self) -> list[str]:
        """Every game's id, oldest first (for ``euchre db copy``)."""

    def put_whole(self, game: StoredGame) -> None:
        """A game as it stands elsewhere (its times, result and actions), in one
        transaction; a game already here is refused."""

    def account(self, key: str) -> Account | None:
        """The account whose key is ``key`` (``account_store.AccountReads``)."""

    def session(self, session_id: str, since: float) -> Account | None:
        """The account of a session opened after ``since``, or None."""

    def avoided(self, key: str) -> set[str]:
        """The name keys quick match keeps away from the name ``key``."""

    def leaderboard(self, game: str, since: float, limit: int) -> list[Standing]:
        """A game's top list (``ratings.RatingReads``)."""

    def rated_kinds(self) -> list[str]:
        """The games someone is rated in."""

    def ratings_of(self, account: str) -> dict[str, list[tuple[float, int]]]:
        """An account's rating over time in each game it is rated in."""

    def rebuild_ratings(self) -> int:
        """Every rating worked out again from the stored games: the games rated."""

    def account_rows(self) -> AccountRows:
        """Every account, session and dislike here (``euchre db copy``)."""

    def seat_times(self, game_ids: set[str]) -> SeatTimes:
        """When each seat of ``game_ids`` finished here (``euchre db copy``)."""

    def close(self) -> None: ...


