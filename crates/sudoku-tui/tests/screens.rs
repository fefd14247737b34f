//! The terminal game's screens, drawn by ratatui's `TestBackend` and kept as insta snapshots
//! (`tests/snapshots/`): the board full and compact, notes, a hint at each stage, pause, the
//! help, a terminal too small, 16x16, Chinese. The colours of the hint's roles are checked
//! on the buffer's styles, not only the text; so are the attributes that stand in for them
//! with `NO_COLOR`.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use sudoku_game::GameVariant;
use sudoku_logic::{Hint, Lang};
use sudoku_store::Store;
use sudoku_tui::app::App;
use sudoku_tui::ui::{self, BoardGeom};

/// A 9x9 puzzle whose path is 29 singles, then a 2-String Kite (a pattern, strong links and
/// a removed candidate).
const KITE: &str =
    "1...7.82....2.........9....8.2..7..9....3..6...9..6.4.5..34..8..14..5.......2.53.";
/// A 4x4 puzzle and its solution.
const FOUR: &str = "1..4.4..21.....1";
/// A 16x16 puzzle (digits 10-16 are A-G).
const SIXTEEN: &str = "..F.2D..E........A....E...C...6..9...46.7.38G..F2G.3.1.....5...E.5....F....C..438..GC9..F....B.6A...G.4.B9.2..7.....E7.....3..C.F.G...75.8...1........9.6EDA...G.1.6.....27.ED...3C.BG......2.....2..8......4....47..E..9.6..521....A..6G7.F.....F1......3....A.";

/// A fixed clock: every timer reads 0:00.
fn noon() -> u64 {
    1_795_780_800_000
}

fn app(puzzle: &str, lang: Lang) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
    let app = App::import(store, "test", lang, noon, puzzle, GameVariant::Classic).unwrap();
    (dir, app)
}

fn key(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn draw(app: &App, (w, h): (u16, u16), color: bool) -> (Terminal<TestBackend>, Option<BoardGeom>) {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut geom = None;
    terminal
        .draw(|frame| geom = ui::draw(frame, app, color))
        .unwrap();
    (terminal, geom)
}

/// Where a cell's digit, or one of its notes in the full layout, is drawn.
fn spot(terminal: &Terminal<TestBackend>, text: &str, near: (u16, u16)) -> Option<(u16, u16)> {
    let buf = terminal.backend().buffer();
    let (x0, y0) = near;
    (y0..y0 + 4)
        .flat_map(|y| (x0..x0 + 9).map(move |x| (x, y)))
        .find(|&(x, y)| buf[(x, y)].symbol() == text)
}

#[test]
fn the_board_full_compact_and_too_small() {
    let (_dir, app) = app(KITE, Lang::En);
    let (full, geom) = draw(&app, (100, 36), true);
    assert!(
        geom.unwrap().full,
        "a 100x36 terminal has room for the mini-grids"
    );
    insta::assert_snapshot!("board_full", full.backend());
    let (compact, geom) = draw(&app, (80, 24), true);
    assert!(!geom.unwrap().full, "80x24 takes the compact board");
    insta::assert_snapshot!("board_80x24", compact.backend());
    let (small, geom) = draw(&app, (40, 12), true);
    assert!(geom.is_none());
    insta::assert_snapshot!("too_small", small.backend());
    // The selected cell is drawn reversed; the givens bold.
    let (full, geom) = draw(&app, (100, 36), true);
    let geom = geom.unwrap();
    let buf = full.backend().buffer();
    let any_reversed = (0..36)
        .any(|y| (0..geom.width()).any(|x| buf[(x, y)].modifier.contains(Modifier::REVERSED)));
    assert!(any_reversed, "the selection shows");
}

#[test]
fn notes_are_a_mini_grid_or_listed_in_the_compact_panel() {
    let (_dir, mut app) = app(KITE, Lang::En);
    key(&mut app, KeyCode::Char('f'));
    assert!(
        !app.game.notes(app.cell()).is_empty(),
        "F fills the candidates"
    );
    let (full, _) = draw(&app, (100, 36), true);
    insta::assert_snapshot!("notes_full", full.backend());
    let (compact, _) = draw(&app, (80, 24), true);
    insta::assert_snapshot!("notes_80x24", compact.backend());
    // Notes mode: a digit is a note; N turns it off again.
    key(&mut app, KeyCode::Char('0'));
    assert!(app.game.notes(app.cell()).is_empty(), "0 erases the notes");
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Char('3'));
    assert_eq!(
        app.game
            .notes(app.cell())
            .iter()
            .map(|d| d.get())
            .collect::<Vec<_>>(),
        [3]
    );
    assert!(app.game.digit(app.cell()).is_none());
}

