//! [`Move`]: what a player does to a game, in the form the JSON API carries it.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sudoku_core::Cell;

/// A cell written `r<row>c<col>` (from 1) in JSON, as everywhere in the project.
///
/// Whether the cell lies inside a particular grid is checked by the game, which knows its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellRef(pub Cell);

impl FromStr for CellRef {
    type Err = String;

    fn from_str(s: &str) -> Result<CellRef, String> {
        s.parse()
            .map(CellRef)
            .map_err(|_| format!("`{s}` is not a cell; write r<row>c<col>, e.g. r1c2"))
    }
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for CellRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for CellRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CellRef, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One player action; each is one undo step.
///
/// ```
/// use sudoku_game::Move;
///
/// let mv: Move = serde_json::from_str(r#"{"kind": "place", "cell": "r1c2", "digit": 5}"#).unwrap();
/// assert_eq!(mv, Move::Place { cell: "r1c2".parse().unwrap(), digit: 5, auto_notes: false });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Move {
    /// Writes a digit (a wrong digit is allowed and counted as a mistake).
    Place {
        /// Where.
        cell: CellRef,
        /// The digit, `1..=N`.
        digit: u8,
        /// Also remove the digit from the notes of the cell's peers.
        #[serde(default)]
        auto_notes: bool,
    },
    /// Clears the cell's digit, or its notes if it has no digit.
    Erase {
        /// Where.
        cell: CellRef,
    },
    /// Toggles a pencil mark.
    Note {
        /// Where.
        cell: CellRef,
        /// The digit, `1..=N`.
        digit: u8,
    },
    /// Gives every empty cell all the candidates the placed digits allow.
    FillNotes,
    /// Writes the solution's digit (counted in reveals).
    Reveal {
        /// Where.
        cell: CellRef,
    },
    /// Plays the next logical step: its placements and its eliminations on the notes.
    ApplyHint,
    /// Colours a cell, or with `digit` one of its candidates, with one of
    /// [`crate::COLOURS`] colours (`1..=6`; `0` takes the colour off), as the apps' colour
    /// marks: for the player's own colouring, saved with the game.
    Colour {
        /// Where.
        cell: CellRef,
        /// The candidate to colour; none: the cell.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        digit: Option<u8>,
        /// `1..=6`, or `0` for none.
        colour: u8,
    },
}
