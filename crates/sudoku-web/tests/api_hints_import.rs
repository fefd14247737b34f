//! Hints and entered puzzles through the JSON API (`API.md`) against a real server: hints in
//! three stages and intuitive hints, imports checked, workbooks imported, and workbook bombs
//! refused.

mod common;

use common::{CLASSIC, Player, answers, assert_error, id_of, place, start, table, tempdir};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// Hints without pencil marks: notes are not read, each step is a single named with the
/// digit to place (`place`), applied as a placement; a hard puzzle soon has none in sight,
/// and says so; an unknown style is refused by name.
#[tokio::test]
async fn intuitive_hints_place_one_digit_from_the_board_alone() {
    let (_dir, server, player, _, id) = table(CLASSIC).await;
    let path = format!("/api/games/{id}/hint");
    // Notes that leave out the answer of a cell are not read by an intuitive hint.
    let game = player.get(&format!("/api/games/{id}")).await.1;
    let (cell, right) = answers(&game)[0].clone();
    player
        .play(
            &id,
            json!({ "kind": "note", "cell": cell, "digit": right % 9 + 1 }),
        )
        .await;
    let (_, logic) = player.post(&path, json!({ "stage": 3 })).await;
    assert_eq!(
        logic["kind"], "mistakes",
        "the full logic reads the notes: {logic}"
    );
    for _ in 0..3 {
        let (status, h) = player
            .post(&path, json!({ "stage": 3, "style": "intuitive" }))
            .await;
        assert_eq!(status, StatusCode::OK, "{h}");
        assert_eq!(h["kind"], "step", "{h}");
        assert!(
            h["step"]["eliminations"].as_array().unwrap().is_empty(),
            "{h}"
        );
        let named = &h["place"];
        let (cell, digit) = (
            named["cell"].as_str().unwrap(),
            named["digit"].as_u64().unwrap(),
        );
        let answer = answers(&player.get(&format!("/api/games/{id}")).await.1)
            .into_iter()
            .find(|(c, _)| c == cell)
            .map(|(_, d)| d);
        assert_eq!(answer, Some(digit), "the single is the solution's: {h}");
        let (status, g) = player.play(&id, place(cell, digit)).await;
        assert_eq!(status, StatusCode::OK, "{g}");
    }
    let (_, one) = player
        .post(
            &path,
            json!({ "stage": 1, "style": "intuitive", "lang": "zh" }),
        )
        .await;
    assert!(
        one.get("place").is_none(),
        "stage 1 gives nothing away: {one}"
    );
    assert_error(
        &player.post(&path, json!({ "style": "pencil" })).await,
        422,
        "bad_field",
        Some("style"),
    );
    // A hard puzzle: its singles taken, none is in sight without marks, and the hint says so.
    let hard = id_of(
        &player
            .import(
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            )
            .await,
    );
    let hard_path = format!("/api/games/{hard}/hint");
    let mut last = Value::Null;
    for _ in 0..81 {
        let (_, h) = player
            .post(&hard_path, json!({ "stage": 3, "style": "intuitive" }))
            .await;
        if h["kind"] != "step" {
            last = h;
            break;
        }
        let place_it = place(
            h["place"]["cell"].as_str().unwrap(),
            h["place"]["digit"].as_u64().unwrap(),
        );
        player.play(&hard, place_it).await;
    }
    assert_eq!(last["kind"], "stuck", "{last}");
    assert!(
        last["text"].as_str().unwrap().contains("pencil marks"),
        "{last}"
    );
    assert!(
        last["texts"]["zh"].as_str().unwrap().contains("候选数"),
        "both languages ride along: {last}"
    );
    server.stop().await;
}

