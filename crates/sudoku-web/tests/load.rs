//! Load: 200 simulated players on loopback, each with its own client and cookie, make a game
//! and play it, first flat out (every player sends its next move as soon as the last is
//! answered: the most moves a second the server can take), then at a player's pace (a think
//! time between moves: the latency a player sees while 199 others play); then new Hard games
//! are timed one by one. Prints moves per second and the p50/p99 latencies; asserts only that
//! every request succeeded and every move was acknowledged (speed depends on the machine).
//! Run it optimised:
//!
//! ```text
//! cargo test --release -p sudoku-web --test load -- --ignored --nocapture
//! ```

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{Player, answers, id_of, place};
use reqwest::StatusCode;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::Barrier;

const PLAYERS: usize = 200;
/// Moves per player flat out, then paced (a beginner 9x9 has 41 to 45 empty cells).
const FLAT_OUT: usize = 20;
const PACED: usize = 15;
/// The think time between paced moves, and its random spread.
const THINK: Duration = Duration::from_millis(150);
const SPREAD_MS: u64 = 100;
/// New Hard 9x9 games timed after the players are done.
const HARD_GAMES: usize = 12;

/// The value below which `q` of the sorted samples fall.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let k = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The latencies of one player's moves, flat out and paced.
#[derive(Default)]
struct Timings {
    flat_out: Vec<Duration>,
    paced: Vec<Duration>,
}

/// One player: a new game, then its moves (all right), each timed; the two phases start
/// together for everyone.
async fn play_one(player: Player, gates: Arc<[Barrier; 2]>, seed: u64) -> Timings {
    let game = player.new_game(json!({ "rung": "beginner" })).await;
    let id = id_of(&game);
    let todo = answers(&game);
    assert!(todo.len() >= FLAT_OUT + PACED);
    let mut timings = Timings::default();
    gates[0].wait().await;
    for (k, (cell, digit)) in todo[..FLAT_OUT].iter().enumerate() {
        timings
            .flat_out
            .push(timed_move(&player, &id, cell, *digit, k).await);
    }
    gates[1].wait().await;
    let mut jitter = seed | 1;
    for (k, (cell, digit)) in todo[FLAT_OUT..FLAT_OUT + PACED].iter().enumerate() {
        jitter = jitter
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let think = THINK + Duration::from_millis((jitter >> 33) % SPREAD_MS);
        tokio::time::sleep(think).await;
        let k = FLAT_OUT + k;
        timings
            .paced
            .push(timed_move(&player, &id, cell, *digit, k).await);
    }
    timings
}

/// What a move's answer (a whole Game) is checked for. Read into this rather than into a
/// `serde_json::Value` ([`Player::play`]): 200 clients building the tree of every answer took
/// a sixth of the process's worker time, on the two cores the server shares with them.
#[derive(Deserialize)]
struct Kept {
    moves: u64,
}

/// Plays move number `k` (from 0) and checks that it was kept. The time runs until the
/// answer is read and checked, as before.
async fn timed_move(player: &Player, id: &str, cell: &str, digit: u64, k: usize) -> Duration {
    let started = Instant::now();
    let response = player
        .client
        .post(format!("{}/api/games/{id}/moves", player.base))
        .header("content-type", "application/json")
        .body(place(cell, digit).to_string())
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    let body = response.bytes().await.expect("a body");
    let kept = serde_json::from_slice::<Kept>(&body);
    let took = started.elapsed();
    let text = || String::from_utf8_lossy(&body).into_owned();
    assert_eq!(status, StatusCode::OK, "{}", text());
    let kept = kept.unwrap_or_else(|e| panic!("not a Game ({e}): {}", text()));
    assert_eq!(kept.moves, k as u64 + 1, "every move is kept");
    took
}

