//! Unit tests of the game.
use super::*;

use sudoku_logic::Mistake;
use sudoku_logic::generate::Generator;
use sudoku_logic::ladder::Rung;

/// A 4x4 puzzle with six empty cells:
///
/// ```text
/// 1 . | 3 .        1 2 | 3 4
/// 3 4 | . 2        3 4 | 1 2
/// ----+----   ->   ----+----
/// 2 . | 4 .        2 1 | 4 3
/// 4 3 | . 1        4 3 | 2 1
/// ```
const PUZZLE: &str = "1.3.34.22.4.43.1";
const SOLUTION: &str = "1234341221434321";
/// The empty cells with their digits.
const ANSWERS: [(&str, u8); 6] = [
    ("r1c2", 2),
    ("r1c4", 4),
    ("r2c3", 1),
    ("r3c2", 1),
    ("r3c4", 3),
    ("r4c3", 2),
];

fn game() -> Game {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let solution: Grid = SOLUTION.parse().unwrap();
    Game::new(GameVariant::Classic, &puzzle, &solution, 7).unwrap()
}

fn c(name: &str) -> Cell {
    name.parse().unwrap()
}

fn place(cell: &str, digit: u8) -> Move {
    Move::Place {
        cell: CellRef(c(cell)),
        digit,
        auto_notes: false,
    }
}

fn note(cell: &str, digit: u8) -> Move {
    Move::Note {
        cell: CellRef(c(cell)),
        digit,
    }
}

fn erase(cell: &str) -> Move {
    Move::Erase {
        cell: CellRef(c(cell)),
    }
}

fn notes_of(game: &Game, cell: &str) -> Vec<usize> {
    game.notes(c(cell)).iter().map(|d| d.get()).collect()
}

fn digit_of(game: &Game, cell: &str) -> Option<usize> {
    game.digit(c(cell)).map(|d| d.get())
}

#[test]
fn a_new_game_is_paused_and_empty() {
    let g = game();
    assert_eq!(g.status(), Status::Playing);
    assert!(g.is_paused());
    assert_eq!(
        (g.moves(), g.mistakes(), g.hints(), g.reveals()),
        (0, 0, 0, 0)
    );
    assert!(!g.can_undo() && !g.can_redo());
    assert_eq!(g.board().to_line(), PUZZLE);
    assert_eq!(g.created_ms(), 7);
    assert!(g.is_given(c("r1c1")) && !g.is_given(c("r1c2")));
}

#[test]
fn new_refuses_a_solution_that_does_not_fit() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    let wrong: Grid = "2134341221434321".parse().unwrap();
    let err = Game::new(GameVariant::Classic, &puzzle, &wrong, 0).unwrap_err();
    assert!(matches!(err, GameError::Invalid(_)), "{err:?}");
    assert_eq!(err.field(), Some("puzzle"));
}

#[test]
fn placing_and_erasing() {
    let mut g = game();
    assert!(g.apply(&place("r1c2", 2), 10).unwrap());
    assert_eq!(digit_of(&g, "r1c2"), Some(2));
    assert_eq!(g.moves(), 1);
    // The same digit again changes nothing and leaves no undo step.
    assert!(!g.apply(&place("r1c2", 2), 11).unwrap());
    assert_eq!(g.moves(), 1);
    assert!(g.apply(&erase("r1c2"), 12).unwrap());
    assert_eq!(digit_of(&g, "r1c2"), None);
    assert!(!g.apply(&erase("r1c2"), 13).unwrap());
    assert_eq!(g.moves(), 2);
}

#[test]
fn moves_on_givens_and_outside_the_grid_are_refused() {
    let mut g = game();
    let err = g.apply(&place("r1c1", 1), 0).unwrap_err();
    assert_eq!(err, GameError::Given(c("r1c1")));
    assert_eq!(err.field(), None);
    let err = g.apply(&place("r5c1", 1), 0).unwrap_err();
    assert_eq!(
        err,
        GameError::CellOutside {
            cell: c("r5c1"),
            n: 4
        }
    );
    assert_eq!(err.field(), Some("cell"));
    for digit in [0, 5, 255] {
        let err = g.apply(&place("r1c2", digit), 0).unwrap_err();
        assert_eq!(err, GameError::BadDigit { digit, n: 4 });
        assert_eq!(err.field(), Some("digit"));
    }
    assert_eq!(
        g.apply(&note("r1c2", 9), 0).unwrap_err().field(),
        Some("digit")
    );
    assert_eq!(g.moves(), 0, "refused moves leave no trace");
    assert_eq!(g.mistakes(), 0);
}

