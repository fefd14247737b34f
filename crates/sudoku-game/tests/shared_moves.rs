//! The moves the page also plays without the server, checked against `tests/data/moves.json`:
//! the test vectors this crate shares with the page's `offline.js` and `board.js`, which the
//! browser test (`crates/sudoku-web/tests/browser/moves.mjs`) runs through the page's code.
//! Each case builds a position (givens, entries, revealed cells, notes and their colours),
//! plays its moves (`undo` takes the last one back) and compares the whole board after it:
//! every entry, every note, the note colours, the entries in conflict ([`Game::check`]) and
//! the givens they clash with. A refused last move must be refused with the case's error and
//! leave the board as it was. The format is described in `tests/data/SOURCES.md`.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};
use sudoku_core::{Cell, Digit, Grid, Shape};
use sudoku_game::{Game, GameError, GameVariant, Move};

const VECTORS: &str = include_str!("data/moves.json");

/// The short name the vectors give an error (`refused`).
fn error_code(e: &GameError) -> String {
    match e {
        GameError::CellOutside { .. } => "cell_outside".into(),
        GameError::BadDigit { .. } => "bad_digit".into(),
        GameError::Given(_) => "given".into(),
        GameError::Filled(_) => "filled".into(),
        other => format!("unexpected: {other}"),
    }
}

fn grid(shape: Shape, line: &str) -> Grid {
    let values = line
        .chars()
        .map(|ch| Digit::from_char(ch).map_or(0, |d| d.get() as u8))
        .collect();
    Grid::from_values(shape, values).expect("a grid of the puzzle's shape")
}

/// The game of a case's puzzle with the case's position played in (the set-up moves are
/// the player's own, so the case's `undo`s must not reach past its own moves).
fn start(puzzle: &Value, case: &Value) -> Result<Game, String> {
    let size = |k: &str| puzzle[k].as_u64().expect("box_rows and box_cols") as usize;
    let shape = Shape::new(size("box_rows"), size("box_cols")).map_err(|e| e.to_string())?;
    let variant =
        GameVariant::from_name(puzzle["variant"].as_str().unwrap_or("")).ok_or("variant")?;
    let text = |k: &str| puzzle[k].as_str().expect("puzzle and solution");
    let mut game = Game::new(
        variant,
        &grid(shape, text("puzzle")),
        &grid(shape, text("solution")),
        0,
    )
    .map_err(|e| e.to_string())?;
    let mut set_up = |mv: Value| -> Result<(), String> {
        let mv: Move = serde_json::from_value(mv).map_err(|e| e.to_string())?;
        game.apply(&mv, 0)
            .map(|_| ())
            .map_err(|e| format!("the position's {mv:?} is refused: {e}"))
    };
    let none = Map::new();
    let map = |k: &str| case[k].as_object().unwrap_or(&none);
    for (c, d) in map("entries") {
        set_up(json!({"kind": "place", "cell": c, "digit": d}))?;
    }
    for c in case["revealed"].as_array().into_iter().flatten() {
        set_up(json!({"kind": "reveal", "cell": c}))?;
    }
    for (c, digits) in map("notes") {
        for ch in digits.as_str().unwrap_or("").chars() {
            let d = Digit::from_char(ch).ok_or("a note digit")?.get();
            set_up(json!({"kind": "note", "cell": c, "digit": d}))?;
        }
    }
    for (c, colours) in map("note_colours") {
        for (d, k) in colours.as_object().ok_or("note colours")? {
            let d: u8 = d.parse().map_err(|_| "a note colour's digit")?;
            set_up(json!({"kind": "colour", "cell": c, "digit": d, "colour": k}))?;
        }
    }
    Ok(game)
}

