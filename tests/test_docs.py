"""The repository's documents (docs/) stand alone and agree with the code.

- docs/rules.md defines exactly the rule numbers R1.1 … R9, and every rule number the code and
  tests cite exists there;
- the reference deals in docs/ are dealt card for card by the engine (numbered deals), and the
  daily-deal vectors are well formed and agree with docs/deal-codes.md;
- no file of the repository points at specifications outside it;
- every ``data-*`` attribute and command of the pages is in docs/ui-contract.md.
"""

from __future__ import annotations

import datetime
import json
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from halfmoon import DealCode
from sitegen.pages import PAGE_FILES
from support.repository import repository_files, text_of

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# The rules as numbered today: section → number of dotted rules (R8 and R9 are single rules).
RULE_SECTIONS = {1: 5, 2: 5, 3: 8, 4: 3, 5: 4, 6: 2, 7: 6, 8: 0, 9: 0}
EXPECTED_RULES = {f"R{s}.{n}" for s, count in RULE_SECTIONS.items() for n in range(1, count + 1)} | {
    f"R{s}" for s, count in RULE_SECTIONS.items() if count == 0
}

# A rule is cited as R<section>.<n> (R3.2, R7.6). Bare R1 … R8 are also reserve places, so a bare
# number counts as a citation only from R9 on, where no place has that name.
DOTTED_RULE = re.compile(r"(?<![\w.])R\d+\.\d+(?!\d)")
BARE_RULE = re.compile(r"(?<![\w.-])R(?:9|[1-9]\d+)(?![\w]|\.\d)")
CITING_SUFFIXES = {".py", ".md", ".html", ".js", ".mjs", ".toml", ".yml", ".yaml", ".json", ".txt"}

# Spelled in pieces so that this file does not contain what it looks for.
OUTSIDE_PATHS = ("shared" + "/spec", "../" + "shared", "shared" + "/seed")

CARD_TEXT = re.compile(r"^[A2-9TJQK][CDHS]$")
ALL_CARDS = {rank + suit for rank in "A23456789TJQK" for suit in "CDHS"}

# The pages whose attributes the contract must name; attributes whose values are enumerated there.
PAGES = ("index.html", "rules-fi.html", "rules-en.html", "examples-fi.html", "examples-en.html")
ENUMERATED = ("action", "setting", "input", "dialog", "link", "info", "step-link", "when")


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# --- (a) rules.md defines exactly R1.1 … R9 --------------------------------------------------------


def defined_rules(text: str) -> list[str]:
    """Rule numbers in the order rules.md defines them: a bullet ``- **R3.2**`` defines a dotted
    rule, a heading ``## R8 Tradition`` a section; a section with no dotted rules is itself a rule."""
    found: list[str] = []
    sections: list[str] = []
    for line in text.splitlines():
        if heading := re.match(r"^## (R\d+)\b", line):
            sections.append(heading.group(1))
            found.append(heading.group(1))
        elif bullet := re.match(r"^- \*\*(R\d+\.\d+)\*\*", line):
            found.append(bullet.group(1))
    parents = {rule.split(".")[0] for rule in found if "." in rule}
    return [rule for rule in found if "." in rule or rule not in parents]


def test_rules_md_defines_exactly_today_s_rule_numbers() -> None:
    rules = defined_rules((DOCS / "rules.md").read_text(encoding="utf-8"))
    assert [rule for rule, n in Counter(rules).items() if n > 1] == [], "a rule number is defined twice"
    assert set(rules) == EXPECTED_RULES
    key = [tuple(int(part) for part in rule[1:].split(".")) for rule in rules]
    assert key == sorted(key), "rules.md lists its rules out of order"


