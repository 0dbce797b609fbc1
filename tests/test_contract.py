"""The public contract of DESIGN.md ("The public contract") and what bad input does.

Every refusal must be an ``IllegalAction`` (a ``ValueError``) or a ``ValueError`` whose
message names what was wrong, and must leave the game (and the record given) unchanged.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest
from support import deck_tokens, stacked

from euchre import Game, IllegalAction, Rules, View

VIEW_KEYS = {
    "player", "dealer", "to_move", "phase", "hand", "upcard", "upcard_taken", "trump", "maker",
    "bids", "leader", "trick", "tricks", "tricks_won", "score", "target", "discard", "legal",
    "last_hand",
}
PHASES = {"bid1", "discard", "bid2", "play", "joker", "over"}


# --- helpers --------------------------------------------------------------------------------------




N_HAND = ["9S", "TS", "QS", "KS", "AS"]
D_HAND = ["9D", "TD", "QD", "KD", "AD"]
# player 1 (non-dealer) orders TH up and marches: JH JD AH KH QH against clubs
MARCH = (["JH", "JD", "AH", "KH", "QH"], ["9C", "TC", "QC", "KC", "AC"])
MARCH_PLAYS = ["order", "pass", "JH", "9C", "JD", "TC", "AH", "QC", "KH", "KC", "QH", "AC"]


def deal(nondealer=N_HAND, dealer_hand=D_HAND, upcard="9H", *, dealer=0, seed=1, **options):
    deck = stacked(nondealer, dealer_hand, upcard, options.get("deck", 24))
    return Game(Rules(**options), seed=seed, first_dealer=dealer, decks=[deck])


def random_match(seed: int, policy_seed: int | None = None, **options) -> Game:
    g = Game(Rules(**options), seed=seed)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    while g.to_move is not None:
        g.apply(rng.choice(g.legal_actions()))
    return g


def play_into_second_hand(seed=4) -> Game:
    """A game partway into its second hand (the first one scored)."""
    g = Game(Rules(), seed=seed)
    rng = random.Random(seed)
    while g.view(0).hand_number == 0 or g.phase != "play" or len(g.view(0).trick) != 1:
        g.apply(rng.choice(g.legal_actions()))
    return g


def refuses(g: Game, token, *fragments: str, error=IllegalAction) -> str:
    """Apply a bad token: it must raise ``error`` naming ``fragments`` and change nothing."""
    before, record = g.copy(), g.record()
    with pytest.raises(error) as info:
        g.apply(token)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert g == before
    assert g.record() == record
    return message


def record_refused(data, *fragments: str) -> None:
    """``Game.from_record`` must refuse ``data`` with a ValueError naming ``fragments`` and
    leave ``data`` as it was."""
    kept = copy.deepcopy(data)
    with pytest.raises(ValueError) as info:
        Game.from_record(data)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert data == kept


# --- Game(...) and the seed -----------------------------------------------------------------------


def test_same_seed_same_match():
    """DESIGN: "g = Game(Rules(), seed=7)  # new match; first dealer drawn from the seed"."""
    for seed in (0, 7, 2**64 - 1):
        a, b = Game(Rules(), seed=seed), Game(Rules(), seed=seed)
        assert a == b
        assert a.record() == b.record()
    assert random_match(7, target=5).record() == random_match(7, target=5).record()
    assert random_match(3, deck=25).record() == random_match(3, deck=25).record()


def test_different_seeds_differ():
    decks = {json.dumps(Game(Rules(), seed=s).record()["hands"][0]["deck"]) for s in range(20)}
    assert len(decks) == 20
    # the same actions policy, different deal seeds
    assert (random_match(1, policy_seed=9).record()["hands"]
            != random_match(2, policy_seed=9).record()["hands"])
    assert Game(Rules(), seed=1) != Game(Rules(), seed=2)


def test_rules_options_are_kept():
    rules = Rules(deck=32, target=7, dealer_must_pick_up=True, may_call_turned_suit=True,
                  stick_the_dealer=True)
    g = Game(rules, seed=7)
    assert g.rules == rules
    assert g.view(0).target == 7
    assert len(g.record()["hands"][0]["deck"]) == 32
    assert g.record()["rules"] == rules.to_dict()
    assert Rules.from_dict(rules.to_dict()) == rules
    assert Game(seed=1).rules == Rules()


@pytest.mark.parametrize("dealer", [0, 1])
def test_first_dealer_and_stacked_decks(dealer):
    """DESIGN: "positions 0-4 go to the non-dealer, 5-9 to the dealer, 10 is the upcard, the
    rest is the stock in order. Hand k of a match uses order k while the list lasts; after that
    the game shuffles with its seeded RNG."."""
    d0 = stacked(N_HAND, D_HAND, "9H")
    d1 = list(reversed(deck_tokens(24)))
    g = Game(Rules(), seed=5, first_dealer=dealer, decks=[d0, d1])
    assert g.dealer == dealer
    assert g.to_move == 1 - dealer
    assert set(g.view(1 - dealer).hand) == set(N_HAND)
    assert set(g.view(dealer).hand) == set(D_HAND)
    assert g.view(0).upcard == "9H"
    for _ in range(4):
        g.apply("pass")  # thrown in
    assert g.dealer == 1 - dealer
    assert set(g.view(dealer).hand) == set(d1[0:5])  # dealer is now the non-dealer
    assert set(g.view(1 - dealer).hand) == set(d1[5:10])
    assert g.view(0).upcard == d1[10]
    for _ in range(4):
        g.apply("pass")
    hands = g.record()["hands"]
    assert [h["deck"] for h in hands[:2]] == [d0, d1]
    third = hands[2]["deck"]
    assert sorted(third) == sorted(deck_tokens(24))
    assert third not in (d0, d1)
    # after the stacked decks: the seed shuffles, reproducibly
    h = Game(Rules(), seed=5, first_dealer=dealer, decks=[d0, d1])
    for _ in range(8):
        h.apply("pass")
    assert h.record()["hands"][2]["deck"] == third
    other = Game(Rules(), seed=6, first_dealer=dealer, decks=[d0, d1])
    for _ in range(8):
        other.apply("pass")
    assert other.record()["hands"][2]["deck"] != third
    assert g.record()["stacked_decks"] == [d0, d1]


