//! [`AppState`]: what every handler shares — the store and the quotas — and the bridge
//! from async handlers to the blocking SQLite work of [`sudoku_store::Store`]: changes go to
//! its writer thread, reads to read connections of their own.

use std::path::Path;
use std::sync::Arc;

use rusqlite::Connection;
use sudoku_store::{Store, StoreError};

use crate::Limits;
use crate::error::{ApiError, WebError};
use crate::quota::Quotas;

/// The server's shared state; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    store: Store,
    quotas: Arc<Quotas>,
}

impl AppState {
    /// Opens the database at `path` (made, with its directory, if missing), with the
    /// quotas of `limits`.
    pub fn open(path: &Path, limits: &Limits) -> Result<AppState, WebError> {
        Ok(AppState {
            store: Store::open(path)?,
            quotas: Arc::new(Quotas::new(
                limits.sessions_per_minute,
                limits.games_per_session,
            )),
        })
    }

    /// A handle to wait for the database thread to stop once the state is dropped.
    pub fn stopping(&self) -> sudoku_store::Stopping {
        self.store.stopping()
    }

    /// The quotas on sessions and games.
    pub fn quotas(&self) -> &Quotas {
        &self.quotas
    }

    /// Runs `f` on the store's writer thread, so that SQLite's disk waits never stall the
    /// async workers; `Ok` comes once its change is committed.
    /// `f` fails with a store error or an API error of its own.
    pub async fn db<R, E, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        E: From<StoreError> + Into<ApiError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.store.write(f).await.map_err(Into::into)
    }

    /// Runs `f`, which only reads, on a read connection; it sees every change acknowledged
    /// so far.
    pub async fn read<R, E, F>(&self, f: F) -> Result<R, ApiError>
    where
        R: Send + 'static,
        E: From<StoreError> + Into<ApiError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.store.read(f).await.map_err(Into::into)
    }
}