#[tokio::test]
async fn hints_in_three_stages_then_applied() {
    let (_dir, server, player, _, id) = table(CLASSIC).await;
    let hint = |stage: u8| {
        let player = player.clone();
        let id = id.clone();
        async move {
            let (status, h) = player
                .post(&format!("/api/games/{id}/hint"), json!({ "stage": stage }))
                .await;
            assert_eq!(status, StatusCode::OK, "{h}");
            assert_eq!(
                (h["kind"].as_str(), h["stage"].as_u64()),
                (Some("step"), Some(stage.into()))
            );
            assert!(h["text"].as_str().is_some_and(|t| !t.is_empty()));
            assert_eq!(h["hints"], 1, "every stage is the same hint: {h}");
            h["step"].as_object().expect("a step").clone()
        }
    };
    let one = hint(1).await;
    assert_eq!(one.keys().collect::<Vec<_>>(), ["technique"]);
    let two = hint(2).await;
    assert!(
        two.keys()
            .all(|k| ["technique", "digits", "highlights"].contains(&k.as_str()))
    );
    assert!(two.contains_key("digits"));
    // Stage 2 shows where to look (houses), never a cell of the pattern or the answer.
    for h in two["highlights"].as_array().unwrap() {
        assert_eq!(h["role"], "base", "{h}");
        let target = h["target"].as_str().unwrap();
        assert!(
            !target.contains('c') || target.starts_with('c'),
            "a house, not a cell: {h}"
        );
    }
    let three = hint(3).await;
    assert_eq!(three["technique"], one["technique"]);
    let placements = three["placements"].as_array().unwrap();
    let eliminations = three["eliminations"].as_array().unwrap();
    assert!(!placements.is_empty() || !eliminations.is_empty());
    let (_, zh) = player
        .post(
            &format!("/api/games/{id}/hint"),
            json!({ "stage": 1, "lang": "zh" }),
        )
        .await;
    assert!(zh["text"].as_str().is_some_and(|t| !t.is_ascii()), "{zh}");
    // Both languages ride along, the asked one equal to `text`.
    assert_eq!(zh["texts"]["zh"], zh["text"], "{zh}");
    assert!(
        zh["texts"]["en"]
            .as_str()
            .is_some_and(|t| t.is_ascii() && t.len() > 5),
        "{zh}"
    );

    let (status, g) = player.play(&id, json!({ "kind": "apply_hint" })).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(
        (g["moves"].as_u64(), g["hints"].as_u64()),
        (Some(1), Some(1)),
        "three stages, the other language and the apply are one hint"
    );
    assert_eq!(g["helped"], true);
    // A placement "2r1c1"-style candidate: the cell now holds the digit.
    if let Some(p) = placements.first().and_then(Value::as_str) {
        let (digit, cell) = p.split_at(1);
        let (r, c) = cell[1..].split_once('c').unwrap();
        let i = (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1;
        assert_eq!(g["cells"][i]["digit"].to_string(), digit, "{p}");
    }
    // A wrong digit: the hint points at it, and apply_hint refuses.
    let game = player.get(&format!("/api/games/{id}")).await.1;
    let (cell, right) = answers(&game)[0].clone();
    player.play(&id, place(&cell, right % 9 + 1)).await;
    let (_, h) = player
        .post(&format!("/api/games/{id}/hint"), json!({ "stage": 3 }))
        .await;
    assert_eq!(h["kind"], "mistakes", "{h}");
    assert_eq!(h["mistakes"][0]["cell"], cell.as_str());
    assert_eq!(h["mistakes"][0]["kind"], "wrong_digit");
    assert_error(
        &player.play(&id, json!({ "kind": "apply_hint" })).await,
        409,
        "conflict",
        None,
    );
    let bad_stage = player
        .post(&format!("/api/games/{id}/hint"), json!({ "stage": 4 }))
        .await;
    assert_error(&bad_stage, 422, "bad_field", Some("stage"));
    let bad_lang = player
        .post(&format!("/api/games/{id}/hint"), json!({ "lang": "fr" }))
        .await;
    assert_error(&bad_lang, 422, "bad_field", Some("lang"));
    server.stop().await;
}

#[tokio::test]
async fn imports_are_checked() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let import = |puzzle: &str| {
        let player = player.clone();
        let body = json!({ "puzzle": puzzle });
        async move { player.post("/api/games/import", body).await }
    };
    let game = player.import(CLASSIC).await;
    assert_eq!(
        (game["rung"].as_str(), game["size"].as_str()),
        (Some("import"), Some("9x9"))
    );
    assert!(
        game["level"].is_string() && game["score"].is_u64(),
        "{game}"
    );
    // A bad character: the field, the line and the column.
    let bad = import("1.3.\n34.2\n2?4.\n43.1").await;
    assert_error(&bad, 422, "bad_field", Some("puzzle"));
    assert_eq!(bad.1["error"]["line"], 3, "{}", bad.1);
    assert_eq!(bad.1["error"]["column"], 2, "{}", bad.1);
    // One sentence in each language that names the place once (the page shows it as it is).
    assert_eq!(
        bad.1["error"]["message"],
        "Line 3, column 2: `?` is not a digit or an empty-cell mark."
    );
    assert_eq!(
        bad.1["error"]["message_zh"],
        "第 3 行，第 2 列：“?”不是数字，也不是空格记号。"
    );
    let second = import("1.3.34.22.4.43.1\n1.3.34.22.4.43.1").await;
    assert_eq!(
        second.1["error"]["message"],
        "Line 2: a second puzzle where one was expected."
    );
    assert_eq!(
        second.1["error"]["message_zh"],
        "第 2 行：这里只要一道题，却又出现了一道。"
    );
    for refused in [
        &second,
        &import("................").await,
        &import(&".".repeat(25)).await,
    ] {
        let en = refused.1["error"]["message"].as_str().unwrap_or_default();
        let zh = refused.1["error"]["message_zh"]
            .as_str()
            .unwrap_or_default();
        assert!(
            en.starts_with(char::is_uppercase) && en.ends_with('.'),
            "{en}"
        );
        assert!(zh.ends_with('。') && !zh.contains(['(', ')']), "{zh}");
        assert!(!zh.contains("。 ") && !zh.contains("：r"), "{zh}");
        assert_eq!(
            en.matches("ine ").count(),
            usize::from(refused.1["error"]["line"].is_u64())
        );
    }
    assert_error(&import("").await, 422, "bad_field", Some("puzzle"));
    assert_error(
        &import("1.3.34.22.4.43.1\n1.3.34.22.4.43.1").await,
        422,
        "bad_field",
        Some("puzzle"),
    );
    // 25 cells: a 5x5 grid, not playable here (or not a grid at all).
    assert_error(
        &import(&".".repeat(25)).await,
        422,
        "bad_field",
        Some("puzzle"),
    );
    assert_error(
        &import("11..............").await,
        422,
        "no_solution",
        Some("puzzle"),
    );
    assert_error(
        &import(".21..4..3.......").await,
        422,
        "no_solution",
        Some("puzzle"),
    );
    assert_error(
        &import("................").await,
        422,
        "several_solutions",
        Some("puzzle"),
    );
    let wrong_size = player
        .post(
            "/api/games/import",
            json!({ "puzzle": CLASSIC, "size": "12x12" }),
        )
        .await;
    assert_error(&wrong_size, 422, "bad_field", Some("size"));
    let diagonal = player
        .post(
            "/api/games/import",
            json!({ "puzzle": CLASSIC, "variant": "diagonal" }),
        )
        .await;
    assert!(
        diagonal.0.is_client_error(),
        "the classic answer breaks the diagonals: {}",
        diagonal.1
    );
    let missing = player.post("/api/games/import", json!({})).await;
    assert_eq!(missing.1["error"]["field"], "puzzle", "{}", missing.1);
    assert!(missing.0.is_client_error());
    server.stop().await;
}

