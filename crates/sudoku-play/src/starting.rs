//! New games, written once for every front end: a puzzle of the ladder (from the store's
//! pool, else made now within its budget on a core of its own), an imported one, and the
//! day's puzzle (made once per date and rung, kept, and resumed where the player began it).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use sudoku_core::dig::Symmetry;
use sudoku_core::{Grid, Shape};
use sudoku_game::offer::{self, Spec};
use sudoku_game::{Game, GameVariant};
use sudoku_logic::generate::Generated;
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_store::db::{Meta, Pooled};
use sudoku_store::{DailyGame, StoreError};

use crate::daily::{self, Streak};
use crate::games::{QUEUE_LIMIT, queued};
use crate::{Games, Imported, PlayError, making};

/// Where a new game's puzzle came from: the rung id (or `import`), the grader's verdict, and
/// for a daily puzzle its date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The rung id, or `import`.
    pub rung: String,
    /// The grader's level name.
    pub level: Option<String>,
    /// The grader's score.
    pub score: Option<u32>,
    /// The date of a daily puzzle.
    pub daily: Option<String>,
}

impl Origin {
    /// A puzzle of `rung` as made (or taken from the pool).
    pub fn made(rung: &Rung, made: &Pooled) -> Origin {
        Origin {
            rung: rung.id.to_string(),
            level: made.level.clone(),
            score: made.score,
            daily: None,
        }
    }

    /// A puzzle of `rung` just generated.
    pub fn generated(rung: &Rung, made: &Generated) -> Origin {
        Origin {
            rung: rung.id.to_string(),
            level: Some(crate::level_name(made.grade.level)),
            score: Some(made.grade.score),
            daily: None,
        }
    }

    /// A puzzle the player gave.
    pub fn imported(imported: &Imported) -> Origin {
        Origin {
            rung: "import".to_string(),
            level: Some(imported.level.clone()),
            score: Some(imported.score),
            daily: None,
        }
    }
}

/// The day's game at a rung: the one the player began, or a new one.
#[derive(Debug, Clone)]
pub enum DailyStart {
    /// The player's game of this day and rung, as it stands.
    Begun(Meta, Game),
    /// A new game of the day's puzzle.
    New(Meta, Game),
}

/// A day as the player sees it: the streak up to it, and per rung offered the player's game
/// of the day's puzzle, if any.
#[derive(Debug, Clone)]
pub struct DailyStatus {
    /// `2026-11-27`.
    pub date: String,
    /// The streak up to this day.
    pub streak: Streak,
    /// Each rung of 9x9 classic, with the player's game of the day at it.
    pub rungs: Vec<(&'static str, Option<DailyGame>)>,
}

impl Games {
    /// Stores a new game of `puzzle` for the session if `quota`, given how many games the
    /// session holds, allows it (the terminal passes one that always does).
    pub async fn start<E, Q>(
        &self,
        session: &str,
        variant: GameVariant,
        (puzzle, solution): (&Grid, &Grid),
        origin: Origin,
        quota: Q,
    ) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
        Q: FnOnce(u64) -> Result<(), E> + Send + 'static,
    {
        let now = self.now_ms();
        let game = Game::new(variant, puzzle, solution, now)
            .map_err(|e| PlayError::internal(e.to_string()))?;
        let meta = Meta {
            id: self.env.fresh_id()?,
            rung: origin.rung,
            level: origin.level,
            score: origin.score,
            created_ms: now,
            updated_ms: now,
            daily: origin.daily,
        };
        self.store()
            .insert_game(session, meta.clone(), game.clone(), quota)
            .await?;
        Ok((meta, game))
    }

    /// A new game of `spec`: a puzzle from the pool if it has one, otherwise made now within
    /// [`offer::on_demand_budget`] on a free core.
    pub async fn new_game<E, Q>(
        &self,
        session: &str,
        spec: Spec,
        quota: Q,
    ) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
        Q: FnOnce(u64) -> Result<(), E> + Send + 'static,
    {
        let made = self.puzzle_for::<E>(spec).await?;
        let (puzzle, solution) = (stored_grid(&made.puzzle)?, stored_grid(&made.solution)?);
        let origin = Origin::made(spec.rung, &made);
        self.start(session, spec.variant, (&puzzle, &solution), origin, quota)
            .await
    }

    /// A new game of an imported puzzle.
    pub async fn import_game<E, Q>(
        &self,
        session: &str,
        variant: GameVariant,
        imported: Imported,
        quota: Q,
    ) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
        Q: FnOnce(u64) -> Result<(), E> + Send + 'static,
    {
        let origin = Origin::imported(&imported);
        let grids = (&imported.puzzle, &imported.solution);
        self.start(session, variant, grids, origin, quota).await
    }

    /// A puzzle for a new game of `spec`: from the pool if it has one, otherwise made now.
    pub async fn puzzle_for<E>(&self, spec: Spec) -> Result<Pooled, E>
    where
        E: From<StoreError> + From<PlayError>,
    {
        let symmetry = spec.symmetry.map(|s| s.name().to_string());
        let size = offer::size_name(spec.shape);
        let pooled = self
            .store()
            .take_pooled(
                spec.rung.id,
                &size,
                spec.variant.name(),
                symmetry.as_deref(),
            )
            .await?;
        if let Some(p) = pooled {
            return Ok(p);
        }
        let seed = self.env.seed()?;
        let budget = offer::on_demand_budget(&spec);
        let made = self
            .on_a_making_core(move || making::generate_within(&spec, budget, seed))
            .await?;
        Ok(made.map_err(|message| making::generation_failed(&spec, message))?)
    }

