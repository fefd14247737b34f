//! What a new game may be: the sizes, variants and rungs offered (those made reliably within
//! a player's wait), and making its puzzle within that wait. Shared by the front ends (the
//! browser game and the terminal), so that both offer the same games.

use std::time::Duration;

use sudoku_core::Shape;
use sudoku_core::dig::Symmetry;
use sudoku_logic::generate::{Generated, Generator, Request};
use sudoku_logic::ladder::Rung;

use crate::GameVariant;

/// Full grids per generator call for a game asked for now. Each call is short (a few ms for
/// Hard, more for the top rungs), and calls with new seeds repeat until one succeeds or
/// [`ON_DEMAND_BUDGET`] is spent: a fixed number of attempts alone failed one Hard request in
/// five and most Expert ones.
pub const ON_DEMAND_ATTEMPTS: usize = 12;

/// How long a game asked for now may take to generate before the answer is 503.
pub const ON_DEMAND_BUDGET: Duration = Duration::from_secs(3);

/// The budget for a 16x16 grid or larger: a full grid alone costs far more there, and a
/// Medium 16x16 took up to 1.7 s in a release build, more in a test build (debug
/// assertions on): with three seconds, one request of the sixty in
/// `concurrent_on_demand_games_queue_instead_of_failing` got 503 in two CI runs of
/// 2026-11-27 out of two.
pub const LARGE_GRID_BUDGET: Duration = Duration::from_secs(8);

/// The budget of a game of this spec asked for now.
pub fn on_demand_budget(spec: &Spec) -> Duration {
    if spec.shape.size() >= 16 {
        LARGE_GRID_BUDGET
    } else {
        ON_DEMAND_BUDGET
    }
}

/// The budget for a 4x4 grid: thousands of attempts at that size, and a 4x4 never reaches
/// Medium however long it is tried, so a request for one fails within a second, not three.
/// (A 6x6 gets the full budget: its upper rungs are rare, one grid in a few hundred, but
/// they exist.)
pub const SMALL_GRID_BUDGET: Duration = Duration::from_secs(1);

/// The sizes games are made in, with their box shapes.
pub const SIZES: [(&str, usize, usize); 4] =
    [("4x4", 2, 2), ("6x6", 2, 3), ("9x9", 3, 3), ("16x16", 4, 4)];

/// The variants games are made in.
pub const VARIANTS: [&str; 2] = ["classic", "diagonal"];

/// The rungs a new game may be asked for at, per size and variant: those the server makes
/// reliably within [`ON_DEMAND_BUDGET`] (9x9 classic also has the background pool). A rung
/// left out is refused at once (422 on `rung`) instead of being tried for seconds.
///
/// Decided from `cargo run --release -p sudoku-web --example rung_budget -- SIZE VARIANT N`,
/// which asks the way a new game does (`generate_within` with the budget, new seeds, any
/// symmetry), on a shared two-core machine (2026-11-23). Each cell: requests made of those
/// asked, then median / max ms per request (a rung measured in two runs: the counts summed,
/// the median of the larger run, the larger max; `-`: not measured, as an easier rung
/// already fails).
///
/// | size, variant | beginner | easy | medium | hard | expert | master |
/// |---|---|---|---|---|---|---|
/// | 4x4 classic | 20/20, 0/0 | 20/20, 0/2 | 0/20 | 0/20 | 0/20 | 0/20 |
/// | 4x4 diagonal | 20/20, 0/0 | 20/20, 0/0 | 0/20 | 0/20 | 0/20 | 0/20 |
/// | 6x6 classic | 20/20, 0/4 | 20/20, 0/4 | 70/70, 145/1239 | 70/70, 8/58 | 70/70, 337/2080 | 19/20, 684/3011 |
/// | 6x6 diagonal | 20/20, 0/3 | 20/20, 0/5 | 70/70, 105/1659 | 70/70, 23/126 | 70/70, 177/981 | 70/70, 23/112 |
/// | 9x9 classic | 20/20, 0/0 | 20/20, 0/0 | 20/20, 1/4 | 20/20, 2/20 | 20/20, 142/1016 | 20/20, 320/1492 |
/// | 9x9 diagonal | 20/20, 1/41 | 20/20, 1/85 | 20/20, 19/177 | 20/20, 9/162 | 20/20, 118/576 | 20/20, 98/348 |
/// | 16x16 classic | 20/20, 6/9 | 20/20, 4/7 | 20/20, 372/1081 | 13/20, 7443/8015 | 0/4 | 0/4 |
/// | 16x16 diagonal | 20/20, 10/167 | 20/20, 6/162 | 20/20, 31/268 | 1/20 | 0/4 | 0/4 |
///
/// A rung is offered when every request was made and the slowest took well under the budget
/// (a busier machine must still make it in time): a 4x4 never gets past Easy (it needs
/// nothing but singles; each failure above took the whole 1 s small-grid budget); a 6x6
/// classic grid reaches Expert in time but with too thin a margin (one request in 70 took
/// 2 s) and Master not always; 16x16 Hard and above rarely succeed within the budget (a
/// request that fails stops there, give or take one uniqueness check: at most 3.9 s).
/// The 16x16 rows were measured on 2026-11-27 with their own budget ([`LARGE_GRID_BUDGET`],
/// 8 s; the example asks with [`on_demand_budget`]): every offered rung made every time, the
/// slowest in 1.1 s; Hard made 13 times in 20 (classic) and once in 20 (diagonal), each
/// failure after the whole 8 s, so it is not offered; Expert and Master none in 4 (one
/// Master request overran the budget by 2 s: the deadline is looked at between full grids).
/// A 6x6 or 16x16 diagonal grid, with two more houses, is easier to make hard than a classic
/// one. 9x9 classic is also kept ready by the background pool, and a 9x9 or 16x16 request
/// that fails anyway is a 503 the page asks again after.
pub const OFFERED: [(&str, &str, &[&str]); 8] = [
    ("4x4", "classic", &["beginner", "easy"]),
    ("4x4", "diagonal", &["beginner", "easy"]),
    ("6x6", "classic", &["beginner", "easy", "medium", "hard"]),
    ("6x6", "diagonal", &RUNG_IDS),
    ("9x9", "classic", &RUNG_IDS),
    ("9x9", "diagonal", &RUNG_IDS),
    ("16x16", "classic", &["beginner", "easy", "medium"]),
    ("16x16", "diagonal", &["beginner", "easy", "medium"]),
];

