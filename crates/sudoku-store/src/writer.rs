//! [`Writer`]: group commit. One thread owns the SQLite connection and runs the handlers'
//! database work in batches: everything that queued up while the last batch was being
//! committed goes into one transaction, so one fsync acknowledges many moves.
//!
//! With a connection behind a mutex and a transaction per request, every move waited for its
//! own fsync behind everyone else's: 200 players moving at once were served about 600 moves a
//! second with a p50 of 300 ms, while the CPU idled. The durability promise is unchanged —
//! an answer is sent only after the transaction holding its change has committed — and each
//! job still runs alone (the thread runs jobs one after another, so a read-modify-write of a
//! game cannot interleave with another) and atomically (a savepoint per job: a job that fails
//! leaves nothing behind, and does not spoil its batch).
//!
//! WAL checkpoints (copying the log into the database file, with an fsync of its own) are
//! moved off the commit path too: SQLite would run one inside whichever commit crossed 1000
//! pages, and that move would wait tens of milliseconds. A second connection checkpoints
//! every half second instead (a passive checkpoint never blocks the writer).
//!
//! The log is bounded even when another program keeps it from being cut. SQLite can start
//! the log over only when no reader still uses its older part: a program that holds a read
//! transaction open (a backup tool, `sqlite3` left in `BEGIN`) pins it. A cut that waited for
//! it would let the log grow without end (9.3 MB and growing) and make every write wait a
//! second, the busy timeout, for a cut that cannot happen. So the cut waits for no one (it is
//! tried again at most every [`CUT_RETRY`]); past [`WAL_HARD_LIMIT`] changes are refused
//! at once with [`StoreError::Busy`] (the server answers 503 with `Retry-After`), reads go
//! on, and as soon as the other program ends its transaction the next change cuts the log
//! back and is made.
//!
//! At the end, the thread closes its connection last: the read connections and the
//! checkpointer close first, so that SQLite, closing the last connection of the file, folds
//! the log back and deletes the `-wal` and `-shm` files. A read-only connection closing last
//! cannot, and left both behind.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use rusqlite::{Connection, TransactionBehavior};
use tokio::sync::oneshot;

use crate::db::GameCache;
use crate::{Readers, StoreError};

/// Most jobs in one transaction, so that one batch cannot hold its first answers back long.
const MAX_BATCH: usize = 256;

/// How often the checkpointer copies the log into the database file.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// After a cut of the log that a reader kept from completing, how long until the next try.
pub const CUT_RETRY: Duration = Duration::from_millis(250);

/// The largest the write-ahead log may grow while a reader of another program keeps it from
/// being cut; past it changes are refused (busy) until the cut succeeds. Eight times the size
/// it is normally cut at ([`crate::db::WAL_LIMIT`]).
pub const WAL_HARD_LIMIT: i64 = 8 * crate::db::WAL_LIMIT;

/// The busy timeout of the writer's connection, as [`crate::db::Db::open`] sets it: put back
/// after a cut, which waits for no one.
const WRITER_BUSY_TIMEOUT: Duration = Duration::from_secs(1);

/// How long the thread waits at the end for the read connections to close.
const READERS_CLOSE: Duration = Duration::from_secs(5);

/// Sends a job's answer once its batch's fate is known (`Ok` when it committed).
type Finish = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// A job run inside the batch's transaction (or given the reason there is none); says whether
/// it succeeded, so that its savepoint is kept or rolled back.
type Job = Box<dyn FnOnce(Result<&mut Writing<'_>, &StoreError>) -> (bool, Finish) + Send>;

/// The state the writer thread owns: the connection and the games it has parsed. Nothing
/// else holds either, so the cache cannot be reached from another thread nor outlive a
/// rollback unseen: the writer clears it itself ([`run_job`], [`run_batch`]).
struct Jobs {
    conn: Connection,
    games: GameCache,
}

/// What a job of the writer works with: the connection, inside the batch's transaction and
/// the job's own savepoint, and the writer's cache of parsed games. Given to the store's
/// typed methods ([`crate::Store`]); a job given only the bare connection ([`Writer::run`])
/// cannot keep the cache up to date, so the cache is dropped after such a job changed
/// anything.
pub(crate) struct Writing<'a> {
    /// The connection, in the open transaction.
    pub(crate) conn: &'a Connection,
    /// The games as this transaction holds them.
    pub(crate) games: &'a mut GameCache,
}

