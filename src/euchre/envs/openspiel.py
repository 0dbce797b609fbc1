"""Two- and three-handed Euchre as OpenSpiel Python games: one hand, its deal as chance events.

Importing this module registers the games with ``pyspiel`` under ``python_two_handed_euchre``
and ``python_three_handed_euchre`` (cutthroat), so OpenSpiel's search (ISMCTS, MCTS), its
observation tools and its test suite run on our engine. (Tree-walking tools such as CFR
would need the whole game tree: far too large.)
One game is one hand, as in OpenSpiel's own (four-handed) ``euchre``: matches are a sequence
of hands, and a hand is the unit that search and learning algorithms reason about.

* **Parameters**: the rule options ``deck`` (24, 32 or 25), ``dealer_must_pick_up``,
  ``may_call_turned_suit``, ``stick_the_dealer``, and ``dealer`` (who deals, 0 or 1). The
  match target is the engine's default; no single hand can reach it. ``game`` is
  ``"euchre"``: another game of the family is refused, saying where it is played.
* **Chance**: 11 chance nodes, each dealing one card uniformly from those left (outcome =
  card id): five to the non-dealer, five to the dealer, then the upcard, the engine's deal
  order. The stock is never seen in two-handed play, so it is not dealt: the engine gets the
  remaining cards in id order. Nobody sees a card before the deal is complete.
* **Actions**: the engine's fixed space of 72 ids (``euchre.actions``), so one network head
  covers every rule option; ``action_to_string`` gives the engine's tokens.
* **Returns**: the points of the hand, zero-sum: the scorer gets +p, the other -p (0 for a
  hand thrown in). The utility range is [-2, 2].
* **Information**: strings and tensors come from the player's ``View`` (everything the
  player may see, nothing more), so two histories a player cannot tell apart give the same
  information state. The tensor is the shared encoding (``envs.encoding``, 522 floats), for
  the information state and the observation alike: the view already is a player's whole
  information. The observation string is shorter (the table now, not the bidding and the
  tricks in order), for algorithms that want coarser keys.
* ``resample_from_infostate`` deals the hidden cards again with ``euchre.resample``:
  exactly uniform over the deals consistent with the view (voids shown, the upcard's
  whereabouts), which is what ISMCTS needs. It is a Python method: OpenSpiel's Python
  algorithms call it, its C++ ones cannot (pyspiel has no hook for Python games there).

>>> import pyspiel
>>> game = pyspiel.load_game("python_two_handed_euchre", {"deck": 25, "dealer": 1})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 25)
>>> for card in ("9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD", "JD", "QD", "AH"):
...     state.apply_action(parse_card(card))
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['pass', 'order'])
>>> state.information_state_string(0)
'p0 dealer:1 phase:bid1 hand:KC QC JC TC 9C upcard:AH bids:- turn:0'

**Three-handed** (``python_three_handed_euchre``): the same, with 16 chance nodes (five cards
to each seat from the dealer's left, then the upcard), the parameters ``deck``,
``may_call_turned_suit``, ``stick_the_dealer`` and ``dealer`` (0, 1 or 2), and the
encoding of ``envs.family_encoding`` (1089 floats, every seat relative to the player; 78
action ids). Returns are zero-sum: a player's points less the mean of the other two's (a
march: +3 to the maker, -1.5 to each other; euchred: -2 and +1).

**Four-handed** Euchre is OpenSpiel's own C++ ``euchre``, so it is not registered again. Its
hands map onto ours as ``tests/test_family_openspiel.py`` drives them in lockstep: its chance
events deal card ``i`` to seat ``(dealer + i) mod 4`` (ours: positions ``5k .. 5k+4`` to the
k-th seat from the dealer's left, ``5N`` the upcard); its cards are ``rank * 4 + suit`` (ranks
9 to A, suits C D H S; ours ``suit * 8 + rank``, ranks 7 to A); its bids 24 (pass) and 25-28
(a suit) are our ``pass``, ``order`` (the upcard's suit, round one) and ``call S``; it asks
the maker "alone?" (29 alone, 30 partner) after the dealer's discard, where we say it with the
bid (``order alone``, ``call S alone``); its dealer picks up and discards even when his
partner goes alone (ours sits out) and never discards the upcard (ours may); its
``allow_lone_defender`` is our ``defend_alone``, except that it also asks the defenders of a
maker who plays with his partner (a choice our rules do not have); its ``returns`` are the
makers' points for both makers and minus them for the defenders, ours ``last_hand["points"]``
by side.
"""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