def test_without_a_seed_the_record_still_replays():
    """DESIGN: "`g.record()` JSON-ready dict; Game.from_record(d) rebuilds the same game
    exactly" (also when the seed was drawn by the game itself)."""
    g = Game(Rules(deck=25))
    rng = random.Random(1)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    assert isinstance(g.record()["seed"], int)
    assert Game.from_record(json.loads(json.dumps(g.record()))) == g
    deck = stacked(N_HAND, D_HAND, "9H")
    a = Game(Rules(), first_dealer=1, decks=[deck])
    b = Game(Rules(), first_dealer=1, decks=[deck])
    assert a.dealer == b.dealer == 1
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1)


def test_stacked_deck_tokens_are_parsed_like_actions():
    """DESIGN: "Parsing is case-insensitive and also accepts `10S`; output is always the
    canonical form."."""
    deck = stacked(N_HAND, D_HAND, "9H")
    loose = [t.lower().replace("t", "10") if i % 2 else t for i, t in enumerate(deck)]
    a = Game(Rules(), seed=1, first_dealer=0, decks=[deck])
    b = Game(Rules(), seed=1, first_dealer=0, decks=[loose])
    assert a == b
    assert b.record()["hands"][0]["deck"] == deck


# --- to_move, legal_actions, apply ----------------------------------------------------------------


def test_to_move_legal_actions_apply():
    g = deal(dealer=1)
    assert g.to_move == 0
    assert sorted(g.legal_actions()) == ["order", "pass"]
    assert all(isinstance(t, str) for t in g.legal_actions())
    assert g.apply("order") is None
    assert g.to_move == 1
    assert g.phase == "discard"
    assert g.dealer == 1
    assert g.score == (0, 0)
    assert g.winner is None


def test_every_legal_action_is_accepted_and_views_agree():
    """DESIGN: "`legal` (tokens, empty when it is not this player's turn)"."""
    g = Game(Rules(deck=25, target=4), seed=12)
    rng = random.Random(12)
    while g.to_move is not None:
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        p = g.to_move
        assert list(g.view(p).legal) == legal
        assert g.view(1 - p).legal == ()
        assert g.view(p).phase == g.phase in PHASES
        g.apply(rng.choice(legal))
    assert g.winner in (0, 1)
    assert max(g.score) >= 4


# --- View -----------------------------------------------------------------------------------------


def check_view(v: View, g: Game) -> None:
    d = v.to_dict()
    assert set(d) >= VIEW_KEYS, VIEW_KEYS - set(d)
    text = json.dumps(d)
    back = json.loads(text)
    assert View.from_dict(back) == v
    assert View.from_dict(d) == v
    assert d["phase"] in PHASES
    assert d["score"] == list(g.score)
    assert d["dealer"] == g.dealer
    assert d["to_move"] == g.to_move
    for t in d["tricks"]:
        assert {"leader", "cards", "winner"} <= set(t)
    if d["last_hand"] is not None:
        assert {"maker", "points"} <= set(d["last_hand"])
    if d["player"] != g.dealer:
        assert d["discard"] is None


