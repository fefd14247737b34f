//! Singles: Full House (the last empty cell of a house), Naked Single (a cell with one
//! candidate) and Hidden Single (a digit with one place left in a house).

use super::{Ctx, push_unique};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every single at the position.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    full_houses(ctx, out);
    naked_singles(ctx, out);
    hidden_singles(ctx, out);
}

fn full_houses<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for h in 0..ctx.g.house_count() {
        let empty = ctx.g.house_set(h).and(&ctx.empty);
        if empty.len() != 1 {
            continue;
        }
        let Some(cell) = empty.first() else { continue };
        let placed = ctx.g.house_cells(h).iter().fold(0u64, |m, &c| {
            let v = ctx.pos.values()[c];
            if v == 0 { m } else { m | 1 << (v - 1) }
        });
        let missing = !placed & ctx.mask(cell);
        if missing.count_ones() != 1 {
            continue;
        }
        let d = missing.trailing_zeros() as usize;
        let mut step = Step::new(Technique::FullHouse, vec![super::digit(d)]);
        step.add_house(ctx.g.house(h), Role::Base);
        step.place(ctx.cand(cell, d));
        push_unique(out, step);
    }
}

fn naked_singles<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for cell in ctx.empty.iter() {
        let mask = ctx.mask(cell);
        if mask.count_ones() != 1 {
            continue;
        }
        let d = mask.trailing_zeros() as usize;
        let mut step = Step::new(Technique::NakedSingle, vec![super::digit(d)]);
        step.place(ctx.cand(cell, d));
        push_unique(out, step);
    }
}

fn hidden_singles<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for h in 0..ctx.g.house_count() {
        for d in 0..ctx.n() {
            let cells = ctx.cells_in(h, d);
            if cells.len() != 1 {
                continue;
            }
            let Some(cell) = cells.first() else { continue };
            let mut step = Step::new(Technique::HiddenSingle, vec![super::digit(d)]);
            step.add_house(ctx.g.house(h), Role::Base);
            step.place(ctx.cand(cell, d));
            push_unique(out, step);
        }
    }
}

/// Adds to a single what makes it one, as `Seen` highlights, from the position it was found
/// in: for a Naked Single, the placed digits its cell sees (each the first met, houses in
/// order: row, column, box, then any other) and the houses they are in; for a Hidden Single,
/// a placed copy of the digit that each other empty cell of the house sees. A digit or cell
/// that nothing placed accounts for was ruled out by an earlier step; the text says so.
pub(crate) fn annotate<const W: usize>(
    g: &crate::geometry::Geometry<W>,
    pos: &crate::candidates::Candidates,
    step: &mut Step,
) {
    let Some(&placed) = step.placements.first() else {
        return;
    };
    let values = pos.values();
    let cell = placed.cell.index(g.size());
    let d = placed.digit.get() as u8;
    match step.technique {
        Technique::NakedSingle => {
            let mut seen = 0u64;
            let mut houses = Vec::new();
            let mut blockers = Vec::new();
            for h in g.houses_in_order(cell) {
                let before = blockers.len();
                for &p in g.house_cells(h) {
                    let v = values[p];
                    if p != cell && v != 0 && v != d && seen & (1 << v) == 0 {
                        seen |= 1 << v;
                        blockers.push(cand(g, p, v));
                    }
                }
                if blockers.len() > before {
                    houses.push(g.house(h));
                }
            }
            for h in houses {
                step.add_house(h, Role::Seen);
            }
            for b in blockers {
                step.add_candidate(b, Role::Seen);
            }
            // The digits nothing placed accounts for: earlier steps ruled them out here.
            for x in 1..=g.size() as u8 {
                if x != d && seen & (1 << x) == 0 {
                    step.add_candidate(cand(g, cell, x), Role::Seen);
                }
            }
        }
        Technique::HiddenSingle => keep_out(g, pos, step, d, &[placed.cell]),
        _ => {}
    }
}

/// For every empty cell of the step's base house but `skip`, what keeps digit `d` out of
/// it: a placed copy it sees (`Seen` candidate), or the cell itself (`Seen` cell) where
/// nothing placed accounts for it (an earlier step ruled it out).
fn keep_out<const W: usize>(
    g: &crate::geometry::Geometry<W>,
    pos: &crate::candidates::Candidates,
    step: &mut Step,
    d: u8,
    skip: &[sudoku_core::Cell],
) {
    let Some(house) = step.houses_with_role(Role::Base).first().copied() else {
        return;
    };
    let Some(h) = (0..g.house_count()).find(|&h| g.house(h) == house) else {
        return;
    };
    let values = pos.values();
    for &o in g.house_cells(h) {
        if values[o] != 0 || skip.contains(&g.cell(o)) {
            continue;
        }
        let blocker = g
            .houses_in_order(o)
            .flat_map(|k| g.house_cells(k).iter().copied())
            .find(|&p| values[p] == d);
        match blocker {
            Some(p) => step.add_candidate(cand(g, p, d), Role::Seen),
            None => step.add_cell(g.cell(o), Role::Seen),
        }
    }
}

/// Adds to locked candidates why the digit's places in the base house all lie in the cover
/// house: for every other empty cell of the base house, a placed copy of the digit it sees
/// (`Seen` candidate), or the cell itself (`Seen` cell) where nothing placed accounts for it.
/// Told in an intuitive path, where the player has no pencil marks to read it from.
pub(crate) fn annotate_locked<const W: usize>(
    g: &crate::geometry::Geometry<W>,
    pos: &crate::candidates::Candidates,
    step: &mut Step,
) {
    let Some(&digit) = step.digits.first() else {
        return;
    };
    let pattern = step.cells_with_role(Role::Pattern);
    keep_out(g, pos, step, digit.get() as u8, &pattern);
}

fn cand<const W: usize>(
    g: &crate::geometry::Geometry<W>,
    cell: usize,
    value: u8,
) -> sudoku_core::Candidate {
    sudoku_core::Candidate {
        cell: g.cell(cell),
        digit: super::digit(value as usize - 1),
    }
}

#[cfg(test)]
mod tests {
    use crate::{Lang, Logic, Technique};
    use sudoku_core::{Grid, Layout};

    #[test]
    fn singles_on_a_6x6_grid() {
        let layout = Layout::new("2x3".parse().unwrap());
        // Row 1 misses only its last digit: a full house (and a naked single there).
        let grid: Grid = "12345.............................."
            .chars()
            .chain(std::iter::once('.'))
            .collect::<String>()
            .parse()
            .unwrap();
        let logic = Logic::new(&layout);
        let pos = logic.start(&grid).unwrap();
        let steps = logic.find_all_steps(&pos);
        let full: Vec<String> = steps
            .iter()
            .filter(|s| s.technique == Technique::FullHouse)
            .map(|s| s.explain(Lang::En))
            .collect();
        assert_eq!(
            full,
            [
                "Full House 6 in r1: places 6 in r1c6. r1c6 is the last empty cell of r1, and 6 \
              the only digit it lacks."
            ]
        );
        assert!(steps.iter().any(|s| s.technique == Technique::NakedSingle));
    }
}
