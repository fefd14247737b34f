//! What the page sees of a game and of a hint: never the solution.

use serde::Serialize;
use serde_json::{Value, json};
use sudoku_game::Game;
use sudoku_logic::{Hint, Lang, Stage};

use crate::db::{Meta, size_name};

/// One cell as the page draws it.
#[derive(Debug, Clone, Serialize)]
pub struct CellView {
    /// The digit, given or entered.
    pub digit: Option<usize>,
    /// Whether it is a given.
    pub given: bool,
    /// Whether the digit was revealed (or filled in on giving up), not entered.
    pub revealed: bool,
    /// Pencil marks, ascending.
    pub notes: Vec<usize>,
    /// The cell's colour mark (`1..=6`), absent for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<u8>,
    /// The colour marks of its pencil marks, `{ "4": 6 }`, absent for none.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub note_colours: std::collections::BTreeMap<usize, u8>,
}

/// The Game object of `API.md`.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    id: String,
    size: String,
    n: usize,
    box_rows: usize,
    box_cols: usize,
    variant: &'static str,
    rung: String,
    level: Option<String>,
    score: Option<u32>,
    puzzle: String,
    cells: Vec<CellView>,
    moves: usize,
    can_undo: bool,
    can_redo: bool,
    mistakes: u32,
    hints: u32,
    reveals: u32,
    /// Whether the player had help (a hint, a revealed cell, the solution): no best time.
    helped: bool,
    elapsed_ms: u64,
    paused: bool,
    status: &'static str,
    created: String,
    updated: String,
    /// For a daily puzzle's game, its date.
    #[serde(skip_serializing_if = "Option::is_none")]
    daily: Option<String>,
}

impl GameView {
    /// The view of a game at `now_ms`.
    pub fn new(meta: &Meta, game: &Game, now_ms: u64) -> GameView {
        let shape = game.shape();
        let cells = shape
            .cells()
            .map(|cell| CellView {
                digit: game.digit(cell).map(|d| d.get()),
                given: game.is_given(cell),
                revealed: game.is_revealed(cell),
                notes: game.notes(cell).iter().map(|d| d.get()).collect(),
                colour: Some(game.colour_of(cell)).filter(|&k| k != 0),
                note_colours: game
                    .notes(cell)
                    .iter()
                    .map(|d| (d.get(), game.candidate_colour_of(cell, d)))
                    .filter(|&(_, k)| k != 0)
                    .collect(),
            })
            .collect();
        GameView {
            id: meta.id.clone(),
            size: size_name(game),
            n: game.size(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            variant: game.variant().name(),
            rung: meta.rung.clone(),
            level: meta.level.clone(),
            score: meta.score,
            puzzle: game.puzzle().to_line(),
            cells,
            moves: game.moves(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            mistakes: game.mistakes(),
            hints: game.hints(),
            reveals: game.reveals(),
            helped: game.assisted(),
            elapsed_ms: game.elapsed_ms(now_ms),
            paused: game.is_paused(),
            status: game.status().name(),
            created: crate::rfc3339(meta.created_ms),
            updated: crate::rfc3339(meta.updated_ms),
            daily: meta.daily.clone(),
        }
    }
}

/// The Hint object of `API.md`: the hint with its text, the step cut down to the stage; an
/// `intuitive` hint is worded as one (see [`Hint::intuitive_text`]).
pub fn hint_view(hint: &Hint, lang: Lang, intuitive: bool) -> Value {
    let text = |lang| {
        if intuitive {
            hint.intuitive_text(lang)
        } else {
            hint.text(lang)
        }
    };
    let mut view = hint_fields(hint, text(lang));
    // Both languages, so that the page can switch an open hint without asking again.
    view["texts"] = json!({ "en": text(Lang::En), "zh": text(Lang::Zh) });
    view
}

fn hint_fields(hint: &Hint, text: String) -> Value {
    match hint {
        Hint::Step { step, stage } => {
            let full = serde_json::to_value(step).unwrap_or(Value::Null);
            let number = match stage {
                Stage::Technique => 1,
                Stage::Where => 2,
                Stage::Step => 3,
            };
            json!({ "kind": "step", "stage": number, "text": text, "step": cut(full, *stage) })
        }
        Hint::Mistakes { mistakes } => {
            json!({ "kind": "mistakes", "text": text, "mistakes": mistakes })
        }
        Hint::Solved => json!({ "kind": "solved", "text": text }),
        Hint::Stuck => json!({ "kind": "stuck", "text": text }),
    }
}

/// Stage 1: the technique only; stage 2: also the digits and the houses to look in (the
/// base highlights), never a cell: the cells are the answer or most of the pattern; stage 3:
/// everything.
fn cut(mut step: Value, stage: Stage) -> Value {
    let Value::Object(map) = &mut step else {
        return step;
    };
    match stage {
        Stage::Technique => {
            map.retain(|k, _| k == "technique");
        }
        Stage::Where => {
            map.retain(|k, _| k == "technique" || k == "digits" || k == "highlights");
            if let Some(Value::Array(hs)) = map.get_mut("highlights") {
                hs.retain(|h| h["role"].as_str() == Some("base"));
            }
        }
        Stage::Step => {}
    }
    step
}
