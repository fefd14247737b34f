//! A recorded session of the JSON API, replayed: the same requests must get the same status
//! codes and the same bodies, ids and times aside.
//!
//! The script below plays a few hundred requests against a real server on a fresh database
//! (started as the other tests start it, `common::start`, no background pool) from four
//! clients: `alice`, `bob` and `carol` keep their cookies (one session each), `drifter`
//! keeps none (a new session on every request). It covers the configuration, imports good
//! and bad (every size and both variants, grids that do not read, clashes, no solution,
//! several solutions, too large, the wrong JSON, unknown fields, wrong content types,
//! workbooks), moves of every kind (place, notes, erase, fill notes, reveal, colour marks,
//! undo and redo past their ends, restart, pause and resume, keys sent again, cells, digits
//! and colours out of range, moves on givens and on finished games), hints at every stage in
//! both styles and languages and applying them, check, give up and losing on the mistake
//! limit, the list of games and the current game, new games of several rungs, sizes,
//! variants and symmetries, the daily puzzle (today's won, the archive, dates out of range),
//! the drill, statistics, printing, and errors (unknown ids, another player's game, unknown
//! paths and methods, other origins, bad JSON).
//!
//! Every request and its answer is one line of `tests/replay/session.jsonl`: the index, the
//! client, the method, the path, extra headers, the request body, the status and the answer
//! (JSON, or a placeholder for a PDF).
//!
//! # Recording and comparing
//!
//! `cargo test -p sudoku-web --test replay` compares: each answer, normalised, must equal the
//! fixture's line of the same index, and the test stops at the first that does not with the
//! index, the client, the request and both statuses and bodies (and the JSON paths that
//! differ). `REPLAY_RECORD=1 cargo test -p sudoku-web --test replay` runs the same script
//! and rewrites the fixture instead. Record only against a server whose answers are known
//! to be right: `tests/replay/SOURCES.md` names the commit the fixture came from.
//!
//! # What is normalised ("ids and times aside")
//!
//! - Game and drill-question ids (128 random bits) become aliases in order of first sight
//!   (`<game-1>`, `<question-1>`), in bodies, in paths and inside messages, so references
//!   stay consistent. Session ids travel only in cookies and are not recorded.
//! - Times: `created`, `updated`, `ended` and any RFC 3339 timestamp become `<time>`; every
//!   number under a key `ms` or `*_ms` (`elapsed_ms`, `best_ms`, `average_ms`, ...) becomes
//!   `<ms>` (`null` stays `null`).
//! - Dates become relative to the server's UTC date, read from the first `GET /api/daily`:
//!   the dates the script uses are written `<today>`, `<today-3>`, `<today+1>`, `<too-old>`
//!   (in paths, bodies and messages); other dates (the example in a message, an impossible
//!   date sent on purpose) stay as they are. A run across midnight UTC may fail once.
//! - The server's address (a free port) becomes `<server>`.
//!
//! # What is compared exactly, and what by structure
//!
//! The server offers no hook to fix the seed of a new game or of a drill question (both draw
//! from `getrandom`), and the daily puzzle changes with the date. So every game that moves,
//! hints and checks are played on is an *imported* fixed puzzle: those answers (boards,
//! notes, colours, hints and their texts, mistakes, levels and scores) compare exactly. For
//! games made by `POST /api/games` and `POST /api/daily` ("unpinned" games) the answer's
//! keys, types and the rest of its fields compare exactly, while the puzzle-dependent
//! fields are checked for their invariants and replaced: `puzzle` (length n*n) by
//! `<puzzle>`, `cells` (n*n cells of the usual keys) by a summary (`<81 cells: none
//! entered|some entered|full>`), `score` by `<score>`, `moves` by `<moves>` and a listing's
//! `progress` by `<progress>`; `level` stays exact (a rung's puzzles are of its level). A
//! drill question's `grid`, `house`, `cell` or `digit` and an answer's `answer` become
//! placeholders after the test has worked out the right answer from what is shown. Moves on
//! unpinned games whose cells depend on the puzzle (the daily game's winning placements)
//! are sent "off the record" (each must answer 200) except the last, and a request body
//! that depends on the puzzle is recorded as the script's description of it (`"shown"`).
//!
//! # How the fixture is kept small
//!
//! A game's `cells` are written as rows of tokens, one per cell: `5` a given, `+5` entered,
//! `!5` revealed, `.` empty, then `[1,5:4,7]` notes (`5:4`: candidate 5 coloured 4) and
//! `#3` the cell's colour. The encoding is lossless: if any cell has another key or another
//! combination, the whole array stays as the server sent it. Bodies of more than a few
//! hundred bytes that the script sends (too large on purpose, workbooks) are recorded as a
//! description.
//!
//! Requests are sent one at a time, 2 ms apart, so that games made or changed one after the
//! other never share a millisecond (lists are ordered by time).