def test_view_to_dict_keys_json_and_round_trip():
    """DESIGN: "`g.view(p)` View: everything player p may see, nothing more; .to_dict() is
    JSON" and the listed keys of `to_dict()`."""
    for seed, options in ((21, {}), (22, {"deck": 25}), (23, {"deck": 32, "target": 3})):
        g = Game(Rules(**options), seed=seed)
        rng = random.Random(seed)
        while True:
            for p in (0, 1):
                v = g.view(p)
                assert v.player == p
                check_view(v, g)
            if g.to_move is None:
                break
            g.apply(rng.choice(g.legal_actions()))


def test_view_from_dict_rejects_garbage():
    with pytest.raises(ValueError):
        View.from_dict([1, 2])
    d = Game(seed=1).view(0).to_dict()
    del d["hand"]
    with pytest.raises(ValueError, match="hand"):
        View.from_dict(d)


@pytest.mark.parametrize("player", [2, -1, "0", True, 0.0])
def test_view_of_bad_player(player):
    with pytest.raises(ValueError, match="player"):
        Game(seed=1).view(player)


PRIVATE_FIELDS = ("player", "hand", "discard", "legal")


@pytest.mark.parametrize("seed", range(6))
def test_a_spectator_sees_what_is_public_and_nothing_private(seed):
    """view(None): no hand, no discard, nothing legal; every public field as the players see
    it; the finished hand without either discard."""
    g = Game(Rules(deck=25 if seed % 2 else 24, target=3), seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        watcher, mover = g.view(None), g.view(g.to_move)
        assert (watcher.player, watcher.hand, watcher.discard, watcher.legal) == (
            None, (), None, ())
        for field in dataclasses.fields(View):
            if field.name not in (*PRIVATE_FIELDS, "last_hand"):
                assert getattr(watcher, field.name) == getattr(mover, field.name), field.name
        if watcher.last_hand is not None:
            assert watcher.last_hand["discard"] is None
            public = {k: v for k, v in mover.last_hand.items() if k != "discard"}
            assert {k: v for k, v in watcher.last_hand.items() if k != "discard"} == public
        json.dumps(watcher.to_dict())
        g.apply(rng.choice(g.legal_actions()))


def test_the_finished_hand_keeps_the_dealers_discard_for_him_alone():
    g = deal(*MARCH, "TH", dealer=0, target=4)
    g.apply("order")
    g.apply("discard 9C")
    while g.hand_number == 0:
        g.apply(g.legal_actions()[0])
    dealer, other = g.view(0).last_hand, g.view(1).last_hand
    assert dealer["discard"] == "9C" and other["discard"] is None
    assert dealer["upcard_taken"] is True and dealer["upcard"] == "TH"
    assert [t["winner"] for t in dealer["tricks"]] == [1] * 5  # five hearts beat clubs
    assert dealer["outcome"] == "march" and dealer["bids"] == [[1, "order"]]
    assert dealer["points"] == [0, 2] and dealer["dealer"] == 0


# --- score, winner, dealer ------------------------------------------------------------------------


def test_score_winner_dealer_through_a_match():
    g = deal(*MARCH, "TH", dealer=0, target=4)
    assert (g.score, g.winner, g.dealer) == ((0, 0), None, 0)
    for token in MARCH_PLAYS:
        g.apply(token)
    assert (g.score, g.winner, g.dealer) == ((0, 2), None, 1)
    assert isinstance(g.score, tuple)
    g2 = deal(*MARCH, "TH", dealer=0, target=2)
    for token in MARCH_PLAYS:
        g2.apply(token)
    assert (g2.score, g2.winner, g2.to_move) == ((0, 2), 1, None)
    assert g2.legal_actions() == []
    refuses(g2, "pass", "over")


# --- records --------------------------------------------------------------------------------------


def round_trip(g: Game) -> None:
    data = g.record()
    text = json.dumps(data)
    back = Game.from_record(json.loads(text))
    assert back == g
    assert back.record() == data
    for p in (0, 1):
        assert back.view(p) == g.view(p)
    assert back.legal_actions() == g.legal_actions()


def test_record_round_trip_at_every_kind_of_position():
    """DESIGN: "`g.record()` JSON-ready dict; Game.from_record(d) rebuilds the same game
    exactly"."""
    round_trip(Game(Rules(), seed=9))
    round_trip(deal(dealer=1))
    round_trip(play_into_second_hand())
    g = Game(Rules(deck=25, target=5, stick_the_dealer=True), seed=31)
    rng = random.Random(31)
    step = 0
    while g.to_move is not None:
        if step % 7 == 0:
            round_trip(g)
        g.apply(rng.choice(g.legal_actions()))
        step += 1
    round_trip(g)  # over
    assert g.record()["winner"] == g.winner


def test_record_keeps_thrown_in_hands():
    """DESIGN: "A new hand is dealt as soon as the last one is scored; a hand thrown in is
    recorded too."."""
    g = deal(dealer=0)
    for _ in range(4):
        g.apply("pass")
    hands = g.record()["hands"]
    assert len(hands) == 2
    assert [a[1] for a in hands[0]["actions"]] == ["pass"] * 4
    round_trip(g)


def test_equality_compares_position_and_history():
    a = deal(dealer=0)
    b = deal(dealer=0)
    assert a == b
    a.apply("pass")
    assert a != b
    b.apply("pass")
    assert a == b
    assert a != deal(dealer=1)


# --- tokens ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("loose", "canonical"), [
    ("ORDER", "order"), ("Pass", "pass"), ("  pass ", "pass"), ("oRdEr", "order"),
])
def test_bid_tokens_case_insensitive(loose, canonical):
    """DESIGN: "Parsing is case-insensitive ... output is always the canonical form."."""
    a, b = deal(), deal()
    a.apply(loose)
    b.apply(canonical)
    assert a == b
    assert a.record()["hands"][0]["actions"] == [[1, canonical]]


