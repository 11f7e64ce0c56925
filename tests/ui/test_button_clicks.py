"""ButtonClicks: a click is a release over the button the press began on."""

import pygame

from game.ui.layout import Button
from game.ui.widgets import ButtonClicks


def _hit(pos):
    return Button("again") if pos[0] < 100 else (Button("menu") if pos[0] < 200 else None)


def _event(kind, pos):
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def test_button_clicks__press_and_release_on_one_button_clicks_it():
    clicks = ButtonClicks()
    assert clicks.click(_event(pygame.MOUSEBUTTONDOWN, (10, 5)), _hit) is None
    assert clicks.click(_event(pygame.MOUSEBUTTONUP, (20, 5)), _hit) == "again"


def test_button_clicks__sliding_to_another_button_or_off_cancels():
    clicks = ButtonClicks()
    clicks.click(_event(pygame.MOUSEBUTTONDOWN, (10, 5)), _hit)
    assert clicks.click(_event(pygame.MOUSEBUTTONUP, (150, 5)), _hit) is None
    clicks.click(_event(pygame.MOUSEBUTTONDOWN, (150, 5)), _hit)
    assert clicks.click(_event(pygame.MOUSEBUTTONUP, (300, 5)), _hit) is None
    assert clicks.click(_event(pygame.MOUSEBUTTONUP, (150, 5)), _hit) is None  # no press: no click


def test_button_clicks__tracks_the_pointer_for_hover():
    clicks = ButtonClicks()
    clicks.click(_event(pygame.MOUSEMOTION, (42, 7)), _hit)
    assert clicks.mouse == (42, 7)