#[test]
fn notes_toggle_and_erase_clears_them() {
    let mut g = game();
    g.apply(&note("r1c2", 2), 0).unwrap();
    g.apply(&note("r1c2", 4), 0).unwrap();
    assert_eq!(notes_of(&g, "r1c2"), [2, 4]);
    g.apply(&note("r1c2", 4), 0).unwrap();
    assert_eq!(notes_of(&g, "r1c2"), [2]);
    g.apply(&erase("r1c2"), 0).unwrap();
    assert!(notes_of(&g, "r1c2").is_empty());
    assert_eq!(g.moves(), 4);
}

#[test]
fn notes_on_a_filled_cell_are_refused_and_placing_clears_notes() {
    let mut g = game();
    g.apply(&note("r1c2", 2), 0).unwrap();
    g.apply(&place("r1c2", 2), 0).unwrap();
    assert!(notes_of(&g, "r1c2").is_empty());
    assert_eq!(
        g.apply(&note("r1c2", 3), 0).unwrap_err(),
        GameError::Filled(c("r1c2"))
    );
    // Erasing the digit does not bring the old notes back.
    g.apply(&erase("r1c2"), 0).unwrap();
    assert!(notes_of(&g, "r1c2").is_empty());
}

#[test]
fn fill_notes_gives_every_empty_cell_its_candidates() {
    let mut g = game();
    g.apply(&place("r1c2", 2), 0).unwrap();
    g.apply(&note("r3c2", 4), 0).unwrap();
    assert!(g.apply(&Move::FillNotes, 0).unwrap());
    // r1c4: row 1 has 1, 2, 3; so only 4.
    assert_eq!(notes_of(&g, "r1c4"), [4]);
    // r2c3: row 2 has 3, 4, 2 -> 1.
    assert_eq!(notes_of(&g, "r2c3"), [1]);
    // r3c2: row 3 has 2, 4; column 2 has 2, 4, 3 -> 1 (the stale 4 is replaced).
    assert_eq!(notes_of(&g, "r3c2"), [1]);
    // Givens and filled cells get none.
    assert!(notes_of(&g, "r1c1").is_empty() && notes_of(&g, "r1c2").is_empty());
    assert_eq!(g.moves(), 3, "fill notes is one undo step");
    g.undo(0).unwrap();
    assert_eq!(notes_of(&g, "r3c2"), [4]);
    assert!(notes_of(&g, "r1c4").is_empty());
}

#[test]
fn placing_with_auto_notes_clears_the_digit_from_peers_only() {
    let mut g = game();
    g.apply(&Move::FillNotes, 0).unwrap();
    g.apply(&note("r4c3", 1), 0).unwrap(); // r4c3: {2} + 1 = {1, 2}
    g.apply(&note("r3c4", 1), 0).unwrap(); // r3c4: {3} + 1 = {1, 3}
    let mv = Move::Place {
        cell: CellRef(c("r3c2")),
        digit: 1,
        auto_notes: true,
    };
    g.apply(&mv, 0).unwrap();
    // r3c4 shares the row with r3c2 and loses 1; r4c3 (another row, column and box) keeps it.
    assert_eq!(notes_of(&g, "r3c4"), [3]);
    assert_eq!(notes_of(&g, "r4c3"), [1, 2]);
    // Undo brings the peers' notes back with the cell, in one step.
    g.undo(0).unwrap();
    assert_eq!(notes_of(&g, "r3c4"), [1, 3]);
    assert_eq!(digit_of(&g, "r3c2"), None);
    assert_eq!(notes_of(&g, "r3c2"), [1]);
}

#[test]
fn placing_without_auto_notes_leaves_peers_alone() {
    let mut g = game();
    g.apply(&note("r3c4", 1), 0).unwrap();
    g.apply(&place("r3c2", 1), 0).unwrap();
    assert_eq!(notes_of(&g, "r3c4"), [1]);
}

#[test]
fn check_finds_wrong_and_clashing_entries() {
    let mut g = game();
    assert_eq!(g.check(), Check::default());
    g.apply(&place("r1c2", 4), 0).unwrap(); // wrong, and clashes with r2c2 = 4 (box, column)
    g.apply(&place("r1c4", 2), 0).unwrap(); // wrong, clashes with r2c4 = 2
    g.apply(&place("r2c3", 1), 0).unwrap(); // right
    let check = g.check();
    let wrong: Vec<String> = check.wrong.iter().map(|c| c.to_string()).collect();
    let conflicts: Vec<String> = check.conflicts.iter().map(|c| c.to_string()).collect();
    assert_eq!(wrong, ["r1c2", "r1c4"]);
    assert_eq!(conflicts, ["r1c2", "r1c4"]);
    assert_eq!(g.mistakes(), 2);
}