def test_every_dotted_rule_sits_under_its_own_section() -> None:
    section = ""
    misplaced = []
    for line in (DOCS / "rules.md").read_text(encoding="utf-8").splitlines():
        if heading := re.match(r"^## (R\d+)\b", line):
            section = heading.group(1)
        elif (bullet := re.match(r"^- \*\*(R\d+)\.\d+\*\*", line)) and bullet.group(1) != section:
            misplaced.append(line[:40])
    assert misplaced == []


def test_the_parser_sees_a_missing_or_extra_rule() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert set(defined_rules(text.replace("- **R3.8**", "- R3.8"))) == EXPECTED_RULES - {"R3.8"}
    new = "R" + "7.7"  # in pieces: this file's citations are checked against rules.md too
    assert new in defined_rules(text + f"\n- **{new}** a new rule\n")


# --- (b) every rule the code cites exists ----------------------------------------------------------


def cited_rules() -> dict[str, set[str]]:
    """Rule number → the files that cite it (all but rules.md itself)."""
    cited: dict[str, set[str]] = {}
    for path in repository_files():
        name = relative(path)
        if name == "docs/rules.md" or path.suffix not in CITING_SUFFIXES:
            continue
        text = text_of(path)
        if text is None:
            continue
        for rule in DOTTED_RULE.findall(text) + BARE_RULE.findall(text):
            cited.setdefault(rule, set()).add(name)
    return cited


def test_the_citation_patterns_tell_rules_from_places() -> None:
    sample = "R3.2 and R7.6, the example (R9). Places R1 … R8, slot R8: not rules. HR1.2 is no rule."
    assert DOTTED_RULE.findall(sample) + BARE_RULE.findall(sample) == ["R3.2", "R7.6", "R9"]


def test_every_rule_number_cited_in_the_repository_exists_in_rules_md() -> None:
    cited = cited_rules()
    assert len(cited) > 20, "the code cites rules by number; finding so few means the search is broken"
    defined = set(defined_rules((DOCS / "rules.md").read_text(encoding="utf-8")))
    unknown = {rule: sorted(files) for rule, files in cited.items() if rule not in defined}
    assert unknown == {}


# --- (c) the reference vectors ---------------------------------------------------------------------


