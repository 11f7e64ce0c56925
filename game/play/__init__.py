"""The mid end: every game in progress, pygame-free, driven by update(dt) with clocks injected.

Between the pure rules (game.core) and the screens (game.screens): imports only game.core, the
standard library and numpy; no pygame, no files, no wall clock except an injectable one for the
thinking budget. A test checks that importing it leaves pygame out of sys.modules.

- record.py    GameRecord: config, rows and who played each, elapsed play time, assisted, the
               computer's label, the row being built; the one source for the result screen,
               statistics, score, resume (to_dict/from_dict) and analysis. Only it calls apply_move.
- breaker.py   BreakerRun: a person breaking a secret (intents, submit with reasons, aids, hard mode,
               peg motion), built from the parts beside it:
- breaker_intents.py BreakerIntents, its base: the pointer's, keys' and pad's edits of the row
               being built (press, drag, release, type, cycle, clear, choose, undo).
- draft.py     DraftRow: the row being built, its cursor and its undo.
- drag.py      Drag: the one drag model (a held peg, click or drag) and the targets it is let go on;
               the codemaker's secret entry uses it too.
- grading.py   GradePop: a graded row's pegs dropping in, the same for every run (person or
               computer); GradingShow: that, then the finish (flash, shield, shake).
- run.py       RecordRun: what every run shares (its record, game, config and cue queue).
- computer.py  ComputerRun: a strategy (already bound to its table) plays on from any record.
- handgrade.py HandGradeRun: the computer guesses, a person grades (no secret anywhere).
- pump.py      Pump: runs a solver generator inside a per-frame time budget.
- coach.py     Coach: What we know, Par and each row's par move for a coached game, pumped per frame.
- timeline.py  Timeline and Motion: all motion and counted time (moves cut short by input, flashes
               that always finish, loops, countdowns, flourishes), for the runs and for the
               particles and notices; animation speed and reduced motion are read here only.
- cues.py      Cue: sounds as data; a run queues them, the state that owns it plays take_cues().
- maker.py     MakerChoices: the codemaker's choices and secret (size, shape, strategy, what is
               missing before Start); COLOUR_KEYS (from game.core.codes), the keys that place each colour.
- custom.py    CustomChoices: the Custom setup's shape, pegs, colours, repeats and difficulty, and
               why a mix cannot be played.

How a new mode uses the runs: start from a record, GameRecord.new(config, secret) (or a record
read back with from_dict), and hand it to the run that plays the next rows: a BreakerRun for a
person at the screen, a ComputerRun for the computer, a HandGradeRun when a person grades. Feed
each frame's intents and update(dt) to it; draw from what it exposes; play its take_cues(). When
a run's turn is over, pass its `record` to the next run (duel: alternate runs on one record, or
give each side its own), so the record always says who played which row and for how long. A
timed mode (blitz) reads record.elapsed_s; a daily code picks the secret, nothing else changes.
The mode's screen ends by returning the route go("result", record=...) (game/screens/play_hooks.py
PlayHooks.finished); statistics and the score come from record.result(), so a mode that should not
count returns None from end().
"""

from game.play.breaker import BreakerRun
from game.play.computer import ComputerRun, Phase, Speed
from game.play.cues import Cue
from game.play.drag import BoardSlot, Drag, DragSource, OffSlot, PaletteColour
from game.play.handgrade import Ending, HandGradeRun
from game.play.pump import PUMP_BUDGET_MS, Pump
from game.play.record import GameRecord, Player, RecordFormatError, format_play_time
from game.play.timeline import Motion, Timeline, Track

__all__ = [
    "PUMP_BUDGET_MS",
    "BoardSlot",
    "BreakerRun",
    "ComputerRun",
    "Cue",
    "Drag",
    "DragSource",
    "Ending",
    "GameRecord",
    "HandGradeRun",
    "Motion",
    "OffSlot",
    "PaletteColour",
    "Phase",
    "Player",
    "Pump",
    "RecordFormatError",
    "Speed",
    "Timeline",
    "Track",
    "format_play_time",
]