#[test]
fn a_right_entry_that_clashes_is_a_conflict_but_not_wrong() {
    let mut g = game();
    g.apply(&place("r3c2", 1), 0).unwrap(); // right
    g.apply(&place("r3c4", 1), 0).unwrap(); // wrong (3), and the same row as r3c2
    let check = g.check();
    assert_eq!(check.wrong, [CellRef(c("r3c4"))]);
    assert_eq!(check.conflicts, [CellRef(c("r3c2")), CellRef(c("r3c4"))]);
}

#[test]
fn mistakes_count_when_placed_and_are_never_taken_back() {
    let mut g = game();
    g.apply(&place("r1c2", 4), 0).unwrap();
    assert_eq!(g.mistakes(), 1);
    g.undo(0).unwrap();
    g.redo(0).unwrap();
    assert_eq!(g.mistakes(), 1, "undo and redo do not count again");
    g.apply(&place("r1c2", 2), 0).unwrap();
    assert_eq!(g.mistakes(), 1);
    g.apply(
        &Move::Reveal {
            cell: CellRef(c("r1c4")),
        },
        0,
    )
    .unwrap();
    assert_eq!(g.mistakes(), 1, "a reveal is no mistake");
}

#[test]
fn the_mistake_limit_loses_the_game() {
    let mut g = game();
    g.set_mistake_limit(Some(2));
    g.resume(0);
    g.apply(&place("r1c2", 4), 100).unwrap();
    assert_eq!(g.status(), Status::Playing);
    g.apply(&place("r1c4", 2), 300).unwrap();
    assert_eq!(g.status(), Status::Lost);
    assert!(g.is_paused(), "the timer stops at the end");
    assert_eq!(g.elapsed_ms(10_000), 300);
    let err = g.apply(&place("r2c3", 1), 400).unwrap_err();
    assert_eq!(err, GameError::Finished(Status::Lost));
    assert_eq!(g.undo(400).unwrap_err(), GameError::Finished(Status::Lost));
    g.resume(500);
    assert!(g.is_paused(), "a finished game's time is final");
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = game();
    assert_eq!(g.undo(0).unwrap_err(), GameError::NothingToUndo);
    assert_eq!(g.redo(0).unwrap_err(), GameError::NothingToRedo);
    g.apply(&place("r1c2", 2), 0).unwrap();
    g.apply(&place("r1c4", 4), 0).unwrap();
    g.undo(0).unwrap();
    assert_eq!(digit_of(&g, "r1c4"), None);
    assert!(g.can_undo() && g.can_redo());
    g.undo(0).unwrap();
    assert_eq!(digit_of(&g, "r1c2"), None);
    assert!(!g.can_undo());
    g.redo(0).unwrap();
    assert_eq!(digit_of(&g, "r1c2"), Some(2));
    g.redo(0).unwrap();
    assert_eq!(digit_of(&g, "r1c4"), Some(4));
    assert!(!g.can_redo());
    assert_eq!(g.moves(), 2);
}

#[test]
fn a_new_move_clears_the_redo_history() {
    let mut g = game();
    g.apply(&place("r1c2", 2), 0).unwrap();
    g.apply(&place("r1c4", 4), 0).unwrap();
    g.undo(0).unwrap();
    assert!(g.can_redo());
    g.apply(&note("r2c3", 1), 0).unwrap();
    assert!(!g.can_redo());
    assert_eq!(g.redo(0).unwrap_err(), GameError::NothingToRedo);
    assert_eq!(digit_of(&g, "r1c4"), None);
}

#[test]
fn a_move_that_changes_nothing_keeps_the_redo_history() {
    let mut g = game();
    g.apply(&place("r1c2", 2), 0).unwrap();
    g.undo(0).unwrap();
    assert!(!g.apply(&erase("r1c4"), 0).unwrap());
    assert!(g.can_redo());
}

