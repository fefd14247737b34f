//! Games through the JSON API (`API.md`) against a real server (a loopback socket, a SQLite
//! file in a temporary directory, clients with their own cookies): a game played to the win,
//! undo and redo, colour marks, the mistake limit, the list of games, new games by rung, size
//! and symmetry, the config's rungs, the PDF, and the drill.

mod common;

use std::time::{Duration, Instant};

use common::{CLASSIC, Player, answers, assert_error, id_of, place, start, table, tempdir};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn a_4x4_game_played_to_the_win_counts_in_the_stats() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let game = player
        .new_game(json!({ "rung": "easy", "size": "4x4" }))
        .await;
    assert_eq!(
        (game["n"].as_u64(), game["size"].as_str()),
        (Some(4), Some("4x4"))
    );
    assert_eq!(game["status"], "playing");
    assert_eq!(game["paused"], true, "a new game is paused");
    let id = id_of(&game);
    player
        .post(&format!("/api/games/{id}/resume"), json!({}))
        .await;
    let todo = answers(&game);
    assert!(!todo.is_empty());
    let mut last = Value::Null;
    for (k, (cell, digit)) in todo.iter().enumerate() {
        assert_ne!(last["status"], "won", "won before the last cell");
        let (status, answer) = player.play(&id, place(cell, *digit)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert_eq!(answer["moves"].as_u64(), Some(k as u64 + 1));
        last = answer;
    }
    assert_eq!(last["status"], "won", "{last}");
    assert_eq!(last["mistakes"], 0);
    assert_eq!(last["paused"], true, "the timer stops at the win");
    let (status, answer) = player.play(&id, place(&todo[0].0, todo[0].1)).await;
    assert_error(&(status, answer), 409, "conflict", None);

    let (status, stats) = player.get("/api/stats").await;
    assert_eq!(status, StatusCode::OK);
    let levels = stats["levels"].as_array().expect("levels");
    let easy = levels
        .iter()
        .find(|l| l["rung"] == "easy" && l["size"] == "4x4")
        .unwrap_or_else(|| panic!("no easy 4x4 line in {stats}"));
    assert_eq!(
        (easy["played"].as_u64(), easy["solved"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(easy["best_ms"], last["elapsed_ms"]);
    assert_eq!(easy["average_ms"], last["elapsed_ms"]);
    assert_eq!(
        (easy["helped"].as_u64(), &easy["best_helped_ms"]),
        (Some(0), &Value::Null)
    );

    // A second game won with a hint is a win with help: no best time.
    let game = player
        .new_game(json!({ "rung": "easy", "size": "4x4" }))
        .await;
    let id = id_of(&game);
    player.play(&id, json!({ "kind": "apply_hint" })).await;
    let mut won = Value::Null;
    for (cell, digit) in answers(&game) {
        let (_, g) = player.play(&id, place(&cell, digit)).await;
        if g["status"] == "won" {
            won = g;
        }
    }
    assert_eq!(
        (won["status"].as_str(), won["helped"].as_bool()),
        (Some("won"), Some(true))
    );
    let (_, stats) = player.get("/api/stats").await;
    let easy = &stats["levels"][0];
    assert_eq!(
        (easy["solved"].as_u64(), easy["helped"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(easy["best_ms"], last["elapsed_ms"], "{stats}");
    assert_eq!(easy["best_helped_ms"], won["elapsed_ms"], "{stats}");
    assert_eq!(stats["history"][0]["helped"], true, "{stats}");
    assert_eq!(stats["history"][1]["helped"], false, "{stats}");
    let (_, current) = player.get("/api/games/current").await;
    assert_eq!(
        current["error"]["code"], "not_found",
        "a won game is not current"
    );
    server.stop().await;
}

#[tokio::test]
async fn undo_redo_restart_and_conflicts() {
    let (_dir, server, player, game, id) = table(CLASSIC).await;
    let todo = answers(&game);
    let path = |action: &str| format!("/api/games/{id}/{action}");
    assert_error(
        &player.post(&path("undo"), json!({})).await,
        409,
        "conflict",
        None,
    );
    assert_error(
        &player.post(&path("redo"), json!({})).await,
        409,
        "conflict",
        None,
    );
    player.play(&id, place(&todo[0].0, todo[0].1)).await;
    let (_, g) = player.play(&id, place(&todo[1].0, todo[1].1)).await;
    assert_eq!(
        (g["moves"].as_u64(), g["can_undo"].as_bool()),
        (Some(2), Some(true))
    );
    let (status, g) = player.post(&path("undo"), json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (g["moves"].as_u64(), g["can_redo"].as_bool()),
        (Some(1), Some(true))
    );
    let (_, g) = player.post(&path("redo"), json!({})).await;
    assert_eq!(
        (g["moves"].as_u64(), g["can_redo"].as_bool()),
        (Some(2), Some(false))
    );
    player.post(&path("undo"), json!({})).await;
    let (_, g) = player
        .play(
            &id,
            json!({ "kind": "note", "cell": todo[2].0, "digit": 1 }),
        )
        .await;
    assert_eq!(g["can_redo"], false, "a new move clears the redo history");
    let (_, g) = player.post(&path("restart"), json!({})).await;
    assert_eq!(
        g["moves"].as_u64(),
        Some(3),
        "restart is one more undoable move"
    );
    assert!(
        g["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["given"] == true
                || (c["digit"].is_null() && c["notes"].as_array().unwrap().is_empty()))
    );
    let (_, g) = player.post(&path("undo"), json!({})).await;
    assert_eq!(g["moves"].as_u64(), Some(2));
    // A move on a given is a conflict; a cell outside the grid names the field.
    let given = (0..81)
        .find(|&i| game["cells"][i]["given"] == true)
        .map(|i| format!("r{}c{}", i / 9 + 1, i % 9 + 1))
        .unwrap();
    assert_error(
        &player.play(&id, place(&given, 1)).await,
        409,
        "conflict",
        None,
    );
    let outside = player.play(&id, place("r10c1", 1)).await;
    assert_error(&outside, 422, "bad_field", Some("cell"));
    assert_error(
        &player.play(&id, place(&todo[0].0, 10)).await,
        422,
        "bad_field",
        Some("digit"),
    );
    // Check names a wrong entry.
    let wrong_digit = todo[3].1 % 9 + 1;
    player.play(&id, place(&todo[3].0, wrong_digit)).await;
    let (_, check) = player.post(&path("check"), json!({})).await;
    assert_eq!(check["wrong"], json!([todo[3].0]), "{check}");
    // Solve gives up: every cell filled, no more moves.
    let (_, g) = player.post(&path("solve"), json!({})).await;
    assert_eq!(g["status"], "gave_up");
    assert!(
        g["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c["digit"].is_null())
    );
    assert_error(
        &player.post(&path("undo"), json!({})).await,
        409,
        "conflict",
        None,
    );
    server.stop().await;
}

/// Colour marks: a cell's and a candidate's, in the Game, saved (read back), undoable; a
/// colour past six and a candidate of a given are refused by name.
#[tokio::test]
async fn colour_marks_are_moves_saved_with_the_game() {
    let (_dir, server, player, game, id) = table(CLASSIC).await;
    let todo = answers(&game);
    let cell = todo[0].0.clone();
    let i = {
        let (r, c) = cell[1..].split_once('c').unwrap();
        (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
    };
    player
        .play(&id, json!({ "kind": "note", "cell": cell, "digit": 3 }))
        .await;
    let (status, g) = player
        .play(&id, json!({ "kind": "colour", "cell": cell, "colour": 2 }))
        .await;
    assert_eq!(status, StatusCode::OK, "{g}");
    let (_, g) = player
        .play(
            &id,
            json!({ "kind": "colour", "cell": cell, "digit": 3, "colour": 5 }),
        )
        .await;
    assert_eq!(g["cells"][i]["colour"], 2, "{}", g["cells"][i]);
    assert_eq!(g["cells"][i]["note_colours"], json!({ "3": 5 }));
    let (_, again) = player.get(&format!("/api/games/{id}")).await;
    assert_eq!(again["cells"][i], g["cells"][i], "saved with the game");
    let (_, undone) = player
        .post(&format!("/api/games/{id}/undo"), json!({}))
        .await;
    assert!(
        undone["cells"][i].get("note_colours").is_none(),
        "{}",
        undone["cells"][i]
    );
    let bad = player
        .play(&id, json!({ "kind": "colour", "cell": cell, "colour": 7 }))
        .await;
    assert_error(&bad, 422, "bad_field", Some("colour"));
    let none = player
        .play(&id, json!({ "kind": "colour", "cell": cell }))
        .await;
    assert_error(&none, 422, "bad_field", Some("colour"));
    server.stop().await;
}

/// The page's mistake limit ends the game as `lost` (API.md), not `gave_up`: the limit rides
/// with the solve, is refused while the mistakes are under it, and the stats count it.
#[tokio::test]
async fn a_game_ended_on_the_mistake_limit_is_lost() {
    let (_dir, server, player, game, id) = table(CLASSIC).await;
    let path = format!("/api/games/{id}/solve");
    let todo = answers(&game);
    player.play(&id, place(&todo[0].0, todo[0].1 % 9 + 1)).await;
    let early = player.post(&path, json!({ "mistake_limit": 2 })).await;
    assert_error(&early, 409, "conflict", None);
    let zero = player.post(&path, json!({ "mistake_limit": 0 })).await;
    assert_error(&zero, 422, "bad_field", Some("mistake_limit"));
    player.play(&id, place(&todo[1].0, todo[1].1 % 9 + 1)).await;
    let (status, g) = player.post(&path, json!({ "mistake_limit": 2 })).await;
    assert_eq!(status, StatusCode::OK, "{g}");
    assert_eq!(g["status"], "lost");
    assert!(
        g["cells"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| !c["digit"].is_null())
    );
    let (_, stats) = player.get("/api/stats").await;
    assert_eq!(stats["history"][0]["status"], "lost", "{stats}");
    assert_eq!(stats["levels"][0]["lost"], 1, "{stats}");
    server.stop().await;
}

/// The list of games says how much of each unfinished one is filled.
#[tokio::test]
async fn the_games_list_shows_progress() {
    let (_dir, server, player, game, id) = table(CLASSIC).await;
    let todo = answers(&game);
    let listed = |games: &Value| -> Option<u64> {
        games["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == id.as_str())
            .and_then(|g| g["progress"].as_u64())
    };
    assert_eq!(listed(&player.get("/api/games").await.1), Some(0));
    for (cell, digit) in todo.iter().take(todo.len() / 2) {
        player.play(&id, place(cell, *digit)).await;
    }
    let half = (todo.len() / 2 * 100 / todo.len()) as u64;
    assert_eq!(listed(&player.get("/api/games").await.1), Some(half));
    for (cell, digit) in &todo[todo.len() / 2..] {
        player.play(&id, place(cell, *digit)).await;
    }
    let (_, games) = player.get("/api/games").await;
    assert_eq!(listed(&games), None, "a won game has no progress: {games}");
    server.stop().await;
}

/// The answer to a drill question worked out from what the player is shown: the digit the
/// asked cell's row, column and box leave (a Full House or Naked Single), or the one cell of
/// the house that no shown copy of the digit sees (a Hidden Single).
fn drill_answer_from(q: &Value) -> Value {
    let grid: Vec<Option<u64>> = q["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(Value::as_u64)
        .collect();
    assert_eq!(grid.len(), 81);
    let rc = |i: usize| (i / 9, i % 9);
    let sees = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = (rc(a), rc(b));
        a != b && (ra == rb || ca == cb || (ra / 3, ca / 3) == (rb / 3, cb / 3))
    };
    let index = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    let name = |i: usize| format!("r{}c{}", i / 9 + 1, i % 9 + 1);
    if let Some(cell) = q["cell"].as_str() {
        let c = index(cell);
        let left: Vec<u64> = (1..=9)
            .filter(|&d| !(0..81).any(|x| sees(c, x) && grid[x] == Some(d)))
            .collect();
        assert_eq!(left.len(), 1, "one digit is left for {cell}: {q}");
        return json!(left[0]);
    }
    let d = q["digit"].as_u64().unwrap();
    let house = q["house"].as_str().unwrap();
    let k = usize::from(house.as_bytes()[1] - b'1');
    let in_house = |i: usize| match house.as_bytes()[0] {
        b'r' => i / 9 == k,
        b'c' => i % 9 == k,
        _ => (i / 27) * 3 + (i % 9) / 3 == k,
    };
    let places: Vec<usize> = (0..81)
        .filter(|&i| in_house(i) && grid[i].is_none())
        .filter(|&i| !(0..81).any(|x| sees(i, x) && grid[x] == Some(d)))
        .collect();
    assert_eq!(places.len(), 1, "one place for {d} in {house}: {q}");
    json!(name(places[0]))
}

/// Each drill's question can be answered from what is shown, is timed and counted (in all
/// and per drill), and refuses a second answer or a malformed one by name.
#[tokio::test]
async fn the_drill_times_and_counts_answers() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let mut right = 0;
    let mut asked = 0;
    for drill in ["full_house", "naked_single", "hidden_single"] {
        for k in 0..4 {
            let (status, q) = player
                .post(&format!("/api/drill?drill={drill}"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{q}");
            assert_eq!(q["drill"], drill);
            assert!(
                q.get("answer").is_none() && q.get("solution").is_none(),
                "{q}"
            );
            let answer = drill_answer_from(&q);
            let field = if drill == "hidden_single" {
                "cell"
            } else {
                "digit"
            };
            assert!(q.get(field).is_none(), "the answer is not sent: {q}");
            // Every other question is answered wrongly: another digit, or a filled cell.
            let wrong = match &answer {
                Value::Number(n) => json!(n.as_u64().unwrap() % 9 + 1),
                _ => {
                    let grid = q["grid"].as_array().unwrap();
                    let i = (0..81).find(|&i| grid[i].is_u64()).unwrap();
                    json!(format!("r{}c{}", i / 9 + 1, i % 9 + 1))
                }
            };
            let reply = if k % 2 == 0 { answer.clone() } else { wrong };
            right += u64::from(reply == answer);
            asked += 1;
            let path = format!("/api/drill/{}/answer", q["id"].as_str().unwrap());
            let (status, a) = player.post(&path, json!({ field: reply })).await;
            assert_eq!(status, StatusCode::OK, "{a}");
            assert_eq!(a["correct"], reply == answer, "{q} {a}");
            assert_eq!(a["answer"], answer);
            assert_eq!(a["stats"]["answered"], asked);
            assert_eq!(a["stats"]["correct"], right);
            assert_error(
                &player.post(&path, json!({ field: reply })).await,
                409,
                "conflict",
                None,
            );
        }
    }
    let (_, stats) = player.get("/api/stats").await;
    assert_eq!(stats["drill"]["answered"], 12);
    let drills: Vec<(String, u64, u64)> = stats["drill"]["drills"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["drill"].as_str().unwrap().to_string(),
                d["answered"].as_u64().unwrap(),
                d["correct"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        drills,
        [
            ("full_house".to_string(), 4, 2),
            ("naked_single".to_string(), 4, 2),
            ("hidden_single".to_string(), 4, 2)
        ]
    );

    // Malformed requests, each named.
    assert_error(
        &player.post("/api/drill?drill=naked", json!({})).await,
        422,
        "bad_field",
        Some("drill"),
    );
    let (_, q) = player.post("/api/drill", json!({})).await;
    assert_eq!(
        q["drill"], "full_house",
        "the Full House when none is named"
    );
    let path = format!("/api/drill/{}/answer", q["id"].as_str().unwrap());
    for (body, field) in [
        (json!({ "digit": 0 }), "digit"),
        (json!({ "digit": 300 }), "digit"),
        (json!({}), "digit"),
        (json!({ "cell": "r1c1" }), "digit"),
        (json!({ "cell": "r10c1" }), "cell"),
    ] {
        let answer = player.post(&path, body.clone()).await;
        assert!(answer.0.is_client_error(), "{body}: {answer:?}");
        if answer.0 == StatusCode::UNPROCESSABLE_ENTITY {
            assert_error(&answer, 422, "bad_field", Some(field));
        }
    }
    let (_, q) = player
        .post("/api/drill?drill=hidden_single", json!({}))
        .await;
    let path = format!("/api/drill/{}/answer", q["id"].as_str().unwrap());
    assert_error(
        &player.post(&path, json!({ "digit": 3 })).await,
        422,
        "bad_field",
        Some("cell"),
    );
    server.stop().await;
}

/// Whether the givens of an `n`x`n` game are symmetric under a half turn.
fn half_turn_symmetric(game: &Value) -> bool {
    let cells = game["cells"].as_array().unwrap();
    let last = cells.len() - 1;
    (0..cells.len()).all(|i| cells[i]["given"] == cells[last - i]["given"])
}

#[tokio::test]
async fn new_games_by_rung_size_variant_and_symmetry() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let g = player
        .new_game(json!({ "rung": "beginner", "size": "6x6", "variant": "diagonal", "symmetry": "rotate180" }))
        .await;
    assert_eq!(
        (
            g["n"].as_u64(),
            g["box_rows"].as_u64(),
            g["box_cols"].as_u64()
        ),
        (Some(6), Some(2), Some(3))
    );
    assert_eq!(
        (g["variant"].as_str(), g["rung"].as_str()),
        (Some("diagonal"), Some("beginner"))
    );
    assert!(half_turn_symmetric(&g), "{}", g["puzzle"]);
    answers(&g); // unique in the diagonal variant, or this panics
    let g = player.new_game(json!({})).await;
    assert_eq!(
        (
            g["size"].as_str(),
            g["rung"].as_str(),
            g["variant"].as_str()
        ),
        (Some("9x9"), Some("medium"), Some("classic"))
    );
    assert_eq!(g["level"], "medium");
    let g = player
        .new_game(json!({ "rung": "hard", "symmetry": "rotate180" }))
        .await;
    assert_eq!(g["level"], "hard");
    assert!(half_turn_symmetric(&g));
    // Expert puzzles are rare among random grids: the bounded effort must still find one.
    let g = player.new_game(json!({ "rung": "expert" })).await;
    assert_eq!(g["level"], "unfair");
    let g = player
        .new_game(json!({ "rung": "easy", "size": "16x16" }))
        .await;
    assert_eq!(g["n"], 16);
    // A master 4x4 cannot be made: a clear refusal, at once.
    let started = Instant::now();
    let (status, body) = player
        .post("/api/games", json!({ "rung": "master", "size": "4x4" }))
        .await;
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "took {:?}",
        started.elapsed()
    );
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"]["field"], "rung", "{body}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("master"),
        "{body}"
    );
    server.stop().await;
}

#[tokio::test]
async fn the_config_lists_the_rungs_offered_and_others_are_refused_at_once() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let (status, config) = player.get("/api/config").await;
    assert_eq!(status, StatusCode::OK, "{config}");
    let ladder: Vec<&str> = config["ladder"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    let offered = |size: &str, variant: &str| -> Vec<String> {
        serde_json::from_value(config["offered"][size][variant].clone())
            .unwrap_or_else(|e| panic!("offered {size} {variant}: {e} in {config}"))
    };
    assert_eq!(
        offered("9x9", "classic"),
        ladder,
        "9x9 classic offers every rung"
    );
    assert_eq!(offered("4x4", "classic"), ["beginner", "easy"]);
    assert!(offered("6x6", "classic").contains(&"hard".to_string()));
    let mut refused = 0;
    for size in ["4x4", "6x6", "9x9", "16x16"] {
        for variant in ["classic", "diagonal"] {
            let rungs = offered(size, variant);
            assert!(
                rungs.len() >= 2 && rungs.iter().all(|r| ladder.contains(&r.as_str())),
                "{size} {variant}: {rungs:?}"
            );
            for rung in ladder.iter().filter(|r| !rungs.contains(&r.to_string())) {
                let started = Instant::now();
                let answer = player
                    .post(
                        "/api/games",
                        json!({ "rung": rung, "size": size, "variant": variant }),
                    )
                    .await;
                let took = started.elapsed();
                assert!(took < Duration::from_millis(500), "{rung} {size}: {took:?}");
                assert_error(&answer, 422, "bad_field", Some("rung"));
                let message = answer.1["error"]["message"].as_str().unwrap();
                assert!(
                    message.contains(rung) && message.contains(size),
                    "{message}"
                );
                refused += 1;
            }
        }
    }
    assert!(refused > 0, "some rung is refused somewhere");
    // An offered rung above the two easiest on a small grid is made.
    let g = player
        .new_game(json!({ "rung": "hard", "size": "6x6" }))
        .await;
    assert_eq!(
        (g["n"].as_u64(), g["level"].as_str()),
        (Some(6), Some("hard"))
    );
    server.stop().await;
}

#[tokio::test]
async fn a_game_prints_as_a_pdf_with_its_answer_or_its_walkthrough() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let game = player.import(CLASSIC).await;
    let id = id_of(&game);
    let fetch = |query: &str| {
        let url = format!("{}/api/games/{id}/print{query}", player.base);
        let client = player.client.clone();
        async move {
            let response = client.get(url).send().await.expect("the server answers");
            let status = response.status();
            let kind = response
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            (
                status,
                kind,
                response.bytes().await.expect("a body").to_vec(),
            )
        }
    };
    let (status, kind, book) = fetch("").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "application/pdf");
    assert!(book.starts_with(b"%PDF-"));
    // The puzzle is labelled as the page names it, in the language asked for.
    for (query, label) in [("", "Your puzzle"), ("?lang=zh", "自选题目")] {
        let (status, _, pdf) = fetch(query).await;
        assert_eq!(status, StatusCode::OK);
        let path = dir.path().join("book.pdf");
        std::fs::write(&path, &pdf).expect("the PDF is written");
        let text = std::process::Command::new("pdftotext")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext runs (poppler-utils)");
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains(label), "{query}: {text}");
    }
    let (status, _, walk) = fetch("?walkthrough=1&lang=zh").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        walk.starts_with(b"%PDF-") && walk.len() > book.len(),
        "a walkthrough has more pages"
    );
    for (query, field) in [
        ("?lang=fr", "lang"),
        ("?walkthrough=maybe", "walkthrough"),
        ("?colour=1", "query"),
    ] {
        let (status, _, body) = fetch(query).await;
        let body: Value = serde_json::from_slice(&body).expect("a JSON error");
        assert_error(&(status, body), 422, "bad_field", Some(field));
    }
    let other = Player::new(&server);
    let (status, _) = other.get(&format!("/api/games/{id}/print")).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "another session's game");
    server.stop().await;
}
