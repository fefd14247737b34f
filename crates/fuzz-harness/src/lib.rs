//! The bodies of the fuzz targets in `fuzz/` (cargo-fuzz, nightly). Each takes the fuzzer's
//! bytes and must neither panic nor run without bound, whatever they are; the fuzzer finds
//! inputs that break that, and every such input is kept under `fuzz/regressions/<target>/`,
//! where `tests/replay.rs` runs it again on stable in the normal test suite.
//!
//! Work is bounded inside each target (node limits, small grids for the logic), so that a
//! slow input is a finding about the code, not about the target.

use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{Cell, Engine, Grid, Layout, Shape, Solver};
use sudoku_game::{CellRef, Game, GameVariant, Move};
use sudoku_logic::{Logic, Stage, pencilmarks, reglib};

/// A target's body: the fuzzer's bytes in, nothing out (a panic is the finding).
pub type Target = fn(&[u8]);

/// The targets, by name: the names of `fuzz/fuzz_targets/*.rs` and of the folders under
/// `fuzz/regressions/`.
pub const TARGETS: [(&str, Target); 6] = [
    ("xc_format", xc_format),
    ("puzzle_formats", puzzle_formats),
    ("positions", positions),
    ("game_moves", game_moves),
    ("saved_games", saved_games),
    ("api_bodies", api_bodies),
];

/// Knuth's exact-cover format: parse, then count with a node budget (a search is
/// exponential by nature: a few kilobytes of options can take seconds to refute, which is
/// the problem's size, not a fault; the first campaign's timeout was such a problem). A node
/// can cost as many updates as the problem has entries (235 a node on the third campaign's
/// slow 2.4 KB input), so the budget is 5,000 nodes: a few million updates at most.
pub fn xc_format(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(parsed) = exact_cover::parse(text) {
        let _ = parsed.problem.solver().limit(20).node_budget(5_000).count();
    }
}

/// The puzzle formats of every batch command (lines, grids, JSON) and workbooks; each puzzle
/// read is then solved with a bound, as `solve` would.
pub fn puzzle_formats(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for entry in read_str(&text, ReadOptions::default()).take(20).flatten() {
        solve_bounded(&entry.grid);
    }
    if let Ok(found) = sudoku_core::format::workbook::read_workbook(data, ReadOptions::default()) {
        for puzzle in found.into_iter().take(5).flatten() {
            solve_bounded(&puzzle.grid);
        }
    }
}

fn solve_bounded(grid: &Grid) {
    let layout = Layout::new(grid.shape());
    if let Ok(mut solver) = Solver::new(layout, Engine::Auto) {
        let _ = solver.verdict_within(grid, 20_000);
    }
}

/// Positions as `hint` reads them: pencil-mark grids and HoDoKu library lines, then a hint
/// at every stage (9x9 and 4x4 only, so the logic's work stays small).
pub fn positions(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for shape in [Shape::CLASSIC, Shape::new(2, 2).unwrap_or(Shape::CLASSIC)] {
        let layout = Layout::new(shape);
        if let Ok(pos) = pencilmarks::parse(&layout, text) {
            hint_all(&layout, &pos);
        }
    }
    for (k, line) in text.lines().take(5).enumerate() {
        if let Ok(Some(entry)) = reglib::parse_line(line, k + 1) {
            let layout = Layout::classic();
            if let Ok(pos) = entry.position(&layout) {
                hint_all(&layout, &pos);
            }
        }
    }
}

fn hint_all(layout: &Layout, pos: &sudoku_logic::Candidates) {
    // A position whose givens are not one puzzle gets no hint (as `hint` refuses it).
    let Ok(mut solver) = Solver::new(layout.clone(), Engine::Auto) else {
        return;
    };
    if !matches!(
        solver.verdict_within(&pos.givens_grid(), 20_000),
        Ok(Some(sudoku_core::Verdict::Unique(_)))
    ) {
        return;
    }
    let logic = Logic::new(layout);
    for stage in [Stage::Technique, Stage::Where, Stage::Step] {
        let _ = logic.hint(pos, stage);
    }
}

/// Moves on a 4x4 game, each byte pair a move, with a save and load after each.
pub fn game_moves(data: &[u8]) {
    let Ok(puzzle) = "1..4.4..21.....1".parse::<Grid>() else {
        return;
    };
    let Ok(solution) = "1234342121434312".parse::<Grid>() else {
        return;
    };
    let Ok(mut game) = Game::new(GameVariant::Classic, &puzzle, &solution, 0) else {
        return;
    };
    for (k, pair) in data.chunks(2).take(200).enumerate() {
        let (a, b) = (pair[0], pair.get(1).copied().unwrap_or(0));
        // Cells past the grid (up to 5x5) and digits past 4 on purpose: the game refuses them.
        let cell = CellRef(Cell::new(usize::from(b % 5), usize::from(b / 5 % 5)));
        let digit = b / 25 % 6;
        let now = k as u64 * 1000;
        let _ = match a % 10 {
            0 => game.apply(
                &Move::Place {
                    cell,
                    digit,
                    auto_notes: a & 16 != 0,
                },
                now,
            ),
            1 => game.apply(&Move::Erase { cell }, now),
            2 => game.apply(&Move::Note { cell, digit }, now),
            3 => game.apply(&Move::FillNotes, now),
            4 => game.apply(&Move::Reveal { cell }, now),
            5 => game.apply(&Move::ApplyHint, now),
            6 => game.undo(now).map(|()| true),
            7 => game.redo(now).map(|()| true),
            8 => game.restart(now),
            _ => {
                game.pause(now);
                game.resume(now + 1);
                Ok(true)
            }
        };
        let Ok(saved) = serde_json::to_string(&game) else {
            panic!("a game that cannot be saved");
        };
        match serde_json::from_str::<Game>(&saved) {
            Ok(back) => game = back,
            Err(e) => panic!("a saved game that does not load: {e}"),
        }
    }
}