mod common;
#[path = "replay/machine.rs"]
mod machine;

use machine::*;
use reqwest::Method;
use serde_json::{Value, json};

/// A 9x9 classic puzzle (the other tests' own), medium.
const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A 9x9 classic puzzle of the ladder's hard rung (`sudoku generate --rung hard --seed 11`).
const HARD: &str =
    "82.9.....47.8...2..613..9.8.......7..14..9.6..9....4.....5.123...2..7.8....2..5.7";
/// A 4x4 puzzle.
const FOUR: &str = "1..4.4..21.....1";
/// A 6x6 puzzle (`sudoku generate --rung easy --box 2x3 --seed 7`).
const SIX: &str = "5....6.135..2...35345.....6251...6..";
/// A 9x9 diagonal puzzle (`sudoku generate --rung easy --variant diagonal --seed 7`).
const DIAGONAL: &str =
    ".9..7....6..3.......289.36..239....1......427.6.72198.2...8........39...4..6152.8";
/// A 16x16 puzzle (`sudoku generate --rung beginner --box 4x4 --seed 7`).
const SIXTEEN: &str = "1...97C.A.F.4.G6....25A.......8......48.6D7..F....5C6DF.....A2E..6....4DG1......G..3A2958F.C641...12G.3BD746...AAD.F.6..9..2G..E.....8..59CEF.7.....3B...46.9..G..CE..D2.A.38.4...B.....2G8F...35AD8.3.6..B72G.4B..45.......C.6...9...B.48.AE53F32.7...4E65..ADB";

#[tokio::test]
async fn a_recorded_session_answers_as_recorded() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = common::start(&dir.path().join("games.sqlite3")).await;
    let mut r = Replay::new(&server);
    let alice = Who::new("alice", true);
    let bob = Who::new("bob", true);
    let carol = Who::new("carol", true);
    let drifter = Who::new("drifter", false);

    first_looks(&mut r, &alice).await;
    imports(&mut r, &alice, &carol).await;
    let classic = moves_on_a_classic_game(&mut r, &alice).await;
    hints_and_applying_them(&mut r, &alice).await;
    other_sizes_and_variants(&mut r, &alice, &carol).await;
    new_games(&mut r, &bob).await;
    daily(&mut r, &bob).await;
    drill(&mut r, &carol, &bob).await;
    other_players(&mut r, &alice, &bob, &drifter, &classic).await;
    closing_looks(&mut r, &alice, &bob, &carol).await;

    r.finish();
    server.stop().await;
}

/// Today's daily status (which tells the server's date), the configuration and the empty
/// lists of a new player.
async fn first_looks(r: &mut Replay, alice: &Who) {
    let (status, day) = r.get(alice, "/api/daily").await;
    assert_eq!(status, 200, "{day}");
    assert!(r.today.is_some(), "a date: {day}");
    r.get(alice, "/api/config").await;
    r.get(alice, "/api/stats").await;
    r.get(alice, "/api/games").await;
    r.get(alice, "/api/games/current").await;
}

