"""Computer players. Every bot sees only a ``View`` and returns one of ``view.legal``.

>>> from euchre import Game, agents
>>> g = Game(seed=3)
>>> bot = agents.load("heuristic", seed=1)
>>> bot.act(g.view(g.to_move)) in g.legal_actions()
True
>>> agents.load("grandmaster")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: unknown bot 'grandmaster': choose one of random, heuristic, expert, easy, medium, ...

Names and levels; how strong each is (points per hand against the level below, over 2,000
duplicate deals) and how fast is measured in ``bench/README.md``:

========== ===========================================================================
name       what it is
========== ===========================================================================
random     a legal action uniformly at random (a baseline, not an opponent)
heuristic  rules of thumb: hand strength for bidding, sensible discards, lead and follow;
           about +0.9 a hand against random; instant
expert     determinized search: deals consistent with the view (96 for a card, 288 for
           a bid or a discard) weighted by what the opponent's bids and cards so far
           reveal (his bidding modelled on the expert's own, then learned from his hands
           as the match goes; his play as a soft best reply), each solved exactly
           double-dummy, its leads valued against his soft best reply, its own later
           cards one choice across the deals it cannot tell apart (``infoset.py``), bids
           valued by the tricks real play takes from the solver's (``calibration.py``),
           actions chosen by expected points (match equity near the target); +0.041 a
           hand against ``pimc``; a few ms to a couple of hundred ms a card, up to a few
           hundred ms for a bid
easy       the heuristic, but a third of its choices are random: a forgiving opponent
medium     the heuristic
hard       the expert with 6 deals and no inference from the bidding; under 1 ms
expert     (as above) the strongest
pimc       the expert of the first release, frozen: the yardstick for every gain
bold       an aggressive bidder, timid a cautious one, mimic bids like the expert and
           plays by simple rules: opponents the expert is measured against, never tuned on
           (``styles.py``); two-handed only (refused at three and four, in one line)
========== ===========================================================================

At a table of three or four (``Rules(players=3|4)``) the same names play: ``random`` as
above, ``medium`` (``heuristic``) and ``easy`` by the family's rules of thumb with the
partnership conventions, ``hard`` by determinized search with an exact open-hand solver,
``expert`` (and ``pimc``) by the same over deals weighed by every bid (``agents.family``).
The two-handed players' code and decisions are unchanged: a family view is routed there.

Each level's settings by table size (the options a level takes, and what it does with them
at each size; an option a size does not have is refused there, in one line, at the bot's
first decision at that size):

========= ================================== ===========================================
level     two seats                          three or four seats
========= ================================== ===========================================
easy      rules of thumb, a third of the     the family's rules of thumb, a third of
          choices at random (``mistakes``)   the choices at random (``mistakes``)
medium    rules of thumb                     the family's rules of thumb
hard      6 deals a card and a bid, no       32 deals a card, 24 a bid, no inference
          inference; every ``expert:NAME``   (``deals``, ``bid_deals``; the others are
          setting                            the two-handed search's own)
expert    96 deals a card, 288 a bid,        48 deals a card, 32 a bid, weighed by every
          inference; every ``expert:NAME``   bid (``deals``, ``bid_deals``, ``infer``;
          setting (``expert_settings``)      the others are the two-handed search's own)
========= ================================== ===========================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..engine.messages import _
from ..view import View

if TYPE_CHECKING:
    from ..game import Game


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``view.legal``.

    A bot may also have any of these methods, which the arena calls when they exist:
    ``start_match(rules, seat)``, ``hand_over(last_hand)`` (the View's ``last_hand`` after
    each hand), ``match_over(score, winner)`` and ``close()`` (the match is done with it: an
    outside program is stopped)."""

    def act(self, view: View) -> str: ...


def tell(bot: object, event: str, *args: Any) -> None:
    """Call a bot's optional event method (``start_match``, ``hand_over``, ``match_over``,
    ``close``: see ``Agent``) if it has one (any object: the server's stand-in for a bot
    that thinks in another process is told too)."""
    method = getattr(bot, event, None)
    if method is not None:
        method(*args)


