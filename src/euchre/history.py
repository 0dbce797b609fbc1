"""A player's finished matches counted the same way for every face: ``Stats``, ``tally``.

The terminal's ``euchre stats`` and the browser's player pages both count with this class, so
"made", "march" and "euchred" mean one thing everywhere; ``tally`` decides which matches are
a player's and from which seat, whichever face played them (terminal files or the browser's
database), so that ``euchre stats`` counts every match of a player exactly once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from .engine.games import game_sides
from .engine.messages import _, ngettext
from .hands import maker_tricks
from .rules import Rules
from .scoring import outcome


@dataclass
class Stats:
    """A player's record over saved matches (see ``player_stats``)."""

    matches: int = 0
    matches_won: int = 0
    hands: int = 0
    hands_won: int = 0
    made_trump: int = 0
    made: int = 0
    marched: int = 0
    euchred: int = 0
    defended: int = 0
    euchres_scored: int = 0
    points_scored: int = 0
    """Points the player's side scored (a partner's included)."""
    points_conceded: int = 0
    """Points the other sides scored."""
    alone_called: int = 0
    """Hands the player made trump and went alone (``order alone``, ``call S alone``)."""
    alone_marched: int = 0
    alone_euchred: int = 0
    defended_alone: int = 0
    """Hands the player defended alone (``defend alone``, at four)."""
    defended_alone_euchres: int = 0
    unreadable: list[str] = field(default_factory=list)

    def add(self, record: dict[str, Any], seat: int) -> None:
        """Count one finished match (a checked record) from ``seat``'s side. A hand is won
        by the player who scores in it; as maker a hand is made (3-4 tricks), marched (5) or
        euchred."""
        rules = Rules.from_dict(record["rules"])
        sides = game_sides(rules)  # (partners share a side's points)
        if rules.game != "euchre":
            self._add_rule_game(record, seat, sides)
            return
        players, side = rules.players, sides[seat]
        self.matches += 1
        self.matches_won += winner_of(record) == side
        for hand in record["hands"]:
            result = hand.get("result")
            if not result or result["thrown_in"]:
                continue
            self.hands += 1
            self.hands_won += result["points"][side] > 0
            self.points_scored += result["points"][side]
            self.points_conceded += sum(result["points"]) - result["points"][side]
            maker = result["maker"]
            happened = outcome(maker_tricks(result["tricks_won"], maker, players))
            # (a cutthroat maker always plays alone: no call of his, so not counted as one)
            alone = players == 4 and seat in result.get("alone", ())
            if maker == seat:
                self.made_trump += 1
                self.made += happened == "made"
                self.marched += happened == "march"
                self.euchred += happened == "euchred"
                self.alone_called += alone
                self.alone_marched += alone and happened == "march"
                self.alone_euchred += alone and happened == "euchred"
            elif sides[maker] != side:  # (a partner's call is neither)
                self.defended += 1
                self.euchres_scored += happened == "euchred"
                self.defended_alone += alone
                self.defended_alone_euchres += alone and happened == "euchred"

    def _add_rule_game(self, record: dict[str, Any], seat: int, sides: tuple[int, ...]
                       ) -> None:
        """``add`` for Railroad, Hasenpfeffer and Napoleon: each hand's result (the engine's
        ``HandResult``) says who made it and how it ended; a bid set counts as euchred."""
        side = sides[seat]
        self.matches += 1
        self.matches_won += winner_of(record) == side
        for hand in record["hands"]:
            result = hand.get("result")
            if not result or result["ended"] == "thrown_in":
                continue
            points, maker, ended = result["points"], result["maker"], result["ended"]
            self.hands += 1
            self.hands_won += points[side] > 0
            self.points_scored += points[side]
            self.points_conceded += sum(p for s, p in enumerate(points) if s != side)
            alone = seat in result.get("alone", ())
            failed = ended in ("euchred", "set")
            if maker == seat:
                self.made_trump += 1
                self.made += ended == "made"
                self.marched += ended == "march"
                self.euchred += failed
                self.alone_called += alone
                self.alone_marched += alone and ended == "march"
                self.alone_euchred += alone and failed
            elif sides[maker] != side:
                self.defended += 1
                self.euchres_scored += failed
                self.defended_alone += alone
                self.defended_alone_euchres += alone and failed

    def counts(self) -> dict[str, int]:
        """The numbers alone, JSON-ready: what the server stores for each seat of a game
        when it finishes, so a player's page adds them up instead of replaying the games."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "unreadable"}

    def merge(self, counts: dict[str, int]) -> None:
        """Add a stored ``counts()`` to these."""
        for name, value in counts.items():
            setattr(self, name, getattr(self, name) + int(value))

    @classmethod
    def of_seats(cls, record: dict[str, Any]) -> dict[str, dict[str, int]]:
        """Each seat's ``counts()`` for one finished match: ``{"0": ..., "1": ...}``."""
        out = {}
        for seat in range(record["rules"].get("players", 2)):
            one = cls()
            one.add(record, seat)
            out[str(seat)] = one.counts()
        return out

    def lines(self, players: int | str = 2) -> list[str]:
        """The record of one game in a few sentences (the terminal and the web page both show
        them): a hand made counts its marches too, and only the four-handed game, where
        going alone is a call, tells the lone hands (a stored cutthroat total from before
        counted its makers as alone)."""

        def share(part: int, whole: int) -> str:
            return f"{100 * part / whole:.0f}%" if whole else "-"

        return [
            _("Matches: {played} played, {won} won ({share})", played=self.matches,
              won=self.matches_won, share=share(self.matches_won, self.matches)),
            _("Hands: {played} played, {won} won ({share})", played=self.hands,
              won=self.hands_won, share=share(self.hands_won, self.hands)),
            ngettext("As maker: {n} hand; made {made} ({marched} with a march), euchred "
                     "{euchred}", "As maker: {n} hands; made {made} ({marched} with a march), "
                     "euchred {euchred}", self.made_trump,
                     made=share(self.made + self.marched, self.made_trump),
                     marched=share(self.marched, self.made_trump),
                     euchred=share(self.euchred, self.made_trump)),
            ngettext("As defender: {n} hand; euchres scored {euchres} ({share})",
                     "As defender: {n} hands; euchres scored {euchres} ({share})",
                     self.defended, euchres=self.euchres_scored,
                     share=share(self.euchres_scored, self.defended)),
            _("Points: {scored} scored, {conceded} conceded", scored=self.points_scored,
              conceded=self.points_conceded),
            *([ngettext("Alone: {n} call; marched {marched}, euchred {euchred}",
                        "Alone: {n} calls; marched {marched}, euchred {euchred}",
                        self.alone_called,
                        marched=share(self.alone_marched, self.alone_called),
                        euchred=share(self.alone_euchred, self.alone_called))]
              if self.alone_called and players == 4 else []),
            *([ngettext("Defending alone: {n} hand; euchres scored {euchres}",
                        "Defending alone: {n} hands; euchres scored {euchres}",
                        self.defended_alone, euchres=self.defended_alone_euchres)]
              if self.defended_alone and players == 4 else []),
        ]


