//! Load: 200 simulated players on loopback, each with its own client and cookie, make a game
//! and play it, first flat out (every player sends its next move as soon as the last is
//! answered: the most moves a second the server can take), then at a player's pace (a think
//! time between moves: the latency a player sees while 199 others play); then new Hard games
//! are timed one by one; a thousand players beside a thousand slow clients; and paced moves
//! beside 50 players asking stage-3 hints on Extreme puzzles. Prints moves per second and the
//! p50/p99 latencies; asserts only that every request succeeded and every move was
//! acknowledged (speed depends on the machine).
//! Run it optimised:
//!
//! ```text
//! cargo test --release -p sudoku-web --test load -- --ignored --nocapture
//! ```

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
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

/// The limits for many players from one address: more new sessions, games and moves than an
/// address's quotas for a minute.
fn one_address() -> sudoku_web::Limits {
    sudoku_web::Limits {
        sessions_per_minute: 100_000,
        new_per_minute_per_address: u32::MAX,
        changes_per_minute_per_address: u32::MAX,
        ..sudoku_web::Limits::default()
    }
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load test of a few seconds; CI runs it with --include-ignored"]
async fn two_hundred_players() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = common::start_with(&dir.path().join("games.sqlite3"), 0, one_address()).await;
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

/// Random waits of up to `spread_ms`, the same for a seed in every run.
fn spread(seed: u64, spread_ms: u64) -> impl FnMut() -> Duration {
    let mut state = seed.wrapping_mul(2_654_435_761) | 1;
    move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        Duration::from_millis((state >> 33) % spread_ms)
    }
}

/// One player of the crowd: a new game, then its moves at a human pace, each timed. Players
/// start at random moments within the first think time, as people do.
async fn play_paced(player: Player, seed: u64) -> Vec<Duration> {
    let game = player.new_game(json!({ "rung": "beginner" })).await;
    let id = id_of(&game);
    let todo = answers(&game);
    let mut think = spread(seed, CROWD_SPREAD_MS);
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

/// Puzzles HoDoKu 2.2 grades Extreme (two of its exemplars and three of the Sudoku Explainer
/// puzzle bank's, as the project's rating tables list them): worked through by hints, each
/// reaches chains and ALS steps.
const EXTREME: [&str; 5] = [
    ".4..7..1.5....2..9..69..4...7.6.82..4...1...8..87.4.3...3..91..1..3....6.5..8..9.",
    ".58....9.4..9....2.....4..8..37.1.5.....9.....4.3.67..6..2.....9....3..5.7....68.",
    "4.......7.39...25....982.......1....25.....843...4...6..6...3.....1.6...1..7.8..2",
    ".2.56.7....1.372....6.....19.8........2.785......5.9.......4..916.2....4....86...",
    "..67...91..9....623............3...4..72...1.4....1....31..8.75...9......65....3.",
];
/// Players asking hints, and players playing beside them.
const HINTERS: usize = 50;
const MOVERS: usize = 150;
/// Paced moves per player without the hinters, then with them.
const ALONE: usize = 10;
const BESIDE: usize = 10;

/// The latencies of one mover's paced moves, alone and beside the hinters.
async fn move_beside(
    player: Player,
    gates: Arc<[Barrier; 2]>,
    done: Arc<AtomicUsize>,
    seed: u64,
) -> (Vec<Duration>, Vec<Duration>) {
    let game = player.new_game(json!({ "rung": "beginner" })).await;
    let id = id_of(&game);
    let todo = answers(&game);
    let mut spread = spread(seed, SPREAD_MS);
    let mut think = || THINK + spread();
    let mut phases = (Vec::new(), Vec::new());
    gates[0].wait().await;
    for (k, (cell, digit)) in todo[..ALONE].iter().enumerate() {
        phases
            .0
            .push(timed_move(&player, &id, cell, *digit, k).await);
        tokio::time::sleep(think()).await;
    }
    gates[1].wait().await;
    for (k, (cell, digit)) in todo[ALONE..ALONE + BESIDE].iter().enumerate() {
        phases
            .1
            .push(timed_move(&player, &id, cell, *digit, ALONE + k).await);
        tokio::time::sleep(think()).await;
    }
    done.fetch_add(1, Ordering::SeqCst);
    phases
}

/// What a hinter saw: the latency of each stage-3 hint, and the hints refused as busy.
#[derive(Default)]
struct Hinted {
    took: Vec<Duration>,
    busy: usize,
}

/// A player who works an Extreme puzzle through by hints: a stage-3 hint, then Apply, again
/// and again, a new game of the same puzzle once it is solved, until the movers are done.
async fn hint_away(
    player: Player,
    puzzle: &'static str,
    gate: Arc<[Barrier; 2]>,
    movers_done: Arc<AtomicUsize>,
) -> Hinted {
    let mut id = id_of(&player.import(puzzle).await);
    let mut seen = Hinted::default();
    gate[0].wait().await;
    gate[1].wait().await;
    while movers_done.load(Ordering::SeqCst) < MOVERS {
        let started = Instant::now();
        let (status, hint) = player
            .post(&format!("/api/games/{id}/hint"), json!({ "stage": 3 }))
            .await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            seen.busy += 1;
            continue;
        }
        seen.took.push(started.elapsed());
        assert_eq!(status, StatusCode::OK, "{hint}");
        let applied = match hint["kind"].as_str() {
            Some("step") => {
                let (status, game) = player.play(&id, json!({ "kind": "apply_hint" })).await;
                assert!(
                    status == StatusCode::OK || status == StatusCode::SERVICE_UNAVAILABLE,
                    "{status} {game}"
                );
                game["status"] == "playing" || status == StatusCode::SERVICE_UNAVAILABLE
            }
            _ => false,
        };
        if !applied {
            id = id_of(&player.import(puzzle).await);
        }
    }
    seen
}

