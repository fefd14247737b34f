//! What a player expects around one game, against a real server: the daily puzzle and its
//! streak, moves sent again (after a lost answer or from the page's offline outbox) applied
//! once, statistics per rung, size and variant with a history, the page's files compressed
//! and revalidated, and every error told in Chinese as well.

mod common;

use common::{Player, answers, id_of, place, start, table};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A 9x9 puzzle with one solution.
const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// A 4x4 puzzle with one solution.
const FOUR: &str = "1..4.4..21.....1";

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// The server's UTC date, as the API names dates.
async fn server_date(player: &Player) -> String {
    let (status, daily) = player.get("/api/daily").await;
    assert_eq!(status, StatusCode::OK, "{daily}");
    daily["date"].as_str().expect("a date").to_string()
}

/// The line of a rung in an answer of `GET /api/daily`.
fn rung_line(day: &Value, rung: &str) -> Value {
    day["rungs"]
        .as_array()
        .expect("rungs")
        .iter()
        .find(|r| r["rung"] == rung)
        .unwrap_or_else(|| panic!("no {rung} line in {day}"))
        .clone()
}

/// `date` (`2026-11-27`) moved by `days`.
fn shifted(date: &str, days: i64) -> String {
    let part = |k: usize| date.split('-').nth(k).unwrap().parse::<i32>().unwrap();
    let month = time::Month::try_from(part(1) as u8).unwrap();
    let d = time::Date::from_calendar_date(part(0), month, part(2) as u8).unwrap()
        + time::Duration::days(days);
    format!("{}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// Past daily puzzles: the last days' puzzles per rung are playable from the archive (each
/// day's own puzzle), listed by `GET /api/daily?date=`, but a win from the archive never
/// counts in the streak, so its days cannot be filled in afterwards; further back is refused.
#[tokio::test]
async fn past_daily_puzzles_are_playable_without_counting_in_the_streak() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let today = server_date(&player).await;
    let past = shifted(&today, -3);
    let (status, game) = player
        .post("/api/daily", json!({ "rung": "easy", "date": past }))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["daily"].as_str(), Some(past.as_str()));
    let (_, todays) = player.post("/api/daily", json!({ "rung": "easy" })).await;
    assert_ne!(
        todays["puzzle"], game["puzzle"],
        "each day has its own puzzle"
    );
    let (status, day) = player.get(&format!("/api/daily?date={past}")).await;
    assert_eq!(status, StatusCode::OK, "{day}");
    let easy = rung_line(&day, "easy");
    assert_eq!(easy["game"]["id"], game["id"], "{day}");
    win(&player, &game).await;
    let (_, now) = player.get("/api/daily").await;
    assert_eq!(
        (now["streak"].as_u64(), now["best_streak"].as_u64()),
        (Some(0), Some(0)),
        "an archive win is no streak day: {now}"
    );
    let (_, stats) = player.get("/api/stats").await;
    assert_eq!(stats["history"][0]["daily"].as_str(), Some(past.as_str()));
    win(&player, &todays).await;
    let (_, now) = player.get("/api/daily").await;
    assert_eq!(now["streak"], 1, "today's win counts: {now}");
    let too_old = shifted(&today, -8);
    let (status, e) = player
        .post("/api/daily", json!({ "rung": "easy", "date": too_old }))
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
    assert_eq!(e["error"]["field"], "date");
    assert!(
        e["error"]["message_zh"]
            .as_str()
            .is_some_and(|m| m.contains("最近7天"))
    );
    server.stop().await;
}

