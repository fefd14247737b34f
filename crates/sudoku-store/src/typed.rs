//! The typed store: what the front ends ask of the database, as methods of [`Store`].
//!
//! Each method is one job: a change runs on the writer thread inside its own savepoint and
//! answers once its batch is committed (see [`crate::writer`]), a read runs on a read
//! connection and sees every change acknowledged so far. A composite step that must not be
//! split by another request (count the games, check the quota, insert; look a move's key up,
//! then apply the move; record a hint only if the game has not moved; check and record a
//! drill answer) is one method, its front end's part passed in as a closure over the stored
//! values, never over the connection: so the SQL, the connection and the writer's cache of
//! games stay inside this crate.
//!
//! Methods that take a closure return the closure's own error type `E` (any type a
//! [`StoreError`] converts into); the others return a [`StoreError`]. Every method has a
//! `_blocking` twin for a caller without an async runtime (the terminal).

use rusqlite::Connection;
use sudoku_game::Game;

use crate::db::{self, DrillStats, Finished, LevelStats, Listed, Meta, Pooled};
use crate::writer::Writing;
use crate::{Store, StoreError, sessions};

/// How a change of a game is logged in its move log: the action (JSON), the page's own name
/// for the move if it has one, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Logged<'a> {
    /// The action as the move log keeps it (JSON).
    pub action: &'a str,
    /// The front end's name for the move: a move sent again with a key the log holds is
    /// not applied again (its answer was lost, or it was queued while the server was away).
    pub key: Option<&'a str>,
    /// When, Unix ms: the game's `updated_ms` and the log row's time.
    pub now_ms: u64,
}

impl<'a> Logged<'a> {
    /// An action without a key.
    pub fn new(action: &'a str, now_ms: u64) -> Logged<'a> {
        Logged {
            action,
            key: None,
            now_ms,
        }
    }

    /// The same action with the front end's key for it.
    pub fn keyed(self, key: Option<&'a str>) -> Logged<'a> {
        Logged { key, ..self }
    }
}

/// The owned copy of a [`Logged`] a job carries to the writer thread.
struct Log {
    action: String,
    key: Option<String>,
    now_ms: u64,
}

impl From<Logged<'_>> for Log {
    fn from(l: Logged<'_>) -> Log {
        Log {
            action: l.action.to_string(),
            key: l.key.map(str::to_string),
            now_ms: l.now_ms,
        }
    }
}

/// What a change of a game came to. A keyed move whose key the log holds already is
/// [`Updated::Already`]: the front end's closure did not run, and the game is as stored, so
/// the caller answers the repeated move exactly as it answered the first.
#[derive(Debug, Clone, PartialEq)]
pub enum Updated<R> {
    /// The closure ran and its change is on disk: its result and the game as stored now.
    Made {
        /// What the closure returned.
        out: R,
        /// The game's row as stored.
        meta: Meta,
        /// The game as stored.
        game: Game,
    },
    /// The move's key was in the log already: nothing was applied.
    Already {
        /// The game's row as stored.
        meta: Meta,
        /// The game as stored.
        game: Game,
    },
}

impl<R> Updated<R> {
    /// The game's row as stored.
    pub fn meta(&self) -> &Meta {
        match self {
            Updated::Made { meta, .. } | Updated::Already { meta, .. } => meta,
        }
    }

    /// The game as stored.
    pub fn game(&self) -> &Game {
        match self {
            Updated::Made { game, .. } | Updated::Already { game, .. } => game,
        }
    }

    /// The closure's result (`None` when the move was a repeat) and the game as stored.
    pub fn into_parts(self) -> (Option<R>, Meta, Game) {
        match self {
            Updated::Made { out, meta, game } => (Some(out), meta, game),
            Updated::Already { meta, game } => (None, meta, game),
        }
    }
}

/// A session's statistics, read together: the statistics page and the terminal's screen.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Statistics {
    /// Per rung, size and variant.
    pub levels: Vec<LevelStats>,
    /// The last [`db::HISTORY`] finished games, the latest first.
    pub history: Vec<Finished>,
    /// The dates of the daily puzzles solved on their day.
    pub daily_wins: Vec<String>,
    /// The drill's answers.
    pub drill: DrillStats,
}