@pytest.mark.parametrize("loose", ["10S", "10s", "ts", "Ts", "TS"])
def test_card_tokens_case_insensitive_and_10(loose):
    """DESIGN: "A card is two characters ... Parsing is case-insensitive and also accepts
    `10S`; output is always the canonical form."."""
    a, b = deal(), deal()
    for g in (a, b):
        g.apply("order")
        g.apply("pass")
    a.apply(loose)
    b.apply("TS")
    assert a == b
    assert a.view(0).trick == ("TS",)
    assert a.record()["hands"][0]["actions"][-1] == [1, "TS"]


@pytest.mark.parametrize("loose", ["discard 10h", "DISCARD 10H", "Discard th", "discard TH"])
def test_discard_token_forms(loose):
    a, b = deal(N_HAND, ["TH", "9D", "QD", "KD", "AD"], "9H"), deal(
        N_HAND, ["TH", "9D", "QD", "KD", "AD"], "9H")
    a.apply("order")
    b.apply("order")
    a.apply(loose)
    b.apply("discard TH")
    assert a == b
    assert a.view(0).discard == "TH"
    assert a.record()["hands"][0]["actions"][-1] == [0, "discard TH"]


@pytest.mark.parametrize("loose", ["call hearts", "call H", "CALL h", "Call Hearts"])
def test_call_token_forms(loose):
    a, b = deal(upcard="9C"), deal(upcard="9C")
    for g in (a, b):
        g.apply("pass")
        g.apply("pass")
    a.apply(loose)
    b.apply("call H")
    assert a == b
    assert a.view(0).trump == "H"
    assert a.record()["hands"][0]["actions"][-1] == [1, "call H"]


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


# --- bad actions ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("token", "fragment"), [
    ("bid", "unknown action 'bid'"), ("", "unknown action"), ("XX", "unknown action 'XX'"),
    ("call", "unknown action"), ("call purple", "unknown suit 'purple'"),
    ("discard", "unknown action"), ("discard ZZ", "bad action 'discard ZZ'"),
    ("order up", "unknown action"), ("1S", "unknown action"), ("11S", "unknown action"),
    (None, "string"), (5, "string"), (["pass"], "string"),
])
def test_unknown_tokens(token, fragment):
    for g in (deal(), play_into_second_hand()):
        refuses(g, token, fragment)


def test_card_not_held():
    g = deal()
    g.apply("order")
    g.apply("pass")
    refuses(g, "AH", "do not hold A♥", "player 1")
    refuses(g, "9D", "do not hold 9♦")  # the dealer's card


def test_discard_of_a_card_not_held():
    g = deal()
    g.apply("order")
    refuses(g, "discard AS", "do not hold A♠")
    refuses(g, "discard JK", "do not hold Joker")


def test_following_suit_violation():
    g = deal(N_HAND, ["9D", "TD", "QD", "KD", "JS"], "9H", dealer=0)
    for token in ("order", "pass", "AS"):
        g.apply(token)
    assert g.legal_actions() == ["JS"]  # hearts trump: the jack of spades is a plain spade
    message = refuses(g, "KD", "must follow spades", "J♠", "legal: JS")
    assert "player 0" in message