#[test]
fn restart_clears_everything_as_one_undoable_step() {
    let mut g = game();
    g.resume(0);
    g.apply(&place("r1c2", 2), 100).unwrap();
    g.apply(&place("r1c4", 1), 200).unwrap();
    g.apply(&note("r2c3", 1), 300).unwrap();
    assert!(g.restart(400).unwrap());
    assert_eq!(g.board().to_line(), PUZZLE);
    assert!(notes_of(&g, "r2c3").is_empty());
    assert_eq!(g.moves(), 4);
    assert_eq!(g.mistakes(), 1, "restart does not forgive mistakes");
    assert_eq!(g.elapsed_ms(1_000), 1_000, "the timer goes on");
    g.undo(500).unwrap();
    assert_eq!(digit_of(&g, "r1c2"), Some(2));
    assert_eq!(notes_of(&g, "r2c3"), [1]);
    // Restarting an untouched board changes nothing.
    let mut fresh = game();
    assert!(!fresh.restart(0).unwrap());
    assert_eq!(fresh.moves(), 0);
}

#[test]
fn filling_the_grid_correctly_wins_and_stops_the_timer() {
    let mut g = game();
    g.resume(1_000);
    for (k, (cell, digit)) in ANSWERS.iter().enumerate() {
        assert_eq!(g.status(), Status::Playing);
        g.apply(&place(cell, *digit), 2_000 + k as u64).unwrap();
    }
    assert_eq!(g.status(), Status::Won);
    assert!(g.is_paused());
    assert_eq!(g.elapsed_ms(99_999), 1_005);
    assert_eq!(g.board().to_line(), SOLUTION);
    assert!(g.apply(&erase("r1c2"), 3_000).is_err());
}

#[test]
fn a_full_grid_with_a_wrong_digit_is_not_won() {
    let mut g = game();
    for (cell, digit) in &ANSWERS[..5] {
        g.apply(&place(cell, *digit), 0).unwrap();
    }
    g.apply(&place("r4c3", 4), 0).unwrap();
    assert_eq!(g.status(), Status::Playing);
    g.apply(&place("r4c3", 2), 0).unwrap();
    assert_eq!(g.status(), Status::Won);
}

/// A revealed digit is told apart from an entered one, through a save and an undo; a digit
/// entered over it is the player's again, and revealing a right entry changes nothing.
#[test]
fn a_revealed_digit_is_marked_as_revealed() {
    let mut g = game();
    let reveal = |cell: &str| Move::Reveal {
        cell: CellRef(c(cell)),
    };
    g.apply(&reveal("r1c2"), 0).unwrap();
    assert!(g.is_revealed(c("r1c2")));
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert!(back.is_revealed(c("r1c2")), "kept by a save");
    g.undo(0).unwrap();
    assert!(!g.is_revealed(c("r1c2")) && digit_of(&g, "r1c2").is_none());
    g.redo(0).unwrap();
    assert!(g.is_revealed(c("r1c2")));
    g.apply(&place("r1c2", 4), 0).unwrap();
    assert!(
        !g.is_revealed(c("r1c2")),
        "an entry over it is the player's"
    );
    let (cell, right) = ANSWERS[1];
    g.apply(&place(cell, right), 0).unwrap();
    assert!(!g.apply(&reveal(cell), 0).unwrap(), "a right entry stays");
    assert!(!g.is_revealed(c(cell)));
}

#[test]
fn reveal_places_the_solution_digit_and_counts() {
    let mut g = game();
    let reveal = |cell: &str| Move::Reveal {
        cell: CellRef(c(cell)),
    };
    g.apply(&place("r1c2", 4), 0).unwrap();
    assert!(g.apply(&reveal("r1c2"), 0).unwrap());
    assert_eq!(digit_of(&g, "r1c2"), Some(2));
    assert_eq!(g.reveals(), 1);
    // Revealing a right digit again changes nothing and does not count.
    assert!(!g.apply(&reveal("r1c2"), 0).unwrap());
    assert_eq!(g.reveals(), 1);
    assert_eq!(
        g.apply(&reveal("r1c1"), 0).unwrap_err(),
        GameError::Given(c("r1c1"))
    );
    for (cell, _) in &ANSWERS[1..] {
        g.apply(&reveal(cell), 0).unwrap();
    }
    assert_eq!(
        g.status(),
        Status::Won,
        "revealing every cell completes the grid"
    );
    assert_eq!(g.reveals(), 6);
}