/// Applies the next steps while they are singles; the first other hint is left shown at
/// stage 1.
fn past_singles(app: &mut App) {
    for _ in 0..60 {
        key(app, KeyCode::Char('i'));
        let Some(shown) = &app.hint else {
            panic!("a hint")
        };
        let Hint::Step { step, .. } = &shown.hint else {
            panic!("{:?}", shown.hint)
        };
        if !step.technique.code().starts_with("00") {
            return;
        }
        key(app, KeyCode::Enter);
    }
    panic!("no step past the singles");
}

#[test]
fn a_hint_in_three_stages_with_the_colours_of_its_roles() {
    let (_dir, mut app) = app(KITE, Lang::En);
    key(&mut app, KeyCode::Char('f'));
    past_singles(&mut app);
    let (one, _) = draw(&app, (100, 36), true);
    insta::assert_snapshot!("hint_stage_1", one.backend());
    let text = format!("{}", one.backend());
    assert!(
        text.contains("Hint 1/3") && text.contains("2-String Kite"),
        "{text}"
    );

    key(&mut app, KeyCode::Char('i'));
    let (two, geom) = draw(&app, (100, 36), true);
    insta::assert_snapshot!("hint_stage_2", two.backend());
    let buf = two.backend().buffer();
    let geom = geom.unwrap();
    let tinted = (0..36).any(|y| (0..geom.width()).any(|x| buf[(x, y)].bg == Color::Blue));
    let Some(shown) = &app.hint else { panic!() };
    let Hint::Step { step, .. } = &shown.hint else {
        panic!()
    };
    let has_base = step
        .highlights
        .iter()
        .any(|h| h.role == sudoku_logic::Role::Base);
    assert_eq!(
        tinted, has_base,
        "stage 2 tints the houses to look in, and nothing else"
    );

    key(&mut app, KeyCode::Char('i'));
    let (three, geom) = draw(&app, (100, 36), true);
    insta::assert_snapshot!("hint_stage_3", three.backend());
    let geom = geom.unwrap();
    let Some(shown) = &app.hint else { panic!() };
    let Hint::Step { step, .. } = &shown.hint else {
        panic!()
    };
    // The removed candidate is red and crossed out in its cell's mini-grid.
    let removed = step.eliminations[0];
    let n = 9;
    let i = removed.cell.index(n);
    let (r, c) = (i / n, i % n);
    let origin = (
        1 + c as u16 * 7 + (c / 3) as u16,
        1 + 1 + r as u16 * 3 + (r / 3) as u16,
    );
    let at = spot(&three, &removed.digit.get().to_string(), origin)
        .unwrap_or_else(|| panic!("{removed} drawn near {origin:?}"));
    let cell = &three.backend().buffer()[at];
    assert_eq!(cell.fg, Color::Red, "{removed}: {cell:?}");
    assert!(cell.modifier.contains(Modifier::CROSSED_OUT));
    // The pattern's candidates are yellow.
    let buf = three.backend().buffer();
    let yellow = (0..36).any(|y| (0..geom.width()).any(|x| buf[(x, y)].fg == Color::Yellow));
    assert!(yellow, "the pattern is drawn");
    // Enter applies the step: the candidate is gone.
    key(&mut app, KeyCode::Enter);
    assert!(
        !app.game
            .notes(removed.cell)
            .iter()
            .any(|d| d == removed.digit)
    );
}