def tell_past_hands(bot: object, game: Game, seat: int, since: int = 0) -> int:
    """Tell ``bot`` (``hand_over``, as ``seat`` saw them) of the hands of ``game`` that
    ended from hand number ``since`` on, as it would have been told playing them: a bot that
    joins a match under way (a resumed match, a table a server loads again) knows what it
    would have learned. Returns the hand number now, the ``since`` of the next call.

    >>> from euchre import Game
    >>> class Listener:
    ...     def __init__(self): self.heard = []
    ...     def hand_over(self, last_hand): self.heard.append(last_hand["dealer"])
    >>> g, bot = Game(seed=5), Listener()
    >>> while g.hand_number < 3:
    ...     g.apply(g.legal_actions()[0])
    >>> tell_past_hands(bot, g, seat=1), bot.heard
    (3, [0, 1, 0])
    >>> tell_past_hands(bot, g, seat=1, since=3), bot.heard   # nothing new
    (3, [0, 1, 0])
    """
    from ..game import Game

    now = game.hand_number
    if getattr(bot, "hand_over", None) is None or now <= since:
        return now
    if now == since + 1:  # the usual case: the hand that just ended
        tell(bot, "hand_over", game.view(seat).last_hand)
        return now
    data = game.record()
    first = {k: v for k, v in data["hands"][0].items() if k != "result"}
    replay = Game.from_record({**{k: v for k, v in data.items() if k not in ("score", "winner")},
                               "hands": [{**first, "actions": []}]})
    for hand in data["hands"]:
        for _seat, token in hand["actions"]:
            before = replay.hand_number
            replay.apply(token)
            if replay.hand_number != before and before >= since:
                tell(bot, "hand_over", replay.view(seat).last_hand)
    return now


def _random(seed: int | None = None) -> Agent:
    from .simple import RandomAgent

    return RandomAgent(seed=seed)


def _heuristic(seed: int | None = None) -> Agent:
    from .heuristic import HeuristicAgent

    return HeuristicAgent(seed=seed)


def _easy(seed: int | None = None, mistakes: float = 1 / 3) -> Agent:
    from .heuristic import HeuristicAgent

    return HeuristicAgent(seed=seed, mistakes=mistakes)


def _expert(seed: int | None = None, **options: Any) -> Agent:
    from .expert import ExpertAgent

    return ExpertAgent(seed=seed, **options)


def _hard(seed: int | None = None, **options: Any) -> Agent:
    from .expert import ExpertAgent
    from .expert_settings import HARD

    return ExpertAgent(seed=seed, settings=HARD, **options)


def _pimc(seed: int | None = None) -> Agent:
    """The expert of the first release, frozen (``expert_settings.PIMC``)."""
    from .expert import ExpertAgent
    from .expert_settings import PIMC

    return ExpertAgent(seed=seed, settings=PIMC)


def _style(name: str) -> Callable[..., Agent]:
    def make(seed: int | None = None) -> Agent:
        from . import styles

        return styles.MimicAgent(seed) if name == "mimic" else getattr(styles, name)(seed)
    return make


_BOTS: dict[str, Callable[..., Agent]] = {
    "random": _random,
    "heuristic": _heuristic,
    "expert": _expert,
    "easy": _easy,
    "medium": _heuristic,
    "hard": _hard,
    "pimc": _pimc,
    "bold": _style("bold"),
    "timid": _style("timid"),
    "mimic": _style("mimic"),
}
NAMES = tuple(_BOTS)
LEVELS = ("easy", "medium", "hard", "expert")
FIRST_LEVEL = "medium"
"""The level a newcomer plays first, in the browser's lobby and at ``euchre play``."""


def _exec(seed: int | None = None, command: str = "", timeout: float | None = None,
          cwd: str | None = None) -> Agent:
    from .external import DEFAULT_TIMEOUT, ExternalAgent

    return ExternalAgent(command, timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
                         cwd=cwd, seed=seed)


EXEC = "exec:"
"""``exec:COMMAND`` names an outside program speaking the bot protocol."""


def load(name: str, seed: int | None = None, **options: Any) -> Agent:
    """A bot by name (see the module docstring), seeded for reproducible play; unknown names
    and options are a ``ValueError`` listing the choices. ``exec:COMMAND`` is an outside
    program (``agents.external``), with options ``timeout`` and ``cwd``."""
    if isinstance(name, str) and name.startswith(EXEC):
        unknown = sorted(set(options) - {"timeout", "cwd"})
        if unknown:
            raise ValueError(_("bot {name} has no option {option}: its options are {options}",
                               name=repr(name), option=repr(unknown[0]),
                               options="timeout, cwd"))
        return _exec(seed=seed, command=name[len(EXEC):], **options)
    factory = _BOTS.get(name.strip().lower() if isinstance(name, str) else name)
    if factory is None:
        raise ValueError(_("unknown bot {name}: choose one of {names}", name=repr(name),
                           names=", ".join(NAMES)))
    try:
        return factory(seed=seed, **options)
    except TypeError as err:
        if "unexpected keyword argument" not in str(err):
            raise
        import inspect

        accepted = [p for p in inspect.signature(factory).parameters if p != "seed"]
        if factory in (_expert, _hard):
            from .expert_settings import ExpertSettings

            accepted = ExpertSettings.names()
        bad = str(err).split("argument")[-1].strip()
        if not accepted:
            raise ValueError(_("bot {name} has no option {option}: it takes no options",
                               name=repr(name), option=bad)) from None
        raise ValueError(_("bot {name} has no option {option}: its options are {options}",
                           name=repr(name), option=bad, options=", ".join(accepted))) from None
