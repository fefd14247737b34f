//! Slow and idle clients on loopback: a thousand connections trickling their headers do not
//! keep players out and are closed after the header timeout; an idle keep-alive connection
//! and a request whose body never comes are closed too; past the connection cap a new
//! connection is closed at once. (Before, such connections stayed open for good.)

mod common;

use std::time::{Duration, Instant};

use common::{Player, half_sent, place};
use serde_json::json;
use sudoku_web::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn start(dir: &std::path::Path, limits: Limits) -> common::Running {
    common::start_with(&dir.join("games.sqlite3"), 0, limits).await
}

/// Whether the server closes `stream` within `within`: a read gives end of file (or a reset).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            // An answer (a 408 for a slow body): keep reading until the close.
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_timed_out_and_players_still_served() {
    let dir = tempfile::tempdir().expect("a folder");
    let limits = Limits {
        header_timeout: Duration::from_secs(2),
        body_timeout: Duration::from_secs(2),
        max_connections: 1500,
        ..Limits::default()
    };
    let server = start(dir.path(), limits).await;
    // A thousand clients that send half a request's headers and then nothing.
    let mut slow = half_sent(server.addr, 1000, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").await;
    // Meanwhile a player starts a 4x4 game and plays six moves of it.
    let player = Player::at(&server.url);
    let started = Instant::now();
    let game = player
        .new_game(json!({"size": "4x4", "rung": "beginner"}))
        .await;
    let id = common::id_of(&game);
    let solution = common::solve(&game);
    for (cell, digit) in common::answers(&game).into_iter().take(6) {
        let (status, _) = player.play(&id, place(&cell, digit)).await;
        assert!(
            status.is_success(),
            "a move while 1000 clients are slow: {status}"
        );
    }
    assert!(solution.is_full());
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "served promptly: {:?}",
        started.elapsed()
    );
    // Each slow client is closed after the header timeout.
    let mut open = 0;
    for s in &mut slow {
        if !closed_within(s, Duration::from_secs(6)).await {
            open += 1;
        }
    }
    assert_eq!(open, 0, "slow clients still open");

    // A keep-alive connection left idle after its request is closed too.
    let mut idle = TcpStream::connect(server.addr).await.expect("a connection");
    idle.write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("a request");
    let mut buf = [0u8; 16];
    idle.read_exact(&mut buf).await.expect("an answer");
    assert!(
        buf.starts_with(b"HTTP/1.1 200"),
        "{:?}",
        String::from_utf8_lossy(&buf)
    );
    assert!(
        closed_within(&mut idle, Duration::from_secs(6)).await,
        "idle keep-alive"
    );

    // A body that never comes: 408, then the close.
    let mut body = TcpStream::connect(server.addr).await.expect("a connection");
    body.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"size\"",
    )
    .await
    .expect("a partial body");
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(8), body.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "a slow body is not kept open");
    let text = String::from_utf8_lossy(&answer);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"code\":\"timeout\""), "{text}");
    server.stop().await;
}

#[tokio::test]
async fn past_the_cap_new_connections_are_closed_at_once() {
    let dir = tempfile::tempdir().expect("a folder");
    let limits = Limits {
        max_connections: 20,
        ..Limits::default()
    };
    let server = start(dir.path(), limits).await;
    let mut held = half_sent(server.addr, 20, b"GET / HTTP/1.1\r\nHost: x\r\n").await;
    // Let the server take them all.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut extra = TcpStream::connect(server.addr)
        .await
        .expect("the kernel accepts");
    let _ = extra.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n").await;
    assert!(
        closed_within(&mut extra, Duration::from_secs(3)).await,
        "the 21st is closed"
    );
    // One of the twenty leaves: a new client is served again.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let player = Player::at(&server.url);
    let (status, _) = player.get("/api/config").await;
    assert!(status.is_success());
    drop(held);
    server.stop().await;
}
