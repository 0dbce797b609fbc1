"""The catalogs are complete and faithful, and every face speaks the reader's language: the
server's pages (lang, dir, the language menu), the page's catalog, the terminal's --lang and
LANG. (The pages as a person sees them: ``test_browser_languages.py``.)"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request

import pytest
from babel.messages.catalog import Catalog
from server_support import Server

from euchre import Game, Rules, i18n
from euchre.i18n.catalogs import po_path, read_catalog, template_path
from euchre.i18n.check import problems
from euchre.i18n.extract import shipped, template
from euchre.server import wording

SHIPPED = ("ar", "ceb", "so")


@pytest.fixture(scope="module")
def fresh() -> Catalog:
    """Every message the code uses now (extracted again, not the committed template)."""
    return template()


def test_every_shipped_language_has_a_catalog():
    assert tuple(shipped()) == SHIPPED
    assert set(i18n.LANGUAGES) == {"en", *SHIPPED}


def test_the_committed_template_holds_every_message_the_code_uses(fresh):
    committed = {m.id for m in read_catalog(template_path()) if m.id}
    used = {m.id for m in fresh if m.id}
    assert used - committed == set(), "run: python -m euchre.i18n update"
    assert len(used) > 350  # the lobby, the table, the terminal and the engine's words


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_translated_with_its_placeholders(fresh, code):
    catalog = read_catalog(po_path(code), code)
    assert problems(fresh, catalog) == [], f"python -m euchre.i18n check {code}"


def test_a_missing_a_dropped_and_a_renamed_placeholder_are_each_reported():
    template_ = Catalog()
    for message in ("{name} deals", "Pass", "You deal", "{name} won {score}"):
        template_.add(message)
    template_.add(("{n} hand", "{n} hands"))
    arabic = Catalog(locale="ar")
    arabic.add("{name} deals", "{name} يوزّع")
    arabic.add("Pass", "باس", flags=["fuzzy"])            # fuzzy: gettext does not use it
    arabic.add("{name} won {score}", "فاز {name}")          # {score} dropped
    arabic.add(("{n} hand", "{n} hands"), ("", "جولة", "جولتان", "{n} جولات", "{n} جولة",
                                           "{count} جولة"))  # a form empty
    found = problems(template_, arabic)
    assert found == ["'Pass': not translated", "'You deal': not translated",
                     "'{name} won {score}': placeholders {name} instead of {name}{score}",
                     "'{n} hand': a plural form is empty"]
    renamed = Catalog(locale="ar")
    renamed.add(("{n} hand", "{n} hands"), ("لا جولات", "جولة", "جولتان", "{n} جولات",
                                            "{n} جولة", "{count} جولة"))
    assert problems(template_, renamed)[-1] == \
        "'{n} hand': placeholders {count} instead of {n}"


def test_arabic_counts_in_six_forms_and_the_others_in_two():
    assert read_catalog(po_path("ar"), "ar").num_plurals == 6
    with i18n.use("ar"):
        said = [i18n.ngettext("{name} holds {n} card.", "{name} holds {n} cards.", n, name="علي")
                for n in (0, 1, 2, 3, 11, 100)]
    assert len(set(said)) == 6, said
    assert "ورقة واحدة" in said[1] and "ورقتان" in said[2] and "3 أوراق" in said[3]


def test_you_and_another_player_are_separate_messages():
    game = Game(Rules(), seed=7)
    with i18n.use("so"):
        mine = wording.last_words(game.view(0), ("Ann", "Bo"), (0, "pass"))
        theirs = wording.last_words(game.view(0), ("Ann", "Bo"), (1, "pass"))
    assert mine.startswith("Adiga") and theirs.startswith("Bo") and mine != theirs


def test_the_words_of_a_state_follow_the_language_and_keep_the_tokens():
    game = Game(Rules(), seed=7)
    view = game.view(1)
    english = wording.words(view, ("Ann", "Bo"))
    with i18n.use("ar"):
        arabic = wording.words(view, ("Ann", "Bo"))
    assert [c["token"] for c in arabic["choices"]] == [c["token"] for c in english["choices"]]
    assert arabic["prompt"].startswith("دورك") and "K♣" in arabic["prompt"]
    assert arabic["cards"]["KC"]["name"] == "شايب سباتي"
    assert english["cards"]["KC"]["name"] == "king of clubs"  # the English cache is untouched


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    running = Server(tmp_path_factory.mktemp("i18n") / "games.db").start()
    yield running
    running.stop()


def fetch(server: Server, path: str, **headers: str) -> tuple[int, str, dict[str, str]]:
    request = urllib.request.Request(server.base + path, headers=headers)

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            return None

    opener = urllib.request.build_opener(Stay)
    try:
        with opener.open(request, timeout=10) as answer:
            return answer.status, answer.read().decode(), dict(answer.headers)
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode(), dict(err.headers)


def test_every_page_says_its_language_and_direction_and_offers_the_menu(server):
    status, body = server.post("/api/games", {"mode": "computer", "name": "Ann",
                                              "level": "easy"})
    assert status == 201, body
    game = body["id"]
    for path in ("/", f"/play/{game}", "/rules", "/players/Ann", "/no/such/page",
                 "/games/nothing"):
        for accept, code, direction in (("ar", "ar", "rtl"), ("so, en;q=0.5", "so", "ltr"),
                                        ("fr", "en", "ltr")):
            _, html, _ = fetch(server, path, **{"Accept-Language": accept})
            assert f'<html lang="{code}" dir="{direction}">' in html, (path, accept)
            assert 'data-testid="languages"' in html, path
    _, html, _ = fetch(server, "/", **{"Accept-Language": "ar", "Cookie": "euchre_lang=ceb"})
    assert '<html lang="ceb" dir="ltr">' in html  # the menu's choice beats the browser's
    assert "Bag-ong duwa" in html  # "A new game", from the catalog


def test_the_language_menu_remembers_and_goes_back_only_to_this_server(server):
    status, _, headers = fetch(server, "/language/so?back=/rules")
    assert status == 303 and headers["location"] == "/rules"
    assert "euchre_lang=so" in headers["set-cookie"]
    for back in ("//evil.example/", "https://evil.example/", "\\\\evil"):
        _, _, headers = fetch(server, f"/language/so?back={back}")
        assert headers["location"] == "/"
    status, text, _ = fetch(server, "/language/xx")
    assert status == 404 and "xx" in text


def test_the_page_catalog_has_every_script_message_and_the_plural_table(server):
    status, text, _ = fetch(server, "/i18n/ar.json")
    said = json.loads(text)
    assert status == 200 and said["direction"] == "rtl"
    assert said["messages"]["Connected"] == "متصل"
    assert len(said["messages"]["({n} hand)"]) == 6
    assert said["plural"][:12] == [0, 1, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4]
    assert fetch(server, "/i18n/qps.json")[0] == 404  # the pseudo-language: tests only
    assert fetch(server, "/i18n/xx.json")[0] == 404


def euchre(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([sys.executable, "-m", "euchre.cli", *args], capture_output=True,
                          text=True, env={**clean, **env}, timeout=60, input="q\n")


def test_the_terminal_refuses_a_language_it_does_not_have_in_one_line():
    done = euchre("play", "--lang", "xx")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--lang" in done.stderr and "so (Soomaali)" in done.stderr


@pytest.mark.parametrize(("args", "env", "said"), [
    (("--lang", "so"), {}, "Gacanta 1"),
    ((), {"LANG": "ceb_PH.UTF-8"}, "Kamot 1"),
    ((), {"LANGUAGE": "fr:ar", "LANG": "en_US.UTF-8"}, "الجولة 1"),
    ((), {"LANG": "C.UTF-8"}, "Hand 1"),
])
def test_the_terminal_game_speaks_the_language_asked(tmp_path, args, env, said):
    done = euchre("play", "--seed", "3", *args, EUCHRE_DATA_DIR=str(tmp_path), COLUMNS="100",
                  **env)
    assert said in done.stdout, done.stdout[-600:]


@pytest.mark.parametrize(("code", "heading"), [("ar", "طريقة لعب اليوكر"),
                                               ("so", "Sida Euchre loo ciyaaro"),
                                               ("ceb", "Unsaon pagdula sa Euchre"),
                                               ("en", "How to play Euchre")])
def test_the_rules_are_written_in_each_language_for_the_page_and_the_terminal(server, code,
                                                                              heading):
    _, html, _ = fetch(server, "/rules", **{"Accept-Language": code})
    assert f"<h1>{heading}</h1>" in html
    from euchre.terminal.help import rules_text
    with i18n.use(code):
        assert rules_text().markup.startswith(f"# {heading}")


FAMILY_HEADINGS = {
    "en": ("Railroad Euchre", "Hasenpfeffer", "Napoleon (Nap)"),
    "so": ("Railroad Euchre", "Hasenpfeffer", "Napoleon (Nap)"),
    "ceb": ("Railroad Euchre", "Hasenpfeffer", "Napoleon (Nap)"),
    "ar": ("يوكر السكة الحديد (Railroad Euchre)", "هازنبفر (Hasenpfeffer)", "نابليون (Nap)"),
}
"""Each language's heading for the three games beyond Euchre, in the order the page has them."""