#[test]
fn give_up_fills_the_solution_and_ends_the_game() {
    let mut g = game();
    g.resume(0);
    g.apply(&place("r1c2", 4), 10).unwrap();
    g.give_up(50).unwrap();
    assert_eq!(g.status(), Status::GaveUp);
    assert_eq!(g.board().to_line(), SOLUTION);
    assert_eq!(g.elapsed_ms(1_000), 50);
    assert_eq!(
        g.give_up(60).unwrap_err(),
        GameError::Finished(Status::GaveUp)
    );
}

#[test]
fn hints_come_in_three_stages_and_count() {
    let mut g = game();
    for (number, stage) in [(1, Stage::Technique), (2, Stage::Where), (3, Stage::Step)] {
        let hint = g.hint(stage);
        let Hint::Step { step, stage: got } = &hint else {
            panic!("a step is expected, got {hint:?}");
        };
        assert_eq!(*got, stage);
        assert_eq!(
            step.placements.len(),
            1,
            "a single on this easy grid: {step:?}"
        );
        let p = step.placements[0];
        assert_eq!(g.solution().get(p.cell), Some(p.digit), "the step is right");
        assert_eq!(g.hints(), 1, "stage {number} is the same hint");
        assert!(!hint.text(sudoku_logic::Lang::En).is_empty());
    }
    assert_eq!(g.moves(), 0, "asking for a hint changes no cell");
    g.hint(Stage::Technique);
    assert_eq!(g.hints(), 1, "asking again on the same position");
    assert!(g.apply(&Move::ApplyHint, 0).unwrap());
    assert_eq!(g.hints(), 1, "applying the hint shown through its stages");
    assert!(g.apply(&Move::ApplyHint, 0).unwrap());
    assert_eq!(g.hints(), 2, "applying a hint never asked for counts it");
    g.hint(Stage::Technique);
    g.hint(Stage::Where);
    assert_eq!(g.hints(), 3, "the next position's hint is another");
    assert!(g.assisted());
}

/// Every step of a hard puzzle taken as hint and apply (as the terminal's `?` then Apply
/// does): one hint a step, where each stage and the apply counted one before (58 steps
/// showed 117).
#[test]
fn hint_and_apply_count_one_a_step() {
    let mut g = hard_game();
    let mut steps = 0;
    while g.status() == Status::Playing {
        g.hint(Stage::Technique);
        g.hint(Stage::Where);
        g.hint(Stage::Step);
        g.apply(&Move::ApplyHint, 0).unwrap();
        steps += 1;
    }
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.hints(), steps);
}

#[test]
fn a_game_without_help_is_not_assisted() {
    let mut g = game();
    for (cell, digit) in &ANSWERS[1..] {
        g.apply(&place(cell, *digit), 0).unwrap();
    }
    assert!(!g.assisted());
    let mut revealed = g.clone();
    revealed
        .apply(
            &Move::Reveal {
                cell: CellRef(c("r1c2")),
            },
            0,
        )
        .unwrap();
    assert_eq!(revealed.status(), Status::Won);
    assert!(revealed.assisted(), "a revealed cell is help");
    g.apply(&place("r1c2", 2), 0).unwrap();
    assert_eq!(g.status(), Status::Won);
    assert!(!g.assisted());
}

#[test]
fn lose_ends_the_game_on_the_front_ends_limit() {
    let mut g = game();
    g.apply(&place("r1c2", 4), 0).unwrap();
    assert_eq!(
        g.lose(2, 10).unwrap_err(),
        GameError::UnderLimit {
            mistakes: 1,
            limit: 2
        }
    );
    assert_eq!(g.lose(0, 10).unwrap_err(), GameError::BadLimit);
    assert_eq!(g.status(), Status::Playing);
    g.apply(&place("r1c4", 3), 20).unwrap();
    g.lose(2, 30).unwrap();
    assert_eq!(g.status(), Status::Lost);
    assert_eq!(g.status().name(), "lost");
    assert_eq!(g.board(), *g.solution(), "the solution is shown");
    assert_eq!(
        g.lose(2, 40).unwrap_err(),
        GameError::Finished(Status::Lost)
    );
}

