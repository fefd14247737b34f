//! Importing a puzzle as both front ends do: one reader, one search budget, one uniqueness
//! check, and refusals that say what and where in English and in Chinese.

use sudoku_game::GameVariant;
use sudoku_play::import::import_within;
use sudoku_play::{Code, PlayError, import, import_workbook};

/// A 4x4 puzzle with one solution.
const FOUR: &str = "1..4.4..2......1";

fn refused(text: &str) -> PlayError {
    import(text, None, GameVariant::Classic).expect_err("a refusal")
}

#[test]
fn a_good_puzzle_comes_with_its_solution_and_grade() {
    let imported = import(FOUR, None, GameVariant::Classic).expect("a unique 4x4");
    assert_eq!(imported.puzzle.to_line(), FOUR);
    assert_eq!(imported.solution.to_line().len(), 16);
    assert!(!imported.solution.to_line().contains('.'));
    // Every given is kept in the solution.
    for (given, solved) in FOUR.chars().zip(imported.solution.to_line().chars()) {
        if given != '.' {
            assert_eq!(given, solved);
        }
    }
    assert!(!imported.level.is_empty());
}

#[test]
fn a_bad_character_is_placed_by_line_column_and_cell_in_both_languages() {
    let e = refused("1..4.4..2x.....1");
    assert_eq!(
        (e.code, e.field.as_deref()),
        (Code::BadField, Some("puzzle"))
    );
    assert_eq!((e.line, e.column), (Some(1), Some(10)));
    assert!(e.message.starts_with("Line 1, column 10"), "{}", e.message);
    assert!(e.message.ends_with('.'), "{}", e.message);
    assert!(
        e.message_zh.starts_with("第 1 行，第 10 列（r3c2）："),
        "{}",
        e.message_zh
    );
    assert!(e.message_zh.ends_with('。'), "{}", e.message_zh);
}

#[test]
fn each_kind_of_unplayable_puzzle_has_its_code() {
    let clash = refused("11..............");
    assert_eq!(clash.code, Code::NoSolution);
    assert!(clash.message.contains("clash"), "{}", clash.message);
    assert!(clash.message_zh.contains("r1c1"), "{}", clash.message_zh);

    let several = refused("................");
    assert_eq!(several.code, Code::SeveralSolutions);
    assert_eq!(several.field.as_deref(), Some("puzzle"));

    let two = refused(&format!("{FOUR}\n{FOUR}"));
    assert_eq!((two.code, two.line), (Code::BadField, Some(2)));
    assert!(two.message.contains("second puzzle"), "{}", two.message);

    let none = refused("   \n");
    assert_eq!(none.code, Code::BadField);
    assert!(none.message.contains("No puzzle"), "{}", none.message);

    // 12x12 reads as a grid but is not a size the game offers.
    let big = refused(&".".repeat(144));
    assert_eq!(big.code, Code::BadField);
    assert!(
        big.message.contains("cannot be played here"),
        "{}",
        big.message
    );
    assert!(
        big.message_zh.contains("不能在这里玩"),
        "{}",
        big.message_zh
    );
}

#[test]
fn an_import_past_the_search_budget_is_refused_by_name() {
    // A 16x16 grid with one given: settling it takes a search (two solutions, found after a
    // few hundred nodes), so a budget of ten nodes runs out.
    let mut text = String::from("1");
    text.push_str(&".".repeat(255));
    let e = import_within(&text, None, GameVariant::Classic, 10).expect_err("past the budget");
    assert_eq!(
        (e.code, e.field.as_deref()),
        (Code::TooHard, Some("puzzle"))
    );
    assert!(e.message.contains("10 search steps"), "{}", e.message);
    // Within the shared budget the same grid is settled: several solutions.
    assert_eq!(refused(&text).code, Code::SeveralSolutions);
}

#[test]
fn a_body_that_is_not_a_workbook_is_refused_on_its_field() {
    let e = import_workbook(b"hello", 0, None, GameVariant::Classic).expect_err("not a book");
    assert_eq!(
        (e.code, e.field.as_deref()),
        (Code::BadField, Some("workbook"))
    );
    assert!(e.message.contains(".xlsx"), "{}", e.message);
    assert!(e.message_zh.contains("表格"), "{}", e.message_zh);
}

#[test]
fn a_refused_move_keeps_its_field_or_conflicts_with_the_game() {
    use sudoku_core::Cell;
    use sudoku_game::GameError;
    let e = PlayError::from(GameError::BadDigit { digit: 7, n: 4 });
    assert_eq!(
        (e.code, e.field.as_deref()),
        (Code::BadField, Some("digit"))
    );
    let e = PlayError::from(GameError::Given(Cell::new(0, 0)));
    assert_eq!((e.code, e.field), (Code::Conflict, None));
    assert!(e.message_zh.contains("r1c1"), "{}", e.message_zh);
}
