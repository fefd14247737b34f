//! Where games' puzzles come from: the ladder's generator (bounded, on a blocking thread), a
//! pool of ready puzzles refilled in the background so a new game is instant, and imports.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use sudoku_core::Shape;
use sudoku_core::dig::Symmetry;
use sudoku_game::GameVariant;
use sudoku_logic::generate::Generator;
use sudoku_logic::ladder::{LADDER, Rung};

use crate::db::Pooled;
use crate::error::ApiError;
use crate::state::AppState;

pub use sudoku_game::offer::{
    LARGE_GRID_BUDGET, OFFERED, ON_DEMAND_ATTEMPTS, ON_DEMAND_BUDGET, SIZES, SMALL_GRID_BUDGET,
    Spec, VARIANTS, generator, no_puzzle, offered, on_demand_budget, parse_size, request_of,
    size_name,
};

/// Full grids per try in the background, where time matters less: enough that an Expert or
/// Master puzzle is nearly always found (the top rungs need a few hundred on average), so the
/// back-off is left for rungs that really cannot be made.
const BACKGROUND_ATTEMPTS: usize = 2000;

/// [`OFFERED`] as `GET /api/config` publishes it: `{ size: { variant: [rung id, ..] } }`.
pub fn offered_json() -> serde_json::Value {
    let mut sizes = serde_json::Map::new();
    for (size, variant, rungs) in OFFERED {
        let entry = sizes
            .entry(size)
            .or_insert_with(|| serde_json::Value::Object(serde_json::Map::new()));
        if let Some(variants) = entry.as_object_mut() {
            variants.insert(variant.to_string(), serde_json::json!(rungs));
        }
    }
    serde_json::Value::Object(sizes)
}

/// 422 on `rung` when the spec's rung is not offered for its size and variant.
pub fn check_offered(spec: &Spec) -> Result<(), ApiError> {
    let rungs = offered(spec.shape, spec.variant);
    if rungs.contains(&spec.rung.id) {
        return Ok(());
    }
    Err(ApiError::bad_field(
        "rung",
        format!(
            "{} {} games are not made at the {} rung: the server cannot make one reliably in time (offered: {})",
            size_name(spec.shape),
            spec.variant.name(),
            spec.rung.id,
            rungs.join(", ")
        ),
    ))
}

/// The symmetries a new game may ask for (`any` lets the server choose).
pub const SYMMETRIES: [&str; 8] = [
    "any",
    "none",
    "rotate180",
    "rotate90",
    "mirror",
    "flip",
    "diagonal",
    "antidiagonal",
];

/// Generates a puzzle (blocking; run it on a blocking thread).
pub fn generate(spec: &Spec, attempts: usize, seed: u64) -> Result<Pooled, String> {
    generate_with(&mut generator(spec)?, spec, attempts, seed)
}

/// [`generate`] with a generator of the spec's layout.
fn generate_with(
    generator: &mut Generator,
    spec: &Spec,
    attempts: usize,
    seed: u64,
) -> Result<Pooled, String> {
    let mut request = request_of(spec);
    request.attempts = attempts;
    let made = generator
        .generate(&request, seed)
        .map_err(|e| no_puzzle(spec, &e))?;
    Ok(pooled(made))
}

fn pooled(made: sudoku_logic::generate::Generated) -> Pooled {
    Pooled {
        puzzle: made.puzzle.to_line(),
        solution: made.solution.to_line(),
        level: Some(level_name(made.grade.level)),
        score: Some(made.grade.score),
        symmetry: made.symmetry.name().to_string(),
    }
}

pub use sudoku_play::level_name;

/// A puzzle for a new game: from the pool if it has one, otherwise made now within
/// [`on_demand_budget`] (503 `unavailable` when that does not succeed).
pub async fn puzzle_for(state: &AppState, spec: Spec) -> Result<Pooled, ApiError> {
    let key = (
        spec.rung.id,
        size_name(spec.shape),
        spec.variant.name(),
        spec.symmetry.map(|s| s.name().to_string()),
    );
    let pooled = state
        .store()
        .take_pooled(key.0, &key.1, key.2, key.3.as_deref())
        .await?;
    if let Some(p) = pooled {
        return Ok(p);
    }
    let seed = crate::random_u64()?;
    let budget = on_demand_budget(&spec);
    on_a_core(move || generate_within(&spec, budget, seed))
        .await?
        .map_err(|message| generation_failed(&spec, message))
}

