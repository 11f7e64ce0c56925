"""A window resized through the real app fixes glibc's mmap threshold once (game/ui/heap.py), so the
window-sized surfaces a drag-resize churns are given back when freed; a start-up never loads ctypes
for it (the window may never be resized)."""

from __future__ import annotations

import platform

import pygame
import pytest

from game.ui import heap
from tests.screens.driver import make_app, post


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the threshold is glibc's")
def test_heap__the_first_resize_fixes_the_mmap_threshold(monkeypatch) -> None:
    monkeypatch.setattr(heap, "_state", {})
    app = make_app(size=(1024, 720))
    assert heap._state == {}  # nothing done at start-up
    post(app, pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    assert app.surface.get_size() == (900, 640)
    assert heap._state == {"set": True}
