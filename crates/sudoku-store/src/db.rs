//! [`Db`]: the SQLite file that keeps games, their moves, the puzzle pool, and the drill.
//!
//! One connection, owned by the database thread of [`crate::writer`], which runs every
//! function here inside a transaction of its own making (a savepoint per request, one commit
//! per batch). The typed methods of [`crate::Store`] are built on these functions and add the
//! writer's cache of parsed games (`GameCache`); the functions themselves read and write
//! the file only. Durability is what matters: WAL with `synchronous = FULL` makes a committed
//! transaction survive a crash or a power cut, and every acknowledged change is committed
//! before its answer is sent. The one thread also serialises the read-modify-write of a game,
//! so two requests on one game cannot lose each other's move.

use std::collections::HashMap;
use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use sudoku_game::Game;

use crate::StoreError;

/// The database.
#[derive(Debug)]
pub struct Db {
    conn: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    rung TEXT NOT NULL,
    level TEXT,
    score INTEGER,
    size TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    running_since INTEGER,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    state TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_session ON games (session, updated_ms);
CREATE TABLE IF NOT EXISTS moves (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    action TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS moves_by_game ON moves (game, seq);
CREATE TABLE IF NOT EXISTS pool (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    rung TEXT NOT NULL,
    size TEXT NOT NULL,
    variant TEXT NOT NULL,
    symmetry TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    level TEXT,
    score INTEGER
);
CREATE INDEX IF NOT EXISTS pool_by_key ON pool (rung, size, variant, symmetry);
CREATE TABLE IF NOT EXISTS drill (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    question TEXT NOT NULL,
    asked_ms INTEGER NOT NULL,
    answered_ms INTEGER,
    digit INTEGER,
    correct INTEGER,
    ms INTEGER
);
CREATE INDEX IF NOT EXISTS drill_by_session ON drill (session);
CREATE TABLE IF NOT EXISTS daily (
    date TEXT NOT NULL,
    rung TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    level TEXT,
    score INTEGER,
    PRIMARY KEY (date, rung)
);
";

/// Columns added after the first release, for files made before them: `(table, column,
/// declaration)`. Each is added when missing, so an old file opens and keeps its games.
const ADDED_COLUMNS: [(&str, &str, &str); 3] = [
    // The date of a daily puzzle's game (`2026-11-27`), NULL for any other game.
    ("games", "daily", "TEXT"),
    // The page's own name for a move, so that a move sent again (its answer was lost, or it
    // was queued while the server was away) is applied once.
    ("moves", "key", "TEXT"),
    // 1 when the player had help (a hint or a revealed cell): such a win is no best time.
    ("games", "helped", "INTEGER NOT NULL DEFAULT 0"),
];

/// The rows a file made before [`ROWS_VERSION`] needs rewritten, run once (the file's
/// `user_version` then says it is done):
/// - `helped` from the saved game's counters;
/// - a game the page ended on its mistake limit was stored as `gave_up`: the page asked for
///   the solution within a moment of the placement that reached its limit (3, 5 or 10), so a
///   `gave_up` game whose last move before `solve` is such a placement, at most 2 s before,
///   with that many mistakes, was lost.
///
/// A damaged row (its text not JSON) is left as it is: `CASE` reads the JSON only once
/// `json_valid` holds, so one bad row cannot stop the file from opening.
const REWRITE_ROWS: &str = "
UPDATE games SET helped = 1
 WHERE CASE WHEN json_valid(state)
            THEN json_extract(state, '$.hints') > 0 OR json_extract(state, '$.reveals') > 0
       END;
UPDATE games SET status = 'lost'
 WHERE status = 'gave_up'
   AND CASE WHEN json_valid(state) THEN json_extract(state, '$.mistakes') IN (3, 5, 10) END
   AND EXISTS (
     SELECT 1 FROM moves s
      WHERE s.game = games.id
        AND CASE WHEN json_valid(s.action) THEN json_extract(s.action, '$.kind') = 'solve' END
        AND (SELECT CASE WHEN json_valid(p.action)
                         THEN json_extract(p.action, '$.kind') = 'place'
                              AND s.at_ms - p.at_ms <= 2000 END
               FROM moves p WHERE p.game = s.game AND p.seq < s.seq
              ORDER BY p.seq DESC LIMIT 1));
";

/// The `user_version` of a file whose rows follow the current rules (see `REWRITE_ROWS`).
pub const ROWS_VERSION: i64 = 1;

/// Indexes on the added columns (made after them).
const ADDED_INDEXES: &str = "
CREATE INDEX IF NOT EXISTS games_daily ON games (session, daily) WHERE daily IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS moves_by_key ON moves (game, key) WHERE key IS NOT NULL;
";

/// Adds the [`ADDED_COLUMNS`] a file lacks, then their indexes, then rewrites the rows of a
/// file made before [`ROWS_VERSION`].
fn migrate(conn: &Connection) -> rusqlite::Result<()> {
    for (table, column, declaration) in ADDED_COLUMNS {
        let present: bool = conn
            .prepare(&format!(
                "SELECT COUNT(*) FROM pragma_table_info('{table}') WHERE name = ?1"
            ))?
            .query_row([column], |r| r.get::<_, i64>(0))?
            > 0;
        if !present {
            conn.execute_batch(&format!(
                "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
            ))?;
        }
    }
    conn.execute_batch(ADDED_INDEXES)?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version < ROWS_VERSION {
        conn.execute_batch(&format!(
            "SAVEPOINT rewrite_rows; {REWRITE_ROWS} PRAGMA user_version = {ROWS_VERSION}; \
             RELEASE rewrite_rows;"
        ))?;
    }
    Ok(())
}

/// What is kept beside a game's state: where it came from and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    /// The game id.
    pub id: String,
    /// The rung id, or `import`.
    pub rung: String,
    /// The grader's level name (`beyond` when the grader is stuck).
    pub level: Option<String>,
    /// The grader's score.
    pub score: Option<u32>,
    /// Creation time, Unix ms.
    pub created_ms: u64,
    /// Last change, Unix ms.
    pub updated_ms: u64,
    /// For a daily puzzle's game, its date (`2026-11-27`).
    pub daily: Option<String>,
}

/// A puzzle ready to play, as the pool keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pooled {
    /// The givens as a line.
    pub puzzle: String,
    /// The solution as a line.
    pub solution: String,
    /// The grader's level name.
    pub level: Option<String>,
    /// The grader's score.
    pub score: Option<u32>,
    /// The symmetry's name.
    pub symmetry: String,
}