import numpy as np
import pyspiel

from ..actions import N_ACTIONS, N_FAMILY_ACTIONS, action_token, parse_action
from ..cards import N_CARDS, card_token, deck_cards, parse_card, sort_key
from ..engine.games.euchre.resample import resample
from ..game import Game
from ..hands import deal_position
from ..rules import Rules
from ..view import Trick, View
from . import encoding, family_encoding
from .gym import seat_rewards, started

SHORT_NAME = "python_two_handed_euchre"
DEALT = 11
"""Chance nodes in a hand: five cards each and the upcard."""
MAX_PLAYER_ACTIONS = 14
"""At most four bids (pass, pass, pass, call) and ten cards; any other bidding is shorter."""
MAX_POINTS = 2
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)

PARAMETERS = {"deck": 24, "dealer_must_pick_up": False, "may_call_turned_suit": False,
              "stick_the_dealer": False, "dealer": 0, "game": "euchre"}

def _game_type(short_name: str, long_name: str, players: int,
               parameters: dict[str, Any]) -> pyspiel.GameType:
    """The type of one of the games registered here (all alike but for their names, seats and
    parameters)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


GAME_TYPE = _game_type(SHORT_NAME, "Python Two-Handed Euchre", 2, PARAMETERS)
GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=N_ACTIONS,
    max_chance_outcomes=N_CARDS,
    num_players=2,
    min_utility=-float(MAX_POINTS),
    max_utility=float(MAX_POINTS),
    utility_sum=0.0,
    max_game_length=MAX_PLAYER_ACTIONS,
)

# The encoding's blocks as named tensors (OpenSpiel observers expose a dict of views of the
# one flat tensor); they tile the encoding exactly.
_PIECES_2 = (
    ("hand", encoding.HAND, (33,)), ("upcard", encoding.UPCARD, (33,)),
    ("upcard_taken", encoding.TAKEN, (1,)), ("discard", encoding.DISCARD, (33,)),
    ("tricks", encoding.TRICKS, (5, encoding.TRICK_WIDTH)), ("trick", encoding.TRICK, (34,)),
    ("bids", encoding.BIDS, (4, encoding.BID_WIDTH)), ("trump", encoding.TRUMP, (4,)),
    ("maker", encoding.MAKER, (2,)), ("phase", encoding.PHASE, (6,)),
    ("dealer", encoding.DEALER, (1,)), ("turn", encoding.TURN, (1,)),
    ("tricks_won", encoding.WON, (2,)), ("score", encoding.SCORE, (2,)),
    ("deck", encoding.DECK, (3,)), ("options", encoding.OPTIONS, (3,)),
    ("target", encoding.TARGET, (1,)),
)
_F = family_encoding
_PIECES_3 = (
    ("hand", _F.HAND, (33,)), ("upcard", _F.UPCARD, (33,)), ("upcard_taken", _F.TAKEN, (1,)),
    ("discard", _F.DISCARD, (33,)), ("tricks", _F.TRICKS, (5, _F.TRICK_WIDTH)),
    ("trick", _F.TRICK, (_F.TRICK_WIDTH,)), ("bids", _F.BIDS, (_F.MAX_BIDS, _F.BID_WIDTH)),
    ("trump", _F.TRUMP, (4,)), ("maker", _F.MAKER, (4,)), ("alone", _F.ALONE, (4,)),
    ("out", _F.OUT, (4,)), ("phase", _F.PHASE, (_F.DEALER - _F.PHASE,)),
    ("dealer", _F.DEALER, (4,)), ("turn", _F.TO_MOVE, (4,)), ("tricks_won", _F.WON, (4,)),
    ("cards_held", _F.HELD, (4,)), ("score", _F.SCORE, (4,)), ("deck", _F.DECK, (3,)),
    ("options", _F.OPTIONS, (4,)), ("game", _F.GAME, (2,)), ("target", _F.TARGET, (1,)),
)


class _Spec(NamedTuple):
    """What differs between the two games registered here."""

    players: int
    dealt: int
    """Chance nodes in a hand: five cards to each seat and the upcard."""
    pieces: tuple
    """The encoding's blocks as named tensors (OpenSpiel observers expose a dict of views
    of the one flat tensor); they tile it exactly."""


SPECS = {2: _Spec(2, DEALT, _PIECES_2), 3: _Spec(3, 16, _PIECES_3)}
LAYOUTS = {2: encoding, 3: family_encoding}
"""Each game's encoding module (kept out of ``_Spec``, which states pickle)."""

