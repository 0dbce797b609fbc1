"""One game's live table: the stored setup, the engine's state and the connections watching.

The server is authoritative. A connection is bound to a seat by the secret token in its link
(or to no seat: a spectator). Everything a connection receives is built from its own seat's
``View`` (spectators get the public part), so a hidden card can never leak through a bug in a
page. An action is checked by the engine, committed to the store, and only then broadcast
(``accept``); if the commit fails it is taken back and the player is told.

A friend's seat is taken with a one-time invite (``match.INVITE``): until then the seat has
no token, nobody can move (the creator waits for his friend), and only the creator's state
carries the invite link. The token made when the friend claims the seat is sent to him alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any

from .. import agents, daily, i18n
from ..actions import action_token, parse_action
from ..engine import actions as engine_actions
from ..game import Game
from ..history import Stats
from ..i18n import _
from . import match, rule_wording, scorepad
from .client import Client
from .committer import Committer
from .protocol import ProtocolError, encode
from .storage import Action, Conflict, DailyResult, Finish, SetFacts, StoredGame
from .workers import Remote, seat_player

WRONG_TOKEN = "this link's seat token is not valid for this game"
"""What a seat link with a token that opens no seat is told (its page says it too)."""

log = logging.getLogger("euchre.server")


class Stale(ProtocolError):
    """A move refused because the game had moved on (in another process or window)."""


class Turn:
    """One person's timed turn (the table's ``turn_task``): a timer of the event loop until
    it runs out (a turn made in time costs no task), then the task that moves for him."""

    def __init__(self, seq: int, timer: asyncio.TimerHandle) -> None:
        self.seq = seq
        """The state (``Table.seq``) it times."""
        self.timer = timer
        self.task: asyncio.Task[None] | None = None

    def done(self) -> bool:
        """Whether it is over: stopped, or the move for him made (or found not owed)."""
        return self.timer.cancelled() if self.task is None else self.task.done()

    def cancel(self) -> None:
        self.timer.cancel()
        if self.task is not None:
            self.task.cancel()


@dataclass
class Table:
    """A game in play: the stored setup, the live engine state and who is watching."""

    stored: StoredGame
    game: Game
    bots: dict[int, agents.Agent | Remote]
    """The computer's players, by seat: a searching level's decides in a worker process."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    last_action: tuple[int, str] | None = None
    bot_task: asyncio.Task[None] | None = None
    rematch_asked: set[int] = field(default_factory=set)
    """Seats that asked for a rematch of this finished match (``match``)."""
    lease: bool = False
    """This process holds the computer's lease for the game (``peers``): it makes its moves."""
    waiting: bool = False
    """The computer's task is waiting for a lease another process holds."""
    levels: dict[int, str] = field(default_factory=dict)
    """The level of each seat's computer player (``seat_bots``)."""
    bots_told: dict[int, int] = field(default_factory=dict)
    """For each bot's seat, the hands it was told of (``agents.tell_past_hands``): a table
    loaded again tells its new bot of every hand so far before it moves."""
    turn_timer: float = 0.0
    """Seconds a person at a table with other people has for a move before the computer
    makes it for him (``turn_timer``; 0: no timer)."""
    turn_task: Turn | None = None
    """The timer of the person's turn now (``Turn``: the state ``seq`` it
    times), or None."""
    hand_words: dict = field(default_factory=dict)
    """The finished hand's words for each reader of this table (``wording.words``' ``kept``):
    every state of the next hand shows them, worded once; let go with the table."""
    pad_kept: dict = field(default_factory=dict)
    """The score pad in each reader's language (``scorepad.kept_rows``): every state of a
    hand carries the same rows, made once per finished hand."""

    @property
    def seq(self) -> int:
        return len(self.stored.actions)

    def over(self) -> bool:
        """Whether the match is over: won on points, or resigned."""
        return match.finished(self.stored, self.game)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a secret token opens; ``ProtocolError`` for a token that opens none."""
        if token is None or token == "":
            return None
        seat = match.token_seat(self.stored, token)
        if seat is None:
            raise ProtocolError(WRONG_TOKEN)
        return seat

    def person_in(self, seat: int) -> bool:
        """Whether a person's connection holds ``seat`` (the computer's play does not count)."""
        return any(client.seat == seat for client in self.clients)

    def connected(self) -> list[bool]:
        """Whether each seat is held by a connection (the computer always is)."""
        connected = [s in self.bots for s in range(len(self.stored.names))]
        for client in self.clients:
            if client.seat is not None:
                connected[client.seat] = True
        return connected

    def state(self, seat: int | None, connected: list[bool],
              common: dict[str, Any] | None = None) -> dict[str, Any]:
        """The ``state`` message for one seat (or a spectator); ``common``: what every
        reader's shares (``common``), when the caller made it already for another."""
        game, stored = self.game, self.stored
        if common is None:
            common = self.common(connected)
        seen = game.view(seat)  # None: the spectator's view, made by the engine
        view = seen.to_dict(shared=True)  # encoded at once, never changed
        names = common["names"]
        said = rule_wording.words_for(seen, names, kept=self.hand_words)
        if common["game"]["finished"] and not game.is_over:  # a day's deals played
            view["legal"], said["choices"], said["prompt"] = [], [], ""
        elif not all(common["game"]["arrived"]):  # nobody moves before the friends are here
            view["legal"], said["choices"] = [], []
            said["prompt"] = _("Waiting for {name} to take the seat", name=stored.names[1]) \
                if len(names) == 2 else _("Waiting for your friends: start when you are ready") \
                if seat == 0 else _("Waiting for your friends, or for the host to start")
        elif seat in self.bots:  # a seat taken over mid-hand, or its player away
            view["legal"], said["choices"] = [], []
            said["prompt"] = _("The computer plays your seat until this hand is over") \
                if match.taking_over(stored, seat) else _("The computer played for you")
        last = self.last_action
        if last is not None:  # another's discard (or best card given) stays face down
            last = (last[0], rule_wording.masked(last[1], seat, last[0]))
        said["last"] = rule_wording.last_words_for(seen, names, last)
        block = dict(common["game"])  # (in its order, with the reader's own three below)
        block["seat"] = seat
        if seat == 0:
            block["invite"], block["invites"] = \
                match.invite_link(stored), match.invite_links(stored)
        return {"type": "state", "seq": self.seq, "view": view,
                "last_action": list(last) if last else None,
                "game": block, "words": said, "match": common["match"],
                "scorepad": common["scorepad"]}

    def common(self, connected: list[bool]) -> dict[str, Any]:
        """The parts of a state that every reader's shares (in the language in force): its
        ``game`` block but for the reader's seat and invites, its ``match`` block and score
        pad, and the seats' names. A broadcast makes them once for all its readers (the
        dicts are encoded, never changed)."""
        game, stored = self.game, self.stored
        names = match.worded_names(stored)  # the computers' seats in the reader's words
        return {"names": names,
                "game": {"id": stored.id, "mode": stored.mode, "level": stored.level,
                         "names": list(names), "seat": None,
                         "levels": [self.levels.get(s) for s in range(len(names))],
                         "connected": connected, "arrived": match.arrived(stored),
                         "away": match.away(stored),
                         "turn_timer": self.turn_timer if timed(self) else None,
                         "timed_out": None if stored.facts.timed_out is None
                         else stored.facts.timed_out.to_dict(),
                         "finished": self.over(), "winner": match.winner(stored, game),
                         "invite": None, "invites": {}, "watch": stored.link(None)},
                "match": match.state_block(stored, game, self.rematch_asked),
                "scorepad": scorepad.kept_rows(game, self.pad_kept)}

    def broadcast(self, move: bool = False) -> None:
        """Send every connection its state; each seat's is encoded once for all its clients,
        and what every reader's shares is made once for each language (``common``). A state
        that follows no ``move`` may be replaced by a newer one before it is sent
        (``client``: floods cost the flooder only)."""
        connected = self.connected()
        encoded: dict[tuple[int | None, str], str] = {}
        commons: dict[str, dict[str, Any]] = {}
        here = i18n.language()
        for client in list(self.clients):
            key, code = (client.seat, client.language), client.language
            text = encoded.get(key)
            if text is None:
                with contextlib.nullcontext() if code == here else i18n.use(code):
                    common = commons.get(code)
                    if common is None:
                        common = commons[code] = self.common(connected)
                    text = encoded[key] = encode(self.state(client.seat, connected, common))
            client.send(text, replaceable=not move)

    def applied(self, seat: int, token: str) -> None:
        """The bookkeeping of an action the engine has applied and the store holds."""
        stored, game = self.stored, self.game
        stored.actions.append(token)
        if match.finished(stored, game):
            stored.finished, stored.score = True, game.score
            stored.winner = match.winner(stored, game)
        self.last_action = (seat, token)
        if stored.facts.takeovers:  # a new hand: the person's seat
            seat_bots(self)


