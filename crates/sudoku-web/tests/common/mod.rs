//! A real server on a free loopback port with a SQLite file, and clients with their own
//! cookie stores, for the API and load tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use reqwest::{Client, Method, StatusCode};
use serde_json::{Value, json};
use sudoku_core::{Engine, Grid, Shape, Solver, Verdict};
use sudoku_game::GameVariant;
use sudoku_web::{Config, Limits, Server};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A running server; [`Running::stop`] shuts it down gracefully.
pub struct Running {
    pub url: String,
    pub addr: std::net::SocketAddr,
    pub db: PathBuf,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), sudoku_web::WebError>>,
}

/// Starts a server on `db` with no background generation.
pub async fn start(db: &Path) -> Running {
    start_with_pool(db, 0).await
}

/// Starts a server on `db` keeping `pool` ready puzzles per rung.
pub async fn start_with_pool(db: &Path, pool: u64) -> Running {
    start_with(db, pool, Limits::default()).await
}

/// Starts a server on `db` keeping `pool` ready puzzles per rung, within `limits`.
pub async fn start_with(db: &Path, pool: u64, limits: Limits) -> Running {
    let mut config = Config::new("127.0.0.1:0", db);
    config.pool_target = pool;
    config.limits = limits;
    let server = Server::bind(&config).await.expect("the server binds");
    let addr = server.local_addr().expect("a bound address");
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server.run_until(async {
        let _ = stopped.await;
    }));
    Running {
        url: format!("http://{addr}"),
        addr,
        db: db.to_path_buf(),
        stop,
        task,
    }
}

impl Running {
    /// Stops accepting, lets requests in flight finish, and waits for the end.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        tokio::time::timeout(Duration::from_secs(20), self.task)
            .await
            .expect("the server stops in time")
            .expect("the server task ends")
            .expect("the server ends without error");
    }
}

/// A player: a client with its own cookie store (its own session).
#[derive(Clone)]
pub struct Player {
    pub client: Client,
    pub base: String,
}

impl Player {
    pub fn new(server: &Running) -> Player {
        Player::at(&server.url)
    }

    pub fn at(base: &str) -> Player {
        let client = Client::builder()
            .cookie_store(true)
            .timeout(Duration::from_secs(60))
            .build()
            .expect("a client");
        Player {
            client,
            base: base.to_string(),
        }
    }

    /// Any request with a raw body; the status and the body as JSON (`Null` if not JSON).
    pub async fn raw(&self, method: Method, path: &str, body: Vec<u8>) -> (StatusCode, Value) {
        let response = self
            .client
            .request(method, format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("the server answers");
        let status = response.status();
        let bytes = response.bytes().await.expect("a body");
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.raw(Method::GET, path, Vec::new()).await
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.raw(Method::POST, path, body.to_string().into_bytes())
            .await
    }

    /// A new game; panics unless it is made.
    pub async fn new_game(&self, spec: Value) -> Value {
        let (status, game) = self.post("/api/games", spec).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        game
    }

    /// Imports a puzzle; panics unless it is accepted.
    pub async fn import(&self, puzzle: &str) -> Value {
        let (status, game) = self
            .post("/api/games/import", json!({ "puzzle": puzzle }))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        game
    }

    /// A move on a game: the status and the answer.
    pub async fn play(&self, id: &str, mv: Value) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{id}/moves"), mv).await
    }
}

/// What most game tests start from: a temporary directory (removed when dropped), a server on
/// a fresh file in it, and a player who entered `puzzle`, with the game and its id.
pub async fn table(puzzle: &str) -> (tempfile::TempDir, Running, Player, Value, String) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let server = start(&dir.path().join("games.sqlite3")).await;
    let player = Player::new(&server);
    let game = player.import(puzzle).await;
    let id = id_of(&game);
    (dir, server, player, game, id)
}

/// The game's unique solution, worked out here (never asked of the API).
pub fn solve(game: &Value) -> Grid {
    let puzzle: Grid = game["puzzle"]
        .as_str()
        .expect("a puzzle")
        .parse()
        .expect("a puzzle line");
    let rows = game["box_rows"].as_u64().expect("box rows") as usize;
    let cols = game["box_cols"].as_u64().expect("box cols") as usize;
    let shape = Shape::new(rows, cols).expect("a shape");
    let variant = GameVariant::from_name(game["variant"].as_str().expect("a variant"))
        .expect("a known variant");
    let layout = variant.layout(shape).expect("a layout");
    let mut solver = Solver::new(layout, Engine::Auto).expect("a solver");
    match solver.verdict(&puzzle).expect("a verdict") {
        Verdict::Unique(solution) => solution,
        other => panic!("the game's puzzle is not unique: {other:?}"),
    }
}

/// The empty cells of a game with their solution digits, as (`r1c2`, digit).
pub fn answers(game: &Value) -> Vec<(String, u64)> {
    let solution = solve(game);
    let n = game["n"].as_u64().expect("n") as usize;
    let cells = game["cells"].as_array().expect("cells");
    cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c["digit"].is_null())
        .map(|(i, _)| {
            let digit = solution.values()[i] as u64;
            (format!("r{}c{}", i / n + 1, i % n + 1), digit)
        })
        .collect()
}

/// A placement move.
pub fn place(cell: &str, digit: u64) -> Value {
    json!({ "kind": "place", "cell": cell, "digit": digit })
}

/// The id of a game answer.
pub fn id_of(game: &Value) -> String {
    game["id"].as_str().expect("an id").to_string()
}

/// `count` connections that have each sent `start` of a request and nothing more.
pub async fn half_sent(
    addr: std::net::SocketAddr,
    count: usize,
    start: &[u8],
) -> Vec<tokio::net::TcpStream> {
    let mut streams = Vec::with_capacity(count);
    for _ in 0..count {
        let mut s = tokio::net::TcpStream::connect(addr)
            .await
            .expect("a connection");
        tokio::io::AsyncWriteExt::write_all(&mut s, start)
            .await
            .expect("a partial request");
        streams.push(s);
    }
    streams
}

/// A 9x9 puzzle with one solution, for hints and imports.
pub const CLASSIC: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

pub fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary directory")
}

/// Asserts an error answer: the status, the code, and the field when one is given.
#[track_caller]
pub fn assert_error(answer: &(StatusCode, Value), status: u16, code: &str, field: Option<&str>) {
    let (got, body) = answer;
    assert_eq!(got.as_u16(), status, "{body}");
    assert_eq!(body["error"]["code"], code, "{body}");
    if let Some(field) = field {
        assert_eq!(body["error"]["field"], field, "{body}");
    }
    assert!(
        body["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "{body}"
    );
}