/// A workbook (the page's "Open file" with an .xlsx or .ods) imports its puzzle; errors name
/// the sheet and cell; a body that is no workbook, or too large, is refused by name.
#[tokio::test]
async fn a_workbook_imports_its_puzzle() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let workbook = |bad: bool| {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "Mine").expect("a cell");
        for (i, ch) in CLASSIC.chars().take(81).enumerate() {
            if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
                let (r, c) = (1 + (i / 9) as u32, (i % 9) as u16);
                sheet.write_number(r, c, d as f64).expect("a cell");
            }
        }
        if bad {
            sheet.write_string(3, 3, "?").expect("a cell");
        }
        book.save_to_buffer().expect("the workbook")
    };
    let path = "/api/games/import-workbook";
    let (status, game) = player.raw(Method::POST, path, workbook(false)).await;
    assert!(status.is_success(), "{status} {game}");
    let imported = player.import(CLASSIC).await;
    assert_eq!(game["puzzle"], imported["puzzle"]);
    assert_eq!(game["rung"], "import");
    let bad = player.raw(Method::POST, path, workbook(true)).await;
    assert_error(&bad, 422, "bad_field", Some("workbook"));
    assert!(
        bad.1["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("Sheet 'Sheet1', cell D4")),
        "{}",
        bad.1
    );
    let past = player
        .raw(Method::POST, &format!("{path}?index=1"), workbook(false))
        .await;
    assert_error(&past, 422, "bad_field", Some("workbook"));
    let text = player
        .raw(Method::POST, path, CLASSIC.as_bytes().to_vec())
        .await;
    assert_error(&text, 422, "bad_field", Some("workbook"));
    let huge = player.raw(Method::POST, path, vec![b'P'; 3 << 20]).await;
    assert_error(&huge, 413, "too_large", None);
    server.stop().await;
}