/// Every rung of the ladder, easiest first.
pub const RUNG_IDS: [&str; 6] = ["beginner", "easy", "medium", "hard", "expert", "master"];

/// The rungs offered for a size and variant ([`OFFERED`]).
pub fn offered(shape: Shape, variant: GameVariant) -> &'static [&'static str] {
    let size = size_name(shape);
    OFFERED
        .iter()
        .find(|(s, v, _)| *s == size && *v == variant.name())
        .map_or(&[], |(_, _, rungs)| rungs)
}

/// The shape of a size name.
pub fn parse_size(name: &str) -> Option<Shape> {
    SIZES
        .iter()
        .find(|(n, _, _)| *n == name)
        .and_then(|&(_, r, c)| Shape::new(r, c).ok())
}

/// The name of a shape's size.
pub fn size_name(shape: Shape) -> String {
    let n = shape.size();
    format!("{n}x{n}")
}

/// What a new game asks for.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// The rung.
    pub rung: &'static Rung,
    /// The box shape.
    pub shape: Shape,
    /// The variant.
    pub variant: GameVariant,
    /// A symmetry, or `None` for any.
    pub symmetry: Option<Symmetry>,
}

/// The generator's request for a spec: its rung's levels and givens, its symmetry.
pub fn request_of(spec: &Spec) -> Request {
    let mut request = spec.rung.request(spec.shape);
    request.dig.symmetry = spec.symmetry.unwrap_or(Symmetry::None);
    request
}

/// A generator for the spec's layout. Building one costs more than a few attempts, so a
/// caller that tries again keeps it.
pub fn generator(spec: &Spec) -> Result<Generator, String> {
    let layout = spec.variant.layout(spec.shape).map_err(|e| e.to_string())?;
    Ok(Generator::new(&layout))
}

/// Why no puzzle of the spec was made.
pub fn no_puzzle(spec: &Spec, e: &sudoku_logic::generate::GenerateError) -> String {
    format!(
        "no {} {} {} puzzle: {e}",
        spec.rung.id,
        size_name(spec.shape),
        spec.variant.name()
    )
}

/// A puzzle of the spec, made now with new seeds until one turns up or `budget` is spent
/// (blocking); at most [`SMALL_GRID_BUDGET`] for a 4x4 grid, which never reaches the upper
/// rungs however long it is tried.
pub fn make_within(spec: &Spec, budget: Duration, seed: u64) -> Result<Generated, String> {
    let budget = if spec.shape.size() <= 4 {
        budget.min(SMALL_GRID_BUDGET)
    } else {
        budget
    };
    let mut request = request_of(spec);
    request.attempts = ON_DEMAND_ATTEMPTS;
    generator(spec)?
        .generate_within(&request, budget, seed)
        .map_err(|e| no_puzzle(spec, &e))
}