/// Imports accepted and refused.
async fn imports(r: &mut Replay, alice: &Who, carol: &Who) {
    r.game(alice, json!({ "puzzle": CLASSIC })).await;
    r.game(
        alice,
        json!({ "puzzle": CLASSIC, "size": "9x9", "variant": "classic" }),
    )
    .await;
    // As rows, with spaces and zeros.
    let rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&c| {
                    if c == b'.' {
                        "0".into()
                    } else {
                        (c as char).to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    r.game(alice, json!({ "puzzle": rows.join("\n") })).await;
    r.game(alice, json!({ "puzzle": "1..4\n.4..\n21..\n...1" }))
        .await;
    for bad in [
        "1.3.\n34.2\n2?4.\n43.1",
        "1.3.34.22.4.43.1\n1.3.34.22.4.43.1",
        "",
        "   \n",
        &".".repeat(25),
        &".".repeat(144),
        "11..............",
        ".21..4..3.......",
        "................",
        &format!("1{}", ".".repeat(255)),
        &CLASSIC[..80],
        &format!("{CLASSIC}5"),
        "hello world",
    ] {
        r.import(alice, json!({ "puzzle": bad })).await;
    }
    for body in [
        json!({ "puzzle": CLASSIC, "size": "12x12" }),
        json!({ "puzzle": CLASSIC, "size": "4x4" }),
        json!({ "puzzle": CLASSIC, "variant": "diagonal" }),
        json!({ "puzzle": CLASSIC, "variant": "killer" }),
        json!({ "puzzle": FOUR, "size": "6x6" }),
        json!({}),
        json!({ "puzzle": CLASSIC, "grid": CLASSIC }),
        json!({ "puzzle": 5 }),
        json!({ "puzzle": null }),
        json!({ "puzzle": [CLASSIC] }),
        json!({ "puzzle": CLASSIC, "size": 9 }),
        json!([CLASSIC]),
        json!(CLASSIC),
    ] {
        r.import(alice, body).await;
    }
    r.text(alice, "/api/games/import", "{\"puzzle\": ").await;
    r.text(alice, "/api/games/import", "puzzle please").await;
    r.text(alice, "/api/games/import", "").await;
    let big = json!({ "puzzle": ".".repeat(20_000) }).to_string();
    r.text(alice, "/api/games/import", &big).await;
    // The body as text/plain, and with no content type at all.
    let plain = Request {
        headers: vec![("content-type", "text/plain".to_string())],
        ..request(
            Method::POST,
            "/api/games/import",
            Payload::Json(json!({ "puzzle": FOUR })),
        )
    };
    r.send(alice, plain).await;
    let untyped = Request {
        headers: vec![("content-type", String::new())],
        ..request(
            Method::POST,
            "/api/games/import",
            Payload::Json(json!({ "puzzle": FOUR })),
        )
    };
    r.send(alice, untyped).await;
    // The Chinese messages of refused imports.
    for bad in [
        "1.3.\n34.2\n2?4.\n43.1",
        "11..............",
        "................",
    ] {
        r.import(carol, json!({ "puzzle": bad })).await;
    }
    // Workbooks.
    let path = "/api/games/import-workbook";
    let book = |bytes: Vec<u8>, what: &str| Payload::Bytes(bytes, what.to_string());
    for (query, payload) in [
        (
            "",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        (
            "?size=9x9&variant=classic&index=0",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        (
            "",
            book(
                workbook(CLASSIC, true),
                "xlsx: CLASSIC in A2:I10, `?` in D4",
            ),
        ),
        (
            "?index=1",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        (
            "?index=x",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        (
            "?size=4x4",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        (
            "?colour=red",
            book(workbook(CLASSIC, false), "xlsx: CLASSIC in A2:I10"),
        ),
        ("", book(CLASSIC.as_bytes().to_vec(), "the text of CLASSIC")),
        ("", book(b"hello".to_vec(), "hello")),
        ("", book(vec![b'P'; 3 << 20], "3 MiB of P")),
    ] {
        r.send(
            alice,
            request(Method::POST, &format!("{path}{query}"), payload),
        )
        .await;
    }
}

/// Moves of every kind on a 9x9 classic game, played to the win; its id.
async fn moves_on_a_classic_game(r: &mut Replay, alice: &Who) -> String {
    let game = r.game(alice, json!({ "puzzle": CLASSIC })).await;
    let g = id(&game);
    let todo = common::answers(&game);
    let (c0, d0) = (todo[0].0.clone(), todo[0].1);
    let (c1, d1) = (todo[1].0.clone(), todo[1].1);
    let (c2, d2) = (todo[2].0.clone(), todo[2].1);
    let wrong = d2 % 9 + 1;
    r.get(alice, &format!("/api/games/{g}")).await;
    r.act(alice, &g, "resume").await;
    r.play(alice, &g, place(&c0, d0)).await;
    r.play(
        alice,
        &g,
        json!({ "kind": "place", "cell": c1, "digit": d1, "auto_notes": true }),
    )
    .await;
    // Notes: toggled on, on, off; then all of them; an erase of a digit and of notes.
    for digit in [4, 7, 4] {
        r.play(
            alice,
            &g,
            json!({ "kind": "note", "cell": c2, "digit": digit }),
        )
        .await;
    }
    r.play(alice, &g, json!({ "kind": "fill_notes" })).await;
    r.play(
        alice,
        &g,
        json!({ "kind": "place", "cell": c2, "digit": d2, "auto_notes": true }),
    )
    .await;
    r.play(alice, &g, json!({ "kind": "erase", "cell": c2 }))
        .await;
    r.play(alice, &g, json!({ "kind": "erase", "cell": c2 }))
        .await;
    r.play(alice, &g, json!({ "kind": "erase", "cell": c2 }))
        .await;
    // A wrong digit, counted as a mistake, and what check says.
    r.play(alice, &g, place(&c2, wrong)).await;
    r.post(alice, &format!("/api/games/{g}/check"), json!({}))
        .await;
    // Undo and redo to both ends and past them.
    for action in ["undo", "undo", "redo", "redo", "redo"] {
        r.act(alice, &g, action).await;
    }
    // Colour marks: a cell, a candidate, a given, taken off, out of range, missing.
    let (c3, _) = todo[3].clone();
    for mv in [
        json!({ "kind": "colour", "cell": c3, "colour": 3 }),
        json!({ "kind": "note", "cell": c3, "digit": 1 }),
        json!({ "kind": "colour", "cell": c3, "digit": 1, "colour": 5 }),
        json!({ "kind": "colour", "cell": "r1c3", "colour": 2 }),
        json!({ "kind": "colour", "cell": c3, "colour": 0 }),
        json!({ "kind": "colour", "cell": c3, "colour": 7 }),
        json!({ "kind": "colour", "cell": c3 }),
        json!({ "kind": "colour", "cell": c3, "digit": 2, "colour": 1 }),
    ] {
        r.play(alice, &g, mv).await;
    }
    // A reveal, and moves refused by name.
    let (c4, _) = todo[4].clone();
    r.play(alice, &g, json!({ "kind": "reveal", "cell": c4 }))
        .await;
    for mv in [
        place("r1c3", 3),
        place("r1c3", 4),
        place(&c3, 0),
        place(&c3, 10),
        place("r10c1", 1),
        place("r0c1", 1),
        json!({ "kind": "place", "cell": "x9", "digit": 1 }),
        json!({ "kind": "place", "cell": 11, "digit": 1 }),
        json!({ "kind": "place", "cell": c3, "digit": "five" }),
        json!({ "kind": "place", "cell": c3, "digit": -1 }),
        json!({ "kind": "place", "digit": 1 }),
        json!({ "kind": "place", "cell": c3 }),
        json!({ "kind": "note", "cell": c3 }),
        json!({ "kind": "note", "cell": "r1c3", "digit": 2 }),
        json!({ "kind": "erase", "cell": "r1c3" }),
        json!({ "kind": "reveal", "cell": "r1c3" }),
        json!({ "kind": "reveal" }),
        json!({ "kind": "paint" }),
        json!({ "cell": c3, "digit": 1 }),
        json!({ "kind": "erase", "cell": c3, "color": 3 }),
        json!({ "kind": "place", "cell": c3, "digit": 1, "auto_notes": "yes" }),
        json!([]),
    ] {
        r.play(alice, &g, mv).await;
    }
    r.text(alice, &format!("/api/games/{g}/moves"), "{\"kind\": ")
        .await;
    r.text(alice, &format!("/api/games/{g}/moves"), "[1, 2]")
        .await;
    r.bare(alice, &format!("/api/games/{g}/moves")).await;
    // Keys: a move sent twice is applied once; keys that are not keys.
    let (c5, d5) = todo[5].clone();
    let keyed = json!({ "kind": "place", "cell": c5, "digit": d5, "key": "move-1" });
    r.play(alice, &g, keyed.clone()).await;
    r.play(alice, &g, keyed).await;
    r.play(
        alice,
        &g,
        json!({ "kind": "erase", "cell": c5, "key": "move-1" }),
    )
    .await;
    for key in ["", "bad key!", &"k".repeat(65), "ключ"] {
        r.play(
            alice,
            &g,
            json!({ "kind": "erase", "cell": c5, "key": key }),
        )
        .await;
    }
    r.play(alice, &g, json!({ "kind": "erase", "cell": c5, "key": 7 }))
        .await;
    // Pause and resume, twice each; restart and its undo.
    for action in [
        "pause", "pause", "resume", "resume", "restart", "undo", "redo", "undo",
    ] {
        r.act(alice, &g, action).await;
    }
    r.get(alice, &format!("/api/games/{g}")).await;
    r.get(alice, "/api/games/current").await;
    r.get(alice, "/api/games").await;
    // Ask for the solution while under the mistake limit, and with a limit of 0.
    for body in [json!({ "mistake_limit": 3 }), json!({ "mistake_limit": 0 })] {
        r.post(alice, &format!("/api/games/{g}/solve"), body).await;
    }
    r.post(
        alice,
        &format!("/api/games/{g}/solve"),
        json!({ "limit": 3 }),
    )
    .await;
    // Take back the wrong digit, then play every empty cell to the win.
    r.play(alice, &g, json!({ "kind": "erase", "cell": c2 }))
        .await;
    let (_, now) = r.get(alice, &format!("/api/games/{g}")).await;
    for (cell, digit) in common::answers(&now) {
        r.play(alice, &g, place(&cell, digit)).await;
    }
    // A finished game refuses changes and says it is solved.
    r.play(alice, &g, json!({ "kind": "erase", "cell": c0 }))
        .await;
    for action in ["undo", "redo", "restart", "pause", "resume"] {
        r.act(alice, &g, action).await;
    }
    r.hint(alice, &g, json!({ "stage": 1 })).await;
    r.post(alice, &format!("/api/games/{g}/check"), json!({}))
        .await;
    r.post(alice, &format!("/api/games/{g}/solve"), json!({}))
        .await;
    r.get(alice, "/api/games/current").await;
    g
}

/// Hints at each stage, in both styles and languages, applied one after another, then a
/// wrong digit hinted at, and the game given up.
async fn hints_and_applying_them(r: &mut Replay, alice: &Who) {
    let game = r.game(alice, json!({ "puzzle": HARD })).await;
    let g = id(&game);
    for body in [
        json!({}),
        json!({ "stage": 1 }),
        json!({ "stage": 2 }),
        json!({ "stage": 3 }),
        json!({ "stage": 1, "lang": "zh" }),
        json!({ "stage": 3, "lang": "zh-CN" }),
        json!({ "stage": 1, "style": "intuitive" }),
        json!({ "stage": 2, "style": "intuitive" }),
        json!({ "stage": 3, "style": "intuitive", "lang": "zh" }),
        json!({ "stage": 3, "style": "logic" }),
        json!({ "stage": 0 }),
        json!({ "stage": 4 }),
        json!({ "stage": "3" }),
        json!({ "lang": "fr" }),
        json!({ "style": "guess" }),
        json!({ "stage": 1, "colour": 1 }),
    ] {
        r.hint(alice, &g, body).await;
    }
    r.bare(alice, &format!("/api/games/{g}/hint")).await;
    r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
    // Applied without asking first, in a row; a hint of each stage now and then.
    for k in 0..14 {
        if k % 5 == 2 {
            r.hint(alice, &g, json!({ "stage": 3 })).await;
        }
        if k % 5 == 4 {
            r.hint(alice, &g, json!({ "stage": 2, "style": "intuitive" }))
                .await;
        }
        r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
    }
    // Notes, then the hint works on them.
    r.play(alice, &g, json!({ "kind": "fill_notes" })).await;
    for stage in 1..=3 {
        r.hint(alice, &g, json!({ "stage": stage })).await;
    }
    r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
    r.hint(alice, &g, json!({ "stage": 3 })).await;
    r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
    // A wrong digit: the hint points at it, and applying a hint is refused.
    let (_, now) = r.get(alice, &format!("/api/games/{g}")).await;
    let (cell, right) = common::answers(&now)[0].clone();
    r.play(alice, &g, place(&cell, right % 9 + 1)).await;
    for body in [
        json!({ "stage": 1 }),
        json!({ "stage": 3 }),
        json!({ "stage": 3, "style": "intuitive" }),
    ] {
        r.hint(alice, &g, body).await;
    }
    r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
    r.post(alice, &format!("/api/games/{g}/check"), json!({}))
        .await;
    r.act(alice, &g, "undo").await;
    r.post(alice, &format!("/api/games/{g}/solve"), json!({}))
        .await;
    r.hint(alice, &g, json!({ "stage": 1 })).await;
    r.play(alice, &g, json!({ "kind": "apply_hint" })).await;
}

/// 4x4 won without help, 6x6 lost on the mistake limit, diagonal and 16x16 moves and hints.
async fn other_sizes_and_variants(r: &mut Replay, alice: &Who, carol: &Who) {
    let four = r
        .game(alice, json!({ "puzzle": FOUR, "size": "4x4" }))
        .await;
    let f = id(&four);
    r.act(alice, &f, "resume").await;
    r.play(alice, &f, place("r1c2", 5)).await;
    for (cell, digit) in common::answers(&four) {
        r.play(alice, &f, place(&cell, digit)).await;
    }

    let six = r.game(carol, json!({ "puzzle": SIX })).await;
    let s = id(&six);
    let todo = common::answers(&six);
    r.play(carol, &s, place(&todo[0].0, todo[0].1)).await;
    r.play(carol, &s, place(&todo[1].0, 7)).await;
    r.hint(carol, &s, json!({ "stage": 3, "lang": "zh" })).await;
    for (cell, right) in todo.iter().skip(1).take(3) {
        r.play(carol, &s, place(cell, right % 6 + 1)).await;
    }
    r.post(carol, &format!("/api/games/{s}/check"), json!({}))
        .await;
    r.post(
        carol,
        &format!("/api/games/{s}/solve"),
        json!({ "mistake_limit": 4 }),
    )
    .await;
    r.post(
        carol,
        &format!("/api/games/{s}/solve"),
        json!({ "mistake_limit": 3 }),
    )
    .await;
    r.play(carol, &s, place(&todo[0].0, todo[0].1)).await;

    let diagonal = r
        .game(alice, json!({ "puzzle": DIAGONAL, "variant": "diagonal" }))
        .await;
    let d = id(&diagonal);
    let todo = common::answers(&diagonal);
    r.hint(alice, &d, json!({ "stage": 3 })).await;
    r.play(alice, &d, json!({ "kind": "apply_hint" })).await;
    r.play(alice, &d, place(&todo[1].0, todo[1].1)).await;
    r.play(alice, &d, place("r5c5", 9)).await;
    r.post(alice, &format!("/api/games/{d}/check"), json!({}))
        .await;
    r.post(alice, &format!("/api/games/{d}/solve"), json!({}))
        .await;

    let sixteen = r.game(alice, json!({ "puzzle": SIXTEEN })).await;
    let x = id(&sixteen);
    let todo = common::answers(&sixteen);
    r.play(alice, &x, place(&todo[0].0, todo[0].1)).await;
    r.play(
        alice,
        &x,
        json!({ "kind": "note", "cell": todo[1].0, "digit": 16 }),
    )
    .await;
    r.play(alice, &x, place(&todo[2].0, 17)).await;
    r.play(alice, &x, place("r16c17", 1)).await;
    r.play(alice, &x, place("r17c1", 1)).await;
    r.hint(alice, &x, json!({ "stage": 2 })).await;
    r.hint(alice, &x, json!({ "stage": 3, "style": "intuitive" }))
        .await;
    r.post(alice, &format!("/api/games/{x}/check"), json!({}))
        .await;
    r.act(alice, &x, "pause").await;
    r.get(alice, "/api/games").await;
    r.get(alice, "/api/games/current").await;
    // Printing: the puzzle, its walkthrough, and queries refused.
    let f = id(&four);
    r.get(alice, &format!("/api/games/{f}/print")).await;
    r.get(
        alice,
        &format!("/api/games/{f}/print?lang=zh&walkthrough=1"),
    )
    .await;
    r.get(alice, &format!("/api/games/{f}/print?lang=fr")).await;
    r.get(alice, &format!("/api/games/{f}/print?walkthrough=maybe"))
        .await;
    r.get(alice, &format!("/api/games/{f}/print?pages=2")).await;
}

/// New games of several rungs, sizes, variants and symmetries (compared by structure), and
/// the specs refused.
async fn new_games(r: &mut Replay, bob: &Who) {
    let (status, medium) = r.post(bob, "/api/games", json!({})).await;
    assert_eq!(status, 201, "{medium}");
    let m = id(&medium);
    for spec in [
        json!({ "rung": "beginner", "size": "4x4" }),
        json!({ "rung": "easy", "size": "6x6", "variant": "diagonal", "symmetry": "rotate180" }),
        json!({ "rung": "beginner", "size": "9x9", "variant": "classic", "symmetry": "any" }),
        json!({ "rung": "hard", "symmetry": "rotate180" }),
        json!({ "rung": "beginner", "size": "16x16" }),
        json!({ "rung": "master", "size": "4x4" }),
        json!({ "rung": "easy", "variant": "diagonal", "symmetry": "mirror" }),
        json!({ "rung": "legendary" }),
        json!({ "size": "5x5" }),
        json!({ "symmetry": "spiral" }),
        json!({ "variant": "killer" }),
        json!({ "rung": 3 }),
        json!({ "level": "easy" }),
    ] {
        r.post(bob, "/api/games", spec).await;
    }
    r.text(bob, "/api/games", "not json").await;
    // One correct placement, a pause and a resume, then given up.
    let (cell, digit) = common::answers(&medium)[0].clone();
    r.send(
        bob,
        request(
            Method::POST,
            &format!("/api/games/{m}/moves"),
            Payload::Shown(
                place(&cell, digit),
                json!({ "kind": "place", "cell": "<a right cell>", "digit": "<its digit>" }),
            ),
        ),
    )
    .await;
    r.act(bob, &m, "pause").await;
    r.act(bob, &m, "resume").await;
    r.get(bob, "/api/games").await;
    r.post(bob, &format!("/api/games/{m}/solve"), json!({}))
        .await;
    r.get(bob, &format!("/api/games/{m}")).await;
}

/// The daily puzzle: today's begun, asked again, won; the archive; dates refused.
async fn daily(r: &mut Replay, bob: &Who) {
    let (today, tomorrow, after) = (r.day(0), r.day(1), r.day(2));
    let (past, too_old) = (r.day(-3), r.too_old());
    let (status, game) = r.post(bob, "/api/daily", json!({ "rung": "easy" })).await;
    assert_eq!(status, 201, "{game}");
    let g = id(&game);
    r.post(bob, "/api/daily", json!({ "rung": "easy" })).await;
    r.post(bob, "/api/daily", json!({ "rung": "easy", "date": today }))
        .await;
    r.get(bob, "/api/daily").await;
    r.act(bob, &g, "resume").await;
    // Every cell but the last off the record (they depend on the day's puzzle); the last
    // wins the game.
    let todo = common::answers(&game);
    let path = format!("/api/games/{g}/moves");
    for (cell, digit) in &todo[..todo.len() - 1] {
        r.quietly(bob, &path, place(cell, *digit)).await;
    }
    let (cell, digit) = todo.last().expect("a cell to fill").clone();
    r.send(
        bob,
        request(
            Method::POST,
            &path,
            Payload::Shown(
                place(&cell, digit),
                json!({ "kind": "place", "cell": "<the last empty cell>", "digit": "<its digit>" }),
            ),
        ),
    )
    .await;
    r.get(bob, "/api/daily").await;
    r.get(bob, &format!("/api/daily?date={}", today)).await;
    // The archive: a past day's puzzle, which never counts in the streak.
    r.post(
        bob,
        "/api/daily",
        json!({ "rung": "beginner", "date": past }),
    )
    .await;
    r.get(bob, &format!("/api/daily?date={past}")).await;
    r.post(
        bob,
        "/api/daily",
        json!({ "rung": "beginner", "date": tomorrow }),
    )
    .await;
    for body in [
        json!({ "rung": "easy", "date": too_old }),
        json!({ "rung": "easy", "date": after }),
        json!({ "rung": "easy", "date": "tomorrow" }),
        json!({ "rung": "easy", "date": "2026-02-30" }),
        json!({ "rung": "legendary" }),
        json!({ "rung": "easy", "size": "4x4" }),
    ] {
        r.post(bob, "/api/daily", body).await;
    }
    for query in [
        format!("?date={}", too_old),
        "?date=yesterday".to_string(),
        format!("?date={}", tomorrow),
    ] {
        r.get(bob, &format!("/api/daily{query}")).await;
    }
    r.get(bob, "/api/stats").await;
    r.get(bob, &format!("/api/stats?date={}", tomorrow)).await;
    r.get(bob, "/api/stats?date=soon").await;
    r.get(bob, "/api/games").await;
}

/// The drill: each kind asked and answered (right, wrong, twice, the wrong kind of answer).
async fn drill(r: &mut Replay, carol: &Who, bob: &Who) {
    let mut first = None;
    for (drill, right) in [
        ("", true),
        ("?drill=full_house", false),
        ("?drill=naked_single", true),
        ("?drill=hidden_single", true),
        ("?drill=hidden_single", false),
    ] {
        let (status, q) = r.bare(carol, &format!("/api/drill{drill}")).await;
        assert_eq!(status, 200, "{q}");
        let qid = id(&q);
        first.get_or_insert(qid.clone());
        let answer = drill_answer(&q);
        let field = if q.get("cell").is_some() {
            "digit"
        } else {
            "cell"
        };
        let reply = match (&answer, right) {
            (_, true) => answer.clone(),
            (Value::Number(n), false) => json!(n.as_u64().expect("a digit") % 9 + 1),
            (_, false) => {
                let grid = q["grid"].as_array().expect("a grid");
                let i = (0..81).find(|&i| grid[i].is_u64()).expect("a filled cell");
                json!(format!("r{}c{}", i / 9 + 1, i % 9 + 1))
            }
        };
        let shown = json!({ field: if right { "<the answer>" } else { "<a wrong answer>" } });
        let path = format!("/api/drill/{qid}/answer");
        // The other kind of answer first (a digit for a cell, a cell for a digit).
        let other = if field == "digit" {
            json!({ "cell": "r1c1" })
        } else {
            json!({ "digit": 1 })
        };
        r.post(carol, &path, other).await;
        let payload = Payload::Shown(json!({ field: reply }), shown.clone());
        r.send(carol, request(Method::POST, &path, payload)).await;
        let payload = Payload::Shown(json!({ field: reply }), shown);
        r.send(carol, request(Method::POST, &path, payload)).await;
    }
    let (_, q) = r.bare(carol, "/api/drill").await;
    let path = format!("/api/drill/{}/answer", id(&q));
    for body in [
        json!({ "digit": 0 }),
        json!({ "digit": 300 }),
        json!({}),
        json!({ "cell": "r10c1" }),
        json!({ "digit": 1, "cell": "r1c1" }),
        json!({ "digit": 1, "note": 2 }),
    ] {
        r.post(carol, &path, body).await;
    }
    r.bare(carol, "/api/drill?drill=naked").await;
    r.post(
        carol,
        &format!("/api/drill/{}/answer", "0".repeat(32)),
        json!({ "digit": 1 }),
    )
    .await;
    let first = first.expect("a question");
    r.post(
        bob,
        &format!("/api/drill/{first}/answer"),
        json!({ "digit": 1 }),
    )
    .await;
    r.get(carol, "/api/stats").await;
}

/// Sessions are apart: another player's game is unknown; unknown ids, paths and methods;
/// other origins; a client without cookies.
async fn other_players(r: &mut Replay, alice: &Who, bob: &Who, drifter: &Who, g: &str) {
    r.get(bob, &format!("/api/games/{g}")).await;
    r.play(bob, g, place("r1c1", 1)).await;
    for action in ["undo", "redo", "pause", "resume", "restart"] {
        r.act(bob, g, action).await;
    }
    r.hint(bob, g, json!({ "stage": 1 })).await;
    r.post(bob, &format!("/api/games/{g}/check"), json!({}))
        .await;
    r.post(bob, &format!("/api/games/{g}/solve"), json!({}))
        .await;
    r.get(bob, &format!("/api/games/{g}/print")).await;
    let zero = "0".repeat(32);
    for path in [
        format!("/api/games/{zero}"),
        "/api/games/%FF".to_string(),
        "/api/games/nope".to_string(),
        "/api/nothing".to_string(),
        "/api/games/current/moves".to_string(),
    ] {
        r.get(alice, &path).await;
    }
    r.play(alice, &zero, place("r1c1", 1)).await;
    r.act(alice, &zero, "undo").await;
    r.hint(alice, &zero, json!({})).await;
    // Known paths, other methods.
    for (method, path) in [
        (Method::DELETE, format!("/api/games/{g}")),
        (Method::GET, format!("/api/games/{g}/moves")),
        (Method::PUT, "/api/games".to_string()),
        (Method::GET, "/api/games/import".to_string()),
        (Method::POST, "/api/config".to_string()),
        (Method::POST, "/api/stats".to_string()),
        (Method::GET, format!("/api/games/{g}/hint")),
    ] {
        r.send(alice, request(method, &path, Payload::None)).await;
    }
    // Another origin may not change anything; this one may; a read passes.
    let with = |headers: Vec<(&'static str, String)>, payload| Request {
        headers,
        ..request(Method::POST, "/api/games/import", payload)
    };
    let four = || Payload::Json(json!({ "puzzle": FOUR }));
    r.send(
        alice,
        with(vec![("origin", "http://evil.example".to_string())], four()),
    )
    .await;
    r.send(
        alice,
        with(vec![("sec-fetch-site", "cross-site".to_string())], four()),
    )
    .await;
    let own = format!("http://{}", r.host);
    r.send(alice, with(vec![("origin", own)], four())).await;
    let read = Request {
        headers: vec![("origin", "http://evil.example".to_string())],
        ..request(Method::GET, "/api/games", Payload::None)
    };
    r.send(alice, read).await;
    // Without cookies every request is a new session: its game is gone at once.
    let (_, game) = r.import(drifter, json!({ "puzzle": FOUR })).await;
    let d = id(&game);
    r.get(drifter, &format!("/api/games/{d}")).await;
    r.get(drifter, "/api/games").await;
    r.get(drifter, "/api/stats").await;
    r.get(alice, &format!("/api/games/{d}")).await;
}

/// Everyone's lists, daily status and statistics at the end.
async fn closing_looks(r: &mut Replay, alice: &Who, bob: &Who, carol: &Who) {
    let today = r.day(0);
    for who in [alice, bob, carol] {
        r.get(who, "/api/games").await;
        r.get(who, "/api/games/current").await;
        r.get(who, &format!("/api/daily?date={}", today)).await;
        r.get(who, &format!("/api/stats?date={}", today)).await;
    }
}