/// A session's game of a day's puzzle: the newest one per rung.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct DailyGame {
    /// The rung id.
    pub rung: String,
    /// The game id.
    pub id: String,
    /// Its status name.
    pub status: String,
    /// Its playing time now.
    pub elapsed_ms: u64,
}

/// A drill question as stored, for the check of an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskedQuestion {
    /// The question as the front end stored it (JSON).
    pub question: String,
    /// When it was asked, Unix ms.
    pub asked_ms: u64,
    /// Whether it was answered already.
    pub answered: bool,
}

/// The verdict of a drill answer's check, to be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marked<R> {
    /// Whether the answer is right.
    pub correct: bool,
    /// How long the player took.
    pub ms: u64,
    /// Whatever else the check gives back to its caller.
    pub out: R,
}

/// The job of [`Store::update_game`] on the writer's state.
fn update<R, E: From<StoreError>>(
    w: &mut Writing<'_>,
    session: &str,
    id: &str,
    log: &Log,
    f: impl FnOnce(&mut Game) -> Result<R, E>,
) -> Result<Updated<R>, E> {
    if let Some(key) = &log.key
        && db::has_move_key(w.conn, id, key)?
    {
        let (meta, game) = w.load_game(session, id)?;
        return Ok(Updated::Already { meta, game });
    }
    // Out of the cache while `f` changes it: if `f` or the store fails, it is read anew.
    let (mut meta, mut game) = match w.games.take(session, id) {
        Some(found) => found,
        None => db::load_game(w.conn, session, id)?,
    };
    let out = f(&mut game)?;
    meta.updated_ms = log.now_ms;
    db::store(w.conn, &meta, &game, (&log.action, log.key.as_deref()))?;
    w.games.put(session, &meta, &game);
    Ok(Updated::Made { out, meta, game })
}

impl Writing<'_> {
    /// A game of the session as the open transaction holds it: from the cache, else the file.
    pub(crate) fn load_game(&self, session: &str, id: &str) -> Result<(Meta, Game), StoreError> {
        match self.games.get(session, id) {
            Some(found) => Ok(found),
            None => db::load_game(self.conn, session, id),
        }
    }
}