def seat_bots(table: Table) -> None:
    """Give the table a computer player for each seat the computer plays now
    (``match.computer_seats``), keeping those already seated; each seat's bot has its own
    seed, as it always had at a table against the computer."""
    stored = table.stored
    wanted = match.computer_seats(stored, table.game)
    for seat in [seat for seat in table.bots if wanted.get(seat) != table.levels.get(seat)]:
        del table.bots[seat], table.levels[seat]
        table.bots_told.pop(seat, None)
    for seat, level in wanted.items():
        if seat not in table.bots:
            table.bots[seat] = seat_player(stored.id, seat, level,
                                           stored.seed + 17 + 7919 * (seat - 1))
            table.levels[seat] = level


def timed(table: Table) -> bool:
    """Whether the table's players have a turn timer (``turn_timer``): a friend table where
    more than one person plays (against the computer alone, nobody waits)."""
    stored = table.stored
    return bool(table.turn_timer) and stored.mode == "friend" and \
        len(match.people(stored)) > 1 and stored.facts.day is None


async def accept(table: Table, committer: Committer, seat: int, token: str,
                 also: tuple[SetFacts, ...] = ()) -> None:
    """Apply, commit (with the facts ``also`` changes, in the same transaction), then
    broadcast (the caller holds the table's lock). ``IllegalAction`` with the reason and
    nothing changed; ``Stale`` when another process moved first."""
    game, stored = table.game, table.stored
    game.apply(token)
    canonical = canonical_token(game, token)  # stored as TH, not 10h
    writes: list[Any] = [Action(stored.id, table.seq, seat, canonical), *also]
    if match.finished(stored, game):
        writes.extend(_finish(stored, game))
    try:
        await committer.submit(writes)
    except Conflict:
        game.pop()
        await reload(table, committer)
        raise Stale(_("the game had moved on (a move was made first elsewhere): "
                      "nothing was played")) from None
    except Exception as err:
        game.pop()
        log.error("game %s: could not store %r: %s", stored.id, canonical, err)
        raise ProtocolError(_("the server could not save that move; try again")) from None
    for note in also:
        stored.facts = note.after
    table.applied(seat, canonical)
    table.broadcast(move=True)