/// A saved game damaged in any way: loading it is an error or a game, never a panic; a game
/// that loads can be played and saved.
pub fn saved_games(data: &[u8]) {
    if let Ok(mut game) = serde_json::from_slice::<Game>(data) {
        let _ = game.apply(&Move::FillNotes, 1);
        let _ = game.hint(Stage::Step);
        let _ = serde_json::to_string(&game);
    }
}

/// The server as the fuzzer talks to it: the application over an in-memory database, a game
/// of a fixed session to act on, and a runtime to run requests on.
struct Api {
    runtime: tokio::runtime::Runtime,
    app: axum::Router,
    game: String,
    /// The session every fuzzed request carries (`sid=...`): the one the server issued with
    /// the game (a made-up one is no session).
    session: String,
}

/// The fuzzer's server, made on first use. A server that cannot start is a failure of the
/// harness, not an input to skip: it panics.
fn api() -> &'static Api {
    static API: std::sync::OnceLock<Api> = std::sync::OnceLock::new();
    API.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        // Every input is sent in the one session: no quota may cut the fuzzing short.
        let limits = sudoku_web::Limits {
            games_per_session: u64::MAX,
            questions_per_session: u64::MAX,
            new_per_minute: u32::MAX,
            changes_per_minute: u32::MAX,
            ..sudoku_web::Limits::default()
        };
        let state = sudoku_web::AppState::open(std::path::Path::new(":memory:"), &limits)
            .expect("an in-memory database");
        let app = sudoku_web::router(state);
        let body = br#"{"puzzle":"1..4.4..21.....1"}"#;
        let (status, answer, session) = runtime.block_on(send(
            &app,
            "/api/games/import",
            "application/json",
            body,
            "",
        ));
        assert!(status < 300, "the fuzzer's game: {status}");
        let game: serde_json::Value = serde_json::from_slice(&answer).expect("a game");
        let game = game["id"].as_str().expect("a game id").to_string();
        let session = session.expect("a session cookie with the game");
        Api {
            runtime,
            app,
            game,
            session,
        }
    })
}

/// Posts `body` with the session cookie `session`: the status, the answer and the session
/// cookie set, if any.
async fn send(
    app: &axum::Router,
    path: &str,
    kind: &str,
    body: &[u8],
    session: &str,
) -> (u16, Vec<u8>, Option<String>) {
    use tower::ServiceExt;
    let request = axum::http::Request::post(path)
        .header("content-type", kind)
        .header("cookie", session)
        .body(axum::body::Body::from(body.to_vec()));
    let Ok(request) = request else {
        return (400, Vec::new(), None);
    };
    let Ok(response) = app.clone().oneshot(request).await;
    let status = response.status().as_u16();
    let set = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::to_string);
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .map(|b| b.to_vec())
        .unwrap_or_default();
    (status, bytes, set)
}

/// The API's request bodies: the bytes go to every endpoint that reads a body (the first
/// byte picks the content type), and no answer may be a server fault (5xx other than a
/// 503 for a bounded generation that did not succeed) or a body that is not JSON.
pub fn api_bodies(data: &[u8]) {
    let api = api();
    let kind = match data.first().map(|b| b % 3) {
        Some(0) => "application/json",
        Some(1) => "application/json; charset=utf-8",
        _ => "text/plain",
    };
    let body = data.get(1..).unwrap_or_default();
    let id = &api.game;
    let paths = [
        "/api/games".to_string(),
        "/api/games/import".to_string(),
        "/api/games/import-workbook".to_string(),
        format!("/api/games/{id}/moves"),
        format!("/api/games/{id}/hint"),
        format!("/api/games/{id}/undo"),
        "/api/drill".to_string(),
    ];
    for path in &paths {
        let (status, answer, _) =
            api.runtime
                .block_on(send(&api.app, path, kind, body, &api.session));
        assert!(
            status < 500 || status == 503,
            "{path}: {status} {}",
            String::from_utf8_lossy(&answer)
        );
        assert!(
            serde_json::from_slice::<serde_json::Value>(&answer).is_ok(),
            "{path}: {status}, not JSON: {}",
            String::from_utf8_lossy(&answer)
        );
    }
}
