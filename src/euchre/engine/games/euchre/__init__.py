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
``euchre.game.game_of_state``). The list under a live ``Game`` is never handed out: no module
outside the engine may call ``state_of`` (``tests/test_layout.py``). A handle object in
between would cost the expert's hot path an attribute lookup per slot read.

What it shares with every game comes from one place: seeds and the deal's random stream
(``engine/seeds.py``), the façade (``euchre.Game``: ``Rules(game="euchre")`` is registered
like every other game, ``euchre.game.register_game``), results (``euchre.results``), card
tokens and suits (``euchre.cards``).
"""

MODULES = ("state", "state_family", "resample", "resample_family")
"""The modules of Euchre's int path (importable also under their old names,
``euchre.state`` and so on: ``euchre.MOVED``)."""