/// The handle to the database thread; cheap to clone. The thread ends, closing the
/// connection, when the last handle is dropped.
#[derive(Debug, Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    /// Dropped with the last handle, which stops the checkpointer.
    _checkpoints: Option<mpsc::Sender<()>>,
    stopped: Arc<Stopped>,
}

/// Set by the writer thread once it has stopped (its last checkpoint done).
#[derive(Debug, Default)]
struct Stopped {
    done: Mutex<bool>,
    cond: Condvar,
}

/// A handle to wait for the writer thread's end without keeping it alive (see
/// [`Writer::stopping`]).
#[derive(Debug, Clone)]
pub struct Stopping(Arc<Stopped>);

impl Stopping {
    /// Waits until the writer thread has stopped, at most `timeout`; whether it has. The
    /// thread stops once every [`Writer`] of it is dropped, after folding the write-ahead
    /// log into the database: a process that exits without waiting may cut that short.
    pub fn wait(&self, timeout: Duration) -> bool {
        let done = self.0.done.lock().unwrap_or_else(PoisonError::into_inner);
        let (done, _) = self
            .0
            .cond
            .wait_timeout_while(done, timeout, |done| !*done)
            .unwrap_or_else(PoisonError::into_inner);
        *done
    }
}

impl Writer {
    /// Starts the thread that owns `conn`, and for a database file the checkpointer.
    pub fn start(conn: Connection) -> std::io::Result<Writer> {
        Writer::start_closing_last(conn, None)
    }

    /// [`Writer::start`], with the read connections of the same file: at the end the thread
    /// waits (a few seconds at most) for them to be dropped before it closes its own.
    pub(crate) fn start_closing_last(
        conn: Connection,
        readers: Option<&Arc<Readers>>,
    ) -> std::io::Result<Writer> {
        let (checkpoints, checkpointer) = match start_checkpointer(&conn)? {
            Some((stop, thread)) => (Some(stop), Some(thread)),
            None => (None, None),
        };
        let readers = readers.map(Arc::downgrade);
        let (jobs, queue) = mpsc::channel::<Job>();
        let stopped = Arc::new(Stopped::default());
        let on_stop = stopped.clone();
        std::thread::Builder::new()
            .name("sudoku-db".into())
            .spawn(move || {
                serve(conn, queue, checkpointer, readers);
                *on_stop.done.lock().unwrap_or_else(PoisonError::into_inner) = true;
                on_stop.cond.notify_all();
            })?;
        Ok(Writer {
            jobs,
            _checkpoints: checkpoints,
            stopped,
        })
    }

    /// A handle to wait for this writer's thread to stop, once every clone of it is gone.
    pub fn stopping(&self) -> Stopping {
        Stopping(self.stopped.clone())
    }

    /// Runs `f` on the connection in the next batch and answers once that batch has
    /// committed: an `Ok` here means the change is on disk. `f` may fail with its own error
    /// type (its savepoint is then rolled back); the batch's own failures come as store
    /// errors converted into it.
    ///
    /// `f` sees the file, not the writer's cache of games: after it changed anything the
    /// cache is dropped (the typed methods of [`crate::Store`] keep it instead).
    pub async fn run<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.job(bare(f)).await
    }

    /// [`Writer::run`], waiting on the calling thread (outside an async runtime).
    pub fn run_blocking<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<R, E> + Send + 'static,
    {
        self.job_blocking(bare(f))
    }

    /// Runs `f` with the writer's state in the next batch, answering once that batch has
    /// committed (as [`Writer::run`]).
    pub(crate) async fn job<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&mut Writing<'_>) -> Result<R, E> + Send + 'static,
    {
        let answer = self.send(f)?;
        answer.await.map_err(|_| E::from(stopped()))?
    }

    /// [`Writer::job`], waiting on the calling thread (outside an async runtime).
    pub(crate) fn job_blocking<R, E, F>(&self, f: F) -> Result<R, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&mut Writing<'_>) -> Result<R, E> + Send + 'static,
    {
        let answer = self.send(f)?;
        answer.blocking_recv().map_err(|_| E::from(stopped()))?
    }

    /// Queues `f` as a job; its answer comes on the returned channel.
    fn send<R, E, F>(&self, f: F) -> Result<oneshot::Receiver<Result<R, E>>, E>
    where
        R: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&mut Writing<'_>) -> Result<R, E> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move |writing| {
            let out = match writing {
                Ok(writing) => guarded(f, writing),
                Err(e) => Err(E::from(e.clone())),
            };
            let ok = out.is_ok();
            let finish: Finish = Box::new(move |committed| {
                // The caller may have gone (the client hung up): nobody to tell.
                let _ = reply.send(committed.map_err(E::from).and(out));
            });
            (ok, finish)
        });
        self.jobs.send(job).map_err(|_| E::from(stopped()))?;
        Ok(answer)
    }
}