/// The workbook bombs of the core's test data (a 22 KB .xls of 40 sheets, each with cells A1
/// and IV15625; a 1 KB .ods of 20 such sheets), which took 5.2 GB and 23.6 s in the import
/// before (the process aborted under a 4 GB cap), are refused at once by name, and the
/// server goes on serving.
#[tokio::test]
async fn workbooks_of_many_sheets_are_refused_before_they_are_laid_out() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../sudoku-core/tests/data");
    for name in ["many-sheets.xls", "many-sheets.ods"] {
        let bytes = std::fs::read(data.join(name)).expect("the bomb is in the test data");
        let started = std::time::Instant::now();
        let refused = player
            .raw(Method::POST, "/api/games/import-workbook", bytes)
            .await;
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "{name}"
        );
        assert_error(&refused, 422, "bad_field", Some("workbook"));
        let message = refused.1["error"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("4000000 cells") || message.contains("4,000,000"),
            "{name}: {message}"
        );
    }
    let game = player.import(CLASSIC).await;
    assert!(game["id"].is_string(), "{game}");
    server.stop().await;
}

/// Applies sent all at once on one game are worked out away from the database, each on the
/// game as it then stood, and played only if it has not moved since: a step worked out twice
/// from one position is never played twice. So the game ends exactly where as many Applies,
/// one after another, take the same puzzle, with as many hints counted.
#[tokio::test(flavor = "multi_thread")]
async fn applies_sent_at_once_each_play_a_step_of_their_own() {
    // HoDoKu grades it Extreme: its steps run from singles to chains.
    const EXTREME: &str =
        ".58....9.4..9....2.....4..8..37.1.5.....9.....4.3.67..6..2.....9....3..5.7....68.";
    let (_dir, server, player, game, id) = table(EXTREME).await;
    let sends: Vec<_> = (0..16)
        .map(|_| {
            let (player, id) = (player.clone(), id.clone());
            tokio::spawn(async move { player.play(&id, json!({ "kind": "apply_hint" })).await })
        })
        .collect();
    let mut played = 0;
    for send in sends {
        let (status, body) = send.await.expect("a request ends");
        assert_eq!(status, StatusCode::OK, "{body}");
        played += 1;
    }
    let (_, after) = player.get(&format!("/api/games/{id}")).await;

    let puzzle: sudoku_core::Grid = EXTREME.parse().unwrap();
    let solution = common::solve(&game);
    let mut here =
        sudoku_game::Game::new(sudoku_game::GameVariant::Classic, &puzzle, &solution, 0).unwrap();
    for _ in 0..played {
        here.apply(&sudoku_game::Move::ApplyHint, 0).unwrap();
    }
    let cells = after["cells"].as_array().expect("cells");
    for (i, cell) in cells.iter().enumerate() {
        let at = sudoku_core::Cell::from_index(i, 9);
        let expected = here.digit(at).map(|d| d.get() as u64);
        assert_eq!(cell["digit"].as_u64(), expected, "{at}");
        let notes: Vec<u64> = here.notes(at).iter().map(|d| d.get() as u64).collect();
        let sent: Vec<u64> = cell["notes"]
            .as_array()
            .map_or(Vec::new(), |n| n.iter().filter_map(Value::as_u64).collect());
        assert_eq!(sent, notes, "the notes of {at}");
    }
    assert_eq!(after["hints"], json!(here.hints()));
    server.stop().await;
}
