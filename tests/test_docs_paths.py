"""The docs name only what exists: every repository path in README.md, CONTRIBUTING.md and docs/*.md
(in backticks, in links and pictures, in command lines and prose) is a file or folder of this
checkout, every link's #anchor is a heading of the page it points at, and the README, the players'
page, stays short and keeps the test command CI runs (.ci/run runs "the README's test command").

What is deliberately not checked: globs and placeholders (`assets/strategies/optimal_grid_*.txt`,
`game/modes/<id>/`), a command's output given after --out, --trace, --sheet, --dist or --work (a
file the command makes), and the few paths that exist only in a built package (OUTPUT_PATHS).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 220
TEST_COMMAND = "python3 -m venv .venv && . .venv/bin/activate && pip install -e '.[test]' && python -m pytest"
ROOTS = ("game", "tools", "tests", "assets", "docs")  # the repository's own top-level folders
OUTPUT_FLAGS = ("--out", "--trace", "--sheet", "--dist", "--work")  # what follows is made, not read
OUTPUT_PATHS = frozenset({"game/data"})  # assets/ as the wheel and the one program hold it
PLACEHOLDER = re.compile(r"[*?<>\[\]{}]")

# A path starts a token (at the start, or after a space, a bracket, a quote or =) with a root folder.
PATH = re.compile(r"(?:^|(?<=[\s(\"'=]))((?:" + "|".join(ROOTS) + r")/[\w./<>*?{}\[\]-]*)")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def doc_files() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = heading.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in a page, repeated headings numbered as GitHub numbers them."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(text):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def repo_paths(text: str) -> list[str]:
    """The repository paths a page names: in code spans, command lines and prose (links aside)."""
    pieces = [CODE_SPAN.sub(r" \1 ", line) for line in LINK.sub(" ", text).splitlines()]
    paths = []
    for piece in pieces:
        for match in PATH.finditer(piece):
            before = piece[: match.start()].split()
            if before and before[-1] in OUTPUT_FLAGS:
                continue
            path = match.group(1).rstrip(".")
            if PLACEHOLDER.search(path) or path in OUTPUT_PATHS:
                continue
            paths.append(path)
    return paths


def links(text: str) -> list[str]:
    """The targets of a page's links and pictures that point inside the repository."""
    return [target for target in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def problems(page: Path) -> list[str]:
    """What a page names that does not exist, as "page: what"."""
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(ROOT).as_posix()
    found = [f"{name}: {path}" for path in repo_paths(text) if not (ROOT / path).exists()]
    for target in links(text):
        file_part, _, anchor = target.partition("#")
        linked = (page.parent / file_part).resolve() if file_part else page
        if not linked.exists():
            found.append(f"{name}: link to {target}")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked.read_text(encoding="utf-8")):
            found.append(f"{name}: link to {target} (no such heading)")
    return found


def test_docs_paths__finds_paths_in_spans_links_and_commands_and_skips_examples():
    text = (
        "See `game/app.py` and `tests/screens/driver.py`), (`game/core/grid.py`: grades).\n"
        "A glob `assets/strategies/optimal_grid_*.txt`, a placeholder `game/modes/<id>/__init__.py`,\n"
        "a dotted `x/game/y.py` and a URL https://example.org/game/z.py are not paths here.\n"
        "    python tools/sweep.py --all --trace tests/out.jsonl   # made by the command\n"
        "    python tools/book.py --out assets/new_book.txt\n"
        "Ends a sentence with `docs/`. Built only: `game/data`. In prose: game/lifetime.py.\n"
        "[a page](docs/grid.md#turn-limit) ![a picture](docs/menu.png) [web](https://example.org/a)\n"
    )
    assert repo_paths(text) == [
        "game/app.py",
        "tests/screens/driver.py",
        "game/core/grid.py",
        "tools/sweep.py",
        "tools/book.py",
        "docs/",
        "game/lifetime.py",
    ]
    assert links(text) == ["docs/grid.md#turn-limit", "docs/menu.png"]


def test_docs_paths__anchors_are_githubs():
    text = "# Title\n## The coach's cost per frame\n### What `optimal` plays\n## Notes\n## Notes\n"
    assert anchors(text) == {"title", "the-coachs-cost-per-frame", "what-optimal-plays", "notes", "notes-1"}


def test_docs_paths__every_path_and_link_the_docs_name_exists():
    pages = doc_files()
    assert {"README.md", "CONTRIBUTING.md"} <= {page.name for page in pages}
    missing = [problem for page in pages for problem in problems(page)]
    assert missing == []


def test_docs_paths__readme_is_short_and_keeps_the_test_command_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= README_MAX_LINES
    assert TEST_COMMAND in readme
    assert "README's test command" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def runnable(path: Path) -> bool:
    """A tool a person runs (it has a main()), as against a module the tools are made of."""
    return re.search(r"^def main\(", path.read_text(encoding="utf-8"), re.MULTILINE) is not None


def test_docs_paths__every_tool_is_on_the_tools_page():
    """Every tool that runs is shown with a command line on the tools page; every helper module the
    tools are made of (no main()) is at least named there, with what it is for."""
    page = (ROOT / "docs" / "tools.md").read_text(encoding="utf-8")
    named = set(repo_paths(page))
    commands = set(re.findall(r"python (tools/\w+\.py)", page))
    modules = sorted((ROOT / "tools").glob("*.py"))
    tools = {path.relative_to(ROOT).as_posix() for path in modules if runnable(path)}
    helpers = {path.relative_to(ROOT).as_posix() for path in modules if not runnable(path)}
    assert tools and helpers  # both kinds exist, so neither check below is empty
    assert tools - commands == set()
    assert helpers - named == set()