/// A job over the bare connection, as [`Writer::run`] takes it: the writer's cache of games
/// cannot follow what it writes, so it is dropped when the job changed any row.
fn bare<R, E>(
    f: impl FnOnce(&Connection) -> Result<R, E>,
) -> impl FnOnce(&mut Writing<'_>) -> Result<R, E> {
    move |w: &mut Writing<'_>| {
        let before = w.conn.total_changes();
        let out = f(w.conn);
        if w.conn.total_changes() != before {
            w.games.clear();
        }
        out
    }
}

fn stopped() -> StoreError {
    StoreError::Stopped("the database thread has stopped".into())
}

/// Opens a second connection to the file of `conn` and checkpoints on it in a thread of its
/// own, turning the automatic checkpoints of `conn` off. Without a file, or when the second
/// connection cannot be had, SQLite's automatic checkpoints stay on.
fn start_checkpointer(conn: &Connection) -> std::io::Result<Option<Checkpointer>> {
    let Some(path) = conn.path().filter(|p| !p.is_empty()) else {
        return Ok(None);
    };
    let Ok(other) = Connection::open(path) else {
        return Ok(None);
    };
    if conn.pragma_update(None, "wal_autocheckpoint", 0).is_err() {
        return Ok(None);
    }
    let _ = other.pragma_update(None, "journal_size_limit", crate::db::WAL_LIMIT);
    let (stop, stopped) = mpsc::channel::<()>();
    let thread = std::thread::Builder::new()
        .name("sudoku-checkpoint".into())
        .spawn(move || checkpoint(&other, &stopped))?;
    Ok(Some((stop, thread)))
}

/// The checkpointer's stop signal (dropped to stop it) and its thread.
type Checkpointer = (mpsc::Sender<()>, std::thread::JoinHandle<()>);

/// Checkpoints until every [`Writer`] is gone.
fn checkpoint(conn: &Connection, stopped: &mpsc::Receiver<()>) {
    while let Err(RecvTimeoutError::Timeout) = stopped.recv_timeout(CHECKPOINT_EVERY) {
        // A checkpoint that fails is tried again next time; the log only grows meanwhile.
        let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
    }
}

/// The log's size and the cuts of it: the writer's own checkpoints that empty the log.
///
/// The background checkpoints run beside a writer that keeps writing, so they never catch up
/// with the log's end and SQLite never starts it over: under a steady stream of large writes
/// it grew by gigabytes. So once the log passes [`crate::db::WAL_LIMIT`] the writer cuts it
/// between two batches, when nothing else of ours writes. A reader of another program can
/// still keep the cut from completing: it is then tried again after [`CUT_RETRY`], without
/// waiting for that reader, and past [`WAL_HARD_LIMIT`] changes are refused until a
/// cut succeeds.
#[derive(Debug, Default)]
struct Log {
    /// The file, `None` without one (in memory).
    wal: Option<String>,
    /// When a cut last failed.
    failed: Option<Instant>,
}

impl Log {
    fn of(conn: &Connection) -> Log {
        Log {
            wal: conn
                .path()
                .filter(|p| !p.is_empty())
                .map(|p| format!("{p}-wal")),
            failed: None,
        }
    }

    fn size(&self) -> u64 {
        self.wal
            .as_ref()
            .and_then(|wal| std::fs::metadata(wal).ok())
            .map_or(0, |m| m.len())
    }

    /// Cuts the log if it has grown past the limit (unless a cut failed a moment ago).
    fn cut_if_large(&mut self, conn: &Connection) {
        let large = self.size() > crate::db::WAL_LIMIT as u64;
        let resting = self.failed.is_some_and(|t| t.elapsed() < CUT_RETRY);
        if large && !resting {
            self.cut(conn);
        }
    }

