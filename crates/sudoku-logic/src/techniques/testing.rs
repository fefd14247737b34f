//! What the finders' tests share: positions along solve paths, and a family's steps.

use sudoku_core::{Grid, Layout};

use super::{Ctx, Family};
use crate::candidates::Candidates;
use crate::step::Step;
use crate::technique::Technique;

/// The positions along the solve paths of hard puzzles (the first `count` of magictour
/// top1465) and of `count` dug puzzles where the path takes a step beyond the singles,
/// each with the technique of that step.
pub(crate) fn path_positions(layout: &Layout, count: usize) -> Vec<(Candidates, Technique)> {
    let text = include_str!("../../tests/data/magictour_top1465.txt");
    let mut digger = sudoku_core::dig::Digger::new(layout.clone());
    let dug = (0..count as u64).map(|s| digger.generate(&Default::default(), s).unwrap());
    let hard = text
        .lines()
        .take(count)
        .map(|l| l.trim().parse::<Grid>().unwrap());
    positions_on_paths(layout, hard.chain(dug.map(|d| d.puzzle)))
}

/// [`path_positions`] of the first `count` puzzles of the Sudoku Exchange diabolical set.
pub(crate) fn diabolical_positions(layout: &Layout, count: usize) -> Vec<(Candidates, Technique)> {
    let text = include_str!("../../tests/data/sudoku_exchange_diabolical.txt");
    let grids = text
        .lines()
        .take(count)
        .map(|l| l.trim().parse::<Grid>().unwrap());
    positions_on_paths(layout, grids)
}

fn positions_on_paths(
    layout: &Layout,
    grids: impl Iterator<Item = Grid>,
) -> Vec<(Candidates, Technique)> {
    let logic = crate::Logic::new(layout);
    let mut out = Vec::new();
    for grid in grids {
        let mut pos = logic.start(&grid).unwrap();
        for step in logic.solve_path(&grid).unwrap().steps {
            if !matches!(
                step.technique,
                Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
            ) {
                out.push((pos.clone(), step.technique));
            }
            pos.apply(layout, &step);
        }
    }
    out
}

/// [`path_positions`] of `count` hard and dug puzzles, then [`diabolical_positions`] of
/// `count` diabolical ones: the mix most finders' tests walk.
pub(crate) fn hard_and_diabolical_positions(
    layout: &Layout,
    count: usize,
) -> Vec<(Candidates, Technique)> {
    let mut out = path_positions(layout, count);
    out.extend(diabolical_positions(layout, count));
    out
}

/// [`path_positions`] without the techniques.
pub(crate) fn positions_past_singles(layout: &Layout, count: usize) -> Vec<Candidates> {
    path_positions(layout, count)
        .into_iter()
        .map(|(pos, _)| pos)
        .collect()
}

/// Every step a family finds at a position, in the finder's order.
pub(crate) fn found<const W: usize>(family: Family, ctx: &Ctx<W>) -> Vec<Step> {
    let mut out = Vec::new();
    family.find(ctx, &mut out);
    out
}

/// At each of `positions` (classic 9x9) where the path takes a step of one of `families`:
/// the search a solve path makes ([`Ctx::first_only`]) puts first the very step the whole
/// search puts first. `each` gets the path's context, the family, the path's technique and
/// that step, for the checks of its own; the number of positions checked is returned.
pub(crate) fn first_only_agrees(
    positions: impl IntoIterator<Item = (Candidates, Technique)>,
    families: &[Family],
    mut each: impl FnMut(&Ctx<'_, 2>, Family, Technique, Option<&Step>),
) -> usize {
    let layout = Layout::classic();
    let g = crate::geometry::Geometry::<2>::new(&layout);
    let opts = super::Options::default();
    let mut checked = 0;
    for (pos, technique) in positions {
        let Some(family) = Family::of(technique).filter(|f| families.contains(f)) else {
            continue;
        };
        let mut ctx = Ctx::new(&g, &pos, &opts);
        let all = found(family, &ctx);
        ctx.first_only = true;
        let first = found(family, &ctx);
        assert_eq!(first.first(), all.first());
        each(&ctx, family, technique, first.first());
        checked += 1;
    }
    checked
}

/// A xorshift generator from `seed` (not zero): each call gives a number below its
/// argument. The property tests draw their cases from it, the same ones every run.
pub(crate) fn numbers_below(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut x = seed;
    move |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    }
}
