"""The rules presets the lobby offers for each game, the one list of them: the lobby's form
reads it (``/api/levels``) for the computer's and friends' tables, and an open table is
opened with one of them (``open_tables``), its key kept so the lobby can show it and quick
match can look for it.

Each preset says what it changes from the game's own defaults (``Rules``); the first of a
game is its standard.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_, _
from ..rules import Rules


@dataclass(frozen=True)
class Preset:
    """One preset of a game: its key, a short name (a list of tables shows it), the
    sentence the lobby's form shows, and what it changes from the game's defaults."""

    key: str
    name: str
    said: str
    changes: Mapping[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """As the page reads it: the words in the caller's language."""
        return {"key": self.key, "name": _(self.name), "said": _(self.said),
                "changes": dict(self.changes)}


STANDARD = "standard"
PRESETS: dict[str, tuple[Preset, ...]] = {
    "euchre": (
        Preset(STANDARD, N_("the standard rules"), N_("Standard: 24 cards, to 10 points")),
        Preset("stick", N_("stick the dealer"),
               N_("Stick the dealer: in round 2 the dealer must name trump"),
               {"stick_the_dealer": True}),
        Preset("joker", N_("the Joker deck"),
               N_("The Joker deck: 24 cards and the Joker, the highest trump"), {"deck": 25}),
    ),
    "railroad": (
        Preset(STANDARD, N_("the standard rules"),
               N_("Standard: 25 cards with the Joker, calling for best, to 10 points")),
        Preset("long", N_("the 33-card deck"), N_("The 33-card deck: 7 to ace and the Joker"),
               {"deck": 33}),
        Preset("nobest", N_("no calling for best"),
               N_("No calling for best: a lone player takes no card from his partner"),
               {"call_for_best": False}),
    ),
    "hasenpfeffer": (
        Preset(STANDARD, N_("the standard rules"), N_("Standard: to 10 points")),
        Preset("long", N_("a longer match"), N_("A longer match: to 15 points"),
               {"target": 15}),
    ),
    "napoleon": (
        Preset(STANDARD, N_("the standard rules"), N_("Standard: to 30 points")),
        Preset("short", N_("a shorter match"), N_("A shorter match: to 20 points"),
               {"target": 20}),
    ),
}
"""Each game's presets (by ``Rules.game``), its standard first."""


def preset_of(game: str, key: object) -> Preset:
    """A game's preset by its key; ``ValueError`` in one line naming the game's presets."""
    for preset in PRESETS[game]:
        if preset.key == key:
            return preset
    raise ValueError(_("rules preset must be one of {presets}, not {preset}",
                       presets=", ".join(p.key for p in PRESETS[game]),
                       preset=f"{str(key)[:20]!r}"))


def preset_rules(game: str, players: int, key: object, target: int | None = None) -> Rules:
    """The rules of a game's preset at ``players`` seats (and to ``target`` points when
    given)."""
    options: dict[str, Any] = {"players": players, **preset_of(game, key).changes}
    if game != "euchre":
        options["game"] = game
    if target is not None:
        options["target"] = target
    return Rules.from_dict(options)


def offered() -> dict[str, list[dict[str, Any]]]:
    """Every game's presets as the page reads them (``/api/levels``)."""
    return {game: [preset.as_json() for preset in presets]
            for game, presets in PRESETS.items()}