SHORT_NAME_3 = "python_three_handed_euchre"
PARAMETERS_3 = {"deck": 24, "may_call_turned_suit": False, "stick_the_dealer": False,
                "dealer": 0, "game": "euchre"}
GAME_TYPE_3 = _game_type(SHORT_NAME_3, "Python Three-Handed (Cutthroat) Euchre", 3,
                         PARAMETERS_3)
GAME_INFO_3 = pyspiel.GameInfo(
    num_distinct_actions=N_FAMILY_ACTIONS,
    max_chance_outcomes=N_CARDS,
    num_players=3,
    min_utility=-2.0,
    max_utility=3.0,
    utility_sum=0.0,
    max_game_length=22,  # six bids, a discard, fifteen cards
)


@dataclass(frozen=True)
class _Table:
    """What every state of one game shares: the rules, the dealer, the deck."""

    rules: Rules
    dealer: int
    deck: tuple[int, ...]
    spec: _Spec

    def __deepcopy__(self, memo: dict) -> _Table:
        return self  # immutable: clones share it


class _Hand:
    """A state's whole Python side in one attribute. OpenSpiel clones a Python state by
    deep-copying each attribute; this one copies itself with the engine's cheap ``copy()``
    instead of a generic deep copy of the engine's internals."""

    __slots__ = ("actions", "deal", "game", "player", "table", "views")

    def __init__(self, table: _Table, deal: list[int], game: Game | None,
                 actions: list[int]) -> None:
        self.table = table
        self.deal = deal
        """Card ids dealt so far, in deal order."""
        self.game = game
        """The engine's game, made once the 11th card is dealt."""
        self.actions = actions
        """Player action ids so far."""
        self.views: list[View | None] = [None] * table.spec.players
        """Each player's view, built at most once per position."""
        self.player = _player(game)
        """OpenSpiel's current player, kept up to date: C++ asks for it at every step."""

    def __deepcopy__(self, memo: dict) -> _Hand:
        copy = _new_hand(_Hand)
        copy.table, copy.deal, copy.actions = self.table, self.deal[:], self.actions[:]
        copy.game = None if self.game is None else self.game.copy()
        copy.views, copy.player = self.views[:], self.player  # views are immutable
        return copy

    def __getstate__(self) -> tuple:  # pickling (OpenSpiel's serialization)
        return self.table, self.deal, self.game, self.actions

    def __setstate__(self, data: tuple) -> None:
        self.table, self.deal, self.game, self.actions = data
        self.views = [None] * self.table.spec.players
        self.player = _player(self.game)


_new_hand = object.__new__


def _player(game: Game | None) -> int:
    if game is None:
        return _CHANCE
    return _TERMINAL if game.hand_number or game.to_move is None else game.to_move


def refuse_other_games(game: Any) -> None:
    """These games are one hand of Euchre (their deal, encoding and returns are Euchre's):
    the parameter ``game`` exists so that asking one for another game of the family gets
    a reason, not pyspiel's "unknown parameter"."""
    if game != "euchre":
        raise ValueError(f"game must be 'euchre', not {game!r}: the OpenSpiel games play "
                         "Euchre only; Railroad, Hasenpfeffer and Napoleon have Gymnasium "
                         "and PettingZoo environments (docs/research.md)")


