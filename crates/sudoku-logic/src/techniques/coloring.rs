//! Colouring on one digit: Simple Colors (trap and wrap) and Multi Colors (types 1 and 2).
//!
//! The strong links of a digit (houses where it has exactly two places) join cells into
//! clusters; colouring each cluster in two colours along its links, exactly one colour of a
//! cluster is true. *Trap*: a cell that sees both colours of a cluster loses the digit. *Wrap*:
//! if two cells of one colour see each other, that colour is false everywhere. With two
//! clusters: if a colour of one sees a colour of the other, the two opposite colours cannot
//! both be false, so cells seeing both lose the digit (*Multi Colors 1*); if a colour sees both
//! colours of the other cluster, it is false (*Multi Colors 2*).

use super::{Ctx, digit, push_unique};
use crate::bits::CellSet;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// A cluster: its two colours.
#[derive(Debug, Clone)]
struct Cluster<const W: usize> {
    colors: [CellSet<W>; 2],
}

impl<const W: usize> Cluster<W> {
    fn all(&self) -> CellSet<W> {
        self.colors[0].or(&self.colors[1])
    }
}

/// Every colouring step at the position.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for d in (0..ctx.n()).filter(|&d| ctx.lone_digit_may_act(d)) {
        let clusters = clusters(ctx, d);
        for c in &clusters {
            simple(ctx, d, c, out);
        }
        for (i, a) in clusters.iter().enumerate() {
            for b in &clusters[i + 1..] {
                multi1(ctx, d, a, b, out);
                multi2(ctx, d, a, b, out);
                multi2(ctx, d, b, a, out);
            }
        }
    }
}

/// The strong-link clusters of digit index `d` (clusters with an odd cycle are skipped).
fn clusters<const W: usize>(ctx: &Ctx<W>, d: usize) -> Vec<Cluster<W>> {
    let partner: Vec<(usize, usize)> = super::single_digit::strong_links(ctx, d)
        .iter()
        .map(|link| (link.ends[0], link.ends[1]))
        .collect();
    let mut seen = CellSet::<W>::EMPTY;
    let mut out = Vec::new();
    for &(start, _) in &partner {
        if seen.contains(start) {
            continue;
        }
        if let Some(cluster) = colour_from(start, &partner, &mut seen) {
            out.push(cluster);
        }
    }
    out
}

/// Colours the cluster of `start` by breadth-first search over the links.
fn colour_from<const W: usize>(
    start: usize,
    links: &[(usize, usize)],
    seen: &mut CellSet<W>,
) -> Option<Cluster<W>> {
    let mut colors = [CellSet::<W>::EMPTY, CellSet::<W>::EMPTY];
    let mut queue = vec![(start, 0usize)];
    colors[0].insert(start);
    seen.insert(start);
    let mut ok = true;
    let mut k = 0;
    while k < queue.len() {
        let (c, col) = queue[k];
        k += 1;
        for &(a, b) in links {
            let other = match (a == c, b == c) {
                (true, _) => b,
                (_, true) => a,
                _ => continue,
            };
            if colors[col].contains(other) {
                ok = false;
            }
            if !colors[1 - col].contains(other) && !colors[col].contains(other) {
                colors[1 - col].insert(other);
                seen.insert(other);
                queue.push((other, 1 - col));
            }
        }
    }
    ok.then_some(Cluster { colors })
}

/// Whether some cell of `a` sees some cell of `b`.
fn sees_any<const W: usize>(ctx: &Ctx<W>, a: &CellSet<W>, b: &CellSet<W>) -> bool {
    a.iter().any(|c| ctx.g.peers(c).intersects(b))
}

/// The cells (with the digit, outside `exclude`) that see a cell of `a` and a cell of `b`.
fn seeing_both<const W: usize>(
    ctx: &Ctx<W>,
    d: usize,
    a: &CellSet<W>,
    b: &CellSet<W>,
    exclude: &CellSet<W>,
) -> CellSet<W> {
    let sees = |set: &CellSet<W>| {
        set.iter()
            .fold(CellSet::<W>::EMPTY, |acc, c| acc.or(ctx.g.peers(c)))
    };
    sees(a)
        .and(&sees(b))
        .and(&ctx.digit_cells[d])
        .minus(exclude)
}

fn new_step<const W: usize>(
    ctx: &Ctx<W>,
    technique: Technique,
    d: usize,
    clusters: &[&Cluster<W>],
) -> Step {
    let mut step = Step::new(technique, vec![digit(d)]);
    for c in clusters {
        for (k, role) in [Role::ColorA, Role::ColorB].into_iter().enumerate() {
            for cell in c.colors[k].iter() {
                step.add_candidate(ctx.cand(cell, d), role);
            }
        }
    }
    step
}

fn simple<const W: usize>(ctx: &Ctx<W>, d: usize, c: &Cluster<W>, out: &mut Vec<Step>) {
    for k in 0..2 {
        let color = &c.colors[k];
        if sees_any(ctx, color, color) {
            let mut step = new_step(ctx, Technique::SimpleColorsWrap, d, &[c]);
            for cell in color.iter() {
                step.eliminate(ctx.cand(cell, d));
            }
            push_unique(out, step);
        }
    }
    let targets = seeing_both(ctx, d, &c.colors[0], &c.colors[1], &c.all());
    if !targets.is_empty() {
        let mut step = new_step(ctx, Technique::SimpleColorsTrap, d, &[c]);
        for t in targets.iter() {
            step.eliminate(ctx.cand(t, d));
        }
        push_unique(out, step);
    }
}

/// Type 2: a colour of `a` that sees both colours of `b` is false.
fn multi2<const W: usize>(
    ctx: &Ctx<W>,
    d: usize,
    a: &Cluster<W>,
    b: &Cluster<W>,
    out: &mut Vec<Step>,
) {
    for color in &a.colors {
        if sees_any(ctx, color, &b.colors[0]) && sees_any(ctx, color, &b.colors[1]) {
            let mut step = new_step(ctx, Technique::MultiColors2, d, &[a, b]);
            for cell in color.iter() {
                step.eliminate(ctx.cand(cell, d));
            }
            push_unique(out, step);
        }
    }
}

/// Type 1: when colour `i` of `a` sees colour `j` of `b`, the opposite colours cannot both be
/// false, so cells seeing both lose the digit. All such pairs of a cluster pair make one step.
fn multi1<const W: usize>(
    ctx: &Ctx<W>,
    d: usize,
    a: &Cluster<W>,
    b: &Cluster<W>,
    out: &mut Vec<Step>,
) {
    let mut step = new_step(ctx, Technique::MultiColors1, d, &[a, b]);
    for i in 0..2 {
        for j in 0..2 {
            if !sees_any(ctx, &a.colors[i], &b.colors[j]) {
                continue;
            }
            let (x, y) = (&a.colors[1 - i], &b.colors[1 - j]);
            for t in seeing_both(ctx, d, x, y, &x.or(y)).iter() {
                step.eliminate(ctx.cand(t, d));
            }
        }
    }
    push_unique(out, step);
}
