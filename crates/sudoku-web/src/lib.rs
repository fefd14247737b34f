//! # sudoku_web
//!
//! The browser game of Dancing Sudoku: an axum server with the JSON API described in
//! `API.md` (next to this crate's `Cargo.toml`), the page's files embedded in the binary, and
//! games, moves, statistics and a pool of ready puzzles in one SQLite file.
//!
//! Nothing acknowledged is lost: every change to a game is committed (WAL, `synchronous =
//! FULL`) with a row in the move log before the answer goes out, so after a crash and a restart
//! on the same file every game is where its player last saw it.
//!
//! [`Server::bind`] opens the database and the listening socket (so a caller can report a bad
//! address or file before anything runs) and [`Server::run_until`] serves until a future
//! completes; [`serve`] does both and stops on Ctrl-C. [`router`] is the bare application for
//! tests or embedding.
//!
//! ```no_run
//! # async fn run() -> Result<(), sudoku_web::WebError> {
//! let config = sudoku_web::Config::new("127.0.0.1:8080", "/tmp/games.sqlite3");
//! sudoku_web::serve(config).await
//! # }
//! ```

#![warn(missing_docs)]

mod assets;
/// The store's tables, as the handlers use them.
pub(crate) use sudoku_store::db;
mod conn;
mod error;
mod extract;
mod guard;
pub mod puzzles;
mod quota;
mod routes;
mod session;
mod state;
mod view;
mod zh;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};

pub use conn::Limits;
pub use error::{ApiError, WebError};
pub use state::AppState;

/// The largest request body (larger ones get 413).
pub const BODY_LIMIT: usize = 16 * 1024;

/// How to run the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Where to listen, `host:port`.
    pub addr: String,
    /// The SQLite file (made, with its directory, if missing).
    pub db: PathBuf,
    /// Ready puzzles to keep per rung for 9x9 classic (0: no background generation).
    pub pool_target: u64,
    /// Timeouts and the connection cap.
    pub limits: Limits,
}

impl Config {
    /// A configuration with the default pool.
    pub fn new(addr: impl Into<String>, db: impl Into<PathBuf>) -> Config {
        Config {
            addr: addr.into(),
            db: db.into(),
            pool_target: 3,
            limits: Limits::default(),
        }
    }
}

/// The application: every route, the session cookie, the body limit.
pub fn router(state: AppState) -> Router {
    // Requests that start a game or ask a drill question count against those quotas first.
    let starts = || axum::middleware::from_fn_with_state(state.clone(), session::starts_game);
    let asks = axum::middleware::from_fn_with_state(state.clone(), session::asks_question);
    let games = Router::new()
        .route(
            "/games",
            post(routes::new_game).layer(starts()).get(routes::list),
        )
        .route("/games/import", post(routes::import).layer(starts()))
        .route(
            "/games/import-workbook",
            post(routes::import_workbook)
                .layer::<_, std::convert::Infallible>(starts())
                .layer(DefaultBodyLimit::max(puzzles::WORKBOOK_LIMIT)),
        )
        .route("/games/current", get(routes::current))
        .route("/games/{id}", get(routes::get_game))
        .route("/games/{id}/moves", post(routes::play))
        .route("/games/{id}/undo", post(routes::undo))
        .route("/games/{id}/redo", post(routes::redo))
        .route("/games/{id}/restart", post(routes::restart))
        .route("/games/{id}/pause", post(routes::pause))
        .route("/games/{id}/resume", post(routes::resume))
        .route("/games/{id}/hint", post(routes::hint))
        .route("/games/{id}/check", post(routes::check))
        .route("/games/{id}/print", get(routes::print))
        .route("/games/{id}/solve", post(routes::solve))
        .route("/config", get(routes::config))
        .route("/stats", get(routes::stats))
        .route(
            "/daily",
            post(routes::daily_game)
                .layer(starts())
                .get(routes::daily_status),
        )
        .route("/drill", post(routes::drill_question).layer(asks))
        .route("/drill/{id}/answer", post(routes::drill_answer))
        .method_not_allowed_fallback(routes::method_not_allowed);
    Router::new()
        .nest("/api", games)
        .route("/", get(assets::index))
        .fallback(assets::fallback)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            session::layer,
        ))
        .layer(axum::middleware::from_fn(guard::layer))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

/// A server with its database open and its socket bound, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
    pool_target: u64,
    limits: Limits,
}

impl Server {
    /// Opens the database and binds the address.
    pub async fn bind(config: &Config) -> Result<Server, WebError> {
        // The address first: a bad one must not leave a new database file behind.
        let listener = tokio::net::TcpListener::bind(&config.addr)
            .await
            .map_err(|source| WebError::Bind {
                addr: config.addr.clone(),
                source,
            })?;
        let state = AppState::open(&config.db, &config.limits)?;
        Ok(Server {
            listener,
            state,
            pool_target: config.pool_target,
            limits: config.limits,
        })
    }

    /// The address it listens on (the real port when the configuration said port 0).
    pub fn local_addr(&self) -> Result<SocketAddr, WebError> {
        self.listener.local_addr().map_err(WebError::Serve)
    }

    /// Serves until `shutdown` completes, keeping the puzzle pool filled meanwhile.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), WebError> {
        let stopping = self.state.stopping();
        let filler = tokio::spawn(self.state.games().clone().fill_pool(self.pool_target));
        let app = router(self.state);
        let drain = Duration::from_secs(15);
        let result = conn::serve(self.listener, app, self.limits, shutdown, drain)
            .await
            .map_err(WebError::Serve);
        filler.abort();
        let _ = filler.await;
        // With the last handle gone, the database thread folds the write-ahead log back into
        // the database: wait for it (a generation still running holds no handle), or the
        // process would exit in the middle and leave the log behind.
        let _ = tokio::task::spawn_blocking(move || stopping.wait(Duration::from_secs(10))).await;
        result
    }
}

/// Serves the game until Ctrl-C or SIGTERM.
pub async fn serve(config: Config) -> Result<(), WebError> {
    let server = Server::bind(&config).await?;
    server.run_until(shutdown_signal()).await
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM, which service managers send to stop a
/// server: either way the server shuts down cleanly (requests finished, the database's
/// write-ahead log folded back). A signal that cannot be watched never completes: the
/// server then serves until it is killed.
pub async fn shutdown_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

pub(crate) use sudoku_store::rfc3339;

fn random_bytes() -> Result<[u8; 16], ApiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::internal(format!("no random numbers: {e}")))?;
    Ok(bytes)
}

/// 128 random bits as 32 hex digits: session ids (unguessable, never sequential).
pub(crate) fn random_hex() -> Result<String, ApiError> {
    Ok(random_bytes()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// 256 random bits: the key that signs session cookies.
pub(crate) fn random_key() -> Result<[u8; 32], ApiError> {
    let mut key = [0u8; 32];
    key[..16].copy_from_slice(&random_bytes()?);
    key[16..].copy_from_slice(&random_bytes()?);
    Ok(key)
}