@pytest.mark.parametrize(("setup", "token", "fragments"), [
    ((), "AS", ("not legal", "pass", "order")),
    ((), "call C", ("not legal", "order")),
    ((), "discard 9S", ("not legal",)),
    (("order",), "order", ("discard",)),
    (("order",), "call C", ("discard",)),
    (("order",), "9D", ("not legal",)),
    (("pass", "pass"), "order", ("call",)),
    (("pass", "pass"), "discard 9D", ("call",)),
    (("pass", "pass"), "call H", ("hearts was turned down", "call C call D call S")),
    (("order", "pass"), "order", ("time to play a card",)),
    (("order", "pass"), "pass", ("time to play a card",)),
    (("order", "pass"), "call S", ("time to play a card",)),
    (("order", "pass"), "discard AS", ("time to play a card",)),
])
def test_action_out_of_phase(setup, token, fragments):
    g = deal(dealer=0)
    for t in setup:
        g.apply(t)
    refuses(g, token, *fragments)


def test_out_of_turn_is_impossible_to_express_but_other_players_card_is_refused():
    g = deal(dealer=0)
    refuses(g, "9D", "not legal")  # the dealer's card, while the non-dealer bids


# --- bad Rules ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "fragment"), [
    ({"deck": 30}, "Rules.deck"), ({"deck": "24"}, "Rules.deck"), ({"deck": 24.0}, "Rules.deck"),
    ({"deck": None}, "Rules.deck"), ({"deck": 36}, "Rules.deck"),
    ({"target": 0}, "Rules.target"), ({"target": -3}, "Rules.target"),
    ({"target": "10"}, "Rules.target"), ({"target": 10.0}, "Rules.target"),
    ({"target": True}, "Rules.target"),
    ({"stick_the_dealer": "yes"}, "Rules.stick_the_dealer"),
    ({"stick_the_dealer": 1}, "Rules.stick_the_dealer"),
    ({"dealer_must_pick_up": None}, "Rules.dealer_must_pick_up"),
    ({"may_call_turned_suit": "false"}, "Rules.may_call_turned_suit"),
])
def test_bad_rules_values(kwargs, fragment):
    with pytest.raises(ValueError) as info:
        Rules(**kwargs)
    assert fragment in str(info.value)
    with pytest.raises(ValueError) as info:
        Rules.from_dict(kwargs)
    assert fragment in str(info.value)


def test_rules_from_dict_unknown_option_and_non_dict():
    with pytest.raises(ValueError, match="unknown rules option 'decks'"):
        Rules.from_dict({"decks": 24})
    with pytest.raises(ValueError, match="unknown rules option 'stick'"):
        Rules.from_dict({"deck": 24, "stick": True})
    with pytest.raises(ValueError):
        Rules.from_dict([("deck", 24)])
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"deck": 25}) == Rules(deck=25)


def test_rules_are_frozen():
    with pytest.raises(AttributeError):
        Rules().deck = 32  # type: ignore[misc]


@pytest.mark.parametrize("rules", [{"deck": 24}, "24", 24, Rules])
def test_game_needs_a_rules(rules):
    with pytest.raises(ValueError, match="Rules"):
        Game(rules, seed=1)


# --- bad stacked decks, seed, first_dealer --------------------------------------------------------


def full_deck() -> list[str]:
    return stacked(N_HAND, D_HAND, "9H")


@pytest.mark.parametrize(("make", "fragment"), [
    (lambda d: d[:-1], "has 23 cards"),
    (lambda d: d[:11], "has 11 cards"),
    (lambda d: [*d, "9C"], "twice"),
    (lambda d: [*d[:-1], d[0]], "holds 9S twice"),
    (lambda d: [*d[:-1], "7S"], "7S is not in the 24-card deck"),
    (lambda d: [*d[:-1], "JK"], "JK is not in the 24-card deck"),
    (lambda d: [*d[:-1], "ZZ"], "unknown card 'ZZ'"),
    (lambda d: [*d[:-1], None], "unknown card"),
    (lambda d: " ".join(d), "must be a list"),
    (lambda d: 5, "must be a list"),
    (lambda d: d[0], "must be a list"),
])
def test_bad_stacked_deck(make, fragment):
    with pytest.raises(ValueError) as info:
        Game(Rules(), seed=1, first_dealer=0, decks=[make(full_deck())])
    assert fragment in str(info.value)
    assert "stacked deck 0" in str(info.value)


def test_bad_second_stacked_deck_is_named():
    with pytest.raises(ValueError, match="stacked deck 1"):
        Game(Rules(), seed=1, first_dealer=0, decks=[full_deck(), full_deck()[:-1]])


def test_flat_list_of_tokens_instead_of_a_list_of_decks():
    with pytest.raises(ValueError, match="must be a list"):
        Game(Rules(), seed=1, first_dealer=0, decks=full_deck())


