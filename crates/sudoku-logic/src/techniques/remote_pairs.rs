//! Remote Pair: a chain of bivalue cells that all hold the same two digits `ab`, each seeing
//! the next. Along the chain the cells alternate `a`, `b`, `a`, ...; so two cells an odd
//! number of links apart hold different digits, and a cell seeing both can hold neither. With
//! one link that is a naked pair, so the chain needs at least three links (four cells).
//!
//! The cells with the same pair that see each other form a graph; each connected part is
//! searched as a whole (shortest distances by breadth-first search) and reported as one step.

use super::{Ctx, digits, push_unique};
use crate::bits::{BitIter, CellSet};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// Every remote pair at the position.
///
/// A chain needs four cells with the same pair, and most positions have no pair on four
/// bivalue cells: only the pairs that have are searched.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    let bivalue = ctx.bivalue_cells();
    let mut counts: Vec<(u64, usize)> = Vec::new();
    for &c in &bivalue {
        let m = ctx.mask(c);
        match counts.iter_mut().find(|(pair, _)| *pair == m) {
            Some((_, count)) => *count += 1,
            None => counts.push((m, 1)),
        }
    }
    counts.retain(|&(_, count)| count >= 4);
    if counts.is_empty() {
        return;
    }
    let mut done = CellSet::<W>::EMPTY;
    for &start in &bivalue {
        let m = ctx.mask(start);
        if done.contains(start) || !counts.iter().any(|&(pair, _)| pair == m) {
            continue;
        }
        let group: Vec<usize> = component(ctx, &bivalue, start, m);
        for &c in &group {
            done.insert(c);
        }
        if group.len() >= 4 {
            report(ctx, &group, m, out);
        }
    }
}

/// The cells with mask `m` reachable from `start` through cells with mask `m`.
fn component<const W: usize>(ctx: &Ctx<W>, bivalue: &[usize], start: usize, m: u64) -> Vec<usize> {
    let mut group = vec![start];
    let mut k = 0;
    while k < group.len() {
        let c = group[k];
        for &o in bivalue {
            if ctx.mask(o) == m && !group.contains(&o) && ctx.g.sees(c, o) {
                group.push(o);
            }
        }
        k += 1;
    }
    group
}

/// Links on a shortest path between every two cells of the group, by position in `group`.
fn distances<const W: usize>(ctx: &Ctx<W>, group: &[usize]) -> Vec<Vec<usize>> {
    let n = group.len();
    let mut dist = vec![vec![usize::MAX; n]; n];
    for (s, row) in dist.iter_mut().enumerate() {
        row[s] = 0;
        let mut queue = vec![s];
        let mut k = 0;
        while k < queue.len() {
            let u = queue[k];
            for v in 0..n {
                if row[v] == usize::MAX && ctx.g.sees(group[u], group[v]) {
                    row[v] = row[u] + 1;
                    queue.push(v);
                }
            }
            k += 1;
        }
    }
    dist
}

fn report<const W: usize>(ctx: &Ctx<W>, group: &[usize], m: u64, out: &mut Vec<Step>) {
    let dist = distances(ctx, group);
    let cells = CellSet::<W>::from_indices(group.iter().copied());
    let mut step = Step::new(Technique::RemotePair, digits(m));
    for (i, &a) in group.iter().enumerate() {
        step.add_cell(ctx.cell(a), Role::Pattern);
        for (j, &b) in group.iter().enumerate().skip(i + 1) {
            let d = dist[i][j];
            if d < 3 || d % 2 == 0 || d == usize::MAX {
                continue;
            }
            let targets = ctx.g.common_peers([a, b]).minus(&cells);
            for x in BitIter(m) {
                super::eliminate_all(ctx, &mut step, &targets, x);
            }
        }
    }
    colour(ctx, &mut step, group, &dist, m);
    push_unique(out, step);
}

/// Colours the chain's candidates by parity from its first cell.
fn colour<const W: usize>(
    ctx: &Ctx<W>,
    step: &mut Step,
    group: &[usize],
    dist: &[Vec<usize>],
    m: u64,
) {
    let a = m.trailing_zeros() as usize;
    for (j, &c) in group.iter().enumerate() {
        let role = if dist[0][j].is_multiple_of(2) {
            Role::ColorA
        } else {
            Role::ColorB
        };
        step.add_candidate(ctx.cand(c, a), role);
    }
}