def winner_of(record: dict[str, Any]) -> int | None:
    """Who won a finished match: the engine's winner, or, in a match that ended when a
    player resigned (the browser writes ``players.resigned`` and ``players.winner``; the
    moves stop early, so the engine names no winner), the other player. None: not finished.

    >>> winner_of({"winner": 1}), winner_of({"winner": None})
    (1, None)
    >>> winner_of({"winner": None, "players": {"resigned": 0, "winner": 1}})
    1
    """
    if record.get("winner") is not None:
        return int(record["winner"])
    players = record.get("players") or {}
    if players.get("winner") is not None:  # (the side the server named)
        return int(players["winner"])
    if players.get("resigned") in (0, 1):
        return 1 - int(players["resigned"])
    return None


def seat_of(record: dict[str, Any], name: str | None) -> int | None:
    """The seat ``name`` played in a finished match, or None if it is not theirs.

    ``record["players"]`` says who sat where: the terminal writes ``human_seat`` (the person;
    the other seat is the computer), the browser writes ``mode`` and ``names``. Without a
    name, "you" are the person at the terminal and the person playing the browser's computer
    (seat 0); a game between two friends is counted only under a name.

    >>> seat_of({"players": {"names": ["Ann", "Bo"], "mode": "friend"}}, "Bo")
    1
    >>> seat_of({"players": {"names": ["Ann", "Bo"], "mode": "friend"}}, None) is None
    True
    >>> seat_of({"players": {"names": ["Ann", "computer (easy)"], "human_seat": 0}}, "Bo")
    """
    players = record.get("players") or {}
    names = list(players.get("names") or [])
    if "human_seat" in players:
        seat = int(players["human_seat"])
        return seat if name is None or (seat < len(names) and names[seat] == name) else None
    if name is None:
        return 0 if players.get("mode") == "computer" else None
    return names.index(name) if name in names else None


@dataclass
class Tally:
    """What ``tally`` found: the counts, and what it left out (so the user is told)."""

    stats: Stats
    undo_left_out: int = 0
    """Matches left out because undo was used in them (``include_undo=False``)."""
    by_game: dict[int | str, Stats] = field(default_factory=dict)
    """The same counts for each game played, by its number of players."""


def tally(records: Iterable[dict[str, Any]], name: str | None = None,
          include_undo: bool = True) -> Tally:
    """Count every finished match in ``records`` that is ``name``'s (see ``seat_of``), from
    their seat. A match in which undo was taken back (``players.undo_used``) counts unless
    ``include_undo`` is False: a record kept honestly, not a record without undo."""
    result = Tally(Stats())
    for record in records:
        if winner_of(record) is None:
            continue
        seat = seat_of(record, name)
        if seat is None:
            continue
        if not include_undo and (record.get("players") or {}).get("undo_used"):
            result.undo_left_out += 1
            continue
        result.stats.add(record, seat)
        game = record["rules"].get("game", "euchre")  # Euchre by its players, else by name
        players = record["rules"].get("players", 2) if game == "euchre" else game
        result.by_game.setdefault(players, Stats()).add(record, seat)
    return result