/// Runs a generation on a blocking thread once a core is free.
pub(crate) async fn on_a_core<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    // Wait for a core: twenty generations at once on two cores each got a tenth of one, and
    // half of them ran out of their budget. Queued, each gets a core for its whole budget.
    queued(generation_slots(), "every core is making a puzzle", work).await
}

/// Runs a workbook read on a blocking thread, one at a time. A read is bounded (sheets of
/// at most `MAX_SHEET_CELLS` cells, measured before they are laid out), but a sheet near
/// the bound still takes a few hundred megabytes, and requests side by side would take
/// that each.
pub(crate) async fn one_workbook_at_a_time<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    static SLOT: std::sync::OnceLock<std::sync::Arc<tokio::sync::Semaphore>> =
        std::sync::OnceLock::new();
    let slot = SLOT.get_or_init(|| std::sync::Arc::new(tokio::sync::Semaphore::new(1)));
    queued(slot, "another workbook is being read", work).await
}

/// Runs `work` on a blocking thread once one of `slots` is free, or answers 503 when none
/// is within [`QUEUE_LIMIT`] (`busy` says what holds them).
async fn queued<T: Send + 'static>(
    slots: &std::sync::Arc<tokio::sync::Semaphore>,
    busy: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let slot = tokio::time::timeout(QUEUE_LIMIT, slots.clone().acquire_owned())
        .await
        .map_err(|_| {
            ApiError::unavailable(format!(
                "{busy} and the queue did not move within {} s",
                QUEUE_LIMIT.as_secs()
            ))
        })?
        .map_err(|_| ApiError::internal("the work queue is closed"))?;
    // The slot is held by the work, not by the request: a client that goes away leaves the
    // work running to its end, and the slot is not offered again until then.
    Ok(tokio::task::spawn_blocking(move || {
        let _slot = slot;
        work()
    })
    .await?)
}

/// How long a request for a new game may wait for a core before the answer is 503.
pub const QUEUE_LIMIT: Duration = Duration::from_secs(30);

/// A slot per core for on-demand generation.
fn generation_slots() -> &'static std::sync::Arc<tokio::sync::Semaphore> {
    static SLOTS: std::sync::OnceLock<std::sync::Arc<tokio::sync::Semaphore>> =
        std::sync::OnceLock::new();
    SLOTS.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::sync::Arc::new(tokio::sync::Semaphore::new(cores))
    })
}

/// Generates with new seeds until a puzzle turns up or `budget` is spent (blocking); at most
/// [`SMALL_GRID_BUDGET`] for a 4x4 grid.
pub fn generate_within(spec: &Spec, budget: Duration, seed: u64) -> Result<Pooled, String> {
    sudoku_game::offer::make_within(spec, budget, seed).map(pooled)
}

/// Why a new game could not be made. A grid smaller than 9x9 that yielded nothing in
/// thousands of attempts is too small for the rung (a 4x4 needs nothing but singles), so
/// asking again cannot help: the rung is at fault (422). A 9x9 or larger grid may simply have
/// been unlucky within the bounded effort (503).
fn generation_failed(spec: &Spec, message: String) -> ApiError {
    if spec.shape.size() < 9 {
        let size = size_name(spec.shape);
        ApiError::bad_field(
            "rung",
            format!("{message} (a {size} grid is too small for this rung; choose an easier one)"),
        )
        .with_zh(format!(
            "{}的盘面太小，出不了这个难度的题；请选容易一些的难度。",
            size.replace('x', "×")
        ))
    } else {
        ApiError::unavailable(message)
    }
}