def vectors(name: str) -> dict[str, Any]:
    data = json.loads((DOCS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


NUMBERED = vectors("hm1-vectors.json")["deals"]
DAILY = vectors("hm1-daily-vectors.json")


def assert_two_full_decks(deal: dict[str, Any]) -> None:
    piles, reserve = deal["piles"], deal["reserve"]
    assert [len(pile) for pile in piles] == [8] * 12
    assert len(reserve) == 8
    cards = [card for pile in piles for card in pile] + list(reserve)
    assert all(isinstance(card, str) and CARD_TEXT.match(card) for card in cards)
    assert Counter(cards) == Counter({card: 2 for card in ALL_CARDS})


def test_the_numbered_vectors_name_distinct_deals() -> None:
    codes = [deal["code"] for deal in NUMBERED]
    assert len(codes) >= 5
    assert len(set(codes)) == len(codes)
    assert {0, 1, 26 - 1, 26, 26**7 - 1} <= {deal["number"] for deal in NUMBERED}


@pytest.mark.parametrize("deal", NUMBERED, ids=lambda deal: str(deal["code"]))
def test_the_engine_deals_each_numbered_vector_card_for_card(deal: dict[str, Any]) -> None:
    assert_two_full_decks(deal)
    code = DealCode.parse(deal["code"])
    assert code.number == deal["number"]
    assert str(code) == deal["code"]
    layout = code.layout()
    assert [[card.text for card in pile] for pile in layout.piles] == deal["piles"]
    assert [card.text if card else "" for card in layout.reserve] == deal["reserve"]


# Daily deals: only the file itself is checked here, against the rules of docs/deal-codes.md
# ("Daily deals"). Dealing them through the engine is tests/test_deal.py's job, next to the
# numbered deals, once the engine reads kind D.


def daily_code_problem(code: str) -> str | None:
    """Why a code is not a daily code under deal-codes.md, or None when it is one."""
    match = re.fullmatch(r"HM1-D-(.*)", code)
    if match is None:
        return "not kind D"
    digits = match.group(1)
    if not re.fullmatch(r"[0-9]{8}", digits, flags=re.ASCII):
        return "not eight digits"
    try:
        date = datetime.date(int(digits[:4]), int(digits[4:6]), int(digits[6:]))
    except ValueError:
        return "no such date"
    if date.year < 2000:
        return "before 2000"
    return None


def test_the_daily_vectors_are_well_formed_daily_deals() -> None:
    deals = DAILY["deals"]
    assert len(deals) >= 3
    codes = [deal["code"] for deal in deals]
    assert len(set(codes)) == len(codes)
    for deal in deals:
        assert daily_code_problem(deal["code"]) is None, deal["code"]
        assert deal["state"] == 2**63 + int(deal["code"][-8:]), deal["code"]
        assert_two_full_decks(deal)
    layouts = [json.dumps([deal["piles"], deal["reserve"]]) for deal in deals]
    assert len(set(layouts)) == len(layouts), "two daily deals are dealt alike"


def test_the_refused_daily_codes_break_each_rule_of_the_document() -> None:
    refused = DAILY["refused"]
    problems = {code: daily_code_problem(code) for code in refused}
    assert [code for code, problem in problems.items() if problem is None] == []
    assert set(problems.values()) == {"not kind D", "not eight digits", "no such date", "before 2000"}
    assert "HM1-D-２０２６１１３０" in refused, "full-width digits must be among the refused codes"


def test_deal_codes_md_points_at_both_vector_files() -> None:
    text = (DOCS / "deal-codes.md").read_text(encoding="utf-8")
    for name in ("hm1-vectors.json", "hm1-daily-vectors.json"):
        assert f"]({name})" in text
    for deal in NUMBERED + DAILY["deals"]:
        assert deal["code"] in text, f"deal-codes.md does not list the vector {deal['code']}"


# --- (d) nothing points outside the repository -----------------------------------------------------


def test_no_file_refers_to_specifications_outside_the_repository() -> None:
    files = repository_files()
    assert any(relative(p) == "docs/rules.md" for p in files), "git does not list docs/rules.md"
    found = []
    for path in files:
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            found += [f"{relative(path)}:{number}: {needle}" for needle in OUTSIDE_PATHS if needle in line]
    assert found == [], "files that point outside the repository:\n" + "\n".join(found)


# --- (e) the pages' attributes are in the contract -------------------------------------------------


def contract_tokens() -> set[str]:
    """Every word written as code (between backticks) in ui-contract.md."""
    text = (DOCS / "ui-contract.md").read_text(encoding="utf-8")
    return {token for span in re.findall(r"`([^`\n]+)`", text) for token in re.findall(r"[a-z][a-z0-9-]*", span)}


def page_attributes(html: str) -> tuple[set[str], set[str]]:
    """The ``data-*`` attribute names of a page, and ``data-X="value"`` for the enumerated ones."""
    names = set(re.findall(r"(?<![\w-])(data-[a-z][a-z0-9-]*)", html))
    values = {
        f'data-{attribute}="{value}"'
        for attribute, value in re.findall(r'(?<![\w-])data-([a-z][a-z-]*)="([^"]*)"', html)
        if attribute in ENUMERATED and re.fullmatch(r"[a-z][a-z0-9-]*", value)
    }
    return names, values


@pytest.mark.parametrize("page", PAGES)
def test_every_data_attribute_and_command_of_a_page_is_in_the_contract(page: str) -> None:
    names, values = page_attributes((ROOT / page).read_text(encoding="utf-8"))
    assert "data-place" in names
    tokens = contract_tokens()
    assert sorted(name for name in names if name not in tokens) == []
    assert sorted(value for value in values if value.split('"')[1] not in tokens) == []


def test_index_html_commands_are_found() -> None:
    _, values = page_attributes((ROOT / "index.html").read_text(encoding="utf-8"))
    assert {'data-action="undo"', 'data-action="play-code"', 'data-setting="language"'} <= values


def test_the_rules_pages_state_every_rule_of_the_rules_document_once() -> None:
    """docs/rules.md and data/rules.json (the Rules pages' prose) cannot drift apart silently:
    every rule is stated by exactly one section of the pages, in both languages, or listed as
    deliberately off the page; adding a rule to the document fails here until a section claims it."""
    data = json.loads((ROOT / "data" / "rules.json").read_text(encoding="utf-8"))
    defined = set(defined_rules((DOCS / "rules.md").read_text(encoding="utf-8")))
    for lang in ("fi", "en"):
        stated = [rule for section in data[lang] for rule in section["rules"]]
        assert len(stated) == len(set(stated)), f"{lang}: a rule is stated by two sections"
        assert set(stated) | set(data["off_page"]) == defined, lang
        assert not set(stated) & set(data["off_page"])
    assert [s["rules"] for s in data["fi"]] == [s["rules"] for s in data["en"]]
    for lang in ("fi", "en"):
        page = (ROOT / f"rules-{lang}.html").read_text(encoding="utf-8")
        on_page = {r for found in re.findall(r'data-rules="([^"]*)"', page) for r in found.split()}
        assert on_page == defined - set(data["off_page"])


# --- (f) the documents' links, paths and figures ----------------------------------------------------

# The documents this project writes about itself (the specifications keep their own checks above).
OWN_DOCS = ("README.md", "docs/README.md", "docs/architecture.md", "docs/engine.md", "docs/start.md")
OWN_DOCS += ("docs/trust.md", "docs/offline.md", "docs/engines.md", "docs/keyboard.md", "docs/looks.md")
OWN_DOCS += ("docs/upgrade.md",)
README_MAX_LINES = 250
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*$", re.M)
# A path the documents name in backquotes: under one of the repository's folders, or a top-level file.
NAMED_PATH = re.compile(r"`((?:halfmoon|webapp|sitegen|startup|static|tools|tests|data|docs|bench)/[\w./-]*)`")
BUILT = ("static/vendor/", "static/build/")
PLAN = "\n## Plan: "
# A figure: a number with a unit of time or size, a percentage or a factor (the rules' counts are none).
FIGURE = re.compile(r"\d[\d,.]*(?:\s?(?:ms|min|minutes?|seconds?|B|KB|kB|MB|MiB|GB|%)(?![\w/])|\ss\b|\s?×(?!\s?\d))")
# A speed figure: a number with a unit of time, or a factor. The page's own timings are its contract's
# (docs/ui-contract.md); a document that tells how fast something is links to BENCHMARKS.md.
SPEED = re.compile(r"\d[\d,.]*(?:\s?(?:ms|min|minutes?|seconds?)(?![\w/])|\ss\b|\s?×(?!\s?\d))")


def slug(heading: str) -> str:
    """GitHub's anchor of a Markdown heading: lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(h) for h in HEADING.findall(path.read_text(encoding="utf-8"))}


def broken_links(path: Path) -> list[str]:
    """Each link of a Markdown page to a file that does not exist, or to a heading its page lacks."""
    broken = []
    for target in MARKDOWN_LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        if not linked.exists():
            broken.append(f"{path.name}: {target} (no such file)")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{path.name}: {target} (no such heading)")
    return broken


def test_every_link_between_the_documents_resolves() -> None:
    pages = [p for p in repository_files() if p.suffix == ".md"]
    assert ROOT / "README.md" in pages
    assert [b for page in pages for b in broken_links(page)] == []


def test_a_broken_link_and_a_moved_anchor_are_seen(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other\n\n## The start, step by step\n", encoding="utf-8")
    page = tmp_path / "page.md"
    links = "[a](other.md#the-start-step-by-step) [b](other.md#gone) [c](missing.md) [d](#x)\n"
    page.write_text(links, encoding="utf-8")
    assert broken_links(page) == [
        "page.md: other.md#gone (no such heading)",
        "page.md: missing.md (no such file)",
        "page.md: #x (no such heading)",
    ]
    assert slug("Plan: Python in a Worker") == "plan-python-in-a-worker"
    assert slug("`webapp/` folders") == "webapp-folders"


@pytest.mark.parametrize("name", OWN_DOCS)
def test_every_path_a_document_names_exists(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8").split(PLAN)[0]  # a plan names folders to come
    named = {p for p in NAMED_PATH.findall(text) if not p.startswith(BUILT)}
    assert sorted(p for p in named if not (ROOT / p.rstrip(".")).exists()) == [], name


def test_the_readme_stays_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md is {lines} lines: move detail into docs/"


@pytest.mark.parametrize("name", ["README.md", "docs/architecture.md"])
def test_figures_live_in_benchmarks_md(name: str) -> None:
    """Measured figures belong to BENCHMARKS.md, with the command that produced them (issue numbers, in
    every file: tests/test_comments.py)."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found = [m.group(0) for m in FIGURE.finditer(text)]
    assert found == [], f"{name}: move these to BENCHMARKS.md"


@pytest.mark.parametrize("name", OWN_DOCS)
def test_speed_figures_live_in_benchmarks_md_alone(name: str) -> None:
    """How fast the page starts, taps or downloads has one owner, BENCHMARKS.md, rewritten by
    ``make bench UPDATE=1``: a figure copied into another document goes stale there unseen."""
    text = (ROOT / name).read_text(encoding="utf-8")
    found = [m.group(0) for m in SPEED.finditer(text)]
    assert found == [], f"{name}: move these to BENCHMARKS.md"


def test_the_figure_pattern_tells_figures_from_rules() -> None:
    examples = json.loads((ROOT / "tests" / "data" / "figure-examples.json").read_text(encoding="utf-8"))
    figures, rules = examples["figures"], examples["rules"]
    assert [bool(FIGURE.search(t)) for t in figures] == [True] * len(figures)
    speeds = [t for t in figures if re.search(r"\b(?:s|ms|minutes?)\b|×", t)]
    assert speeds and all(SPEED.search(t) for t in speeds) and not any(SPEED.search(t) for t in rules)
    assert [bool(FIGURE.search(t)) for t in rules] == [False] * len(rules)


# --- (g) generated files and blocks told apart from written ones --------------------------------------

# Every file a command writes that the repository holds, with the command. A header line names it where
# the format allows a comment; all are ``linguist-generated`` in .gitattributes.
GENERATED = {
    **{page: "make build (tools/build.py)" for page in PAGE_FILES},
    "manifest.webmanifest": "make build",
    "static/screenshots/narrow.jpg": "tools/screenshots.py",
    "static/screenshots/wide.jpg": "tools/screenshots.py",
    "data/stdlib-modules.txt": "tools/trace_stdlib.py",
    "tests/browser/card-widths-before.json": "tools/card_widths.py",
    "package-lock.json": "npm",
}
# JSON and JPEG hold no comment.
HEADERLESS = {"manifest.webmanifest", "static/screenshots/narrow.jpg", "static/screenshots/wide.jpg"}
HEADERLESS |= {"tests/browser/card-widths-before.json", "package-lock.json"}
# The blocks the build writes into hand-written files.
FENCED = {("index.html", "theme"), ("index.html", "board"), ("index.html", "early-paint"), ("index.html", "runtime")}
FENCED |= {("static/app.css", "arc")}
FENCE = re.compile(r'(begin|end) generated "([\w-]+)"(.*)')
FENCED_LINE = 400  # characters: a generated block reads a line at a time


def marked_generated() -> set[str]:
    listed = "\n".join(relative(p) for p in repository_files())
    attributes = subprocess.run(
        ["git", "check-attr", "--stdin", "linguist-generated"], cwd=ROOT, input=listed, capture_output=True, text=True
    ).stdout
    return {line.split(": ")[0] for line in attributes.splitlines() if line.endswith(": set")}


def fences(text: str) -> list[tuple[str, str, str]]:
    """Each fenced block of a file: its name, the begin line's words, and the block's text."""
    found, open_block = [], None
    for line in text.splitlines():
        match = FENCE.search(line)
        if match and match[1] == "begin":
            assert open_block is None, f"{match[2]} begins inside {open_block and open_block[0]}"
            open_block = (match[2], match[3], [])
        elif match:
            assert open_block and open_block[0] == match[2], f"{match[2]} ends without its begin"
            found.append((open_block[0], open_block[1], "\n".join(open_block[2])))
            open_block = None
        elif open_block:
            open_block[2].append(line)
    assert open_block is None, f"{open_block and open_block[0]} never ends"
    return found


def test_every_generated_file_is_marked_and_nothing_else() -> None:
    assert marked_generated() == set(GENERATED)


@pytest.mark.parametrize("name", sorted(set(GENERATED) - HEADERLESS))
def test_a_generated_file_names_its_command_in_its_first_lines(name: str) -> None:
    head = (ROOT / name).read_text(encoding="utf-8").splitlines()[:3]
    assert any(GENERATED[name] in line for line in head), (name, GENERATED[name])


def test_a_file_that_says_it_is_generated_is_listed() -> None:
    saying = set()
    for path in repository_files():
        text = text_of(path)
        head = "\n".join((text or "").splitlines()[:3])
        if "Generated by" in head or "do not edit" in head.lower():
            saying.add(relative(path))
    assert saying <= set(GENERATED), sorted(saying - set(GENERATED))


def test_every_fenced_block_names_its_command_and_reads_a_line_at_a_time() -> None:
    found = set()
    for path in repository_files():
        text = text_of(path)
        if text is None or relative(path) in {"sitegen/skeleton.py", "tests/test_docs.py"}:
            continue  # the fence's writer and this test spell it as source
        for name, words, block in fences(text):
            found.add((relative(path), name))
            assert "make build (tools/build.py)" in words and "do not edit" in words, (relative(path), name)
            assert max(map(len, block.splitlines())) <= FENCED_LINE, (relative(path), name)
    assert found == FENCED


def test_a_fence_without_its_command_or_end_is_seen() -> None:
    assert fences('a\n<!-- begin generated "x": by hand -->\nb\n<!-- end generated "x" -->\n') == [
        ("x", ": by hand -->", "b")
    ]
    for broken in ('<!-- begin generated "x" -->\n', '<!-- end generated "x" -->\n'):
        with pytest.raises(AssertionError):
            fences(broken)


FEATURES = ("introduction", "statistics", "sharing", "keyboard", "the start", "themes", "offline")


def feature_rows(text: str) -> dict[str, set[str]]:
    """The rows of docs/architecture.md's "Where a feature lives": each feature and the folders its paths are in."""
    section = text.split("## Where a feature lives", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = line.strip().strip("|").split("|")
        if len(cells) > 2 and not set(cells[0].strip()) <= {"-"} and cells[0].strip() != "feature":
            rows[cells[0].strip()] = {p.rsplit("/", 1)[0] for p in NAMED_PATH.findall("|".join(cells[1:]))}
    return rows


def test_the_feature_index_says_where_each_feature_that_spans_folders_lives() -> None:
    rows = feature_rows((DOCS / "architecture.md").read_text(encoding="utf-8"))
    for feature in FEATURES:
        found = [folders for name, folders in rows.items() if feature in name]
        assert len(found) == 1, f"no row, or two, for {feature!r}"
        assert len(found[0]) >= 2, f"{feature!r} names one folder: the index is for features that span folders"
