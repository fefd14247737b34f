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
        assert_eq!(full, ["Full House 6 in r1: places 6 in r1c6"]);
        assert!(steps.iter().any(|s| s.technique == Technique::NakedSingle));
    }
}
