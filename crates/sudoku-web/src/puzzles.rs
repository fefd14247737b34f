//! What the server says of the puzzles it makes (`GET /api/config`), and the bounds of the
//! puzzles it reads: the generator, the pool and the imports themselves are the play core's
//! (`sudoku_play`).

use crate::error::ApiError;

pub use sudoku_game::offer::{
    LARGE_GRID_BUDGET, OFFERED, ON_DEMAND_ATTEMPTS, ON_DEMAND_BUDGET, SIZES, SMALL_GRID_BUDGET,
    Spec, VARIANTS, generator, no_puzzle, offered, on_demand_budget, parse_size, request_of,
    size_name,
};

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
    Ok(sudoku_play::games::queued(
        slot,
        "another workbook is being read",
        sudoku_play::games::QUEUE_LIMIT,
        work,
    )
    .await?)
}

pub use sudoku_play::{Imported, import, import_workbook};

/// The largest workbook an import reads, in bytes: a book of a few hundred puzzles is well
/// under it.
pub const WORKBOOK_LIMIT: usize = 2 << 20;