/// Keeps `target` puzzles ready for every rung of 9x9 classic, one generation at a time, for
/// ever (abort the task to stop it). A rung that cannot be made is tried again later, each
/// time after a longer pause, so an impossible one does not eat the CPU.
pub async fn fill_pool(state: AppState, target: u64) {
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
            let count = state
                .store()
                .pool_count(rung.id, "9x9", "classic")
                .await
                .unwrap_or(target);
            if count >= target {
                continue;
            }
            worked = true;
            if refill_one(&state, rung).await {
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
async fn refill_one(state: &AppState, rung: &'static Rung) -> bool {
    let Ok(seed) = crate::random_u64() else {
        return false;
    };
    let spec = Spec {
        rung,
        shape: Shape::CLASSIC,
        variant: GameVariant::Classic,
        symmetry: Some(Symmetry::Random),
    };
    let made =
        tokio::task::spawn_blocking(move || generate(&spec, BACKGROUND_ATTEMPTS, seed)).await;
    let Ok(Ok(pooled)) = made else {
        return false;
    };
    state
        .store()
        .add_pooled(rung.id, "9x9", "classic", pooled)
        .await
        .is_ok()
}

pub use sudoku_play::{Imported, import, import_workbook};

/// The largest workbook an import reads, in bytes: a book of a few hundred puzzles is well
/// under it.
pub const WORKBOOK_LIMIT: usize = 2 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    /// A request whose client went away leaves its generation running (it ends within its
    /// budget), and the core stays taken until then, so the queue does not hand it out twice.
    #[tokio::test]
    async fn a_request_given_up_keeps_its_core_until_the_work_ends() {
        let cores = generation_slots().available_permits();
        let (finish, finished) = std::sync::mpsc::channel::<()>();
        let request = on_a_core(move || {
            let _ = finished.recv();
        });
        let given_up = tokio::time::timeout(Duration::from_millis(200), request).await;
        assert!(given_up.is_err(), "the work waits for the signal");
        assert_eq!(
            generation_slots().available_permits(),
            cores - 1,
            "the work still holds its core"
        );
        finish.send(()).expect("the work is waiting");
        let start = Instant::now();
        while generation_slots().available_permits() < cores {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the core comes back"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    fn spec(rung: &str, size: usize) -> Spec {
        Spec {
            rung: Rung::by_id(rung).unwrap(),
            shape: Shape::from_size(size).unwrap(),
            variant: GameVariant::Classic,
            symmetry: None,
        }
    }

    #[test]
    fn top_rungs_are_found_within_the_budget() {
        for (rung, seed) in [("hard", 1), ("expert", 2), ("expert", 3), ("master", 4)] {
            let started = Instant::now();
            let made = generate_within(&spec(rung, 9), ON_DEMAND_BUDGET, seed);
            let took = started.elapsed();
            eprintln!("{rung}: {took:?}");
            let made = made.unwrap_or_else(|e| panic!("{rung} after {took:?}: {e}"));
            assert_eq!(
                made.level.as_deref(),
                Some(Rung::by_id(rung).unwrap().level.name())
            );
        }
    }

    /// Reachable, not fast: the budget here is generous so that a busy machine cannot fail it
    /// (about a second each on an idle one).
    #[test]
    fn rare_rungs_of_a_6x6_are_found() {
        for rung in ["medium", "hard", "expert", "master"] {
            let started = Instant::now();
            let made = generate_within(&spec(rung, 6), Duration::from_secs(30), 5);
            eprintln!("{rung} 6x6: {:?}", started.elapsed());
            let made = made.unwrap_or_else(|e| panic!("{rung} 6x6: {e}"));
            assert_eq!(
                made.level.as_deref(),
                Some(Rung::by_id(rung).unwrap().level.name())
            );
        }
    }

    #[test]
    fn every_size_and_variant_offers_ladder_rungs_in_order() {
        let ids: Vec<&str> = LADDER.iter().map(|r| r.id).collect();
        assert_eq!(sudoku_game::offer::RUNG_IDS.as_slice(), ids);
        for (size, _, _) in SIZES {
            for variant in VARIANTS {
                let shape = parse_size(size).unwrap();
                let rungs = offered(shape, GameVariant::from_name(variant).unwrap());
                assert!(rungs.starts_with(&["beginner", "easy"]), "{size} {variant}");
                let positions: Vec<Option<usize>> = rungs
                    .iter()
                    .map(|r| ids.iter().position(|i| i == r))
                    .collect();
                assert!(positions.iter().all(Option::is_some), "{size} {variant}");
                assert!(
                    positions.windows(2).all(|w| w[0] < w[1]),
                    "{size} {variant}"
                );
            }
        }
        assert!(check_offered(&spec("master", 4)).is_err());
        assert!(check_offered(&spec("hard", 6)).is_ok());
    }

    #[test]
    fn a_rung_a_small_grid_cannot_reach_fails_soon_as_a_bad_rung() {
        let started = Instant::now();
        let spec = spec("master", 4);
        let message = generate_within(&spec, ON_DEMAND_BUDGET, 1).unwrap_err();
        assert!(started.elapsed() < SMALL_GRID_BUDGET + Duration::from_millis(500));
        let e = generation_failed(&spec, message);
        assert_eq!((e.status.as_u16(), e.field.as_deref()), (422, Some("rung")));
    }
}