class EuchreGame(pyspiel.Game):
    """The game: one hand of two-handed Euchre under the given rule options."""

    _TYPE, _INFO, _PARAMETERS, _PLAYERS = GAME_TYPE, GAME_INFO, PARAMETERS, 2

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self._TYPE, self._INFO, params or {})
        # pyspiel refuses unknown names; the dealer is ours, every other name a rule option
        values: dict[str, Any] = {**self._PARAMETERS, **self.get_parameters()}
        dealer = values.pop("dealer")
        refuse_other_games(values.pop("game"))
        players = self._PLAYERS
        if players != 2:
            values["players"] = players
        self.rules = Rules(**values)
        if type(dealer) is not int or not 0 <= dealer < players:
            raise ValueError(f"dealer must be {' or '.join(map(str, range(players)))}, "
                             f"not {dealer!r}")
        self.dealer = dealer
        self._table = _Table(self.rules, dealer, deck_cards(self.rules.deck), SPECS[players])

    def new_initial_state(self) -> EuchreState:
        """The state before the deal."""
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> EuchreObserver:
        """An observer of states (``open_spiel.python.observation`` calls this)."""
        return EuchreObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
                              params, self._table.spec)

    def max_chance_nodes_in_history(self) -> int:
        return self._table.spec.dealt


class ThreeHandedGame(EuchreGame):
    """One hand of three-handed (cutthroat) Euchre."""

    _TYPE, _INFO, _PARAMETERS, _PLAYERS = GAME_TYPE_3, GAME_INFO_3, PARAMETERS_3, 3