def canonical_token(game: Game, token: str) -> str:
    """An applied action's token as it is stored, in its game's own tokens (``give TS``,
    ``bid nap`` are no Euchre tokens)."""
    if game.rules.game == "euchre":
        return action_token(parse_action(token))
    return engine_actions.action_token(engine_actions.parse_action(token))


def _finish(stored: StoredGame, game: Game) -> list[Any]:
    """The writes of a match that a move has ended (won, or a day's deals all played)."""
    winner = match.winner(stored, game)
    record = game.record()
    record["winner"] = winner
    writes: list[Any] = [Finish(stored.id, winner, game.score, Stats.of_seats(record))]
    if stored.facts.day is not None:
        writes.append(DailyResult(stored.id, daily.margin(game)))
    return writes


async def reload(table: Table, committer: Committer) -> None:
    """Read the game again and bring the table to it (the caller holds its lock): the
    actions it lacks are applied; one taken back elsewhere means replaying it whole."""
    stored = await committer.read(committer.storage.load, table.stored.id)
    if stored is None:
        return
    had, game = table.stored.actions, table.game
    if stored.actions[:len(had)] == had:
        for token in stored.actions[len(had):]:
            seat = game.to_move
            assert seat is not None  # (a stored action was made by the seat to move)
            table.last_action = (seat, token)
            game.apply(token)
    else:
        game = stored.replay()
        table.last_action = None
    stored.settle(game)  # resigned elsewhere
    rematch, told = stored.facts.rematch, table.stored.facts.rematch
    table.stored, table.game = stored, game
    table.rematch_asked = set(stored.facts.rematch_asked)
    seat_bots(table)
    if rematch and rematch != told:
        await tell_rematch(table, committer, list(table.clients))
    table.broadcast(move=True)


async def tell_rematch(table: Table, committer: Committer, clients: list[Client]) -> None:
    """Send each of ``clients`` its own link to the table's rematch (a seat's holds that
    seat's token, a spectator's is the watch link): nobody is sent another seat's token."""
    new_id = table.stored.facts.rematch
    new = None if new_id is None else await committer.read(committer.storage.load, new_id)
    if new:
        for client in clients:
            client.send({"type": "rematch", "link": new.link(client.seat)})
