//! Where a new game's puzzle comes from: the ladder's generator, bounded (in attempts, or in
//! time for a new game asked for now), and what a puzzle made looks like in the store's pool.

use std::time::Duration;

use sudoku_game::offer::{self, Spec};
use sudoku_logic::generate::Generated;
use sudoku_store::db::Pooled;

use crate::{Code, PlayError, level_name};

/// Full grids per try in the background, where time matters less: enough that an Expert or
/// Master puzzle is nearly always found (the top rungs need a few hundred on average), so the
/// back-off is left for rungs that really cannot be made.
pub const BACKGROUND_ATTEMPTS: usize = 2000;

/// Generates a puzzle in at most `attempts` full grids (blocking; run it on a blocking
/// thread): the same puzzle for the same spec and seed.
pub fn generate(spec: &Spec, attempts: usize, seed: u64) -> Result<Pooled, String> {
    let mut request = offer::request_of(spec);
    request.attempts = attempts;
    let made = offer::generator(spec)?
        .generate(&request, seed)
        .map_err(|e| offer::no_puzzle(spec, &e))?;
    Ok(pooled(made))
}

/// Generates with new seeds until a puzzle turns up or `budget` is spent (blocking); at most
/// [`offer::SMALL_GRID_BUDGET`] for a 4x4 grid.
pub fn generate_within(spec: &Spec, budget: Duration, seed: u64) -> Result<Pooled, String> {
    offer::make_within(spec, budget, seed).map(pooled)
}

/// A generated puzzle as the pool keeps it.
pub fn pooled(made: Generated) -> Pooled {
    Pooled {
        puzzle: made.puzzle.to_line(),
        solution: made.solution.to_line(),
        level: Some(level_name(made.grade.level)),
        score: Some(made.grade.score),
        symmetry: made.symmetry.name().to_string(),
    }
}

/// Why a new game could not be made. A grid smaller than 9x9 that yielded nothing in
/// thousands of attempts is too small for the rung (a 4x4 needs nothing but singles), so
/// asking again cannot help: the rung is at fault (`bad_field`). A 9x9 or larger grid may
/// simply have been unlucky within the bounded effort (`unavailable`).
pub fn generation_failed(spec: &Spec, message: String) -> PlayError {
    if spec.shape.size() < 9 {
        let size = offer::size_name(spec.shape);
        PlayError::bad_field(
            "rung",
            format!("{message} (a {size} grid is too small for this rung; choose an easier one)"),
            format!(
                "{}的盘面太小，出不了这个难度的题；请选容易一些的难度。",
                size.replace('x', "×")
            ),
        )
    } else {
        PlayError::new(
            Code::Unavailable,
            message,
            crate::zh::generic(Code::Unavailable, None),
        )
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use sudoku_core::Shape;
    use sudoku_game::GameVariant;
    use sudoku_game::offer::{
        ON_DEMAND_BUDGET, SIZES, SMALL_GRID_BUDGET, VARIANTS, offered, parse_size,
    };
    use sudoku_logic::ladder::{LADDER, Rung};

    use super::*;

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
        assert!(crate::choice::check_offered(&spec("master", 4)).is_err());
        assert!(crate::choice::check_offered(&spec("hard", 6)).is_ok());
    }

    #[test]
    fn a_rung_a_small_grid_cannot_reach_fails_soon_as_a_bad_rung() {
        let started = Instant::now();
        let spec = spec("master", 4);
        let message = generate_within(&spec, ON_DEMAND_BUDGET, 1).unwrap_err();
        assert!(started.elapsed() < SMALL_GRID_BUDGET + Duration::from_millis(500));
        let e = generation_failed(&spec, message);
        assert_eq!((e.code, e.field.as_deref()), (Code::BadField, Some("rung")));
    }
}
