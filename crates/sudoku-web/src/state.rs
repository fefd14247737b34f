//! [`AppState`]: what every handler shares — the database — and the bridge from async
//! handlers to blocking SQLite work (the database thread of [`crate::writer`]).

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;

use crate::Limits;
use crate::db::Db;
use crate::error::{ApiError, WebError};
use crate::quota::Quotas;
use crate::writer::Writer;

/// The server's shared state; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    db: Writer,
    quotas: Arc<Quotas>,
}

impl AppState {
    /// Opens the database at `path` (made, with its directory, if missing), with the
    /// quotas of `limits`.
    pub fn open(path: &Path, limits: &Limits) -> Result<AppState, WebError> {
        let conn = Db::open(path)?.into_connection();
        Ok(AppState {
            db: Writer::start(conn).map_err(WebError::Thread)?,
            quotas: Arc::new(Quotas::new(
                limits.sessions_per_minute,
                limits.games_per_session,
            )),
        })
    }

    /// The quotas on sessions and games.
    pub fn quotas(&self) -> &Quotas {
        &self.quotas
    }

    /// Runs `f` on the connection on the database thread, so that SQLite's disk waits never
    /// stall the async workers; `Ok` comes once its change is committed (see
    /// [`Writer::run`]).
    pub async fn db<R, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> Result<R, ApiError> + Send + 'static,
    {
        self.db.run(f).await
    }
}