/// The size the write-ahead log is cut back to after each checkpoint, in bytes.
pub const WAL_LIMIT: i64 = 4 << 20;

impl Db {
    /// Opens (or makes) the database file, with its directory, and sets it up.
    pub fn open(path: &Path) -> Result<Db, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Open {
                path: path.to_path_buf(),
                message: format!("cannot create the directory {}: {e}", dir.display()),
            })?;
        }
        let db_err = |e: rusqlite::Error| StoreError::Open {
            path: path.to_path_buf(),
            message: e.to_string(),
        };
        let conn = Connection::open(path).map_err(db_err)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(db_err)?;
        conn.pragma_update(None, "synchronous", "FULL")
            .map_err(db_err)?;
        // After a checkpoint the log is cut back to this size instead of staying as large as
        // it ever grew.
        conn.pragma_update(None, "journal_size_limit", WAL_LIMIT)
            .map_err(db_err)?;
        // Short: a database locked by another program answers 503 (try again) soon rather
        // than holding every request queued behind this one.
        conn.busy_timeout(std::time::Duration::from_secs(1))
            .map_err(db_err)?;
        check_whole(&conn, path)?;
        conn.execute_batch(SCHEMA).map_err(db_err)?;
        migrate(&conn).map_err(db_err)?;
        Ok(Db { conn })
    }

    /// The connection, for the thread that will own it.
    pub fn into_connection(self) -> Connection {
        self.conn
    }
}

/// Runs SQLite's `quick_check` (a few milliseconds for a game database): a damaged file is
/// refused at start with a clear message, instead of a 500 on every request that reads the
/// damaged part.
fn check_whole(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |report: String| StoreError::Damaged {
        path: path.to_path_buf(),
        report,
    };
    let mut stmt = conn
        .prepare("PRAGMA quick_check(5)")
        .map_err(|e| damaged(e.to_string()))?;
    let lines: Vec<String> = stmt
        .query_map([], |r| r.get::<_, String>(0))
        .and_then(|rows| rows.collect())
        .map_err(|e| damaged(e.to_string()))?;
    if lines.len() == 1 && lines[0] == "ok" {
        return Ok(());
    }
    Err(damaged(lines.join("; ")))
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// How many games the session holds.
pub fn count_games(conn: &Connection, session: &str) -> Result<u64, StoreError> {
    let n: i64 = conn
        .prepare_cached("SELECT COUNT(*) FROM games WHERE session = ?1")?
        .query_row([session], |r| r.get(0))?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Stores a new game.
pub fn insert_game(
    conn: &Connection,
    session: &str,
    meta: &Meta,
    game: &Game,
) -> Result<(), StoreError> {
    let state = save(game)?;
    let timer = game.timer();
    conn.execute(
        "INSERT INTO games (id, session, rung, level, score, size, variant, status, elapsed_ms,
             running_since, created_ms, updated_ms, state, daily)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            meta.id,
            session,
            meta.rung,
            meta.level,
            meta.score,
            size_name(game),
            game.variant().name(),
            game.status().name(),
            to_i64(timer.elapsed_ms),
            timer.running_since.map(to_i64),
            to_i64(meta.created_ms),
            to_i64(meta.updated_ms),
            state,
            meta.daily,
        ],
    )?;
    Ok(())
}