/// Each step taken through its three stages and applied is one hint (the issue saw 58 such
/// steps shown as "Hints: 117"); the win line says the time, mistakes and hints, and the
/// statistics keep the win apart from the best times.
#[test]
fn a_hint_through_its_stages_and_applied_counts_once() {
    let (_dir, mut app) = app(KITE, Lang::En);
    key(&mut app, KeyCode::Char('f'));
    let mut steps = 0;
    while app.game.status() == sudoku_game::Status::Playing && steps < 200 {
        for _ in 0..3 {
            key(&mut app, KeyCode::Char('i'));
        }
        key(&mut app, KeyCode::Enter);
        steps += 1;
        assert_eq!(app.game.hints(), steps, "after step {steps}");
    }
    assert_eq!(app.game.status(), sudoku_game::Status::Won);
    let (won, _) = draw(&app, (100, 36), true);
    let text = format!("{}", won.backend());
    // The panel wraps the line: "Solved in 0:00: 0 mistakes, 64 | hints (with help: ...".
    let words: Vec<&str> = text
        .lines()
        .flat_map(|l| {
            l.trim_matches('"')
                .rsplit('│')
                .next()
                .unwrap_or("")
                .split_whitespace()
        })
        .collect();
    let line = format!("Solved in 0:00: 0 mistakes, {steps} hints (with help: no best time).");
    assert!(words.join(" ").contains(&line), "{line} in {text}");
    key(&mut app, KeyCode::Char('s'));
    let (stats, _) = draw(&app, (100, 36), true);
    let text = format!("{}", stats.backend());
    let row = text
        .lines()
        .find(|l| l.contains("Your puzzle") && l.contains('%'))
        .unwrap_or_else(|| panic!("{text}"));
    // Played 1, solved 1, with help 1, 100%, no best time, no average, best with help 0:00.
    let cells: Vec<&str> = row
        .split("Your puzzle")
        .nth(1)
        .unwrap_or_default()
        .split_whitespace()
        .filter(|w| w.chars().all(|c| c.is_ascii_digit() || ":%–".contains(c)))
        .collect();
    assert_eq!(cells, ["1", "1", "1", "100%", "–", "–", "0:00"], "{row}");
}

/// Colour marks in the terminal: V colours the cell (again: the next colour), and in notes
/// mode V is a brush that digits paint candidates with; both are saved with the game.
#[test]
fn colour_marks_on_cells_and_candidates() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    let store = Store::open(&path).unwrap();
    let mut app = App::import(store, "test", Lang::En, noon, KITE, GameVariant::Classic).unwrap();
    let cell = app.cell(); // the first empty cell
    assert!(app.game.digit(cell).is_none());
    key(&mut app, KeyCode::Char('v'));
    key(&mut app, KeyCode::Char('v'));
    assert_eq!(app.game.colour_of(cell), 2, "V twice: the second colour");
    key(&mut app, KeyCode::Char('n'));
    key(&mut app, KeyCode::Char('3'));
    key(&mut app, KeyCode::Char('v'));
    let (panel, _) = draw(&app, (100, 36), true);
    assert!(format!("{}", panel.backend()).contains("brush: red"));
    key(&mut app, KeyCode::Char('3'));
    let three = sudoku_core::Digit::new(3).unwrap();
    assert_eq!(app.game.candidate_colour_of(cell, three), 1);
    assert!(
        app.game.notes(cell).contains(three),
        "the brush paints, the note stays"
    );
    let (drawn, _) = draw(&app, (100, 36), true);
    let buf = drawn.backend().buffer();
    // The cell's mini-grid: the cell is orange, its candidate 3 red.
    let (r, c) = (cell.row() as u16, cell.col() as u16);
    let (x0, y0) = (1 + c * 7 + c / 3, 2 + r * 3 + r / 3);
    let orange = (x0..x0 + 6).any(|x| buf[(x, y0 + 1)].bg == Color::Indexed(208));
    let at =
        spot(&drawn, "3", (x0, y0)).unwrap_or_else(|| panic!("the note 3 in {}", drawn.backend()));
    assert!(orange, "the cell is coloured");
    assert_eq!(buf[at].bg, Color::Red, "{:?}", buf[at]);
    // Saved: another handle on the file sees both marks.
    let id = app.meta.id.clone();
    let other = Store::open(&path).unwrap();
    let (_, game) = other.load_game_blocking("test", &id).unwrap();
    assert_eq!(
        (game.colour_of(cell), game.candidate_colour_of(cell, three)),
        (2, 1)
    );
}

#[test]
fn without_colours_the_roles_are_attributes() {
    let (_dir, mut app) = app(KITE, Lang::En);
    key(&mut app, KeyCode::Char('f'));
    past_singles(&mut app);
    key(&mut app, KeyCode::Char('i'));
    key(&mut app, KeyCode::Char('i'));
    let (mono, _) = draw(&app, (100, 36), false);
    let buf = mono.backend().buffer();
    let cells: Vec<_> = buf.content().iter().collect();
    assert!(
        cells
            .iter()
            .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
        "no colour at all"
    );
    assert!(
        cells
            .iter()
            .any(|c| c.modifier.contains(Modifier::CROSSED_OUT)),
        "the removed candidate is crossed out"
    );
    insta::assert_snapshot!("hint_stage_3_monochrome", mono.backend());
}

