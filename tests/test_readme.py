"""The README for a newcomer (issue 48, criterion 4): what it is and the two commands first,
a picture, how to play (terminal, browser, friends), then developers and researchers; running
a server and research each in a page of its own under docs/, and every link between them
leads somewhere that exists (the README's doctests run with the suite: pyproject.toml)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def headings(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [line for line in text.splitlines() if line.startswith("#")]


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to -."""
    title = heading.lstrip("#").strip().lower()
    return re.sub(r"[^\w\- ]", "", title).replace(" ", "-")


def test_the_readme_opens_with_what_it_is_the_two_commands_and_a_picture():
    text = README.read_text(encoding="utf-8")
    opening = text.split("\n## ")[0]
    block = re.search(r"```sh\n(.*?)```", opening, re.S)
    assert block and [line.split("#")[0].strip() for line in block[1].strip().splitlines()] \
        == ["make play", "make test"]
    assert opening.index("```sh") < opening.index("![")  # the commands, then a picture
    said = opening[:opening.index("```sh")]
    assert "two, three or four players" in said and "terminal" in said and "browser" in said
    assert "two-handed release" not in text.lower() and "first release is" not in text


def test_how_to_play_comes_before_developers_and_researchers():
    found = [h.lstrip("#").strip() for h in headings(README)]
    order = ["How to play", "In the terminal", "In the browser", "With friends",
             "For developers", "For researchers", "Running a server for others"]
    assert [found.index(h) for h in order] == sorted(found.index(h) for h in order), found


@pytest.mark.parametrize(("page", "topics"), [
    ("deployment.md", ("PostgreSQL", "several processes", "reverse proxy", "nginx",
                       "--trusted-proxy", "--max-tables")),
    ("research.md", ("Ray", "PettingZoo", "Gymnasium", "OpenSpiel", "euchre tournament",
                     "euchre arena", "bot protocol")),
])
def test_deployment_and_research_have_pages_of_their_own(page, topics):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    readme = README.read_text(encoding="utf-8")
    for topic in topics:
        assert topic in text, (page, topic)
    for detail in ("proxy_set_header", "--backend ray", "api_test", "check_env", "LISTEN"):
        assert detail not in readme, detail  # told on their pages, not to a newcomer


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_leads_to_a_file_and_heading_that_exist(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        path, _, fragment = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), (page.name, target)
        if fragment:
            assert fragment in {anchor(h) for h in headings(linked)}, (page.name, target)
