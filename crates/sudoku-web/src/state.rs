//! [`AppState`]: what every handler shares — the games ([`sudoku_play::Games`]: moves and
//! hints, over the typed methods of [`sudoku_store::Store`]), the quotas and the session key.

use std::path::Path;
use std::sync::Arc;

use sudoku_play::Games;
use sudoku_store::Store;

use crate::Limits;
use crate::error::{ApiError, WebError};
use crate::quota::Quotas;
use crate::session::SessionKey;

/// The server's shared state; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    games: Games,
    quotas: Arc<Quotas>,
    /// Read from the database (made there the first time) on first use.
    session_key: Arc<tokio::sync::OnceCell<SessionKey>>,
}

impl AppState {
    /// Opens the database at `path` (made, with its directory, if missing), with the
    /// quotas of `limits`.
    pub fn open(path: &Path, limits: &Limits) -> Result<AppState, WebError> {
        Ok(AppState {
            games: Games::new(Store::open(path)?, hint_cores()),
            quotas: Arc::new(Quotas::new(limits)),
            session_key: Arc::new(tokio::sync::OnceCell::new()),
        })
    }

    /// The key that signs session cookies: made once (32 random bytes) and kept in the
    /// database, so that sessions outlive a restart.
    pub(crate) async fn session_key(&self) -> Result<SessionKey, ApiError> {
        self.session_key
            .get_or_try_init(|| async {
                let fresh = crate::random_key()?;
                let bytes = self.store().secret("session", fresh.to_vec()).await?;
                SessionKey::new(&bytes)
            })
            .await
            .cloned()
    }

    /// A handle to wait for the database thread to stop once the state is dropped.
    pub fn stopping(&self) -> sudoku_store::Stopping {
        self.store().stopping()
    }

    /// The games: moves, and hints worked out away from the database thread.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The check of the quota on the games a session holds, for a new game's insert.
    pub(crate) fn new_game_quota(
        &self,
    ) -> impl FnOnce(u64) -> Result<(), ApiError> + Send + 'static {
        let quotas = self.quotas.clone();
        move |games| quotas.new_game(games)
    }

    /// The quotas on sessions and games.
    pub fn quotas(&self) -> &Quotas {
        &self.quotas
    }

    /// The store: every read and change of the database, as typed methods (changes on its
    /// writer thread, so that SQLite's disk waits never stall the async workers; reads on
    /// read connections of their own).
    pub fn store(&self) -> &Store {
        self.games.store()
    }
}

/// Hints worked out at once: half the cores, at least one, so that many hints asked together
/// leave the other cores to the database thread and the players' moves.
fn hint_cores() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores / 2).max(1)
}