def test_decks_not_iterable_is_a_value_error():
    with pytest.raises(ValueError, match="decks"):
        Game(Rules(), seed=1, first_dealer=0, decks=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True, [7]])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match="seed"):
        Game(Rules(), seed=seed)


@pytest.mark.parametrize("first_dealer", [2, -1, "0", True, 0.0, 1.0])
def test_bad_first_dealer(first_dealer):
    with pytest.raises(ValueError, match="first_dealer"):
        Game(Rules(), seed=1, first_dealer=first_dealer)


# --- corrupt and tampered records -----------------------------------------------------------------


@pytest.fixture(scope="module")
def finished() -> dict:
    """The record of a finished match (to 3 points) with several hands."""
    g = random_match(41, target=3)
    data = g.record()
    assert data["winner"] is not None and len(data["hands"]) >= 2
    return data


@pytest.fixture
def rec(finished) -> dict:
    return copy.deepcopy(finished)


def first_play(hand: dict) -> int:
    return next(i for i, (_, t) in enumerate(hand["actions"]) if len(t) == 2)


def test_record_fixture_is_valid(rec):
    g = Game.from_record(rec)
    assert g.record() == rec


@pytest.mark.parametrize("data", [[], "record", None, 5, ["format"]])
def test_record_not_a_dict(data):
    record_refused(data, "JSON object")


def test_record_wrong_format_or_version(rec):
    record_refused({**rec, "format": "pgn"}, "euchre-record", "'pgn'")
    record_refused({**rec, "version": 99}, "version")
    record_refused({k: v for k, v in rec.items() if k != "format"}, "euchre-record")


@pytest.mark.parametrize("key", ["rules", "seed", "first_dealer", "stacked_decks", "hands"])
def test_record_missing_keys(rec, key):
    del rec[key]
    record_refused(rec, "missing", repr(key))


def test_record_bad_values(rec):
    record_refused({**rec, "rules": {"deck": 30}}, "Rules.deck")
    record_refused({**rec, "rules": {**rec["rules"], "jokers": 2}}, "unknown rules option")
    record_refused({**rec, "seed": "41"}, "seed")
    record_refused({**rec, "first_dealer": 3}, "first_dealer")
    record_refused({**rec, "hands": []}, "hands")
    record_refused({**rec, "hands": "none"}, "hands")
    record_refused({**rec, "stacked_decks": [["AS"]]}, "stacked deck 0")
    bad_hand = copy.deepcopy(rec)
    bad_hand["hands"][0] = {"deck": rec["hands"][0]["deck"]}
    record_refused(bad_hand, "hand 0", "actions")


def test_record_changed_deck_card(rec):
    deck = rec["hands"][0]["deck"]
    deck[20], deck[21] = deck[21], deck[20]  # two stock cards: no action notices
    record_refused(rec, "hand 0", "deck")


def test_record_changed_dealt_card(rec):
    hand = rec["hands"][1]
    deck = hand["deck"]
    deck[0], deck[15] = deck[15], deck[0]
    record_refused(rec, "hand 1")


def test_record_changed_dealer(rec):
    rec["hands"][0]["dealer"] = 1 - rec["hands"][0]["dealer"]
    record_refused(rec, "hand 0", "dealer")


def test_record_changed_first_dealer(rec):
    rec["first_dealer"] = 1 - rec["first_dealer"]
    record_refused(rec, "hand 0")


def test_record_changed_seed(rec):
    rec["seed"] += 1
    record_refused(rec, "hand 0")


def test_record_changed_stacked_deck():
    g = deal(*MARCH, "TH", dealer=0, target=3)
    for token in MARCH_PLAYS:
        g.apply(token)
    data = g.record()
    d = data["stacked_decks"][0]
    d[20], d[21] = d[21], d[20]
    record_refused(data, "hand 0", "deck")


def test_record_changed_action_card(rec):
    hand = rec["hands"][0]
    i = first_play(hand)
    player, card = hand["actions"][i]
    other_hand_card = next(c for c in hand["deck"][:10] if c != card and c not in
                           [t for _, t in hand["actions"]])
    hand["actions"][i] = [player, other_hand_card]
    record_refused(rec, "hand 0", f"action {i}")


def test_record_changed_bid(rec):
    hand = rec["hands"][0]
    player, token = hand["actions"][0]
    hand["actions"][0] = [player, "pass" if token != "pass" else "order"]
    record_refused(rec, "hand 0")


def test_record_unknown_action_token(rec):
    player, _ = rec["hands"][0]["actions"][0]
    rec["hands"][0]["actions"][0] = [player, "bid"]
    record_refused(rec, "hand 0 action 0", "unknown action")