    /// The day's game at `rung` for the player whose date is `date` (the server's UTC date
    /// when `None`; archive days allowed): the one the player began, else a new one of the
    /// day's puzzle (made the first time it is asked for, then kept).
    pub async fn daily_game<E, Q>(
        &self,
        session: &str,
        rung: &'static Rung,
        date: Option<&str>,
        quota: Q,
    ) -> Result<DailyStart, E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
        Q: FnOnce(u64) -> Result<(), E> + Send + 'static,
    {
        let now = self.now_ms();
        let date = daily::requested_or_archived(date, now)?;
        let day = daily::format(date);
        let begun = self
            .store()
            .daily_games(session, &day, now)
            .await?
            .into_iter()
            .find(|g| g.rung == rung.id);
        if let Some(game) = begun {
            let (meta, game) = self.store().load_game(session, &game.id).await?;
            return Ok(DailyStart::Begun(meta, game));
        }
        let made = match self.store().daily_puzzle(&day, rung.id).await? {
            Some(made) => made,
            None => {
                let made = self
                    .on_a_making_core(move || daily::make(date, rung))
                    .await?
                    .map_err(|message| making::generation_failed(&daily::spec(rung), message))?;
                self.store()
                    .store_daily(&day, rung.id, made.clone())
                    .await?;
                made
            }
        };
        let (puzzle, solution) = (stored_grid(&made.puzzle)?, stored_grid(&made.solution)?);
        let origin = Origin {
            daily: Some(day),
            ..Origin::made(rung, &made)
        };
        let (meta, game) = self
            .start(
                session,
                GameVariant::Classic,
                (&puzzle, &solution),
                origin,
                quota,
            )
            .await?;
        Ok(DailyStart::New(meta, game))
    }

    /// The day `date` asks for (today's or an archive day's) as the player sees it.
    pub async fn daily_status<E>(&self, session: &str, date: Option<&str>) -> Result<DailyStatus, E>
    where
        E: From<StoreError> + From<PlayError>,
    {
        let now = self.now_ms();
        let date = daily::requested_or_archived(date, now)?;
        let day = daily::format(date);
        let games = self.store().daily_games(session, &day, now).await?;
        let wins = self.store().daily_wins(session).await?;
        let rungs = offer::offered(Shape::CLASSIC, GameVariant::Classic)
            .iter()
            .map(|&rung| (rung, games.iter().find(|g| g.rung == rung).cloned()))
            .collect();
        Ok(DailyStatus {
            date: day,
            streak: daily::streak_of(&wins, date),
            rungs,
        })
    }

    /// Runs a generation on a blocking thread once a core is free: twenty generations at
    /// once on two cores each got a tenth of one, and half of them ran out of their budget;
    /// queued, each gets a core for its whole budget.
    pub async fn on_a_making_core<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, PlayError> {
        queued(
            &self.making_cores,
            "every core is making a puzzle",
            QUEUE_LIMIT,
            work,
        )
        .await
    }

    /// Keeps `target` puzzles ready for every rung of 9x9 classic, one generation at a
    /// time, for ever (abort the task to stop it). A rung that cannot be made is tried again
    /// later, each time after a longer pause, so an impossible one does not eat the CPU.
    pub async fn fill_pool(self, target: u64) {
        if target == 0 {
            return;
        }
        let mut backoff: HashMap<&'static str, (Duration, Instant)> = HashMap::new();
        loop {
            let mut worked = false;
            for rung in &LADDER {
                if backoff
                    .get(rung.id)
                    .is_some_and(|(_, until)| Instant::now() < *until)
                {
                    continue;
                }
                let count = self
                    .store()
                    .pool_count(rung.id, "9x9", "classic")
                    .await
                    .unwrap_or(target);
                if count >= target {
                    continue;
                }
                worked = true;
                if self.refill_one(rung).await {
                    backoff.remove(rung.id);
                } else {
                    let wait = backoff
                        .get(rung.id)
                        .map_or(Duration::from_secs(30), |(d, _)| {
                            (*d * 2).min(Duration::from_secs(3600))
                        });
                    backoff.insert(rung.id, (wait, Instant::now() + wait));
                }
            }
            if !worked {
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
    }

    /// Makes one puzzle for the rung and adds it to the pool; whether that worked.
    async fn refill_one(&self, rung: &'static Rung) -> bool {
        let Ok(seed) = self.env.seed() else {
            return false;
        };
        let spec = Spec {
            rung,
            shape: Shape::CLASSIC,
            variant: GameVariant::Classic,
            symmetry: Some(Symmetry::Random),
        };
        let made = tokio::task::spawn_blocking(move || {
            making::generate(&spec, making::BACKGROUND_ATTEMPTS, seed)
        })
        .await;
        let Ok(Ok(pooled)) = made else {
            return false;
        };
        self.store()
            .add_pooled(rung.id, "9x9", "classic", pooled)
            .await
            .is_ok()
    }
}

/// A grid the store kept, read back.
fn stored_grid(line: &str) -> Result<Grid, PlayError> {
    line.parse()
        .map_err(|e| PlayError::internal(format!("a stored puzzle is broken: {e}")))
}
