"""The shipped face has a glyph for every character the game draws, and no line loses ink at its top.

Strings come from three places, so a string a scene does not reach is still checked:
- every text the real app hands its renderer (drawn or measured) on every screen and overlay of
  tools/scenes.py's sheet, reached as a player reaches them, and on every mode's help page, at
  640x480 and 1280x800;
- every mode's title, menu entries and help text in the registry;
- every string literal in the game's source but docstrings (what an f-string or a notice is built
  from).
A character is missing when the face has no glyph for it: pygame.freetype's get_metrics gives None
(pygame.font's metrics give the face's empty box instead, which is what a player would see);
whitespace is not drawn. ASCII stand-ins ("->" for an arrow) are not drawn either.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pygame.freetype
import pytest

import game.app
from game import assets
from game.modes.registry import MODES
from game.screens.base import Push, go
from game.ui.text import MIN_FONT_PX, TextRenderer
from tools import scenes

REPO = Path(__file__).resolve().parents[2]
SIZES = [(640, 480), (1280, 800)]


class RecordingText(TextRenderer):
    """A renderer that keeps every text it is asked to draw or measure."""

    # shared by every renderer the apps of one test make (reset by the fixture)
    seen: set[str] = set()  # drawn or measured
    rendered: set[str] = set()  # drawn

    def render(self, text, size_px, colour, fine=False):
        RecordingText.seen.add(text)
        RecordingText.rendered.add(text)
        return super().render(text, size_px, colour, fine)

    def size(self, text, size_px):
        RecordingText.seen.add(text)
        return super().size(text, size_px)


@dataclass(frozen=True)
class Walked:
    seen: set[str]  # every text drawn or measured
    rendered: set[str]  # every text drawn


@pytest.fixture(scope="module")
def walked() -> Walked:
    """Every text the app drew or measured on every scene of the sheet, at each of SIZES."""
    patch = pytest.MonkeyPatch()
    patch.setattr(game.app, "TextRenderer", RecordingText)
    patch.setattr(RecordingText, "seen", set())
    patch.setattr(RecordingText, "rendered", set())
    try:
        for size in SIZES:
            for name, config in scenes.SHEET:
                scenes.build(size, name, config).draw()
            for mode in MODES:
                if mode.help is not None:  # its Controls page, over a game
                    app = scenes.build(size, "playing-mid", scenes.DEFAULT_CONFIG)
                    app.apply(Push(go("help", page="Controls", screen=mode.help.screen)))
                    app.step([], scenes.FRAME_S)
        assert RecordingText.rendered <= RecordingText.seen
        return Walked(set(RecordingText.seen), set(RecordingText.rendered))
    finally:
        patch.undo()


def registry_texts() -> set[str]:
    texts = set()
    for mode in MODES:
        texts.add(mode.title)
        for entry in (*mode.entries, *([mode.lesson] if mode.lesson else [])):
            texts.update((entry.label, entry.detail))
        if mode.help is not None:
            texts.add(mode.help.controls)
    return texts


def source_literals() -> set[str]:
    """Every string constant in game/, docstrings left out (they are never drawn)."""
    texts = set()
    for path in (REPO / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                texts.add(node.value)
    return texts


def shipped_face() -> pygame.freetype.Font:
    pygame.freetype.init()
    path = TextRenderer().font_path
    assert path is not None and path == assets.font_path()  # the shipped face, not a fallback
    return pygame.freetype.Font(path, 24)


def missing_glyphs(face: pygame.freetype.Font, text: str) -> str:
    """The characters of `text` the face has no glyph for, each once, in order."""
    absent = ""
    for char, metrics in zip(text, face.get_metrics(text), strict=True):
        if metrics is None and not char.isspace() and char not in absent:
            absent += char
    return absent


def missing_by_char(texts: set[str]) -> dict[str, list[str]]:
    face = shipped_face()
    missing: dict[str, list[str]] = defaultdict(list)
    for text in texts:
        for char in missing_glyphs(face, text):
            missing[char].append(text[:60])
    return dict(missing)


def test_glyphs__the_scenes_draw_many_texts_and_the_ones_beyond_ascii(walked):
    drawn = walked.seen
    assert len(drawn) > 1000  # the sheet reaches every screen: hundreds of labels, lines and numbers
    beyond = {char for text in drawn for char in text if ord(char) > 126}
    assert {"→", "·", "×"} <= beyond, sorted(beyond)  # the Deduce help's arrows among them


def test_glyphs__every_text_drawn_on_every_screen_has_its_glyphs(walked):
    assert missing_by_char(walked.seen) == {}


def test_glyphs__every_registry_text_and_source_string_has_its_glyphs():
    texts = registry_texts() | source_literals()
    assert any("→" in text for text in registry_texts())
    assert missing_by_char(texts) == {}


def test_glyphs__no_ascii_arrow_stands_in_for_a_real_one(walked):
    assert [text for text in walked.seen | registry_texts() if "->" in text or "<-" in text] == []


def test_glyphs__a_character_without_a_glyph_is_caught():
    face = shipped_face()
    assert missing_glyphs(face, "Row 1 → 2 · 4×6 – “ok”") == ""
    assert missing_glyphs(face, "a\u4e00b\u4e00c\u0f00") == "\u4e00\u0f00"  # CJK, Tibetan: not in Inter


@pytest.mark.parametrize("size_px", [MIN_FONT_PX, 18, 27, 64])
def test_glyphs__no_drawn_text_has_ink_above_its_line(walked, size_px):
    face = TextRenderer()
    assert face.ink_above_line("É", size_px) > 0  # an accented capital would be cut: the check bites
    assert face.ink_above_line("|", size_px) > 0  # so would a bar (the entry's caret is drawn as one)
    rendered = walked.rendered
    assert len(rendered) > 500
    assert [text[:60] for text in rendered if face.ink_above_line(text, size_px)] == []
