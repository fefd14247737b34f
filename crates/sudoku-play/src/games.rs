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

use crate::env::{Env, SystemEnv};
use crate::{Code, PlayError, Solvers};

/// How often a hint or a step worked out on a copy of the game is worked out again because
/// the game moved meanwhile, before it is worked out on the writer.
const HINT_TRIES: usize = 3;

/// How long a hint may wait for a hint core before the answer is "unavailable".
pub const HINT_QUEUE: Duration = Duration::from_secs(30);

/// How long a new game may wait for a core to make its puzzle before the answer is
/// "unavailable".
pub const QUEUE_LIMIT: Duration = Duration::from_secs(30);

/// The games of one store, with the solvers and hint cores their hints use, the cores new
/// puzzles are made on, and the clock and ids of the flows; cheap to clone.
#[derive(Debug, Clone)]
pub struct Games {
    store: Store,
    solvers: Arc<Solvers>,
    hint_cores: Arc<Semaphore>,
    pub(crate) making_cores: Arc<Semaphore>,
    pub(crate) env: Arc<dyn Env>,
}

impl Games {
    /// The games of `store`, with `hint_cores` hints worked out at once (at least one), a
    /// puzzle made at once per core, on the system's clock and random ids.
    pub fn new(store: Store, hint_cores: usize) -> Games {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Games {
            store,
            solvers: Arc::new(Solvers::new()),
            hint_cores: Arc::new(Semaphore::new(hint_cores.max(1))),
            making_cores: Arc::new(Semaphore::new(cores)),
            env: Arc::new(SystemEnv),
        }
    }

    /// The same games on another clock and source of ids (a test's fixed ones).
    pub fn with_env(mut self, env: impl Env) -> Games {
        self.env = Arc::new(env);
        self
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The clock and source of ids of the flows.
    pub fn env(&self) -> &dyn Env {
        &*self.env
    }

    /// Now, by the flows' clock.
    pub fn now_ms(&self) -> u64 {
        self.env.now_ms()
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
    /// within [`HINT_QUEUE`].
    async fn on_a_hint_core<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PlayError> {
        queued(
            &self.hint_cores,
            "every hint core is working out a hint",
            HINT_QUEUE,
            work,
        )
        .await
    }
}

/// Runs `work` on a blocking thread once one of `slots` is free; "unavailable" when none is
/// within `limit` (`busy` says what holds them). The slot is held by the work, not by the
/// request: a client that goes away leaves the work running to its end, and the slot is not
/// offered again until then.
pub async fn queued<T: Send + 'static>(
    slots: &Arc<Semaphore>,
    busy: &str,
    limit: Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, PlayError> {
    let slot = tokio::time::timeout(limit, slots.clone().acquire_owned())
        .await
        .map_err(|_| {
            PlayError::new(
                Code::Unavailable,
                format!(
                    "{busy} and the queue did not move within {} s",
                    limit.as_secs()
                ),
                crate::zh::generic(Code::Unavailable, None),
            )
        })?
        .map_err(|_| PlayError::internal("the work queue is closed"))?;
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        work()
    })
    .await
    .map_err(|e| PlayError::internal(format!("a worker task failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A request whose client went away leaves its work running (it ends within its
    /// budget), and the core stays taken until then, so the queue does not hand it out twice.
    #[tokio::test]
    async fn a_request_given_up_keeps_its_core_until_the_work_ends() {
        let slots = Arc::new(Semaphore::new(2));
        let (finish, finished) = std::sync::mpsc::channel::<()>();
        let request = queued(&slots, "busy", QUEUE_LIMIT, move || {
            let _ = finished.recv();
        });
        let given_up = tokio::time::timeout(Duration::from_millis(200), request).await;
        assert!(given_up.is_err(), "the work waits for the signal");
        assert_eq!(
            slots.available_permits(),
            1,
            "the work still holds its core"
        );
        finish.send(()).expect("the work is waiting");
        let start = Instant::now();
        while slots.available_permits() < 2 {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the core comes back"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// With every slot taken past the limit, the answer is `unavailable`, saying why.
    #[tokio::test]
    async fn a_full_queue_answers_unavailable() {
        let slots = Arc::new(Semaphore::new(1));
        let _held = slots.clone().acquire_owned().await.unwrap();
        let e = queued(
            &slots,
            "every core is busy",
            Duration::from_millis(50),
            || (),
        )
        .await
        .unwrap_err();
        assert_eq!(e.code, Code::Unavailable);
        assert!(e.message.starts_with("every core is busy"), "{}", e.message);
    }
}