/// The game's hint is the solver's: a single comes with what makes it one (the placed digits
/// its cell sees or that keep its digit out of the rest of its house), and says so.
#[test]
fn a_hinted_single_says_why() {
    // No house of this 9x9 is nearly full, so the first step is not a Full House.
    let puzzle: Grid =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
            .parse()
            .unwrap();
    let solution: Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let mut g = Game::new(GameVariant::Classic, &puzzle, &solution, 7).unwrap();
    let Hint::Step { step, .. } = g.hint(Stage::Step) else {
        panic!("a step is expected");
    };
    assert!(
        matches!(
            step.technique,
            sudoku_logic::Technique::NakedSingle | sudoku_logic::Technique::HiddenSingle
        ),
        "this puzzle's first step is a single that needs a reason: {step:?}"
    );
    assert!(
        step.highlights
            .iter()
            .any(|h| h.role == sudoku_logic::Role::Seen),
        "{step:?}"
    );
    assert!(step.reason(sudoku_logic::Lang::En).is_some());
}

#[test]
fn a_hint_points_at_a_wrong_digit_first() {
    let mut g = game();
    g.apply(&place("r1c2", 2), 0).unwrap();
    g.apply(&place("r3c4", 1), 0).unwrap();
    match g.hint(Stage::Step) {
        Hint::Mistakes { mistakes } => assert_eq!(
            mistakes,
            [Mistake::WrongDigit {
                cell: c("r3c4"),
                placed: Digit::new(1).unwrap()
            }]
        ),
        other => panic!("the wrong digit is expected, got {other:?}"),
    }
    assert!(matches!(
        g.apply(&Move::ApplyHint, 0).unwrap_err(),
        GameError::Mistakes(_)
    ));
}