def test_record_wrong_player_for_action(rec):
    player, token = rec["hands"][0]["actions"][0]
    rec["hands"][0]["actions"][0] = [1 - player, token]
    record_refused(rec, "hand 0 action 0", "not the next action")


def test_record_extra_action_in_a_hand(rec):
    actions = rec["hands"][0]["actions"]
    actions.append(list(rec["hands"][1]["actions"][0]))
    record_refused(rec, "hand 0", f"action {len(actions) - 1}")


def test_record_extra_action_after_the_end(rec):
    rec["hands"][-1]["actions"].append([0, "pass"])
    record_refused(rec, "not the next action")


def test_record_missing_action(rec):
    del rec["hands"][0]["actions"][-1]
    record_refused(rec, "hand")


def test_record_extra_hand(rec):
    rec["hands"].append(copy.deepcopy(rec["hands"][-1]))
    record_refused(rec, "hand")


def test_record_missing_last_hand_of_game_in_progress():
    g = play_into_second_hand()
    data = g.record()
    del data["hands"][-1]
    record_refused(data, "hands")


def test_record_changed_score(rec):
    rec["score"] = [rec["score"][1], rec["score"][0]]
    record_refused(rec, "score")


def test_record_changed_winner(rec):
    rec["winner"] = 1 - rec["winner"]
    record_refused(rec, "winner")
    rec["winner"] = None
    record_refused(rec, "winner")


def test_record_changed_result(rec):
    scored = next(i for i, h in enumerate(rec["hands"]) if not h["result"]["thrown_in"])
    result = rec["hands"][scored]["result"]
    result["points"] = list(reversed(result["points"]))
    record_refused(rec, f"hand {scored}", "result")


def test_record_changed_result_tricks(rec):
    scored = next(i for i, h in enumerate(rec["hands"]) if not h["result"]["thrown_in"])
    result = rec["hands"][scored]["result"]
    result["tricks_won"] = [result["tricks_won"][0] + 1, result["tricks_won"][1] - 1]
    record_refused(rec, f"hand {scored}", "result")


def test_record_result_on_hand_in_progress():
    g = play_into_second_hand()
    data = g.record()
    assert data["hands"][-1]["result"] is None
    data["hands"][-1]["result"] = copy.deepcopy(data["hands"][0]["result"])
    record_refused(data, "hand 1", "result")


def test_bad_record_leaves_source_game_unchanged(rec):
    g = Game.from_record(copy.deepcopy(rec))
    before = g.copy()
    tampered = copy.deepcopy(rec)
    tampered["score"] = [0, 0]
    with pytest.raises(ValueError):
        Game.from_record(tampered)
    assert g == before
    assert g.record() == rec


# --- copy, push, pop ------------------------------------------------------------------------------


def test_copy_is_independent():
    g = play_into_second_hand()
    record = g.record()
    c = g.copy()
    assert c == g and c is not g
    rng = random.Random(3)
    while c.to_move is not None:
        c.apply(rng.choice(c.legal_actions()))
    assert g.record() == record
    assert c != g
    g.apply(g.legal_actions()[0])
    assert c.to_move is None  # the copy did not move with the original


def test_push_pop_across_a_hand_boundary():
    g = deal(*MARCH, "TH", dealer=0, target=4)
    states = [g.copy()]
    records = [g.record()]
    for token in MARCH_PLAYS:
        g.push(token)
        states.append(g.copy())
        records.append(g.record())
    assert g.view(0).hand_number == 1 and g.dealer == 1 and g.score == (0, 2)
    g.push(g.legal_actions()[0])  # into the next hand
    g.pop()
    for state, record in zip(reversed(states[:-1]), reversed(records[:-1]), strict=True):
        g.pop()
        assert g == state
        assert g.record() == record
    assert g.view(0).hand_number == 0 and g.score == (0, 0) and g.dealer == 0
    with pytest.raises(IllegalAction, match="nothing"):
        g.pop()
    assert g == states[0]


def test_push_pop_across_the_end_of_the_match():
    g = deal(*MARCH, "TH", dealer=0, target=2)
    for token in MARCH_PLAYS[:-1]:
        g.apply(token)
    before = g.copy()
    g.push(MARCH_PLAYS[-1])
    assert g.winner == 1 and g.to_move is None
    g.pop()
    assert g == before
    assert g.winner is None and g.to_move == 0
    g.apply(MARCH_PLAYS[-1])
    assert g.winner == 1


def test_push_refuses_bad_tokens_like_apply():
    g = deal()
    before = g.copy()
    with pytest.raises(IllegalAction):
        g.push("call H")
    with pytest.raises(IllegalAction):
        g.push("bid")
    assert g == before
    with pytest.raises(IllegalAction, match="nothing"):
        g.pop()