@pytest.mark.parametrize("code", sorted(FAMILY_HEADINGS))
def test_the_rules_page_has_a_section_for_each_family_game_in_each_language(server, code):
    """Railroad Euchre, Hasenpfeffer and Napoleon are written in the reader's language at
    ``/rules`` and at the terminal: a heading each, in that order, each section opening with
    how to play it (its own ``--game`` command) and holding its own rules (Napoleon's
    stakes, up to Blücher's 40), not a pointer to the English page."""
    _, html, _ = fetch(server, "/rules", **{"Accept-Language": code})
    places = [html.find(f"<h2>{heading}</h2>") for heading in FAMILY_HEADINGS[code]]
    assert -1 not in places and places == sorted(places), places
    ends = [*places[1:], len(html)]
    sections = [html[start:end] for start, end in zip(places, ends, strict=True)]
    for section, game in zip(sections, ("railroad", "hasenpfeffer", "napoleon"), strict=True):
        assert f"--game {game}" in section
    assert "40" in sections[2] and "docs/rules.md" not in html
    from euchre.terminal.help import rules_text
    with i18n.use(code):
        written = rules_text().markup
    assert all(f"\n## {heading}\n" in written for heading in FAMILY_HEADINGS[code])


def test_the_score_pad_is_worded_for_the_reader_and_kept_in_english():
    from euchre.server import scorepad
    game = Game(Rules(target=3), seed=2)
    while not any(row["trump"] for row in scorepad.rows(game)):
        game.apply(game.legal_actions()[-1])
    kept = [row for row in scorepad.rows(game) if row["trump"]]
    with i18n.use("ar"):
        shown = scorepad.worded(kept)
    assert shown[0]["trump"].split()[1] in ("سباتي", "ديناري", "كبّة", "بستوني")
    assert kept[0]["trump"].split()[1] in ("clubs", "diamonds", "hearts", "spades")
    assert shown[0]["outcome"] != kept[0]["outcome"] and shown[0]["score"] == kept[0]["score"]