#[test]
fn a_hint_points_at_a_removed_true_candidate() {
    let mut g = game();
    g.apply(&note("r1c2", 4), 0).unwrap(); // r1c2 is 2; the notes leave it out
    match g.hint(Stage::Technique) {
        Hint::Mistakes { mistakes } => {
            assert!(
                matches!(
                    mistakes.as_slice(),
                    [Mistake::RemovedTrueCandidate { candidate }] if candidate.cell == c("r1c2")
                ),
                "{mistakes:?}"
            );
            // Neither the text nor the data the page gets names the digit (2).
            let text = mistakes[0].explain(sudoku_logic::Lang::En);
            let data = serde_json::to_string(&mistakes).unwrap();
            assert!(
                text.contains("r1c2") && !text.replace("r1c2", "").contains('2'),
                "{text}"
            );
            assert_eq!(data, r#"[{"kind":"removed_true_candidate","cell":"r1c2"}]"#);
        }
        other => panic!("the removed candidate is expected, got {other:?}"),
    }
}

#[test]
fn hints_on_a_solved_grid_say_so() {
    let mut g = game();
    for (cell, digit) in &ANSWERS {
        g.apply(&place(cell, *digit), 0).unwrap();
    }
    assert_eq!(g.hint(Stage::Technique), Hint::Solved);
}

#[test]
fn apply_hint_plays_the_next_step_as_one_move() {
    let mut g = game();
    assert!(g.apply(&Move::ApplyHint, 0).unwrap());
    assert_eq!(g.moves(), 1);
    assert_eq!(
        g.hints(),
        1,
        "a hint applied without its stages counts once"
    );
    let placed: Vec<Cell> = g
        .shape()
        .cells()
        .filter(|&cell| !g.is_given(cell) && g.digit(cell).is_some())
        .collect();
    assert_eq!(placed.len(), 1);
    assert_eq!(g.digit(placed[0]), g.solution().get(placed[0]));
    g.undo(0).unwrap();
    assert_eq!(g.board().to_line(), PUZZLE);
}

/// A generated hard 9x9 (fixed seed), so that the hints need eliminations, not only singles.
fn hard_game() -> Game {
    let layout = Layout::classic();
    let rung = Rung::by_id("hard").unwrap();
    let made = Generator::new(&layout)
        .generate(&rung.request(Shape::CLASSIC), 11)
        .unwrap();
    Game::new(GameVariant::Classic, &made.puzzle, &made.solution, 0).unwrap()
}

#[test]
fn apply_hint_solves_a_hard_puzzle_with_eliminations_on_the_notes() {
    let mut g = hard_game();
    let mut eliminating_steps = 0;
    for _ in 0..500 {
        if g.status() == Status::Won {
            break;
        }
        let Hint::Step { step, .. } = g.hint(Stage::Step) else {
            panic!("a step is expected at every point of a graded puzzle");
        };
        g.apply(&Move::ApplyHint, 0).unwrap();
        for p in &step.placements {
            assert_eq!(g.digit(p.cell), Some(p.digit));
        }
        for e in &step.eliminations {
            if g.digit(e.cell).is_none() {
                eliminating_steps += 1;
                assert!(
                    !g.notes(e.cell).contains(e.digit),
                    "{e} is gone from the notes"
                );
                assert!(g.notes(e.cell).contains(g.solution().get(e.cell).unwrap()));
            }
        }
    }
    assert_eq!(g.status(), Status::Won);
    assert_eq!(g.mistakes(), 0);
    assert!(
        eliminating_steps > 0,
        "a hard puzzle needs some elimination"
    );
}

#[test]
fn apply_hint_on_a_full_grid_is_refused() {
    let mut g = game();
    for (cell, digit) in &ANSWERS {
        g.apply(&place(cell, *digit), 0).unwrap();
    }
    // The game is won, so any move is refused before the hint is even looked for.
    assert_eq!(
        g.apply(&Move::ApplyHint, 0).unwrap_err(),
        GameError::Finished(Status::Won)
    );
}

/// A hint worked out on a copy and counted on the game, and an Apply of a step worked out on
/// a copy, leave the game exactly as the hint and the Apply worked out in place do, through
/// a whole hard puzzle; a step worked out before the position moved is not the game's.
#[test]
fn hints_and_steps_worked_out_on_a_copy_match_those_worked_out_in_place() {
    let mut here = hard_game();
    let mut away = here.clone();
    let logic = Logic::new(here.layout());
    for _ in 0..500 {
        if here.status() == Status::Won {
            break;
        }
        for (stage, intuitive) in [
            (Stage::Technique, false),
            (Stage::Step, false),
            (Stage::Step, true),
        ] {
            let copy = away.clone();
            let hint = copy.hint_for(&logic, stage, intuitive);
            away.record_hint();
            let expected = if intuitive {
                here.intuitive_hint_with(&logic, stage)
            } else {
                here.hint_with(&logic, stage)
            };
            assert_eq!(hint, expected);
        }
        let step = away.clone().hint_step(&logic).unwrap();
        let seen = away.fingerprint();
        assert_eq!(
            away.apply_hint_step(&step, 0),
            here.apply(&Move::ApplyHint, 0)
        );
        assert_ne!(away.fingerprint(), seen, "the position moved");
        assert_eq!(away.fingerprint(), here.fingerprint());
        assert_eq!(away.hints(), here.hints());
    }
    assert_eq!(here.status(), Status::Won);
    assert_eq!(away.status(), Status::Won);
    assert_eq!(
        away.hint_step(&logic).unwrap_err(),
        GameError::Finished(Status::Won)
    );
}

#[test]
fn the_timer_counts_only_unpaused_time() {
    let mut g = game();
    assert_eq!(g.elapsed_ms(5_000), 0, "a new game is paused");
    g.resume(1_000);
    assert_eq!(g.elapsed_ms(1_500), 500);
    g.pause(2_000);
    assert!(g.is_paused());
    assert_eq!(g.elapsed_ms(60_000), 1_000);
    g.apply(&place("r1c2", 2), 70_000).unwrap();
    assert!(!g.is_paused(), "a move starts the timer");
    assert_eq!(g.elapsed_ms(70_250), 1_250);
}

#[test]
fn save_and_load_round_trip() {
    let mut g = game();
    g.set_mistake_limit(Some(3));
    g.resume(100);
    g.apply(&Move::FillNotes, 200).unwrap();
    g.apply(&place("r1c2", 4), 300).unwrap();
    g.apply(&place("r1c4", 4), 400).unwrap();
    g.undo(500).unwrap();
    g.hint(Stage::Where);
    let json = serde_json::to_string(&g).unwrap();
    let mut back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.board(), g.board());
    assert_eq!(notes_of(&back, "r2c3"), notes_of(&g, "r2c3"));
    assert_eq!((back.mistakes(), back.hints()), (1, 1));
    assert_eq!(back.elapsed_ms(1_000), 900);
    // The loaded game goes on where it stopped: redo, then the limit still applies.
    back.redo(600).unwrap();
    assert_eq!(digit_of(&back, "r1c4"), Some(4));
    back.apply(&place("r2c3", 2), 700).unwrap();
    back.apply(&place("r3c2", 3), 800).unwrap();
    assert_eq!(back.status(), Status::Lost);
}