/// `9x9` and so on.
pub fn size_name(game: &Game) -> String {
    let n = game.size();
    format!("{n}x{n}")
}

fn save(game: &Game) -> Result<String, StoreError> {
    serde_json::to_string(game).map_err(|e| StoreError::internal(format!("saving a game: {e}")))
}

/// Most games the writer keeps parsed in memory (all are dropped when it is full).
const CACHED_GAMES: usize = 2048;

/// A game as last stored by the writer, with its session.
#[derive(Debug)]
struct Cached {
    session: String,
    meta: Meta,
    game: Game,
}

/// The games the writer stored, so that a move need not read and parse (and re-validate)
/// the whole saved game again: that was a third of the writer's time per move.
///
/// Owned by the writer's state ([`crate::writer`]) beside its connection, and reached only
/// through the [`crate::writer::Writing`] a job is given: it is sound because that thread
/// does every write to `games` and runs jobs one at a time, so an entry is what the open
/// transaction holds; the writer itself clears it when a job's savepoint or a batch is
/// rolled back, and after a job given the bare connection changed anything.
#[derive(Debug, Default)]
pub(crate) struct GameCache {
    games: HashMap<String, Cached>,
}

impl GameCache {
    /// Drops every cached game (a rollback: the cache may be ahead of the file).
    pub(crate) fn clear(&mut self) {
        self.games.clear();
    }

    /// The cached game `id` of `session`, left in the cache.
    pub(crate) fn get(&self, session: &str, id: &str) -> Option<(Meta, Game)> {
        let c = self.games.get(id).filter(|c| c.session == session)?;
        Some((c.meta.clone(), c.game.clone()))
    }

    /// The cached game `id` of `session`, taken out of the cache (while a job changes it:
    /// if the job fails, the game is read anew).
    pub(crate) fn take(&mut self, session: &str, id: &str) -> Option<(Meta, Game)> {
        if self.games.get(id)?.session != session {
            return None;
        }
        self.games.remove(id).map(|c| (c.meta, c.game))
    }

    /// Caches a game just stored in the open transaction.
    pub(crate) fn put(&mut self, session: &str, meta: &Meta, game: &Game) {
        if self.games.len() >= CACHED_GAMES && !self.games.contains_key(&meta.id) {
            self.games.clear();
        }
        let cached = Cached {
            session: session.to_string(),
            meta: meta.clone(),
            game: game.clone(),
        };
        self.games.insert(meta.id.clone(), cached);
    }

    /// How many games are cached (for tests).
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.games.len()
    }
}

/// A game of the session, from the file; another session's game is "not found" exactly like
/// a missing one.
pub fn load_game(conn: &Connection, session: &str, id: &str) -> Result<(Meta, Game), StoreError> {
    // Cached statements: a move runs these three, and preparing them anew cost more than
    // running them.
    let row = conn
        .prepare_cached(
            "SELECT rung, level, score, created_ms, updated_ms, state, daily FROM games
             WHERE id = ?1 AND session = ?2",
        )?
        .query_row(params![id, session], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<u32>>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, i64>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, Option<String>>(6)?,
            ))
        })
        .optional()?;
    let Some((rung, level, score, created, updated, state, daily)) = row else {
        return Err(StoreError::NotFound(format!("no game {id}")));
    };
    let game: Game = serde_json::from_str(&state)
        .map_err(|e| StoreError::internal(format!("game {id} cannot be loaded: {e}")))?;
    let meta = Meta {
        id: id.to_string(),
        rung,
        level,
        score,
        created_ms: created.max(0) as u64,
        updated_ms: updated.max(0) as u64,
        daily,
    };
    Ok((meta, game))
}