#[test]
fn pause_hides_the_board_and_the_help_lists_the_keys() {
    let (_dir, mut app) = app(KITE, Lang::En);
    key(&mut app, KeyCode::Char('5'));
    key(&mut app, KeyCode::Char('p'));
    assert!(app.game.is_paused());
    let (paused, _) = draw(&app, (100, 36), true);
    let text = format!("{}", paused.backend());
    assert!(text.contains("Paused") && !text.contains('5'), "{text}");
    insta::assert_snapshot!("paused", paused.backend());
    key(&mut app, KeyCode::Char('p'));
    assert!(!app.game.is_paused());
    key(&mut app, KeyCode::Char('?'));
    let (help, _) = draw(&app, (100, 36), true);
    insta::assert_snapshot!("help", help.backend());
    key(&mut app, KeyCode::Esc);
    assert_eq!(app.screen, sudoku_tui::app::Screen::Board);
}

#[test]
fn sixteen_by_sixteen_and_chinese() {
    let (_dir, mut app) = app(SIXTEEN, Lang::En);
    let (big, geom) = draw(&app, (100, 30), true);
    assert!(geom.is_some());
    insta::assert_snapshot!("sixteen", big.backend());
    // Letters are digits past 9.
    let before = app.game.moves();
    key(&mut app, KeyCode::Char('a'));
    assert_eq!(app.game.moves(), before + 1);
    assert_eq!(app.game.digit(app.cell()).map(|d| d.get()), Some(10));

    let (_dir, mut zh) = self::app(FOUR, Lang::Zh);
    key(&mut zh, KeyCode::Char('f'));
    key(&mut zh, KeyCode::Char('i'));
    key(&mut zh, KeyCode::Char('i'));
    key(&mut zh, KeyCode::Char('i'));
    let (chinese, _) = draw(&zh, (80, 24), true);
    let text = format!("{}", chinese.backend());
    assert!(text.contains("提示 3/3") && text.contains("用时"), "{text}");
    insta::assert_snapshot!("chinese", chinese.backend());
}

#[test]
fn moves_are_in_the_store_before_they_are_shown() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    let store = Store::open(&path).unwrap();
    let mut app = App::import(store, "test", Lang::En, noon, FOUR, GameVariant::Classic).unwrap();
    let id = app.meta.id.clone();
    let solution = "1234341221434321";
    // Play the 4x4 to the win with keys: for each empty cell, move there and type.
    for (i, ch) in FOUR.chars().enumerate() {
        if ch != '.' {
            continue;
        }
        while app.selected / 4 != i / 4 {
            key(&mut app, KeyCode::Down);
        }
        while app.selected != i {
            key(&mut app, KeyCode::Right);
        }
        let d = solution.as_bytes()[i];
        key(&mut app, KeyCode::Char(char::from(d)));
    }
    assert_eq!(app.game.status(), sudoku_game::Status::Won);
    // Another handle on the file sees the won game.
    let other = Store::open(&path).unwrap();
    let (_, game) = other.load_game_blocking("test", &id).unwrap();
    assert_eq!(game.status(), sudoku_game::Status::Won);
    let (won, _) = draw(&app, (80, 24), true);
    let text = format!("{}", won.backend());
    assert!(
        text.contains("Solved in 0:00: 0 mistakes, 0 hints."),
        "{text}"
    );
    // The statistics count it.
    key(&mut app, KeyCode::Char('s'));
    let (stats, _) = draw(&app, (80, 24), true);
    let text = format!("{}", stats.backend());
    assert!(
        text.contains("Your puzzle") && text.contains("100%"),
        "{text}"
    );
}

#[test]
fn the_games_being_played_are_listed_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.sqlite3");
    let first = App::import(
        Store::open(&path).unwrap(),
        "test",
        Lang::En,
        noon,
        KITE,
        GameVariant::Classic,
    )
    .unwrap();
    let first_id = first.meta.id.clone();
    drop(first);
    let mut app = App::import(
        Store::open(&path).unwrap(),
        "test",
        Lang::En,
        noon,
        FOUR,
        GameVariant::Classic,
    )
    .unwrap();
    key(&mut app, KeyCode::Char('o'));
    let (list, _) = draw(&app, (80, 24), true);
    let text = format!("{}", list.backend());
    assert!(
        text.contains("(this one)") && text.contains("9×9"),
        "{text}"
    );
    // The other game is the next line; Enter resumes it.
    let sudoku_tui::app::Screen::Games(games, at) = &app.screen else {
        panic!("{:?}", app.screen)
    };
    let other = (0..games.len()).find(|&k| games[k].id == first_id).unwrap();
    for _ in 0..(other + games.len() - at) % games.len() {
        key(&mut app, KeyCode::Down);
    }
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.meta.id, first_id);
    assert_eq!(app.n(), 9);
    assert!(!app.game.is_paused(), "the game resumed runs");
}