def test_error_pages_speak_the_readers_language(server):
    status, html, _ = fetch(server, "/no/such/page", **{"Accept-Language": "ar"})
    assert status == 404 and "<h1>لا شيء هنا</h1>" in html and 'dir="rtl"' in html
    status, html, _ = fetch(server, "/games/nothing", **{"Accept-Language": "so"})
    assert status == 404 and "Ciyaartaas ma jirto" in html


def test_a_failed_computer_is_reported_in_the_readers_language():
    """The stand-in's one line (``agents.stand_in.failure``), as the table shows it: the
    sentence and the level in the reader's words, the bot's own error as it said it."""
    from euchre.agents.stand_in import failure

    with i18n.use("en"):
        assert failure("expert", ValueError("boom")) == \
            "the computer (expert) failed: boom; the rules of thumb chose for it"
    with i18n.use("so"):
        said = failure("expert", ValueError("boom"))
    assert "khabiir" in said and "boom" in said and "failed" not in said


def test_the_apis_refusals_and_the_servers_pages_speak_the_readers_language(server):
    """A refusal a person reads (here: a review of a game that does not exist, a replay's
    moment out of range) in his language; its JSON keys stay the API's."""
    status, body, _ = fetch(server, "/api/games/nothing/review/0", **{"Accept-Language": "ar"})
    assert status == 404 and json.loads(body) == {  # (the Latin id kept whole: isolated)
        "error": "لا توجد لعبة \u2068'nothing'\u2069"}
    status, body, _ = fetch(server, "/leaderboard?game=nothing", **{"Accept-Language": "ceb"})
    assert status == 404 and "Walay top list alang sa duwa" in body
    status, body, _ = fetch(server, "/daily", **{"Accept-Language": "so"})
    assert status == 200 and "Ciyaar qaybinta maanta" in body  # its date in Somali too
    assert "(UTC)" in body and not any(month in body for month in ("January", "December"))