/// Loads a game, lets `f` change it, and stores the new state with a row in `moves` naming
/// the action. Run it as one job of the database thread, which makes it atomic (when `f` or
/// a write fails, nothing is kept) and answers only once it is committed.
pub fn update_game<R, E: From<StoreError>>(
    conn: &Connection,
    session: &str,
    id: &str,
    action: &str,
    now_ms: u64,
    f: impl FnOnce(&mut Game) -> Result<R, E>,
) -> Result<(R, Meta, Game), E> {
    update_game_keyed(conn, session, id, (action, None), now_ms, f)
}

/// Whether the game's move log has a move the page named `key`.
pub fn has_move_key(conn: &Connection, id: &str, key: &str) -> Result<bool, StoreError> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM moves WHERE game = ?1 AND key = ?2")?
        .query_row(params![id, key], |_| Ok(()))
        .optional()?
        .is_some())
}

/// [`update_game`] with the page's name for the move (`action.1`) kept in the log beside it.
pub fn update_game_keyed<R, E: From<StoreError>>(
    conn: &Connection,
    session: &str,
    id: &str,
    action: (&str, Option<&str>),
    now_ms: u64,
    f: impl FnOnce(&mut Game) -> Result<R, E>,
) -> Result<(R, Meta, Game), E> {
    let (mut meta, mut game) = load_game(conn, session, id).map_err(E::from)?;
    let out = f(&mut game)?;
    meta.updated_ms = now_ms;
    store(conn, &meta, &game, action).map_err(E::from)?;
    Ok((out, meta, game))
}

/// Writes a changed game and its row in `moves`.
pub(crate) fn store(
    conn: &Connection,
    meta: &Meta,
    game: &Game,
    (action, key): (&str, Option<&str>),
) -> Result<(), StoreError> {
    let timer = game.timer();
    conn.prepare_cached(
        "UPDATE games SET status = ?2, elapsed_ms = ?3, running_since = ?4, updated_ms = ?5,
             state = ?6, helped = ?7 WHERE id = ?1",
    )?
    .execute(params![
        meta.id,
        game.status().name(),
        to_i64(timer.elapsed_ms),
        timer.running_since.map(to_i64),
        to_i64(meta.updated_ms),
        save(game)?,
        game.assisted(),
    ])?;
    conn.prepare_cached("INSERT INTO moves (game, at_ms, action, key) VALUES (?1, ?2, ?3, ?4)")?
        .execute(params![meta.id, to_i64(meta.updated_ms), action, key])?;
    Ok(())
}

/// One line of the game list.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Listed {
    /// Id.
    pub id: String,
    /// `9x9`...
    pub size: String,
    /// `classic` or `diagonal`.
    pub variant: String,
    /// Rung id or `import`.
    pub rung: String,
    /// Status name.
    pub status: String,
    /// Playing time now.
    pub elapsed_ms: u64,
    /// RFC 3339.
    pub created: String,
    /// RFC 3339.
    pub updated: String,
    /// For a game being played: how much of the grid the player has filled, in percent of
    /// the cells that were empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub progress: Option<u32>,
}