#[test]
fn checking_as_you_go_marks_a_wrong_digit_at_once() {
    let (_dir, mut app) = app(FOUR, Lang::En);
    // r1c2 is 2 in the solution: 3 is wrong (and clashes with nothing yet).
    assert_eq!(app.selected, 1);
    key(&mut app, KeyCode::Char('3'));
    assert!(app.wrong.is_empty(), "not checked unless asked");
    key(&mut app, KeyCode::Char('K'));
    assert_eq!(app.wrong, [1]);
    let (screen, geom) = draw(&app, (80, 24), true);
    let geom = geom.unwrap();
    let buf = screen.backend().buffer();
    let red = (0..24).any(|y| {
        (0..geom.width()).any(|x| buf[(x, y)].symbol() == "3" && buf[(x, y)].fg == Color::Red)
    });
    assert!(red, "the wrong digit is red");
    key(&mut app, KeyCode::Char('2'));
    assert!(app.wrong.is_empty(), "the right digit clears the mark");
}

#[test]
fn a_new_game_is_chosen_said_then_made() {
    let (_dir, mut app) = app(FOUR, Lang::En);
    let before = app.meta.id.clone();
    key(&mut app, KeyCode::Char('g'));
    let (form, _) = draw(&app, (80, 24), true);
    let text = format!("{}", form.backend());
    assert!(text.contains("New game") && text.contains("4×4"), "{text}");
    // Down to the size line, right: 6x6.
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    let (saying, _) = draw(&app, (80, 24), true);
    assert!(format!("{}", saying.backend()).contains("Making a puzzle"));
    app.make_pending();
    assert_ne!(app.meta.id, before);
    assert_eq!(app.n(), 6);
    assert!(!app.game.is_paused());
}

/// The new game is made on a thread of its own: the board stays live while the seconds
/// are counted, the game arrives by itself, and Esc gives it up with the game on the
/// board untouched.
#[test]
fn a_new_game_is_made_while_the_board_stays_live_and_esc_gives_it_up() {
    let (_dir, mut app) = app(FOUR, Lang::En);
    let before = app.meta.id.clone();
    key(&mut app, KeyCode::Char('g'));
    key(&mut app, KeyCode::Enter);
    assert!(app.pending.is_some());
    key(&mut app, KeyCode::Esc);
    assert!(app.pending.is_none(), "Esc gave the new game up");
    assert_eq!(app.meta.id, before);
    let said = app.message.clone().unwrap_or_default();
    assert!(said.contains("given up"), "{said}");

    key(&mut app, KeyCode::Char('g'));
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Right);
    key(&mut app, KeyCode::Enter);
    // Keys go on working meanwhile: the selection moves.
    let selected = app.selected;
    key(&mut app, KeyCode::Right);
    assert_ne!(
        app.selected, selected,
        "the board answers keys while the game is made"
    );
    let start = std::time::Instant::now();
    while app.pending.is_some() {
        assert!(start.elapsed().as_secs() < 30, "the new game arrives");
        app.poll_pending();
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_ne!(app.meta.id, before);
    assert_eq!(app.n(), 6);
}

/// The whole screen as text, row by row.
fn screen_text(terminal: &Terminal<TestBackend>) -> String {
    let buf = terminal.backend().buffer();
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_day_s_puzzle_is_titled_solved_and_counted_in_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
    let easy = sudoku_tui::app::rung_by_id("easy").unwrap();
    let mut app = App::daily(store, "test", Lang::En, noon, easy).unwrap();
    let (board, _) = draw(&app, (100, 36), true);
    assert!(
        screen_text(&board).contains("Easy · 9×9 · Daily 2026-11-27"),
        "the title names the day"
    );
    for _ in 0..81 {
        if !app.playing() {
            break;
        }
        key(&mut app, KeyCode::Char('i'));
        key(&mut app, KeyCode::Enter);
    }
    assert_eq!(app.game.status(), sudoku_game::Status::Won);
    key(&mut app, KeyCode::Char('s'));
    let (stats, _) = draw(&app, (100, 36), true);
    let text = screen_text(&stats);
    assert!(text.contains("Daily streak: 1 day (best 1)"), "{text}");
    app.lang = Lang::Zh;
    let (stats, _) = draw(&app, (100, 36), true);
    // A wide character's second cell draws as a blank.
    let text = screen_text(&stats).replace(' ', "");
    assert!(text.contains("每日一题连续1天（最长1天）"), "{text}");
}
