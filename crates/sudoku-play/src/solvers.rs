//! [`Solvers`]: one logic solver per grid layout, built on first use and shared.
//!
//! Building a [`Logic`] lays out its tables for the layout (houses, peers, the candidate
//! graph's indices); a hint or an Apply asked of a server did that afresh each time, and an
//! Apply did it twice. The solver does not change once built, so every hint of every game of
//! one layout can use the same one, from any thread.

use std::sync::{Arc, Mutex, PoisonError};

use sudoku_core::Layout;
use sudoku_logic::Logic;

/// The solvers built so far, one per layout; cheap to share behind an `Arc`.
#[derive(Debug, Default)]
pub struct Solvers {
    /// A handful at most (four sizes, two variants): a list searched in order is enough.
    built: Mutex<Vec<(Layout, Arc<Logic>)>>,
}

impl Solvers {
    /// No solver built yet.
    pub fn new() -> Solvers {
        Solvers::default()
    }

    /// The solver of `layout`, built now if it is the first time.
    pub fn for_layout(&self, layout: &Layout) -> Arc<Logic> {
        let mut built = self.built.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, logic)) = built.iter().find(|(l, _)| l == layout) {
            return logic.clone();
        }
        let logic = Arc::new(Logic::new(layout));
        built.push((layout.clone(), logic.clone()));
        logic
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;
    use sudoku_game::GameVariant;

    #[test]
    fn one_solver_per_layout_shared_by_every_caller() {
        let solvers = Solvers::new();
        let classic = GameVariant::Classic.layout(Shape::CLASSIC).unwrap();
        let diagonal = GameVariant::Diagonal.layout(Shape::CLASSIC).unwrap();
        let a = solvers.for_layout(&classic);
        let b = solvers.for_layout(&classic);
        assert!(Arc::ptr_eq(&a, &b), "the second ask gets the first solver");
        let c = solvers.for_layout(&diagonal);
        assert!(!Arc::ptr_eq(&a, &c), "another layout has its own");
        let shared = Arc::new(solvers);
        let other = std::thread::spawn({
            let shared = shared.clone();
            move || shared.for_layout(&Layout::new(Shape::CLASSIC))
        })
        .join()
        .unwrap();
        assert!(Arc::ptr_eq(&a, &other), "another thread gets the same one");
    }
}