/// Moves at a player's pace while 50 other players ask stage-3 hints on Extreme puzzles (and
/// apply them), against the same moves with no hints asked: hints are worked out off the
/// database thread, so the movers' latency should not follow them. Prints both, with the
/// hints' own latency; asserts only that every move and hint was answered.
#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load test of about twenty seconds; CI runs it with --include-ignored"]
async fn moves_beside_fifty_players_asking_hints() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = common::start_with(&dir.path().join("games.sqlite3"), 0, one_address()).await;
    let gates = Arc::new([
        Barrier::new(MOVERS + HINTERS + 1),
        Barrier::new(MOVERS + HINTERS + 1),
    ]);
    let done = Arc::new(AtomicUsize::new(0));
    let movers: Vec<_> = (0..MOVERS)
        .map(|k| {
            let player = Player::new(&server);
            tokio::spawn(move_beside(player, gates.clone(), done.clone(), k as u64))
        })
        .collect();
    let hinters: Vec<_> = (0..HINTERS)
        .map(|k| {
            let player = Player::new(&server);
            let puzzle = EXTREME[k % EXTREME.len()];
            tokio::spawn(hint_away(player, puzzle, gates.clone(), done.clone()))
        })
        .collect();
    gates[0].wait().await;
    let alone = Instant::now();
    gates[1].wait().await;
    let alone = alone.elapsed();
    let beside = Instant::now();
    let (mut first, mut second) = (Vec::new(), Vec::new());
    for task in movers {
        let (a, b) = task.await.expect("a mover finishes");
        first.extend(a);
        second.extend(b);
    }
    let beside = beside.elapsed();
    let mut hints = Hinted::default();
    for task in hinters {
        let h = task.await.expect("a hinter finishes");
        hints.took.extend(h.took);
        hints.busy += h.busy;
    }
    report(&format!("{MOVERS} players, paced, alone"), first, alone);
    report(
        &format!("{MOVERS} players, paced, beside {HINTERS} asking stage-3 hints"),
        second,
        beside,
    );
    hints.took.sort();
    println!(
        "hints: {} answered ({} busy), p50 {} p99 {} max {}",
        hints.took.len(),
        hints.busy,
        ms(quantile(&hints.took, 0.5)),
        ms(quantile(&hints.took, 0.99)),
        ms(*hints.took.last().unwrap()),
    );
    server.stop().await;
}