/// The session's games, newest first; `playing_only` keeps the ones still being played.
pub fn list_games(
    conn: &Connection,
    session: &str,
    now_ms: u64,
    playing_only: bool,
) -> Result<Vec<(Listed, u64)>, StoreError> {
    let sql = if playing_only {
        "SELECT id, size, variant, rung, status, elapsed_ms, running_since, created_ms, updated_ms,
             state
         FROM games WHERE session = ?1 AND status = 'playing' ORDER BY updated_ms DESC LIMIT 1"
    } else {
        "SELECT id, size, variant, rung, status, elapsed_ms, running_since, created_ms, updated_ms,
             CASE WHEN status = 'playing' THEN state END
         FROM games WHERE session = ?1 ORDER BY created_ms DESC, rowid DESC LIMIT 500"
    };
    let mut stmt = conn.prepare_cached(sql)?;
    let rows = stmt.query_map(params![session], |r| {
        let elapsed = r.get::<_, i64>(5)?.max(0) as u64;
        let since = r.get::<_, Option<i64>>(6)?.map(|s| s.max(0) as u64);
        let created = r.get::<_, i64>(7)?.max(0) as u64;
        let updated = r.get::<_, i64>(8)?.max(0) as u64;
        Ok((
            Listed {
                id: r.get(0)?,
                size: r.get(1)?,
                variant: r.get(2)?,
                rung: r.get(3)?,
                status: r.get(4)?,
                elapsed_ms: elapsed + since.map_or(0, |s| now_ms.saturating_sub(s)),
                created: crate::rfc3339(created),
                updated: crate::rfc3339(updated),
                progress: r.get::<_, Option<String>>(9)?.and_then(|s| progress(&s)),
            },
            created,
        ))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// How much of a saved game's empty cells the player has filled, in percent; `None` for a
/// state that does not read (the list still shows the game).
fn progress(state: &str) -> Option<u32> {
    let saved: serde_json::Value = serde_json::from_str(state).ok()?;
    let puzzle = saved["puzzle"].as_str()?;
    let cells = saved["cells"].as_array()?;
    let given: Vec<bool> = puzzle.chars().map(|c| c != '.' && c != '0').collect();
    if given.len() != cells.len() {
        return None;
    }
    let empty = given.iter().filter(|&&g| !g).count();
    let filled = cells
        .iter()
        .zip(&given)
        .filter(|(c, g)| !**g && c["d"].as_u64().is_some_and(|d| d > 0))
        .count();
    Some((filled * 100).checked_div(empty).unwrap_or(100) as u32)
}

/// Takes a puzzle out of the pool (gone for good, so no two games get it). Atomic as a job
/// of the database thread.
pub fn take_pooled(
    conn: &Connection,
    rung: &str,
    size: &str,
    variant: &str,
    symmetry: Option<&str>,
) -> Result<Option<Pooled>, StoreError> {
    let row = conn
        .query_row(
            "SELECT id, puzzle, solution, level, score, symmetry FROM pool
             WHERE rung = ?1 AND size = ?2 AND variant = ?3 AND (?4 IS NULL OR symmetry = ?4)
             ORDER BY id LIMIT 1",
            params![rung, size, variant, symmetry],
            |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    Pooled {
                        puzzle: r.get(1)?,
                        solution: r.get(2)?,
                        level: r.get(3)?,
                        score: r.get(4)?,
                        symmetry: r.get(5)?,
                    },
                ))
            },
        )
        .optional()?;
    let Some((id, pooled)) = row else {
        return Ok(None);
    };
    conn.execute("DELETE FROM pool WHERE id = ?1", params![id])?;
    Ok(Some(pooled))
}

/// How many puzzles the pool holds for a key.
pub fn pool_count(
    conn: &Connection,
    rung: &str,
    size: &str,
    variant: &str,
) -> Result<u64, StoreError> {
    Ok(conn.query_row(
        "SELECT COUNT(*) FROM pool WHERE rung = ?1 AND size = ?2 AND variant = ?3",
        params![rung, size, variant],
        |r| r.get::<_, i64>(0),
    )? as u64)
}

/// Adds a puzzle to the pool.
pub fn add_pooled(
    conn: &Connection,
    rung: &str,
    size: &str,
    variant: &str,
    p: &Pooled,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO pool (rung, size, variant, symmetry, puzzle, solution, level, score)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            rung, size, variant, p.symmetry, p.puzzle, p.solution, p.level, p.score
        ],
    )?;
    Ok(())
}

/// Statistics of one rung, size and variant.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LevelStats {
    /// Rung id (or `import`).
    pub rung: String,
    /// `9x9`...
    pub size: String,
    /// `classic` or `diagonal`.
    pub variant: String,
    /// Games started.
    pub played: u64,
    /// Games won.
    pub solved: u64,
    /// Games ended without a win (given up, or lost on the mistake limit).
    pub lost: u64,
    /// Won games in percent of the games that ended (`None` before any ended).
    pub win_rate: Option<u32>,
    /// Wins with help (a hint or a revealed cell), among `solved`.
    pub helped: u64,
    /// Fastest win without help.
    pub best_ms: Option<u64>,
    /// Mean time of the wins without help.
    pub average_ms: Option<u64>,
    /// Fastest win with help.
    pub best_helped_ms: Option<u64>,
}

/// The drill's statistics: all drills together, and each drill that was answered.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DrillStats {
    /// Questions answered.
    pub answered: u64,
    /// Right answers.
    pub correct: u64,
    /// Mean answer time.
    pub average_ms: Option<u64>,
    /// The same per drill (`full_house`, `naked_single`, `hidden_single`), in that order.
    pub drills: Vec<DrillTally>,
}

