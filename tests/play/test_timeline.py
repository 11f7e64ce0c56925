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


def test_timeline__loop_beats_every_period_never_ends_and_is_steady_under_reduced_motion():
    line = Timeline(Motion(speed=3.0))  # a beat is a beat: animation speed leaves it alone
    glow = line.loop("glow", 2.0)
    waves = []
    for _ in range(80):  # two periods
        line.update(0.05)
        waves.append(glow.wave)
    assert line.running("glow") and not glow.done and glow.left_s == float("inf")
    assert min(waves) < 0.05 and max(waves) > 0.95
    assert waves[:40] == pytest.approx(waves[40:])  # the same beat each period
    line.update(0.5)  # 4.5 s: a quarter into the third period
    assert glow.raw == pytest.approx(0.25) and glow.pulse == pytest.approx(0.5) and not glow.steady
    line.set_motion(Motion(reduced=True))
    line.update(0.5)
    assert glow.steady and glow.wave == 1.0 and glow.pulse == 1.0


def test_timeline__countdown_counts_real_seconds_holds_when_paused_and_gains_time():
    line = Timeline(Motion(speed=2.0, reduced=True))  # a clock's seconds are the same under every setting
    clock = line.countdown("clock", 3.0)
    line.update(1.0)
    assert clock.left_s == pytest.approx(2.0) and not clock.steady
    clock.paused = True
    line.update(5.0)
    assert clock.left_s == float("inf") and line.running("clock")
    clock.paused = False
    assert clock.left_s == pytest.approx(2.0)
    clock.extend(1.5)
    line.update(3.4)
    assert clock.left_s == pytest.approx(0.1)
    line.update(0.2)
    assert not line.running("clock") and line.get("clock") is None


def test_timeline__flourish_runs_in_real_time_and_there_is_none_under_reduced_motion():
    line = Timeline(Motion(speed=4.0))
    confetti = line.flourish("confetti", 1.0)
    line.update(0.5)
    assert confetti is not None and confetti.raw == pytest.approx(0.5)
    line.cut()  # input leaves decoration alone
    assert not confetti.done
    assert Timeline(Motion(reduced=True)).flourish("confetti", 1.0) is None


def test_timeline__time_left_is_in_real_seconds_whatever_the_speed():
    line = Timeline(Motion(speed=2.0))
    line.move("a", 1.0, delay_s=0.5)  # 1.5 s of move time at double speed
    line.flash("b", 0.4)
    assert line.time_left(["a", "b"]) == pytest.approx(0.75)
    assert line.time_left(["b", "missing"]) == pytest.approx(0.4)
    line.update(0.75)
    assert line.time_left(["a"]) == 0.0 and line.idle
