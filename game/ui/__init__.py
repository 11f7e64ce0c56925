"""Drawing and interaction pieces shared by the states: layout, palette, pegs, board, widgets,
tweens and text. Imports pygame and game.core, never game.screens."""