/// One drill's answers.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DrillTally {
    /// The drill's id.
    pub drill: String,
    /// Questions answered.
    pub answered: u64,
    /// Right answers.
    pub correct: u64,
    /// Mean answer time.
    pub average_ms: Option<u64>,
}

/// Per rung and size, from the session's games.
pub fn level_stats(conn: &Connection, session: &str) -> Result<Vec<LevelStats>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT rung, size, variant, COUNT(*),
             SUM(status = 'won'),
             SUM(status IN ('gave_up', 'lost')),
             MIN(CASE WHEN status = 'won' AND helped = 0 THEN elapsed_ms END),
             AVG(CASE WHEN status = 'won' AND helped = 0 THEN elapsed_ms END),
             SUM(status = 'won' AND helped != 0),
             MIN(CASE WHEN status = 'won' AND helped != 0 THEN elapsed_ms END)
         FROM games WHERE session = ?1 GROUP BY rung, size, variant
         ORDER BY rung, size, variant",
    )?;
    let count = |v: Option<i64>| v.unwrap_or(0).max(0) as u64;
    let rows = stmt.query_map(params![session], |r| {
        let solved = count(r.get(4)?);
        let lost = count(r.get(5)?);
        Ok(LevelStats {
            rung: r.get(0)?,
            size: r.get(1)?,
            variant: r.get(2)?,
            played: count(r.get(3)?),
            solved,
            lost,
            win_rate: (solved * 100).checked_div(solved + lost).map(|p| p as u32),
            helped: count(r.get(8)?),
            best_ms: r.get::<_, Option<i64>>(6)?.map(|v| v.max(0) as u64),
            average_ms: r
                .get::<_, Option<f64>>(7)?
                .map(|v| v.max(0.0).round() as u64),
            best_helped_ms: r.get::<_, Option<i64>>(9)?.map(|v| v.max(0) as u64),
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// A finished game, for the history.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Finished {
    /// Rung id (or `import`).
    pub rung: String,
    /// `9x9`...
    pub size: String,
    /// `classic` or `diagonal`.
    pub variant: String,
    /// `won`, `gave_up` or `lost`.
    pub status: String,
    /// Playing time.
    pub elapsed_ms: u64,
    /// When it ended, RFC 3339.
    pub ended: String,
    /// The date of a daily puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// Whether the player had help (a hint or a revealed cell).
    pub helped: bool,
}

/// How many finished games the history shows.
pub const HISTORY: usize = 50;

/// The session's last [`HISTORY`] finished games, the latest first.
pub fn history(conn: &Connection, session: &str) -> Result<Vec<Finished>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT rung, size, variant, status, elapsed_ms, updated_ms, daily, helped FROM games
         WHERE session = ?1 AND status != 'playing' ORDER BY updated_ms DESC, rowid DESC
         LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![session, HISTORY as i64], |r| {
        Ok(Finished {
            rung: r.get(0)?,
            size: r.get(1)?,
            variant: r.get(2)?,
            status: r.get(3)?,
            elapsed_ms: r.get::<_, i64>(4)?.max(0) as u64,
            ended: crate::rfc3339(r.get::<_, i64>(5)?.max(0) as u64),
            daily: r.get(6)?,
            helped: r.get::<_, i64>(7)? != 0,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The session's drill statistics. A question stored before there were several drills has
/// no `drill` field: it was a Full House.
pub fn drill_stats(conn: &Connection, session: &str) -> Result<DrillStats, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT COALESCE(json_extract(question, '$.drill'), 'full_house') AS kind,
             COUNT(*), SUM(correct), SUM(ms)
         FROM drill WHERE session = ?1 AND answered_ms IS NOT NULL GROUP BY kind",
    )?;
    let rows = stmt.query_map(params![session], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?.max(0) as u64,
            r.get::<_, Option<i64>>(2)?.unwrap_or(0).max(0) as u64,
            r.get::<_, Option<i64>>(3)?.unwrap_or(0).max(0) as u64,
        ))
    })?;
    let mut drills = Vec::new();
    let (mut answered, mut correct, mut total_ms) = (0, 0, 0u64);
    for row in rows {
        let (drill, n, right, ms) = row?;
        answered += n;
        correct += right;
        total_ms = total_ms.saturating_add(ms);
        drills.push(DrillTally {
            drill,
            answered: n,
            correct: right,
            average_ms: (n > 0).then(|| (ms as f64 / n as f64).round() as u64),
        });
    }
    let order = |d: &DrillTally| {
        sudoku_game::DrillKind::ALL
            .iter()
            .position(|k| k.id() == d.drill)
            .unwrap_or(usize::MAX)
    };
    drills.sort_by_key(order);
    Ok(DrillStats {
        answered,
        correct,
        average_ms: (answered > 0).then(|| (total_ms as f64 / answered as f64).round() as u64),
        drills,
    })
}

/// Stores a drill question.
pub fn insert_question(
    conn: &Connection,
    session: &str,
    id: &str,
    question: &str,
    now_ms: u64,
) -> Result<(), StoreError> {
    conn.execute(
        "INSERT INTO drill (id, session, question, asked_ms) VALUES (?1, ?2, ?3, ?4)",
        params![id, session, question, to_i64(now_ms)],
    )?;
    Ok(())
}

/// A drill question of the session: its JSON, when it was asked, whether it was answered.
pub fn load_question(
    conn: &Connection,
    session: &str,
    id: &str,
) -> Result<(String, u64, bool), StoreError> {
    conn.query_row(
        "SELECT question, asked_ms, answered_ms IS NOT NULL FROM drill
         WHERE id = ?1 AND session = ?2",
        params![id, session],
        |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?.max(0) as u64,
                r.get::<_, bool>(2)?,
            ))
        },
    )
    .optional()?
    .ok_or_else(|| StoreError::NotFound(format!("no drill question {id}")))
}

