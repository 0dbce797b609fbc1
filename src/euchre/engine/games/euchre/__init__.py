"""Euchre: two-handed (``Rules()``), three-handed cutthroat and four-handed partnership
(``Rules(players=3|4)``), each on a fast int path of its own, kept in this game's module.

The rule-module core (``engine/core.py``) plays a ``Table`` of plain attributes; Euchre's
search (the expert's millions of moves) needs more: its match is a flat list of ints
(``state``: two players, a trick of two cards, ``1 - player``; ``state_family``: three or
four seats laid out in the same slots), stepped by ``step``/``legal`` at about a microsecond
a move, measured against the code before the family by ``bench/engine_speed.py
--baseline`` and ``bench/engine_ab.py``. Its deals for search are drawn here too
(``resample``, ``resample_family``: exactly uniform among the deals a view allows).

That is this game's search interface, and the computer players use it as such: a deal drawn
from a view (``resample_state``) is a state list the searcher owns, read by the slots named
here and stepped by ``step``/``legal`` (or wrapped back into a ``Game`` by
``game.game_of_state``). The list under a live ``Game`` is never handed out: no module
outside the engine may call ``state_of`` (``tests/test_layout.py``). A handle object in
between would cost the expert's hot path an attribute lookup per slot read.

Its ``Game`` is here too (``game.py``: ``EuchreGame``, two-handed, and ``FamilyGame``, three
and four), registered in ``euchre.game.GAMES`` like every other game's; what it shares with
every game comes from one place: the API and its common part (``euchre.game.Game``), seeds
and the deal's random stream (``engine/seeds.py``), results (``euchre.results``), card
tokens and suits (``euchre.cards``). Its sides are ``sides`` below, as a core game's module
says its own.
"""

from ....rules import Rules
from ....scoring import sides_of


def sides(rules: Rules) -> tuple[int, ...]:
    """The side each seat scores for in Euchre: partners opposite at four, every player his
    own side at two and three (``scoring.sides_of``), as a core game's ``RuleModule.sides``
    says its own."""
    return sides_of(rules.players)


MODULES = ("state", "state_family", "resample", "resample_family")
"""The modules of Euchre's int path (importable also under their old names,
``euchre.state`` and so on: ``euchre.MOVED``)."""
