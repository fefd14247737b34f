//! [`Games`]: the moves and hints of a stored game, written once for every front end.
//!
//! A move is one job of the store's writer: the game as committed, the move applied, the
//! change on disk before the answer, a keyed move never applied twice. A hint, and the step
//! of an Apply, are worked out away from the writer: the game is read as it stands, the
//! solver of its layout ([`Solvers`]) works on a hint core (a bounded number of blocking
//! threads, so that many hints at once leave cores to the writer and to the other players'
//! moves), and a short job records the hint or plays the step only if the game's
//! [`Game::fingerprint`] has not moved meanwhile, else it is worked out again. A chain
//! search on an Extreme puzzle takes tens of milliseconds: on the writer, every other
//! player's move waited behind it.
//!
//! Errors are the caller's own type `E`, into which the store's, the game's and the play
//! flows' errors convert, so that each front end keeps its one mapping of them.

use std::sync::Arc;
use std::time::Duration;

use sudoku_game::{Game, GameError, Move};
use sudoku_logic::{Hint, Logic};
use sudoku_store::db::Meta;
use sudoku_store::{Logged, Store, StoreError, Updated};
use tokio::sync::Semaphore;

use crate::{Code, PlayError, Solvers};

/// How often a hint or a step worked out on a copy of the game is worked out again because
/// the game moved meanwhile, before it is worked out on the writer.
const HINT_TRIES: usize = 3;

/// How long a hint may wait for a hint core before the answer is "unavailable".
pub const HINT_QUEUE: Duration = Duration::from_secs(30);

/// The games of one store, with the solvers and hint cores their hints use; cheap to clone.
#[derive(Debug, Clone)]
pub struct Games {
    store: Store,
    solvers: Arc<Solvers>,
    hint_cores: Arc<Semaphore>,
}

impl Games {
    /// The games of `store`, with `hint_cores` hints worked out at once (at least one).
    pub fn new(store: Store, hint_cores: usize) -> Games {
        Games {
            store,
            solvers: Arc::new(Solvers::new()),
            hint_cores: Arc::new(Semaphore::new(hint_cores.max(1))),
        }
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Plays `mv`, logged as `logged` (with the front end's key, if any). The Apply move's
    /// step is worked out away from the writer as a hint is; an Apply that fails (mistakes
    /// on the board, a full grid, no step found) or whose game keeps moving is played on
    /// the writer as any other move, which gives the same answer.
    pub async fn play<E>(
        &self,
        session: &str,
        id: &str,
        mv: Move,
        logged: Logged<'_>,
    ) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<GameError> + From<PlayError> + Send + 'static,
    {
        if mv == Move::ApplyHint {
            for _ in 0..HINT_TRIES {
                let (game, logic, seen) = self.snapshot(session, id).await?;
                let Ok(step) = self.on_a_hint_core(move || game.hint_step(&logic)).await? else {
                    break;
                };
                let now = logged.now_ms;
                let played = self
                    .store
                    .save_game_if(session, id, seen, logged, move |g| {
                        g.apply_hint_step(&step, now).map(|_| ()).map_err(E::from)
                    })
                    .await?;
                if let Some(updated) = played {
                    let (_, meta, game) = updated.into_parts();
                    return Ok((meta, game));
                }
            }
        }
        let now = logged.now_ms;
        let (_, meta, game) = self
            .store
            .update_game(session, id, logged, move |g| {
                g.apply(&mv, now).map(|_| ()).map_err(E::from)
            })
            .await?
            .into_parts();
        Ok((meta, game))
    }

    /// A hint worked out by `work` (say [`Game::hint_for`] at a stage) away from the writer,
    /// then counted on the game, logged as `logged`: the hint and the game's count of hints
    /// after it.
    pub async fn hint<E>(
        &self,
        session: &str,
        id: &str,
        logged: Logged<'_>,
        work: impl Fn(&Game, &Logic) -> Hint + Clone + Send + 'static,
    ) -> Result<(Hint, u32), E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
    {
        for _ in 0..HINT_TRIES {
            let (game, logic, seen) = self.snapshot(session, id).await?;
            let work = work.clone();
            let hint = self.on_a_hint_core(move || work(&game, &logic)).await?;
            let counted = self
                .store
                .save_game_if(session, id, seen, logged, |g| {
                    g.record_hint();
                    Ok::<_, E>(g.hints())
                })
                .await?
                .and_then(|updated| updated.into_parts().0);
            if let Some(hints) = counted {
                return Ok((hint, hints));
            }
        }
        // The game moves faster than its hint is worked out: work it out on the writer.
        let solvers = self.solvers.clone();
        let updated = self
            .store
            .update_game(session, id, logged, move |g| {
                let logic = solvers.for_layout(g.layout());
                let hint = work(g, &logic);
                g.record_hint();
                Ok::<_, E>((hint, g.hints()))
            })
            .await?;
        match updated {
            Updated::Made { out, .. } => Ok(out),
            Updated::Already { .. } => {
                Err(PlayError::internal("a hint was taken for a repeat").into())
            }
        }
    }

    /// The game as committed (read beside the writer), its layout's solver, and its
    /// position's fingerprint.
    async fn snapshot(
        &self,
        session: &str,
        id: &str,
    ) -> Result<(Game, Arc<Logic>, u64), StoreError> {
        let (_, game) = self.store.load_game(session, id).await?;
        let logic = self.solvers.for_layout(game.layout());
        let seen = game.fingerprint();
        Ok((game, logic, seen))
    }

    /// Runs `work` on a blocking thread once a hint core is free; "unavailable" when none is
    /// within [`HINT_QUEUE`]. The core is held by the work, not the request: a client that
    /// goes away leaves the work to finish, and the core is not offered again until then.
    async fn on_a_hint_core<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PlayError> {
        let core = tokio::time::timeout(HINT_QUEUE, self.hint_cores.clone().acquire_owned())
            .await
            .map_err(|_| {
                PlayError::new(
                    Code::Unavailable,
                    format!(
                        "every hint core is working out a hint and the queue did not move \
                         within {} s",
                        HINT_QUEUE.as_secs()
                    ),
                    crate::zh::generic(Code::Unavailable, None),
                )
            })?
            .map_err(|_| PlayError::internal("the hint queue is closed"))?;
        tokio::task::spawn_blocking(move || {
            let _core = core;
            work()
        })
        .await
        .map_err(|e| PlayError::internal(format!("a hint task failed: {e}")))
    }
}