/// Records an answer.
pub fn answer_question(
    conn: &Connection,
    id: &str,
    correct: bool,
    ms: u64,
    now_ms: u64,
) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE drill SET answered_ms = ?2, correct = ?3, ms = ?4 WHERE id = ?1",
        params![id, to_i64(now_ms), correct, to_i64(ms)],
    )?;
    Ok(())
}

/// A day's puzzle at a rung, if it was made already.
pub fn daily_puzzle(
    conn: &Connection,
    date: &str,
    rung: &str,
) -> Result<Option<Pooled>, StoreError> {
    Ok(conn
        .prepare_cached(
            "SELECT puzzle, solution, level, score FROM daily WHERE date = ?1 AND rung = ?2",
        )?
        .query_row(params![date, rung], |r| {
            Ok(Pooled {
                puzzle: r.get(0)?,
                solution: r.get(1)?,
                level: r.get(2)?,
                score: r.get(3)?,
                symmetry: String::new(),
            })
        })
        .optional()?)
}

/// Keeps a day's puzzle (a second one made meanwhile is the same puzzle and is dropped).
pub fn store_daily(
    conn: &Connection,
    date: &str,
    rung: &str,
    made: &Pooled,
) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT OR IGNORE INTO daily (date, rung, puzzle, solution, level, score)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        date,
        rung,
        made.puzzle,
        made.solution,
        made.level,
        made.score
    ])?;
    Ok(())
}

/// The session's games of a day's puzzles: `(rung, game id, status, playing time)`, the
/// newest game per rung.
pub fn daily_games(
    conn: &Connection,
    session: &str,
    date: &str,
    now_ms: u64,
) -> Result<Vec<(String, String, String, u64)>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT rung, id, status, elapsed_ms, running_since FROM games
         WHERE session = ?1 AND daily = ?2 ORDER BY created_ms, rowid",
    )?;
    let rows = stmt.query_map(params![session, date], |r| {
        let elapsed = r.get::<_, i64>(3)?.max(0) as u64;
        let since = r.get::<_, Option<i64>>(4)?.map(|s| s.max(0) as u64);
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            elapsed + since.map_or(0, |s| now_ms.saturating_sub(s)),
        ))
    })?;
    let mut newest: Vec<(String, String, String, u64)> = Vec::new();
    for row in rows {
        let row = row?;
        match newest.iter_mut().find(|g| g.0 == row.0) {
            Some(slot) => *slot = row,
            None => newest.push(row),
        }
    }
    Ok(newest)
}