#[test]
fn loading_refuses_a_damaged_save() {
    let mut g = game();
    g.apply(&place("r1c2", 2), 0).unwrap();
    let good = serde_json::to_value(&g).unwrap();
    let damage = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v);
        serde_json::from_value::<Game>(v)
    };
    assert!(damage(&|v| v["cells"].as_array_mut().unwrap().truncate(3)).is_err());
    assert!(damage(&|v| v["cells"][1]["d"] = 9.into()).is_err());
    assert!(damage(&|v| v["solution"] = "1234341221434312".into()).is_err());
    assert!(damage(&|v| v["box_rows"] = 7.into()).is_err());
    // Undo history pointing outside the grid would panic later: refused now.
    assert!(damage(&|v| v["undo"][0][0]["i"] = 400.into()).is_err());
    // An entry over a given (r1c1 holds the given 1).
    assert!(damage(&|v| v["cells"][0]["d"] = 1.into()).is_err());
    // Notes of digits the grid does not have.
    assert!(damage(&|v| v["cells"][1]["m"] = 0x100.into()).is_err());
    assert!(damage(&|_| ()).is_ok());
}

#[test]
fn a_diagonal_game_counts_the_diagonals() {
    // 4x4 X-sudoku: solution 1234/3412/4321/2143 has distinct digits on both diagonals.
    let solution: Grid = "1234341243212143".parse().unwrap();
    let puzzle: Grid = "1.3...1.4.2....3".parse().unwrap();
    let layout = GameVariant::Diagonal
        .layout(Shape::new(2, 2).unwrap())
        .unwrap();
    if layout.check_solution(&puzzle, &solution).is_err() {
        panic!("the test grid must be a diagonal solution");
    }
    let mut g = Game::new(GameVariant::Diagonal, &puzzle, &solution, 0).unwrap();
    assert_eq!(g.variant(), GameVariant::Diagonal);
    // 2 in r2c2: row 2 has 1, column 2 nothing, the box 1; only r3c3 = 2 on the main
    // diagonal clashes.
    g.apply(&place("r2c2", 2), 0).unwrap();
    assert_eq!(g.check().conflicts, [CellRef(c("r2c2"))]);
    let mut classic = Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap();
    classic.apply(&place("r2c2", 2), 0).unwrap();
    assert!(classic.check().conflicts.is_empty());
    assert_eq!(classic.check().wrong, [CellRef(c("r2c2"))]);
}

/// Colour marks (six colours, as Good Sudoku and HoDoKu have): on cells and candidates,
/// undoable, saved with the game, kept by a placement on the cell, refused past six.
#[test]
fn colour_marks_on_cells_and_candidates_are_saved() {
    let mut g = game();
    let colour = |cell: &str, digit: Option<u8>, colour: u8| Move::Colour {
        cell: CellRef(c(cell)),
        digit,
        colour,
    };
    g.apply(&note("r1c2", 2), 0).unwrap();
    g.apply(&note("r1c2", 4), 0).unwrap();
    assert!(g.apply(&colour("r1c2", None, 3), 0).unwrap());
    assert!(g.apply(&colour("r1c2", Some(4), 6), 0).unwrap());
    assert!(
        g.apply(&colour("r1c1", None, 1), 0).unwrap(),
        "a given takes a colour"
    );
    let d = |k: usize| Digit::new(k).unwrap();
    assert_eq!(g.colour_of(c("r1c2")), 3);
    assert_eq!(g.candidate_colour_of(c("r1c2"), d(4)), 6);
    assert_eq!(g.candidate_colour_of(c("r1c2"), d(2)), 0);
    let back: Game = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back.candidate_colour_of(c("r1c2"), d(4)), 6);
    assert_eq!(back.colour_of(c("r1c1")), 1);
    g.undo(0).unwrap();
    assert_eq!(g.colour_of(c("r1c1")), 0, "colouring is a move that undoes");
    assert_eq!(
        g.apply(&colour("r1c2", None, 7), 0).unwrap_err(),
        GameError::BadColour(7)
    );
    assert_eq!(GameError::BadColour(7).field(), Some("colour"));
    assert_eq!(
        g.apply(&colour("r1c1", Some(2), 1), 0).unwrap_err(),
        GameError::Filled(c("r1c1"))
    );
    g.apply(&place("r1c2", 2), 0).unwrap();
    assert_eq!(g.colour_of(c("r1c2")), 3, "the cell keeps its colour");
    assert_eq!(
        g.candidate_colour_of(c("r1c2"), d(4)),
        0,
        "its notes' colours go"
    );
    // A save whose colours are no colours is refused.
    let bad = serde_json::to_string(&g)
        .unwrap()
        .replace(r#""k":3"#, r#""k":9"#);
    assert!(serde_json::from_str::<Game>(&bad).is_err());
}