/// Declares an async method and its `_blocking` twin over one job builder: `write` jobs run
/// on the writer, `read` jobs on a read connection.
macro_rules! twins {
    ($(
        $(#[$doc:meta])*
        $kind:ident fn $name:ident / $blocking:ident
            $(<$($g:ident),*>)? ($($arg:ident: $ty:ty),*) -> $out:ty
            $(where { $($w:tt)+ })?
        = $job:expr;
    )*) => {$(
        $(#[$doc])*
        pub async fn $name $(<$($g),*>)? (&self, $($arg: $ty),*) -> $out
            $(where $($w)+)?
        {
            twins!(@async $kind self $job)
        }

        #[doc = concat!("[`Store::", stringify!($name), "`] on the calling thread.")]
        pub fn $blocking $(<$($g),*>)? (&self, $($arg: $ty),*) -> $out
            $(where $($w)+)?
        {
            twins!(@blocking $kind self $job)
        }
    )*};
    (@async write $s:ident $job:expr) => { $s.writer.job($job).await };
    (@blocking write $s:ident $job:expr) => { $s.writer.job_blocking($job) };
    (@async read $s:ident $job:expr) => { $s.read($job).await };
    (@blocking read $s:ident $job:expr) => { $s.read_blocking($job) };
}

fn owned(s: &str) -> String {
    s.to_string()
}

impl Store {
    twins! {
        /// A game of the session, as last committed; another session's game is
        /// [`StoreError::NotFound`] exactly like a missing one. Read beside the writer: a
        /// hint worked out on it is then recorded with [`Store::save_game_if`].
        read fn load_game / load_game_blocking(session: &str, id: &str)
            -> Result<(Meta, Game), StoreError>
        = {
            let (session, id) = (owned(session), owned(id));
            move |c: &Connection| db::load_game(c, &session, &id)
        };

        /// Changes a game with `f` and stores it, with a row in its move log, as one job:
        /// `f` runs on the game as committed (no other change can come between), and the
        /// answer comes once the change is on disk. When `f` fails nothing is kept. A keyed
        /// move whose key the log holds is not applied again: [`Updated::Already`].
        write fn update_game / update_game_blocking<R, E, F>(
            session: &str, id: &str, logged: Logged<'_>, f: F
        ) -> Result<Updated<R>, E>
        where {
            R: Send + 'static,
            E: From<StoreError> + Send + 'static,
            F: FnOnce(&mut Game) -> Result<R, E> + Send + 'static,
        }
        = {
            let (session, id, log) = (owned(session), owned(id), Log::from(logged));
            move |w: &mut Writing<'_>| update(w, &session, &id, &log, f)
        };

        /// [`Store::update_game`] only if the game has not moved since it was read: `None`,
        /// with nothing written, when its [`Game::fingerprint`] is no longer `fingerprint`
        /// (something worked out on a copy of the game, such as a hint, no longer fits it).
        /// A keyed move whose key the log holds is [`Updated::Already`], whatever the
        /// fingerprint.
        write fn save_game_if / save_game_if_blocking<R, E, F>(
            session: &str, id: &str, fingerprint: u64, logged: Logged<'_>, f: F
        ) -> Result<Option<Updated<R>>, E>
        where {
            R: Send + 'static,
            E: From<StoreError> + Send + 'static,
            F: FnOnce(&mut Game) -> Result<R, E> + Send + 'static,
        }
        = {
            let (session, id, log) = (owned(session), owned(id), Log::from(logged));
            move |w: &mut Writing<'_>| {
                let repeat = match &log.key {
                    Some(key) => db::has_move_key(w.conn, &id, key)?,
                    None => false,
                };
                if !repeat && w.load_game(&session, &id)?.1.fingerprint() != fingerprint {
                    return Ok(None);
                }
                update(w, &session, &id, &log, f).map(Some)
            }
        };

        /// Stores a new game if `check`, given how many games the session holds now,
        /// allows it (a quota): counted and inserted in one job, so that two new games at
        /// once cannot both pass a check meant for one. A refusal stores nothing.
        write fn insert_game / insert_game_blocking<E, C>(
            session: &str, meta: Meta, game: Game, check: C
        ) -> Result<(), E>
        where {
            E: From<StoreError> + Send + 'static,
            C: FnOnce(u64) -> Result<(), E> + Send + 'static,
        }
        = {
            let session = owned(session);
            move |w: &mut Writing<'_>| {
                check(db::count_games(w.conn, &session)?)?;
                db::insert_game(w.conn, &session, &meta, &game)?;
                w.games.put(&session, &meta, &game);
                Ok(())
            }
        };

        /// The session's games (at most 500), the newest first.
        read fn list_games / list_games_blocking(session: &str, now_ms: u64)
            -> Result<Vec<Listed>, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| {
                let games = db::list_games(c, &session, now_ms, false)?;
                Ok(games.into_iter().map(|(l, _)| l).collect())
            }
        };

        /// The session's game being played that changed last, if any: the one to resume.
        read fn newest_playing / newest_playing_blocking(session: &str, now_ms: u64)
            -> Result<Option<Listed>, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| {
                let games = db::list_games(c, &session, now_ms, true)?;
                Ok(games.into_iter().next().map(|(l, _)| l))
            }
        };

        /// Takes a puzzle of the key out of the pool, gone for good so that no two games get
        /// it; `None` when the pool has none.
        write fn take_pooled / take_pooled_blocking(
            rung: &str, size: &str, variant: &str, symmetry: Option<&str>
        ) -> Result<Option<Pooled>, StoreError>
        = {
            let (rung, size, variant) = (owned(rung), owned(size), owned(variant));
            let symmetry = symmetry.map(owned);
            move |w: &mut Writing<'_>| {
                db::take_pooled(w.conn, &rung, &size, &variant, symmetry.as_deref())
            }
        };

        /// Adds a puzzle to the pool.
        write fn add_pooled / add_pooled_blocking(
            rung: &str, size: &str, variant: &str, pooled: Pooled
        ) -> Result<(), StoreError>
        = {
            let (rung, size, variant) = (owned(rung), owned(size), owned(variant));
            move |w: &mut Writing<'_>| db::add_pooled(w.conn, &rung, &size, &variant, &pooled)
        };

        /// How many puzzles the pool holds for a key.
        read fn pool_count / pool_count_blocking(rung: &str, size: &str, variant: &str)
            -> Result<u64, StoreError>
        = {
            let (rung, size, variant) = (owned(rung), owned(size), owned(variant));
            move |c: &Connection| db::pool_count(c, &rung, &size, &variant)
        };

        /// The session's statistics: per level, the history, the daily wins and the drill.
        read fn statistics / statistics_blocking(session: &str)
            -> Result<Statistics, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| {
                Ok(Statistics {
                    levels: db::level_stats(c, &session)?,
                    history: db::history(c, &session)?,
                    daily_wins: db::daily_wins(c, &session)?,
                    drill: db::drill_stats(c, &session)?,
                })
            }
        };

        /// A day's puzzle at a rung, if it was made already.
        read fn daily_puzzle / daily_puzzle_blocking(date: &str, rung: &str)
            -> Result<Option<Pooled>, StoreError>
        = {
            let (date, rung) = (owned(date), owned(rung));
            move |c: &Connection| db::daily_puzzle(c, &date, &rung)
        };

        /// Keeps a day's puzzle; a second one made meanwhile is the same puzzle and is
        /// dropped.
        write fn store_daily / store_daily_blocking(date: &str, rung: &str, made: Pooled)
            -> Result<(), StoreError>
        = {
            let (date, rung) = (owned(date), owned(rung));
            move |w: &mut Writing<'_>| db::store_daily(w.conn, &date, &rung, &made)
        };

        /// The session's games of a day's puzzles, the newest per rung.
        read fn daily_games / daily_games_blocking(session: &str, date: &str, now_ms: u64)
            -> Result<Vec<DailyGame>, StoreError>
        = {
            let (session, date) = (owned(session), owned(date));
            move |c: &Connection| {
                let games = db::daily_games(c, &session, &date, now_ms)?;
                Ok(games
                    .into_iter()
                    .map(|(rung, id, status, elapsed_ms)| DailyGame {
                        rung,
                        id,
                        status,
                        elapsed_ms,
                    })
                    .collect())
            }
        };

        /// The dates on which the session solved a daily puzzle on its day.
        read fn daily_wins / daily_wins_blocking(session: &str)
            -> Result<Vec<String>, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| db::daily_wins(c, &session)
        };

        /// Stores a drill question (its JSON, as the front end will read it back).
        write fn insert_question / insert_question_blocking(
            session: &str, id: &str, question: String, now_ms: u64
        ) -> Result<(), StoreError>
        = {
            let (session, id) = (owned(session), owned(id));
            move |w: &mut Writing<'_>| {
                db::insert_question(w.conn, &session, &id, &question, now_ms)
            }
        };

        /// Answers a drill question of the session in one job: `check` is given the stored
        /// question and marks the answer (or refuses it, say for a question answered
        /// already: then nothing is recorded); the mark is recorded, and the session's
        /// drill statistics after it come back with the check's result.
        write fn answer_question / answer_question_blocking<R, E, C>(
            session: &str, id: &str, now_ms: u64, check: C
        ) -> Result<(Marked<R>, DrillStats), E>
        where {
            R: Send + 'static,
            E: From<StoreError> + Send + 'static,
            C: FnOnce(&AskedQuestion) -> Result<Marked<R>, E> + Send + 'static,
        }
        = {
            let (session, id) = (owned(session), owned(id));
            move |w: &mut Writing<'_>| {
                let (question, asked_ms, answered) = db::load_question(w.conn, &session, &id)?;
                let marked = check(&AskedQuestion {
                    question,
                    asked_ms,
                    answered,
                })?;
                db::answer_question(w.conn, &id, marked.correct, marked.ms, now_ms)?;
                let stats = db::drill_stats(w.conn, &session)?;
                Ok((marked, stats))
            }
        };

        /// The secret called `name`: `fresh` (random bytes of the caller's) the first time
        /// it is asked for, kept from then on, so every later call gets the same bytes (the
        /// key that signs session cookies outlives a restart).
        write fn secret / secret_blocking(name: &str, fresh: Vec<u8>)
            -> Result<Vec<u8>, StoreError>
        = {
            let name = owned(name);
            move |w: &mut Writing<'_>| sessions::secret(w.conn, &name, &fresh)
        };

        /// Whether the session has stored anything: a game or a drill question.
        read fn session_known / session_known_blocking(session: &str)
            -> Result<bool, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| sessions::known(c, &session)
        };

        /// The drill questions the session holds, answered or not (for its quota).
        read fn count_questions / count_questions_blocking(session: &str)
            -> Result<u64, StoreError>
        = {
            let session = owned(session);
            move |c: &Connection| sessions::count_questions(c, &session)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;
    use sudoku_game::{GameVariant, Move};

    fn place(cell: &str, digit: u8) -> Move {
        Move::Place {
            cell: cell.parse().unwrap(),
            digit,
            auto_notes: false,
        }
    }

    fn meta(id: &str) -> Meta {
        Meta {
            id: id.into(),
            rung: "easy".into(),
            level: None,
            score: None,
            created_ms: 0,
            updated_ms: 0,
            daily: None,
        }
    }

    fn game() -> Game {
        let puzzle: Grid = "1.34341221434321".parse().unwrap();
        let solution: Grid = "1234341221434321".parse().unwrap();
        Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap()
    }

    /// A store on a fresh file holding the game `g` of session `s` (inserted from a thread
    /// of its own, so that an async test may call it).
    fn store_with_game() -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
        let inserting = store.clone();
        std::thread::spawn(move || {
            inserting
                .insert_game_blocking("s", meta("g"), game(), |_| Ok::<_, StoreError>(()))
                .unwrap();
        })
        .join()
        .unwrap();
        (dir, store)
    }

    /// The rows of the move log, read from the file.
    fn logged_moves(store: &Store) -> i64 {
        store
            .read_blocking(|c| -> Result<i64, StoreError> {
                Ok(c.query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))?)
            })
            .unwrap()
    }

    fn apply(mv: Move, at: u64) -> impl FnOnce(&mut Game) -> Result<(), StoreError> {
        move |g: &mut Game| {
            g.apply(&mv, at)
                .map(drop)
                .map_err(|e| StoreError::internal(e.to_string()))
        }
    }

    /// The writer's cached games never outlive a rollback: a job that stores a game and then
    /// fails leaves the stored game as it was, for the cache as for the file.
    #[tokio::test]
    async fn cached_games_follow_the_file_through_rollbacks() {
        let (_dir, store) = store_with_game();
        let cached = |store: &Store| {
            let w = store.writer.clone();
            async move {
                w.job(|w: &mut Writing<'_>| -> Result<_, StoreError> {
                    let moves = w.load_game("s", "g")?.1.moves();
                    Ok((moves, w.games.len()))
                })
                .await
                .unwrap()
            }
        };
        assert_eq!(cached(&store).await, (0, 1), "a new game is cached");
        // Stored (and cached), then the job fails: rolled back, and the cache with it.
        let failed = store
            .writer
            .job(|w: &mut Writing<'_>| {
                update(
                    w,
                    "s",
                    "g",
                    &Logged::new("{}", 1).into(),
                    apply(place("r1c2", 2), 1),
                )?;
                assert_eq!(w.load_game("s", "g")?.1.moves(), 1, "cached in the job");
                Err::<(), _>(StoreError::internal("refused after storing"))
            })
            .await;
        assert!(failed.is_err());
        assert_eq!(cached(&store).await, (0, 0), "the cache was cleared");
        assert_eq!(store.load_game("s", "g").await.unwrap().1.moves(), 0);
        let made = store
            .update_game("s", "g", Logged::new("{}", 2), apply(place("r1c2", 2), 2))
            .await
            .unwrap();
        assert_eq!(made.game().moves(), 1);
        assert_eq!(cached(&store).await, (1, 1));
        assert_eq!(store.load_game("s", "g").await.unwrap().1.moves(), 1);
        // Another session sees no game, cached or not.
        let other = store
            .writer
            .job(|w: &mut Writing<'_>| w.load_game("t", "g"))
            .await;
        assert!(matches!(other.unwrap_err(), StoreError::NotFound(_)));
        let other = store.load_game("t", "g").await;
        assert!(matches!(other.unwrap_err(), StoreError::NotFound(_)));
    }

    /// A job given the bare connection ([`Store::write`], [`crate::Writer::run`]) that
    /// changes a game drops the cache: the next typed change starts from the file.
    #[test]
    fn a_change_over_the_bare_connection_drops_the_cache() {
        let (_dir, store) = store_with_game();
        store
            .update_game_blocking("s", "g", Logged::new("{}", 1), apply(place("r1c2", 2), 1))
            .unwrap();
        store
            .write_blocking(|c| {
                db::update_game(c, "s", "g", "{}", 2, |g| {
                    g.record_hint();
                    Ok::<_, StoreError>(())
                })
            })
            .unwrap();
        let after = store
            .update_game_blocking("s", "g", Logged::new("{}", 3), |g| {
                Ok::<_, StoreError>(g.hints())
            })
            .unwrap();
        let (hints, _, game) = after.into_parts();
        assert_eq!((hints, game.moves()), (Some(1), 1));
    }

    /// A move sent twice with one key is applied once; the repeat is told it was, and gets
    /// the game as stored.
    #[test]
    fn a_keyed_move_is_applied_once() {
        let (_dir, store) = store_with_game();
        let mv = Logged::new(r#"{"kind":"place"}"#, 1).keyed(Some("k1"));
        let first = store
            .update_game_blocking("s", "g", mv, apply(place("r1c2", 2), 1))
            .unwrap();
        assert!(matches!(first, Updated::Made { .. }));
        let again = store
            .update_game_blocking("s", "g", mv, |_: &mut Game| -> Result<(), StoreError> {
                panic!("a repeated move is not applied")
            })
            .unwrap();
        assert!(matches!(again, Updated::Already { .. }), "{again:?}");
        assert_eq!(again.game().moves(), 1);
        assert_eq!(logged_moves(&store), 1);
        // The key is the game's: the same key on another game is another move.
        store
            .insert_game_blocking("s", meta("h"), game(), |_| Ok::<_, StoreError>(()))
            .unwrap();
        let other = store
            .update_game_blocking("s", "h", mv, apply(place("r1c2", 2), 1))
            .unwrap();
        assert!(matches!(other, Updated::Made { .. }));
        // A repeat of a keyed move is recognised by save_game_if too, whatever the position.
        let repeat = store
            .save_game_if_blocking("s", "g", 0, mv, |_: &mut Game| -> Result<(), StoreError> {
                panic!("a repeated move is not applied")
            })
            .unwrap();
        assert!(
            matches!(repeat, Some(Updated::Already { .. })),
            "{repeat:?}"
        );
    }

    /// Something worked out on a copy of a game is saved only while the game is where it
    /// was: once it moved, nothing is written and the caller is told.
    #[test]
    fn save_game_if_refuses_a_game_that_moved() {
        let (_dir, store) = store_with_game();
        let (_, seen) = store.load_game_blocking("s", "g").unwrap();
        let hint = |g: &mut Game| {
            g.record_hint();
            Ok::<_, StoreError>(g.hints())
        };
        let saved = store
            .save_game_if_blocking("s", "g", seen.fingerprint(), Logged::new("{}", 1), hint)
            .unwrap();
        assert_eq!(saved.map(|u| u.into_parts().0), Some(Some(1)));
        let (_, seen) = store.load_game_blocking("s", "g").unwrap();
        store
            .update_game_blocking("s", "g", Logged::new("{}", 2), apply(place("r1c2", 2), 2))
            .unwrap();
        let refused = store
            .save_game_if_blocking("s", "g", seen.fingerprint(), Logged::new("{}", 3), hint)
            .unwrap();
        assert!(refused.is_none());
        let (meta, game) = store.load_game_blocking("s", "g").unwrap();
        assert_eq!((game.hints(), meta.updated_ms), (1, 2), "nothing written");
        assert_eq!(logged_moves(&store), 2);
    }

    /// The check of a new game sees the games the session holds; its refusal stores nothing.
    #[tokio::test]
    async fn an_insert_refused_by_its_check_leaves_nothing() {
        let (_dir, store) = store_with_game();
        let refused = store
            .insert_game("s", meta("h"), game(), |held| {
                assert_eq!(held, 1);
                Err(StoreError::Busy("too many games".into()))
            })
            .await;
        assert!(matches!(refused, Err(StoreError::Busy(_))), "{refused:?}");
        let listed = store.list_games("s", 0).await.unwrap();
        assert_eq!(
            listed.iter().map(|l| l.id.as_str()).collect::<Vec<_>>(),
            ["g"]
        );
        let missing = store.load_game("s", "h").await;
        assert!(matches!(missing, Err(StoreError::NotFound(_))));
        let newest = store.newest_playing("s", 0).await.unwrap();
        assert_eq!(newest.map(|l| l.id), Some("g".to_string()));
    }

    /// An answer is checked against the stored question and recorded with it; a refused
    /// answer records nothing.
    #[test]
    fn a_drill_answer_is_checked_and_recorded_once() {
        let (_dir, store) = store_with_game();
        let question = r#"{"drill":"naked_single"}"#.to_string();
        store
            .insert_question_blocking("s", "q", question.clone(), 1000)
            .unwrap();
        let mark = |asked: &AskedQuestion| {
            if asked.answered {
                return Err(StoreError::NotFound("answered already".into()));
            }
            Ok(Marked {
                correct: true,
                ms: 1500 - asked.asked_ms,
                out: asked.question.clone(),
            })
        };
        let (marked, stats) = store
            .answer_question_blocking("s", "q", 1500, mark)
            .unwrap();
        assert_eq!((marked.out, marked.ms), (question, 500));
        assert_eq!((stats.answered, stats.correct), (1, 1));
        assert_eq!(stats.drills[0].drill, "naked_single");
        let again = store.answer_question_blocking("s", "q", 1600, mark);
        assert!(again.is_err());
        let other = store.answer_question_blocking("t", "q", 1600, mark);
        assert!(matches!(other, Err(StoreError::NotFound(_))), "{other:?}");
        let stats = store.statistics_blocking("s").unwrap();
        assert_eq!((stats.drill.answered, stats.levels[0].played), (1, 1));
        assert_eq!(store.count_questions_blocking("s").unwrap(), 1);
        assert!(store.session_known_blocking("s").unwrap());
    }

    /// The pool gives each puzzle once; a day's puzzle is kept once.
    #[tokio::test]
    async fn pooled_and_daily_puzzles() {
        let (_dir, store) = store_with_game();
        let pooled = Pooled {
            puzzle: "1.34341221434321".into(),
            solution: "1234341221434321".into(),
            level: None,
            score: Some(3),
            symmetry: "none".into(),
        };
        store
            .add_pooled("easy", "4x4", "classic", pooled.clone())
            .await
            .unwrap();
        assert_eq!(store.pool_count("easy", "4x4", "classic").await.unwrap(), 1);
        let taken = store.take_pooled("easy", "4x4", "classic", None).await;
        assert_eq!(taken.unwrap(), Some(pooled.clone()));
        assert_eq!(
            store.take_pooled("easy", "4x4", "classic", None).await,
            Ok(None)
        );
        store
            .store_daily("2026-11-27", "easy", pooled.clone())
            .await
            .unwrap();
        let other = Pooled {
            score: Some(9),
            ..pooled.clone()
        };
        store
            .store_daily("2026-11-27", "easy", other)
            .await
            .unwrap();
        let day = store.daily_puzzle("2026-11-27", "easy").await.unwrap();
        assert_eq!(day.and_then(|d| d.score), Some(3));
        assert_eq!(store.daily_games("s", "2026-11-27", 0).await.unwrap(), []);
        assert!(store.daily_wins("s").await.unwrap().is_empty());
        let key = store.secret("session", vec![1; 4]).await.unwrap();
        assert_eq!(store.secret("session", vec![2; 4]).await.unwrap(), key);
    }
}