def test_the_account_refusals_speak_the_readers_language(server):
    """Logging in and registering are refused in the reader's language: a wrong password
    in Arabic, a password too short in Somali (one line each, the status unchanged)."""
    def post(path: str, data: dict, language: str) -> tuple[int, dict]:
        request = urllib.request.Request(
            server.base + path, data=json.dumps(data).encode(), method="POST",
            headers={"Content-Type": "application/json", "Accept-Language": language})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    status, told = post("/api/session", {"name": "Nobody", "password": "x" * 12}, "ar")
    assert status == 401 and told == {"error": "اسم أو كلمة مرور خاطئة"}
    status, told = post("/api/accounts", {"name": "Cali", "password": "short"}, "so")
    assert status == 400 and told["error"].startswith("furaha sirta ahi waa inuu noqdaa")


@pytest.mark.parametrize(("game", "players", "said"), [
    ("railroad", 4, {"en": "X and X against X and X", "ar": "X وX ضد X وX",
                     "so": "X iyo X ka dhan ah X iyo X"}),
    ("napoleon", 5, {"en": "X, X, X, X and X, each for himself",
                     "ceb": "X, X, X, X ug X, matag usa para sa iyang kaugalingon",
                     "ar": "X وX وX وX وX، كلٌّ يلعب لنفسه"})])
def test_who_played_whom_is_one_sentence_in_each_language(server, game, players, said):
    """A game's page says who played whom in one message per shape of the sides (partners
    against partners; Napoleon's each for himself), its names links a translator may move:
    never names glued with an English comma."""
    from test_server_rule_games import play_match

    made = play_match(server, game, players, seed=25, name="Ann")[0]
    for code, skeleton in said.items():
        status, body, _ = fetch(server, f"/games/{made['id']}", **{"Accept-Language": code})
        line = next(p for p in re.findall(r"<p>(.*?)</p>", body) if "/players/Ann" in p)
        assert status == 200 and re.sub(r"<bdi>.*?</bdi>", "X", line).startswith(
            skeleton + ". "), (code, line)


@pytest.mark.parametrize("rules", [{"game": "railroad"}, {"players": 4}])
def test_a_records_hands_stay_whole_right_to_left(rules):
    """In Arabic each player's cards line of a record (the replay's text, ``euchre replay``)
    and each card of a trick keep their Latin name and their cards whole (isolated): 10♠
    never reads ♠10."""
    game = Game(Rules(**rules, target=1), seed=5)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    with i18n.use("ar"):
        lines = game.transcript(names=("Ann", "Bob", "Cy", "Di")).splitlines()
    hands = [line for line in lines if re.fullmatch(r"  \u2068\w+\u2069: \u2068.+\u2069", line)]
    assert len(hands) >= 4, lines
    trick = next(line for line in lines if "\u2068:" not in line and "1:" in line)  # trick 1
    # (the cards of a trick separated by the Arabic comma)
    assert re.search(r"\u2068\w+\u2069 \u2068(10|[9JQKA])[♣♦♥♠]\u2069، ", trick), trick
