//! Slow and idle clients on loopback: a thousand connections trickling their headers do not
//! keep players out and are closed after the header timeout; an idle keep-alive connection
//! and a request whose body never comes are closed too; past the connection cap a new
//! connection is closed at once, where without these bounds such connections would stay open
//! for good. A body
//! trickled a byte at a time is cut off at its deadline, one address cannot take every
//! connection, and shutdown does not wait for such clients.

mod common;

use std::time::{Duration, Instant};

use common::{Player, half_sent, place};
use serde_json::json;
use sudoku_web::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

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
        // A thousand clients on one loopback address.
        connections_per_address: 1500,
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

/// A connection from the loopback address `from` (127.0.0.x: another client address).
async fn connect_from(from: &str, to: std::net::SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(format!("{from}:0").parse().expect("an address"))?;
    socket.connect(to).await
}

/// The head of a move posted with a made-up session and a body of 16,000 bytes that will
/// trickle in a byte at a time.
const TRICKLED: &[u8] = b"POST /api/games/0123456789abcdef0123456789abcdef/moves HTTP/1.1\r\n\
    Host: x\r\nCookie: sid=0123456789abcdef0123456789abcdef\r\n\
    Content-Type: application/json\r\nContent-Length: 16000\r\n\r\n";

/// `count` clients from `from` that send [`TRICKLED`] and then a byte every `every`, until
/// the server closes them; each task gives the time it was served (its close), or `None`
/// if the server never let it in (closed at once, before any answer).
fn tricklers(
    from: &'static str,
    to: std::net::SocketAddr,
    count: usize,
    every: Duration,
) -> Vec<tokio::task::JoinHandle<(Duration, String)>> {
    (0..count)
        .map(|_| {
            tokio::spawn(async move {
                let started = Instant::now();
                let mut stream = connect_from(from, to).await.expect("a connection");
                let mut answer = Vec::new();
                if stream.write_all(TRICKLED).await.is_ok() {
                    let mut buf = [0u8; 4096];
                    loop {
                        tokio::select! {
                            read = stream.read(&mut buf) => match read {
                                Ok(0) | Err(_) => break,
                                Ok(n) => answer.extend_from_slice(&buf[..n]),
                            },
                            () = tokio::time::sleep(every) => {
                                if stream.write_all(b" ").await.is_err() {
                                    break;
                                }
                            }
                        }
                        if started.elapsed() > Duration::from_secs(30) {
                            break;
                        }
                    }
                }
                (
                    started.elapsed(),
                    String::from_utf8_lossy(&answer).into_owned(),
                )
            })
        })
        .collect()
}

/// Clients that send a body a byte at a time, each byte well within a per-read timeout (one
/// that restarted with every byte would keep them for good, and 4,096 of them would lock
/// every other client out): each is answered 408 once its deadline passes; past its address's cap a
/// connection is closed at once while another address is still served; and a server
/// stopped while bodies trickle stops at once, not after its drain time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trickled_bodies_are_cut_off_and_one_address_cannot_take_every_connection() {
    let dir = tempfile::tempdir().expect("a folder");
    let limits = Limits {
        body_timeout: Duration::from_secs(3),
        max_connections: 64,
        connections_per_address: 8,
        ..Limits::default()
    };
    let server = start(dir.path(), limits).await;
    let trickling = tricklers("127.0.0.2", server.addr, 8, Duration::from_millis(300));
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The ninth connection of that address is closed at once, unanswered.
    let mut ninth = connect_from("127.0.0.2", server.addr)
        .await
        .expect("the kernel accepts");
    let _ = ninth
        .write_all(b"GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n")
        .await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(3), ninth.read_to_end(&mut answer)).await;
    assert!(
        matches!(read, Ok(Ok(0)) | Ok(Err(_))),
        "the ninth connection of one address is closed unanswered: {:?}",
        String::from_utf8_lossy(&answer)
    );
    // Another address is served meanwhile.
    let player = Player::at(&server.url);
    let (status, _) = player.get("/api/config").await;
    assert!(status.is_success(), "another client: {status}");
    let mut cut = 0;
    let mut slowest = Duration::ZERO;
    for task in trickling {
        let (took, answer) = task.await.expect("a trickling client");
        slowest = slowest.max(took);
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
        assert!(answer.contains("\"code\":\"timeout\""), "{answer}");
        // The deadline is 3 s (a trickle of 3 bytes a second earns no more time).
        assert!(took < Duration::from_secs(6), "cut after {took:?}");
        cut += 1;
    }
    assert_eq!(cut, 8);

    // Shutdown while bodies trickle: prompt (the drain time is 15 s), and the database is
    // left whole, without its log.
    let again = tricklers("127.0.0.3", server.addr, 8, Duration::from_millis(300));
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stopping = Instant::now();
    server.stop().await;
    let took = stopping.elapsed();
    println!(
        "8 trickled bodies cut off, the last after {slowest:?}; stop while 8 trickle: {took:?}"
    );
    assert!(took < Duration::from_secs(5), "the stop took {took:?}");
    for task in again {
        let (_, answer) = task.await.expect("a trickling client");
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 503"),
            "{answer}"
        );
    }
    let wal = dir.path().join("games.sqlite3-wal");
    assert!(!wal.exists(), "the log is left behind");
}