/// The dates on which the session solved a daily puzzle on its day (not from the archive).
pub fn daily_wins(conn: &Connection, session: &str) -> Result<Vec<String>, StoreError> {
    // A game begun while its date was today somewhere (the server's UTC date at most a day
    // after it: before the day's start + 48 h) counts; one begun later, from the archive of
    // past days, does not, so that the streak's days cannot be filled in afterwards.
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT daily FROM games
         WHERE session = ?1 AND daily IS NOT NULL AND status = 'won'
           AND created_ms < (julianday(daily) - 2440587.5) * 86400000.0 + 2 * 86400000",
    )?;
    let rows = stmt.query_map(params![session], |r| r.get::<_, String>(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
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

    /// A file from before `lost` and `helped`: the games the page ended on its mistake limit
    /// (stored as `gave_up`) become `lost`, a game given up by choice stays, and a win with a
    /// hint stops being the best time.
    #[test]
    fn an_old_file_gets_lost_games_and_helped_wins() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(SCHEMA).unwrap();
        let puzzle: Grid = "1.3.34.22.4.43.1".parse().unwrap();
        let solution: Grid = "1234341221434321".parse().unwrap();
        let fresh = || Game::new(GameVariant::Classic, &puzzle, &solution, 0).unwrap();
        // Three wrong digits, then the solution: on the limit (0.3 s later), by choice (9 s).
        let mut three_wrong = fresh();
        for (cell, at) in [("r1c2", 1), ("r1c4", 2), ("r2c3", 3)] {
            three_wrong.apply(&place(cell, 3), at).unwrap();
        }
        assert_eq!(three_wrong.mistakes(), 3);
        three_wrong.give_up(4).unwrap();
        let mut hinted = fresh();
        let reveal = Move::Reveal {
            cell: "r1c2".parse().unwrap(),
        };
        hinted.apply(&reveal, 0).unwrap();
        for (cell, digit) in [("r1c4", 4), ("r2c3", 1), ("r3c2", 1)] {
            hinted.apply(&place(cell, digit), 0).unwrap();
        }
        hinted.apply(&place("r3c4", 3), 0).unwrap();
        hinted.apply(&place("r4c3", 2), 0).unwrap();
        assert_eq!(hinted.status(), sudoku_game::Status::Won);
        let rows = [
            ("limit", &three_wrong, 300, 1000),
            ("chose", &three_wrong, 9000, 1000),
            ("hinted", &hinted, 0, 5000),
        ];
        for (id, game, solve_after, elapsed) in rows {
            conn.execute(
                "INSERT INTO games (id, session, rung, size, variant, status, elapsed_ms,
                     created_ms, updated_ms, state)
                 VALUES (?1, 's', 'easy', '4x4', 'classic', ?2, ?3, 0, 0, ?4)",
                params![id, game.status().name(), elapsed, save(game).unwrap()],
            )
            .unwrap();
            let place_move = r#"{"kind":"place","cell":"r2c3","digit":3}"#;
            conn.execute(
                "INSERT INTO moves (game, at_ms, action) VALUES (?1, 1000, ?2)",
                params![id, place_move],
            )
            .unwrap();
            if game.status() != sudoku_game::Status::Won {
                conn.execute(
                    "INSERT INTO moves (game, at_ms, action) VALUES (?1, ?2, '{\"kind\":\"solve\"}')",
                    params![id, 1000 + solve_after],
                )
                .unwrap();
            }
        }
        // A damaged row (not JSON) neither stops the file from opening nor changes.
        conn.execute(
            "INSERT INTO games (id, session, rung, size, variant, status, elapsed_ms,
                 created_ms, updated_ms, state)
             VALUES ('bad', 't', 'easy', '4x4', 'classic', 'gave_up', 0, 0, 0, '{not json')",
            [],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO moves (game, at_ms, action) VALUES ('bad', 0, 'x'), ('bad', 1, 'y')",
            [],
        )
        .unwrap();
        migrate(&conn).unwrap();
        let status = |id: &str| -> String {
            conn.query_row("SELECT status FROM games WHERE id = ?1", [id], |r| r.get(0))
                .unwrap()
        };
        assert_eq!(status("limit"), "lost");
        assert_eq!(status("chose"), "gave_up");
        assert_eq!(status("hinted"), "won");
        assert_eq!(status("bad"), "gave_up");
        let stats = level_stats(&conn, "s").unwrap();
        assert_eq!((stats[0].solved, stats[0].helped, stats[0].lost), (1, 1, 2));
        assert_eq!(
            stats[0].best_ms, None,
            "a win with a revealed cell is no best time"
        );
        assert_eq!(stats[0].best_helped_ms, Some(5000));
        let past = history(&conn, "s").unwrap();
        assert!(past.iter().any(|f| f.helped && f.status == "won"));
        // Run once: a game given up later with the same moves stays given up.
        conn.execute("UPDATE games SET status = 'gave_up' WHERE id = 'limit'", [])
            .unwrap();
        migrate(&conn).unwrap();
        assert_eq!(status("limit"), "gave_up");
    }
}