fn report(what: &str, mut moves: Vec<Duration>, wall: Duration) {
    moves.sort();
    println!(
        "{what}: {} moves in {wall:.2?}, {:.0} moves/s; move p50 {} p99 {} max {}",
        moves.len(),
        moves.len() as f64 / wall.as_secs_f64(),
        ms(quantile(&moves, 0.5)),
        ms(quantile(&moves, 0.99)),
        ms(*moves.last().unwrap()),
    );
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load test of a few seconds; CI runs it with --include-ignored"]
async fn two_hundred_players() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    // Two hundred players from one address: more new sessions, games and moves than an
    // address's quotas for a minute.
    let limits = sudoku_web::Limits {
        sessions_per_minute: 100_000,
        new_per_minute_per_address: u32::MAX,
        changes_per_minute_per_address: u32::MAX,
        ..sudoku_web::Limits::default()
    };
    let server = common::start_with(&dir.path().join("games.sqlite3"), 0, limits).await;
    let gates = Arc::new([Barrier::new(PLAYERS + 1), Barrier::new(PLAYERS + 1)]);
    let made = Instant::now();
    let tasks: Vec<_> = (0..PLAYERS)
        .map(|k| tokio::spawn(play_one(Player::new(&server), gates.clone(), k as u64)))
        .collect();
    gates[0].wait().await;
    println!(
        "{PLAYERS} players made their games in {:.2?}",
        made.elapsed()
    );
    let flat_out = Instant::now();
    gates[1].wait().await;
    let flat_out = flat_out.elapsed();
    let paced = Instant::now();
    let mut all = Timings::default();
    for task in tasks {
        let t = task.await.expect("a player finishes");
        all.flat_out.extend(t.flat_out);
        all.paced.extend(t.paced);
    }
    let paced = paced.elapsed();
    assert_eq!(all.flat_out.len(), PLAYERS * FLAT_OUT);
    assert_eq!(all.paced.len(), PLAYERS * PACED);
    report("flat out", all.flat_out, flat_out);
    report(
        &format!("paced ({THINK:?} + up to {SPREAD_MS} ms between moves)"),
        all.paced,
        paced,
    );

    let player = Player::new(&server);
    let mut hard = Vec::new();
    for _ in 0..HARD_GAMES {
        let started = Instant::now();
        let game = player.new_game(json!({ "rung": "hard" })).await;
        hard.push(started.elapsed());
        assert_eq!(game["level"], "hard");
    }
    hard.sort();
    println!(
        "new Hard 9x9 games (generated on demand, no pool): p50 {} p99 {} max {}",
        ms(quantile(&hard, 0.5)),
        ms(quantile(&hard, 0.99)),
        ms(*hard.last().unwrap()),
    );
    server.stop().await;
}

/// Players of the crowd test, and the slow clients beside them.
const CROWD: usize = 1000;
const SLOW: usize = 1000;
/// Moves per player of the crowd, a think time of a second or two apart (a quick human).
const CROWD_MOVES: usize = 10;
const CROWD_THINK: Duration = Duration::from_millis(1000);
const CROWD_SPREAD_MS: u64 = 1000;

/// One player of the crowd: a new game, then its moves at a human pace, each timed. Players
/// start at random moments within the first think time, as people do.
async fn play_paced(player: Player, seed: u64) -> Vec<Duration> {
    let game = player.new_game(json!({ "rung": "beginner" })).await;
    let id = id_of(&game);
    let todo = answers(&game);
    let mut jitter = seed.wrapping_mul(2_654_435_761) | 1;
    let mut think = || {
        jitter = jitter
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        Duration::from_millis((jitter >> 33) % CROWD_SPREAD_MS)
    };
    tokio::time::sleep(think()).await;
    let mut timings = Vec::with_capacity(CROWD_MOVES);
    for (k, (cell, digit)) in todo[..CROWD_MOVES].iter().enumerate() {
        timings.push(timed_move(&player, &id, cell, *digit, k).await);
        tokio::time::sleep(CROWD_THINK + think()).await;
    }
    timings
}

/// A thousand players at a human pace while a thousand slow clients hold connections open
/// (half-sent headers, kept for the whole test by a header timeout longer than it): every
/// move is acknowledged and kept, the slow clients are all still connected at the end, and
/// the move latencies and the database's size afterwards are printed.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load test of half a minute; CI runs it with --include-ignored"]
async fn a_thousand_players_beside_a_thousand_slow_clients() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("games.sqlite3");
    let limits = sudoku_web::Limits {
        sessions_per_minute: 100_000,
        new_per_minute_per_address: u32::MAX,
        changes_per_minute_per_address: u32::MAX,
        connections_per_address: 100_000,
        header_timeout: Duration::from_secs(600),
        ..sudoku_web::Limits::default()
    };
    let server = common::start_with(&db, 0, limits).await;
    let mut slow =
        common::half_sent(server.addr, SLOW, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await;
    let started = Instant::now();
    let tasks: Vec<_> = (0..CROWD)
        .map(|k| tokio::spawn(play_paced(Player::new(&server), k as u64)))
        .collect();
    let mut moves = Vec::with_capacity(CROWD * CROWD_MOVES);
    for task in tasks {
        moves.extend(task.await.expect("a player finishes"));
    }
    let wall = started.elapsed();
    assert_eq!(moves.len(), CROWD * CROWD_MOVES);
    // Every slow client is still connected: a read finds nothing to read, not the end.
    let mut buf = [0u8; 64];
    for stream in &mut slow {
        match stream.try_read(&mut buf) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            other => panic!("a slow client was dropped: {other:?}"),
        }
    }
    report(
        &format!(
            "{CROWD} players ({CROWD_THINK:?} + up to {CROWD_SPREAD_MS} ms between moves) beside \
             {SLOW} slow clients"
        ),
        moves,
        wall,
    );
    drop(slow);
    server.stop().await;
    let size = |p: std::path::PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
    let wal = dir.path().join("games.sqlite3-wal");
    println!(
        "database after {CROWD} games and {} moves: {} bytes (log {} bytes)",
        CROWD * CROWD_MOVES,
        size(db.clone()),
        size(wal)
    );
}