class EuchreState(pyspiel.State):
    """A position of one hand: dealing (chance), bidding and play, or over (terminal)."""

    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        self._hand = _Hand(game._table, [], None, [])

    # --- the OpenSpiel API ------------------------------------------------------------

    def current_player(self) -> int:
        return self._hand.player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(started(self._hand.game).legal_action_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each with the same probability."""
        dealt = self._hand.deal
        left = [c for c in self._hand.table.deck if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        h = self._hand
        if h.game is None:
            if action in h.deal or action not in h.table.deck:
                raise ValueError(f"cannot deal card id {action}: dealt already or not in the deck")
            h.deal.append(action)
            if len(h.deal) == h.table.spec.dealt:
                h.game = _engine_game(h.table, h.deal)
                h.player = _player(h.game)
        else:
            if action not in h.game.legal_action_ids():  # the engine's int path trusts us
                raise ValueError(f"action {action} is not legal now")
            h.game.apply_id(action)
            h.actions.append(action)
            h.views = [None] * h.table.spec.players
            h.player = _player(h.game)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal " + card_token(action)
        return action_token(action)

    def is_terminal(self) -> bool:
        return self._hand.player == _TERMINAL

    def returns(self) -> list[float]:
        """The points of the hand, zero-sum (two-handed: +p to the scorer, -p to the other;
        cutthroat: a player's points less the mean of the others'); 0 before the end."""
        game = self._hand.game
        players = self._hand.table.spec.players
        if game is None or not game.hand_number:
            return [0.0] * players
        return list(seat_rewards((0,) * len(game.score), game.score, players, game.sides))

    def __str__(self) -> str:
        """Both hands as dealt, the upcard and the actions: for debugging (omniscient)."""
        h = self._hand
        head = f"dealer:{h.table.dealer}"
        cards = [card_token(c) for c in h.deal]
        if cards and h.table.spec.players == 2:
            head += (f" non-dealer:{' '.join(cards[:5])} dealer-hand:{' '.join(cards[5:10])}"
                     f" upcard:{' '.join(cards[10:])}")
        elif cards:
            head += " deal:" + " ".join(cards)
        return head + " actions:" + ",".join(action_token(a) for a in h.actions)

    # --- beyond the OpenSpiel API -----------------------------------------------------

    def view(self, player: int) -> View:
        """What ``player`` sees now (the engine's ``View``), for bots written for the engine.
        At the end of the hand it is the hand as it finished (phase ``over``)."""
        h = self._hand
        if h.game is None:
            raise ValueError("no view before the deal is complete")
        view = h.views[player]
        if view is None:
            view = h.views[player] = (_final_view(h, player) if h.game.hand_number
                                      else h.game.view(player))
        return view

    def public_view(self, player: int) -> View:
        """What anyone at the table sees, from ``player``'s seat: the engine's spectator view
        (no hand, no discard) with the seat it is seen from."""
        h = self._hand
        if h.game is None:
            raise ValueError("no view before the deal is complete")
        public = _final_view(h, None) if h.game.hand_number else h.game.view(None)
        return replace(public, player=player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> EuchreState:
        """A state that ``player_id`` cannot tell from this one, the cards he cannot see dealt
        again uniformly among those consistent with everything he has seen (``euchre.resample``).

        ``probability_sampler`` seeds the draw: OpenSpiel's ``UniformProbabilitySampler`` (what
        ISMCTS passes; one number from it seeds a ``random.Random``), a ``random.Random``
        (used as is), or None (fresh randomness). Not at a terminal state."""
        rng = _rng(probability_sampler)
        h = self._hand
        if h.game is None:  # mid-deal: nobody has seen a card, any cards will do
            deal = rng.sample(h.table.deck, len(h.deal))
            return _replay(self.get_game(), deal, [])
        if h.game.hand_number:
            raise ValueError("resample_from_infostate needs a state before the end of the hand")
        world = resample(self.view(player_id), rng).record()["hands"][0]
        spec = h.table.spec
        deal = [parse_card(t) for t in world["deck"][:spec.dealt]]
        for k in range(spec.players):  # keep the order of a block that is the same
            block = slice(5 * k, 5 * k + 5)
            if sorted(deal[block]) == sorted(h.deal[block]):
                deal[block] = h.deal[block]
        return _replay(self.get_game(), deal, [parse_action(t) for _, t in world["actions"]])


def _engine_game(table: _Table, deal: list[int]) -> Game:
    """The engine's game for a complete deal: dealt cards first, the stock in id order."""
    rest = [c for c in table.deck if c not in deal]
    return Game(table.rules, seed=0, first_dealer=table.dealer, decks=[deal + rest])


def _replay(game: Any, deal: list[int], actions: list[int]) -> EuchreState:
    """A new state reached by dealing ``deal`` and playing ``actions`` (so that its OpenSpiel
    history is right too)."""
    state = game.new_initial_state()
    for action in (*deal, *actions):
        state.apply_action(action)
    return state


def _rng(sampler: Any) -> _random.Random:
    if isinstance(sampler, _random.Random):
        return sampler
    if sampler is None:
        return _random.Random()
    return _random.Random(int(sampler() * 2**53))


def _final_view(h: _Hand, player: int | None) -> View:
    """The view of the finished hand (phase ``over``), read from the engine's own account of
    it (``last_hand``): the engine deals the next hand at once. ``player`` None: a
    spectator's."""
    after = started(h.game).view(player)
    last = after.last_hand
    assert last is not None
    dealer = h.table.dealer
    players = h.table.spec.players
    tricks = tuple(Trick(t["leader"], tuple(t["cards"]), t["winner"]) for t in last["tricks"])
    start = 0 if player is None else deal_position(players, dealer, player)
    hand = () if tricks or player is None else tuple(
        card_token(c) for c in sorted(h.deal[start:start + 5], key=sort_key))  # still held
    held = tuple(5 if not tricks or seat in last["out"] else 0 for seat in range(players))
    return replace(after, dealer=dealer, phase="over", to_move=None, legal=(), hand=hand,
                   upcard=last["upcard"], upcard_taken=last["upcard_taken"],
                   trump=last["trump"], maker=last["maker"],
                   bids=tuple((p, token) for p, token in last["bids"]),
                   leader=tricks[-1].winner if tricks else (dealer + 1) % players, trick=(),
                   tricks=tricks, tricks_won=tuple(last["tricks_won"]),
                   score=tuple(last["points"]), discard=last["discard"], hand_number=0,
                   alone=tuple(last["alone"]), out=tuple(last["out"]), cards_held=held)


# --- information strings and tensors ------------------------------------------------------


def info_string(view: View, recall: bool = True, private: bool = True,
                public: bool = True) -> str:
    """The player's information as one line, from his view: with ``recall`` the bidding and
    the completed tricks in order (an information state); without, only the table as it is
    now (an observation). ``private`` False leaves out his cards and his discard; ``public``
    False leaves out everything else."""
    if not public:
        return f"p{view.player}" + (f" hand:{' '.join(view.hand)}" + (
            f" discard:{view.discard}" if view.discard else "") if private else "")
    parts = [f"p{view.player} dealer:{view.dealer} phase:{view.phase}"]
    if private:
        parts.append("hand:" + " ".join(view.hand))
    parts.append("upcard:" + view.upcard + (" taken" if view.upcard_taken else ""))
    if private and view.discard:
        parts.append("discard:" + view.discard)
    if recall:
        parts.append("bids:" + (",".join(f"{p} {t}" for p, t in view.bids) or "-"))
    if view.trump:
        parts.append(f"trump:{view.trump} maker:{view.maker}")
    if recall and view.tricks:
        parts.append("tricks:" + ",".join(
            f"{t.leader} {' '.join(t.cards)}>{t.winner}" for t in view.tricks))
    if view.trick:
        parts.append(f"trick:{view.leader} {' '.join(view.trick)}")
    if view.trump:
        parts.append(f"won:{'-'.join(map(str, view.tricks_won))}")
    if view.to_move is not None:
        parts.append(f"turn:{view.to_move}")
    elif view.last_hand is not None:
        parts.append(f"points:{'-'.join(map(str, view.last_hand['points']))}")
    return " ".join(parts)


class EuchreObserver:
    """OpenSpiel's Python observer: ``set_from`` fills ``tensor`` (and its named views in
    ``dict``), ``string_from`` gives a string. Supports ``perfect_recall`` either way (the
    information state or the observation) and private information of the observing player
    or of none; ``public_info`` False keeps only the private part."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None,
                 spec: _Spec = SPECS[2]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observer of every player's private cards is not supported")
        self._recall = bool(iig_obs_type.perfect_recall)
        self._private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self._public = bool(iig_obs_type.public_info)
        layout = LAYOUTS[spec.players]
        self._encode = layout.encode
        self.tensor = np.zeros(layout.SIZE, np.float32)
        self.dict = {name: self.tensor[start:start + int(np.prod(shape))].reshape(shape)
                     for name, start, shape in spec.pieces}
        self._scratch = np.zeros(layout.SIZE, np.float32)

    def set_from(self, state: EuchreState, player: int) -> None:
        """The player's view (private and public), the engine's public view from his seat
        (public only), or what tells them apart (private only: his hand and discard)."""
        h = state._hand
        if h.game is None:
            _encode_deal(h.table, player, self.tensor)
            if not self._public:
                self.tensor.fill(0)  # nothing is private before the deal
            return
        encode = self._encode
        if self._private:
            encode(state.view(player), out=self.tensor)
            if not self._public:
                self.tensor -= encode(state.public_view(player), out=self._scratch)
        elif self._public:
            encode(state.public_view(player), out=self.tensor)
        else:
            self.tensor.fill(0)

    def string_from(self, state: EuchreState, player: int) -> str:
        h = state._hand
        if h.game is None:
            public = f" dealer:{h.table.dealer} dealing:{len(h.deal)}/{h.table.spec.dealt}"
            return f"p{player}" + (public if self._public else "")
        view = state.view(player) if self._private else state.public_view(player)
        return info_string(view, self._recall, self._private, self._public)


def _encode_deal(table: _Table, player: int, out: np.ndarray) -> None:
    """The tensor while the cards are dealt: only the rules and who deals."""
    out.fill(0)
    rules = table.rules
    layout = LAYOUTS[table.spec.players]
    out[layout.DECK + encoding.DECKS.index(rules.deck)] = 1
    out[layout.TARGET] = min(rules.target, 100) / 100
    if table.spec.players == 2:
        out[encoding.OPTIONS] = rules.dealer_must_pick_up
        out[encoding.OPTIONS + 1] = rules.may_call_turned_suit
        out[encoding.OPTIONS + 2] = rules.stick_the_dealer
        out[encoding.DEALER] = table.dealer == player
        return
    out[family_encoding.OPTIONS:family_encoding.OPTIONS + 4] = (
        rules.may_call_turned_suit, rules.stick_the_dealer, rules.defend_alone,
        rules.joker_dealer_alone)
    out[family_encoding.GAME + (rules.players == 4)] = 1
    out[family_encoding.DEALER + (table.dealer - player) % rules.players] = 1


pyspiel.register_game(GAME_TYPE, EuchreGame)
pyspiel.register_game(GAME_TYPE_3, ThreeHandedGame)