    /// Checkpoints the whole log and starts it over, waiting for no reader.
    fn cut(&mut self, conn: &Connection) {
        let _ = conn.busy_timeout(Duration::ZERO);
        // The row says whether a reader (or another writer) kept it from completing.
        let busy = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
            r.get::<_, i64>(0)
        });
        let busy = !matches!(busy, Ok(0));
        let _ = conn.busy_timeout(WRITER_BUSY_TIMEOUT);
        self.failed = busy.then(Instant::now);
    }

    /// Whether there is room in the log for another batch: past the hard limit, a cut is
    /// tried first; if the log stays that large, why not.
    fn room(&mut self, conn: &Connection) -> Result<(), StoreError> {
        if self.size() <= WAL_HARD_LIMIT as u64 {
            return Ok(());
        }
        self.cut(conn);
        let size = self.size();
        if size <= WAL_HARD_LIMIT as u64 {
            return Ok(());
        }
        Err(StoreError::Busy(format!(
            "the write-ahead log has reached {} MiB and cannot be cut while another program \
             holds a read transaction open on the database; changes wait until it ends",
            size >> 20
        )))
    }
}

/// Runs a job, turning a panic into an error so that one bad job cannot stop the thread.
fn guarded<R, E: From<StoreError>>(
    f: impl FnOnce(&mut Writing<'_>) -> Result<R, E>,
    writing: &mut Writing<'_>,
) -> Result<R, E> {
    catch_unwind(AssertUnwindSafe(|| f(writing))).unwrap_or_else(|_| {
        Err(E::from(StoreError::Stopped(
            "a database task failed".into(),
        )))
    })
}

/// The thread: waits for a job, takes whatever else is queued, runs them as one batch.
/// When every handle is gone, closes the connection last.
fn serve(
    conn: Connection,
    queue: mpsc::Receiver<Job>,
    checkpointer: Option<std::thread::JoinHandle<()>>,
    readers: Option<Weak<Readers>>,
) {
    let mut log = Log::of(&conn);
    let mut jobs = Jobs {
        conn,
        games: GameCache::default(),
    };
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        batch.extend(queue.try_iter().take(MAX_BATCH - 1));
        match log.room(&jobs.conn) {
            Ok(()) => run_batch(&mut jobs, batch),
            Err(e) => refuse(batch, &e),
        }
        log.cut_if_large(&jobs.conn);
    }
    let Jobs { conn, .. } = jobs;
    // The server is stopping. The other connections close first (the checkpointer stops as
    // its last handle went with the writers'), so that this one is the file's last: SQLite
    // then folds the log into the database and deletes it and the shared-memory file, and a
    // stopped server leaves one file of its true size.
    if let Some(thread) = checkpointer {
        let _ = thread.join();
    }
    if let Some(readers) = readers {
        let started = Instant::now();
        while readers.strong_count() > 0 && started.elapsed() < READERS_CLOSE {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    let _ = conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
    drop(conn);
}

/// One transaction for the batch, a savepoint per job, one commit; then every answer.
fn run_batch(jobs: &mut Jobs, batch: Vec<Job>) {
    let games = &mut jobs.games;
    let tx = match jobs
        .conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
    {
        Ok(tx) => tx,
        Err(e) => return refuse(batch, &StoreError::from(e)),
    };
    let mut finishes = Vec::with_capacity(batch.len());
    let mut broken = None;
    for job in batch {
        if let Some(e) = &broken {
            finishes.push(job(Err(e)).1);
            continue;
        }
        let mut writing = Writing {
            conn: &tx,
            games: &mut *games,
        };
        match run_job(&mut writing, job) {
            Ok(finish) => finishes.push(finish),
            Err(failed) => {
                let (e, finish) = *failed;
                finishes.push(finish);
                broken = Some(e);
            }
        }
    }
    let committed = match broken {
        // Rolling back undoes the jobs that had succeeded too: their answers say so.
        Some(e) => Err(e),
        None => tx.commit().map_err(StoreError::from),
    };
    if committed.is_err() {
        // The cache holds the batch's changes, which are gone.
        games.clear();
    }
    for finish in finishes {
        finish(committed.clone());
    }
}

/// Runs one job inside its savepoint. An error of the savepoint statements themselves leaves
/// the transaction in doubt: it comes back so that the batch is rolled back.
fn run_job(writing: &mut Writing<'_>, job: Job) -> Result<Finish, Box<(StoreError, Finish)>> {
    let conn = writing.conn;
    // Cached statements: parsing these anew for every job was a tenth of this thread's time.
    let savepoint = |sql: &str| conn.prepare_cached(sql).and_then(|mut s| s.execute([]));
    if let Err(e) = savepoint("SAVEPOINT job") {
        let e = StoreError::from(e);
        let finish = job(Err(&e)).1;
        return Err(Box::new((e, finish)));
    }
    let (ok, finish) = job(Ok(&mut *writing));
    let end = if ok {
        savepoint("RELEASE job").map(drop)
    } else {
        // A job may fail after storing a game (and caching it): the cache must not outlive
        // the rollback.
        writing.games.clear();
        conn.execute_batch("ROLLBACK TO job; RELEASE job")
    };
    match end {
        Ok(()) => Ok(finish),
        Err(e) => Err(Box::new((StoreError::from(e), finish))),
    }
}

/// Answers every job of a batch that could not start with the reason.
fn refuse(batch: Vec<Job>, e: &StoreError) {
    for job in batch {
        let (_, finish) = job(Err(e));
        finish(Ok(()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer() -> Writer {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (v INTEGER NOT NULL)")
            .unwrap();
        Writer::start(conn).unwrap()
    }

    async fn count(w: &Writer) -> i64 {
        w.run(|c| -> Result<i64, StoreError> {
            Ok(c.query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))?)
        })
        .await
        .unwrap()
    }

    #[tokio::test]
    async fn a_failed_job_leaves_nothing_and_spares_its_batch() {
        let w = writer();
        let jobs: Vec<_> = (0..50)
            .map(|k| {
                let w = w.clone();
                tokio::spawn(async move {
                    w.run(move |c| {
                        c.execute("INSERT INTO t (v) VALUES (?1)", [k])?;
                        if k % 5 == 0 {
                            return Err(StoreError::internal("refused"));
                        }
                        Ok(k)
                    })
                    .await
                })
            })
            .collect();
        let mut ok = 0;
        for job in jobs {
            ok += usize::from(job.await.unwrap().is_ok());
        }
        assert_eq!(ok, 40);
        assert_eq!(count(&w).await, 40);
    }

    /// Another program holds a read transaction open while changes go on: no change waits
    /// for it (each waited the busy timeout, a second, once the log passed its cut size), the
    /// log stops at its hard limit (it grew without end), changes past it are refused as
    /// busy, and once the reader ends the next change cuts the log and is made.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_reader_of_another_program_neither_stalls_changes_nor_grows_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let wal = dir.path().join("games.sqlite3-wal");
        let store = crate::Store::open(&path).unwrap();
        let insert = |c: &Connection| -> Result<(), StoreError> {
            c.execute("INSERT INTO blobs (b) VALUES (randomblob(262144))", [])?;
            Ok(())
        };
        store
            .write(|c| -> Result<(), StoreError> {
                Ok(c.execute_batch("CREATE TABLE blobs (b BLOB NOT NULL)")?)
            })
            .await
            .unwrap();
        let other = Connection::open(&path).unwrap();
        other
            .execute_batch("BEGIN; SELECT COUNT(*) FROM blobs;")
            .unwrap();
        let (mut made, mut refused, mut slowest, mut largest) = (0, 0, Duration::ZERO, 0);
        // 48 MiB of changes in 256 KiB rows: past the hard limit of 32 MiB.
        for _ in 0..192 {
            let started = Instant::now();
            match store.write(insert).await {
                Ok(()) => made += 1,
                Err(StoreError::Busy(message)) => {
                    assert!(message.contains("read transaction"), "{message}");
                    refused += 1;
                }
                Err(e) => panic!("{e}"),
            }
            slowest = slowest.max(started.elapsed());
            largest = largest.max(std::fs::metadata(&wal).map_or(0, |m| m.len()));
        }
        println!(
            "{made} changes made, {refused} refused; slowest {slowest:?}; log at most {largest} bytes"
        );
        assert!(
            slowest < WRITER_BUSY_TIMEOUT,
            "a change waited {slowest:?} for the reader"
        );
        let bound = WAL_HARD_LIMIT as u64 + (1 << 20);
        assert!(largest <= bound, "the log grew to {largest} bytes");
        assert!(refused > 0 && made > 100, "{made} made, {refused} refused");
        other.execute_batch("COMMIT").unwrap();
        store.write(insert).await.unwrap();
        let after = std::fs::metadata(&wal).map_or(0, |m| m.len());
        assert!(
            after < 1 << 20,
            "the log is cut once the reader ends: {after} bytes"
        );
    }

    #[tokio::test]
    async fn a_panicking_job_is_an_error_and_the_thread_goes_on() {
        let w = writer();
        let e = w
            .run(|c| -> Result<(), StoreError> {
                c.execute("INSERT INTO t (v) VALUES (1)", [])?;
                panic!("a bug in a job")
            })
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Stopped(_)), "{e}");
        assert_eq!(count(&w).await, 0);
    }
}