/// Plays every empty cell of a game with its solution digit.
async fn win(player: &Player, game: &Value) -> Value {
    let id = id_of(game);
    let mut last = Value::Null;
    for (cell, digit) in answers(game) {
        let (status, answer) = player.play(&id, place(&cell, digit)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        last = answer;
    }
    assert_eq!(last["status"], "won", "{last}");
    last
}

/// Latin letters outside cell names (`r1c3`) and quotations of the player's input (“x”),
/// which a Chinese sentence must not have.
fn latin_outside_cells(text: &str) -> bool {
    let unquoted: String = text
        .split('“')
        .enumerate()
        .map(|(k, part)| {
            if k == 0 {
                part
            } else {
                part.split_once('”').map_or(part, |(_, after)| after)
            }
        })
        .collect();
    let mut rest = unquoted.as_str();
    let mut out = String::new();
    while let Some(k) = rest.find('r') {
        out.push_str(&rest[..k]);
        let tail = &rest[k + 1..];
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        let after = &tail[digits..];
        if digits > 0 && after.starts_with('c') {
            let col = after[1..].bytes().take_while(u8::is_ascii_digit).count();
            if col > 0 {
                rest = &after[1 + col..];
                continue;
            }
        }
        out.push('r');
        rest = tail;
    }
    out.push_str(rest);
    out.chars().any(|c| c.is_ascii_alphabetic())
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_for_everyone_resumed_and_counted_in_a_streak() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let alice = Player::new(&server);
    let bob = Player::new(&server);
    let today = server_date(&alice).await;

    let (status, first) = alice.post("/api/daily", json!({ "rung": "easy" })).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    assert_eq!(
        (first["daily"].as_str(), first["rung"].as_str()),
        (Some(today.as_str()), Some("easy"))
    );
    assert_eq!(
        (first["size"].as_str(), first["variant"].as_str()),
        (Some("9x9"), Some("classic"))
    );
    assert_eq!(first["level"], "easy", "{first}");
    // Asked again: the same game, not a second one.
    let (status, again) = alice
        .post("/api/daily", json!({ "rung": "easy", "date": today }))
        .await;
    assert_eq!((status, id_of(&again)), (StatusCode::OK, id_of(&first)));
    // Another player: the same puzzle, a game of their own.
    let (status, bobs) = bob.post("/api/daily", json!({ "rung": "easy" })).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(bobs["puzzle"], first["puzzle"]);
    assert_ne!(id_of(&bobs), id_of(&first));
    // Another rung of the same day: another puzzle.
    let (_, medium) = alice.post("/api/daily", json!({ "rung": "medium" })).await;
    assert_ne!(medium["puzzle"], first["puzzle"]);

    let (_, status_now) = alice.get(&format!("/api/daily?date={today}")).await;
    assert_eq!(
        (
            status_now["streak"].as_u64(),
            status_now["best_streak"].as_u64()
        ),
        (Some(0), Some(0))
    );
    let easy = rung_line(&status_now, "easy");
    assert_eq!(easy["game"]["id"], first["id"]);
    assert_eq!(easy["game"]["status"], "playing");
    assert_eq!(
        status_now["rungs"].as_array().unwrap().len(),
        6,
        "{status_now}"
    );

    win(&alice, &first).await;
    let (_, after) = alice.get("/api/daily").await;
    assert_eq!(
        (after["streak"].as_u64(), after["best_streak"].as_u64()),
        (Some(1), Some(1)),
        "{after}"
    );
    let (_, stats) = alice.get("/api/stats").await;
    assert_eq!(
        stats["daily"],
        json!({ "streak": 1, "best_streak": 1 }),
        "{stats}"
    );
    assert_eq!(
        stats["history"][0]["daily"].as_str(),
        Some(today.as_str()),
        "{stats}"
    );
    // Bob has not solved his: no streak.
    let (_, bob_now) = bob.get("/api/daily").await;
    assert_eq!(bob_now["streak"], 0);

    // A date that is today nowhere, or no date at all, is refused by name.
    for (body, field) in [
        (json!({ "rung": "easy", "date": "2001-01-01" }), "date"),
        (json!({ "rung": "easy", "date": "27.11.2026" }), "date"),
        (json!({ "rung": "impossible" }), "rung"),
    ] {
        let (status, e) = alice.post("/api/daily", body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{e}");
        assert_eq!(e["error"]["field"], field, "{e}");
        let zh = e["error"]["message_zh"]
            .as_str()
            .expect("a Chinese message");
        assert!(!zh.is_empty());
    }
    // Restarted on the same file, the day's puzzle is read back, not made again differently.
    server.stop().await;
    let server = start(&dir.path().join("games.sqlite3")).await;
    let carol = Player::new(&server);
    let (_, hers) = carol.post("/api/daily", json!({ "rung": "easy" })).await;
    assert_eq!(hers["puzzle"], first["puzzle"]);
    server.stop().await;
}

#[tokio::test]
async fn a_move_sent_again_with_its_key_is_applied_once() {
    let (dir, server, player, game, id) = table(CLASSIC).await;
    let db = dir.path().join("games.sqlite3");
    let todo = answers(&game);
    let keyed = |cell: &str, digit: u64, key: &str| {
        let mut mv = place(cell, digit);
        mv["key"] = json!(key);
        mv
    };
    let (status, once) = player
        .play(&id, keyed(&todo[0].0, todo[0].1, "move-1"))
        .await;
    assert_eq!(status, StatusCode::OK, "{once}");
    assert_eq!(once["moves"], 1);
    // The same move again (its answer was lost): the game as it is, nothing applied.
    let (status, twice) = player
        .play(&id, keyed(&todo[0].0, todo[0].1, "move-1"))
        .await;
    assert_eq!(status, StatusCode::OK, "{twice}");
    assert_eq!(twice["moves"], 1);
    assert_eq!(twice["cells"], once["cells"]);
    // Even a different move under a key already used is not applied: the key names a move.
    let (_, other) = player
        .play(&id, keyed(&todo[1].0, todo[1].1, "move-1"))
        .await;
    assert_eq!(other["moves"], 1);
    let (_, next) = player
        .play(&id, keyed(&todo[1].0, todo[1].1, "move-2"))
        .await;
    assert_eq!(next["moves"], 2);
    // Moves without a key work as before.
    let (_, plain) = player.play(&id, place(&todo[2].0, todo[2].1)).await;
    assert_eq!(plain["moves"], 3);
    // The key is per game: another game takes it.
    let other_game = player.import(CLASSIC).await;
    let (_, fresh) = player
        .play(&id_of(&other_game), keyed(&todo[0].0, todo[0].1, "move-1"))
        .await;
    assert_eq!(fresh["moves"], 1);
    // Bad keys are refused by name.
    for bad in ["", "has space", "ä", &"k".repeat(65)] {
        let (status, e) = player.play(&id, keyed(&todo[3].0, todo[3].1, bad)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}: {e}");
        assert_eq!(e["error"]["field"], "key", "{e}");
    }
    // The keys are kept in the file: after a restart the move is still known.
    server.stop().await;
    let server = start(&db).await;
    let back = Player::new(&server);
    // (A new client is a new session: it cannot see the game, and a foreign key changes nothing.)
    let (status, _) = back.play(&id, keyed(&todo[0].0, todo[0].1, "move-1")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let again = Player {
        client: player.client.clone(),
        base: server.url.clone(),
    };
    let (status, replay) = again
        .play(&id, keyed(&todo[0].0, todo[0].1, "move-1"))
        .await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    assert_eq!(replay["moves"], 3);
    server.stop().await;
}

#[tokio::test]
async fn statistics_per_rung_size_and_variant_with_win_rate_and_history() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    // Two 4x4 classic games entered: one won, one given up.
    let won = player.import(FOUR).await;
    win(&player, &won).await;
    let given_up = player.import(FOUR).await;
    let (status, _) = player
        .post(&format!("/api/games/{}/solve", id_of(&given_up)), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // A 4x4 diagonal game, won, and one still being played.
    let diagonal = player
        .new_game(json!({ "rung": "easy", "size": "4x4", "variant": "diagonal" }))
        .await;
    win(&player, &diagonal).await;
    player
        .new_game(json!({ "rung": "easy", "size": "4x4", "variant": "diagonal" }))
        .await;

    let (_, stats) = player.get("/api/stats").await;
    let line = |rung: &str, variant: &str| {
        stats["levels"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["rung"] == rung && l["variant"] == variant && l["size"] == "4x4")
            .unwrap_or_else(|| panic!("no {rung} {variant} line in {stats}"))
            .clone()
    };
    let imported = line("import", "classic");
    assert_eq!(
        (
            imported["played"].as_u64(),
            imported["solved"].as_u64(),
            imported["lost"].as_u64()
        ),
        (Some(2), Some(1), Some(1))
    );
    assert_eq!(imported["win_rate"], 50);
    assert!(
        imported["best_ms"].is_u64() && imported["average_ms"].is_u64(),
        "{imported}"
    );
    let diag = line("easy", "diagonal");
    assert_eq!(
        (diag["played"].as_u64(), diag["solved"].as_u64()),
        (Some(2), Some(1))
    );
    // The game still being played has not ended: the rate counts ended games only.
    assert_eq!(diag["win_rate"], 100);

    let history = stats["history"].as_array().expect("a history");
    let seen: Vec<(&str, &str)> = history
        .iter()
        .map(|g| {
            (
                g["status"].as_str().unwrap(),
                g["variant"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("won", "diagonal"),
            ("gave_up", "classic"),
            ("won", "classic")
        ],
        "{stats}"
    );
    assert!(
        history
            .iter()
            .all(|g| g["ended"].as_str().is_some_and(|e| e.ends_with('Z')))
    );
    server.stop().await;
}

#[tokio::test]
async fn the_page_files_are_compressed_and_revalidated() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let client = reqwest::Client::new();
    let get = |path: &str, headers: &[(&str, &str)]| {
        let mut request = client.get(format!("{}{path}", server.url));
        for (k, v) in headers {
            request = request.header(*k, *v);
        }
        request.send()
    };
    let plain = get("/app.js", &[]).await.expect("an answer");
    assert_eq!(plain.status(), StatusCode::OK);
    assert!(plain.headers().get("content-encoding").is_none());
    let etag = plain.headers()["etag"].to_str().unwrap().to_string();
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    assert_eq!(plain.headers()["cache-control"], "no-cache");
    let plain = plain.bytes().await.unwrap();

    let zipped = get("/app.js", &[("accept-encoding", "gzip, deflate, br")])
        .await
        .unwrap();
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    assert_eq!(zipped.headers()["etag"].to_str().unwrap(), etag);
    assert!(
        zipped.headers()["vary"]
            .to_str()
            .unwrap()
            .contains("Accept-Encoding")
    );
    let zipped = zipped.bytes().await.unwrap();
    assert!(
        zipped.len() * 2 < plain.len(),
        "{} of {}",
        zipped.len(),
        plain.len()
    );
    let mut unzipped = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&zipped[..]),
        &mut unzipped,
    )
    .expect("gzip");
    assert_eq!(unzipped, plain);
    // Refused by q=0: plain.
    let refused = get("/app.js", &[("accept-encoding", "gzip;q=0")])
        .await
        .unwrap();
    assert!(refused.headers().get("content-encoding").is_none());

    // The browser's copy is current: 304 without a body.
    let current = get("/app.js", &[("if-none-match", &etag)]).await.unwrap();
    assert_eq!(current.status(), StatusCode::NOT_MODIFIED);
    assert!(current.bytes().await.unwrap().is_empty());
    let stale = get("/app.js", &[("if-none-match", "\"0000\"")])
        .await
        .unwrap();
    assert_eq!(stale.status(), StatusCode::OK);

    // Installable: a manifest with icons, a service worker at the root, the page links both.
    let manifest = get("/manifest.webmanifest", &[]).await.unwrap();
    assert!(
        manifest.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/manifest+json")
    );
    let manifest: Value = manifest.json().await.unwrap();
    for icon in manifest["icons"].as_array().expect("icons") {
        let src = icon["src"].as_str().unwrap();
        let answer = get(&format!("/{src}"), &[]).await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{src}");
    }
    assert_eq!(manifest["start_url"], "/");
    let worker = get("/sw.js", &[]).await.unwrap();
    assert!(
        worker.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );
    let index = get("/", &[]).await.unwrap().text().await.unwrap();
    assert!(index.contains("manifest.webmanifest"));
    let app = String::from_utf8(plain.to_vec()).unwrap();
    assert!(app.contains("serviceWorker.register('/sw.js')"));
    server.stop().await;
}

#[tokio::test]
async fn every_error_answer_says_it_in_chinese_too() {
    let dir = tempdir();
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let game = player.import(FOUR).await;
    let id = id_of(&game);
    let answers: Vec<(StatusCode, Value, &str)> = vec![
        {
            let (s, v) = player
                .post("/api/games/import", json!({ "puzzle": "11.4.4..21.....1" }))
                .await;
            (s, v, "第1行")
        },
        {
            let (s, v) = player
                .post("/api/games/import", json!({ "puzzle": "1x.4.4..21.....1" }))
                .await;
            (s, v, "不是4×4盘面的数字")
        },
        {
            let (s, v) = player.play(&id, place("r1c1", 2)).await;
            (s, v, "题目给出的数字")
        },
        {
            let (s, v) = player.play(&id, place("r9c9", 2)).await;
            (s, v, "不在4×4的盘面内")
        },
        {
            let (s, v) = player.get("/api/games/0123").await;
            (s, v, "找不到")
        },
        {
            let (s, v) = player
                .post("/api/games", json!({ "rung": "master", "size": "4x4" }))
                .await;
            (s, v, "")
        },
        {
            let (s, v) = player.post("/api/games", json!({ "colour": "red" })).await;
            (s, v, "")
        },
    ];
    for (status, body, expected) in answers {
        assert!(status.is_client_error(), "{status}: {body}");
        let zh = body["error"]["message_zh"]
            .as_str()
            .unwrap_or_else(|| panic!("no message_zh in {body}"));
        assert!(zh.contains(expected), "{zh} lacks {expected}");
        assert!(
            !latin_outside_cells(zh),
            "English in the Chinese message: {zh}"
        );
    }
    server.stop().await;
}
