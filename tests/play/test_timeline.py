"""Timeline: moves cut short by input, flashes that always finish; speed and reduced motion read here."""

from __future__ import annotations

import pytest

from game.play.timeline import EASINGS, Motion, Timeline


def test_timeline__move_runs_after_its_delay_and_speed_scales_it():
    line = Timeline(Motion(speed=2.0))
    track = line.move("a", 1.0, delay_s=0.5)
    line.update(0.2)  # 0.4 s of move time at double speed: still in the delay
    assert not track.started
    line.update(0.25)  # 0.9 s: started, 0.4 of the way
    assert track.started and track.raw == pytest.approx(0.4)
    line.update(0.3)
    assert track.done and not line.running("a")


def test_timeline__cut_finishes_moves_but_not_flashes():
    line = Timeline()
    move = line.move("move", 1.0)
    flash = line.flash("flash", 1.0)
    line.update(0.1)
    line.cut()
    assert move.done
    assert not flash.done and flash.raw == pytest.approx(0.1)


def test_timeline__flash_ignores_animation_speed():
    line = Timeline(Motion(speed=3.0))
    flash = line.flash("f", 1.0)
    line.update(0.5)
    assert flash.raw == pytest.approx(0.5)


def test_timeline__reduced_motion_moves_read_complete_once_started_and_pulses_are_steady():
    line = Timeline(Motion(reduced=True))
    move = line.move("m", 1.0, delay_s=0.4)
    flash = line.flash("f", 1.0)
    line.update(0.05)  # 0.2 s of move time (four times faster): still waiting
    assert move.value == 0.0
    line.update(0.06)
    assert move.started and move.value == 1.0 and not move.done
    assert flash.pulse == 1.0


def test_timeline__pulse_beats_without_reduced_motion():
    line = Timeline()
    flash = line.flash("f", 1.0)
    seen = set()
    for _ in range(20):
        line.update(0.05)
        seen.add(round(flash.pulse, 2))
    assert min(seen) < 0.3 and max(seen) > 0.7


def test_timeline__set_motion_applies_to_running_tracks():
    line = Timeline()
    track = line.move("m", 1.0)
    line.set_motion(Motion(speed=4.0))
    line.update(0.125)
    assert track.raw == pytest.approx(0.5)


@pytest.mark.parametrize("speed", [0.0, -1.0, float("nan"), True])
def test_motion__rejects_a_speed_that_is_not_a_positive_number(speed):
    with pytest.raises(ValueError):
        Motion(speed=speed)


def test_easings__start_at_zero_and_end_at_one():
    for ease in EASINGS.values():
        assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
        assert ease(1.0) == pytest.approx(1.0)