/// The board as the vectors write it (the form of a case's `expect`).
fn board(game: &Game) -> Value {
    let n = game.size();
    let mut entries = BTreeMap::new();
    let mut notes = BTreeMap::new();
    let mut revealed = Vec::new();
    let mut colours = BTreeMap::new();
    for cell in game.shape().cells() {
        let name = cell.to_string();
        if let Some(d) = game.digit(cell).filter(|_| !game.is_given(cell)) {
            entries.insert(name.clone(), json!(d.get()));
        }
        if game.is_revealed(cell) {
            revealed.push(json!(name));
        }
        let marks = game.notes(cell);
        if !marks.is_empty() {
            notes.insert(
                name.clone(),
                json!(marks.iter().map(Digit::to_char).collect::<String>()),
            );
        }
        let painted: Map<String, Value> = marks
            .iter()
            .map(|d| (d.get().to_string(), game.candidate_colour_of(cell, d)))
            .filter(|&(_, k)| k != 0)
            .map(|(d, k)| (d, json!(k)))
            .collect();
        if !painted.is_empty() {
            colours.insert(name, Value::Object(painted));
        }
    }
    let check = game.check();
    let conflicts: Vec<Cell> = check.conflicts.iter().map(|c| c.0).collect();
    // A given clashes with an entry in conflict that holds its digit in one of its houses.
    let clashing_givens: Vec<String> = game
        .shape()
        .cells()
        .filter(|&g| game.is_given(g))
        .filter(|&g| {
            let peers = game.layout().peers(g.index(n));
            conflicts
                .iter()
                .any(|&c| peers.contains(&(c.index(n) as _)) && game.digit(c) == game.digit(g))
        })
        .map(|g| g.to_string())
        .collect();
    let mut out = json!({
        "entries": entries,
        "notes": notes,
        "conflicts": conflicts.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "clashing_givens": clashing_givens,
    });
    if !revealed.is_empty() {
        out["revealed"] = Value::Array(revealed);
    }
    if !colours.is_empty() {
        out["note_colours"] = json!(colours);
    }
    out
}

/// Plays one case; `Err` says how the game departs from it.
fn play(puzzles: &Value, case: &Value) -> Result<(), String> {
    let puzzle = &puzzles[case["puzzle"].as_str().ok_or("no puzzle")?];
    if puzzle.is_null() {
        return Err(format!("no puzzle {}", case["puzzle"]));
    }
    let mut game = start(puzzle, case)?;
    let moves = case["moves"].as_array().ok_or("no moves")?;
    let refused = case["refused"].as_str();
    for (k, mv) in moves.iter().enumerate() {
        let last = k + 1 == moves.len();
        if mv["kind"] == "undo" {
            game.undo(1).map_err(|e| format!("move {k}, undo: {e}"))?;
            continue;
        }
        let parsed: Move =
            serde_json::from_value(mv.clone()).map_err(|e| format!("move {k}: {e}"))?;
        match (game.apply(&parsed, 1), refused) {
            (Ok(_), Some(code)) if last => {
                return Err(format!("move {k} {mv} was played, not refused with {code}"));
            }
            (Ok(_), _) => {}
            (Err(e), Some(code)) if last => {
                if error_code(&e) != code {
                    return Err(format!(
                        "move {k} {mv} was refused with {} ({e}), not {code}",
                        error_code(&e)
                    ));
                }
            }
            (Err(e), _) => return Err(format!("move {k} {mv} was refused: {e}")),
        }
    }
    let got = board(&game);
    let want = &case["expect"];
    if &got != want {
        return Err(format!("\n   expected {want}\n        got {got}"));
    }
    Ok(())
}

#[test]
fn the_game_plays_the_shared_move_vectors() {
    let file: Value = serde_json::from_str(VECTORS).expect("moves.json is JSON");
    let cases = file["cases"].as_array().expect("cases");
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut names = std::collections::HashSet::new();
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().expect("every case has a name");
        assert!(names.insert(name), "two cases are named `{name}`");
        if let Err(why) = play(&file["puzzles"], case) {
            failures.push(format!("case `{name}`: {why}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases of tests/data/moves.json fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