def test_pop_with_nothing_pushed():
    for g in (Game(seed=1), deal()):
        before = g.copy()
        with pytest.raises(IllegalAction, match="nothing to take back"):
            g.pop()
        assert g == before


def test_every_applied_action_can_be_taken_back_to_the_start():
    """apply() is push(): a game played into its second hand pops back to its first deal."""
    g = play_into_second_hand()
    start = Game(Rules(), first_dealer=g.record()["first_dealer"], seed=g.seed,
                 decks=g.record()["stacked_decks"])
    while True:
        try:
            g.pop()
        except IllegalAction:
            break
    assert g == start


def test_copy_and_pop_do_not_share_history():
    g = deal()
    g.push("order")
    c = g.copy()
    g.pop()
    assert c.phase == "discard"
    c.pop()
    assert c == g
    c.push("pass")
    assert g.phase == "bid1" and g.to_move == 1


def test_pop_takes_back_one_action_however_it_was_made():
    """push_id keeps a snapshot, apply does not: pop() takes back exactly the newest action
    either way, and mixing the two never takes back more than one."""
    g = Game(Rules(), seed=12)
    states = [g.copy()]
    for i in range(40):
        ids = g.legal_action_ids()
        if i % 3:
            g.apply(g.legal_actions()[-1])
        else:
            g.push_id(ids[0])
        states.append(g.copy())
    for state in reversed(states[:-1]):
        g.pop()
        assert g == state
    with pytest.raises(IllegalAction, match="nothing to take back"):
        g.pop()


def test_a_resampled_game_cannot_take_back_what_it_did_not_play():
    import random

    from euchre import resample

    g = Game(Rules(), seed=3)
    for token in ("pass", "pass"):
        g.apply(token)
    r = resample(g.view(0), random.Random(1))
    with pytest.raises(IllegalAction, match="nothing to take back"):
        r.pop()
    r.apply(r.legal_actions()[0])
    r.pop()
    assert r.view(0) == g.view(0)


# --- issue 38: a cleaner contract ----------------------------------------------------------


def test_the_phase_is_an_enum_whose_values_are_the_strings_views_carry():
    from euchre.engine.games.euchre.state import Phase

    g = Game(Rules(deck=25), seed=4)
    assert isinstance(g.phase, Phase) and g.phase == "bid1" and str(g.phase) == "bid1"
    assert [p.value for p in Phase] == ["bid1", "discard", "bid2", "play", "joker", "over",
                                        "defend"]
    assert json.loads(json.dumps(g.view(0).to_dict()))["phase"] == "bid1"
    assert isinstance(View.from_dict(g.view(0).to_dict()).phase, Phase)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_history_is_public_and_taken_back_to_a_players_last_choice(players):
    """Issue 38: "the game's history is public (`Game.actions()`, and
    `take_back_to(player)` used by both undo implementations)"."""
    g = Game(Rules(players=players), seed=8)
    rng = random.Random(players)
    while g.hand_number < 2:
        g.apply(rng.choice(g.legal_actions()))
    record = g.record()
    assert g.actions() == [(p, t) for hand in record["hands"] for p, t in hand["actions"]]
    before = g.actions()
    last = max(i for i, (who, _) in enumerate(before) if who == 1)
    taken = g.take_back_to(1)
    assert taken == len(before) - last and g.actions() == before[:last]
    assert g.to_move == 1 and before[last][1] in g.legal_actions()
    fresh = Game(Rules(players=players), seed=8)
    with pytest.raises(IllegalAction, match="player 1 has no choice to take back"):
        fresh.take_back_to(1)


def test_taking_back_skips_a_card_that_was_the_only_one():
    """The terminal's undo: with autoplay, a card that played itself (the only legal one)
    is not a choice, so the choice before it is taken back too."""
    g = Game(seed=2)
    rng = random.Random(5)
    while not (g.phase == "play" and g.to_move == 0 and len(g.legal_actions()) == 1
               and any(who == 0 for who, _ in g.actions()[-6:])):
        g.apply(rng.choice(g.legal_actions()))
        if g.is_over:
            pytest.fail("no forced card in this match")
    g.apply(g.legal_actions()[0])  # the forced card
    forced = len(g.actions()) - 1
    mine = [i for i, (who, _) in enumerate(g.actions()[:forced]) if who == 0]
    plain, skipping = g.copy(), g.copy()
    assert plain.take_back_to(0) == 1
    assert skipping.take_back_to(0, skip_forced=True) == len(g.actions()) - mine[-1]
