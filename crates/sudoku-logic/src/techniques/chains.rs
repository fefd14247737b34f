//! X-Chain and XY-Chain: alternating chains that start and end with a strong link on the
//! same digit `a`, so one of the two end cells holds `a` and every cell seeing both loses it.
//!
//! *X-Chain*: one digit throughout; a strong link is a house where the digit has two places, a
//! weak link any two places of the digit in a house. *XY-Chain*: bivalue cells only; the strong
//! link is inside a cell (if it is not `x`, it is `y`), the weak link joins two cells of a house
//! on a digit they share.
//!
//! The search is HoDoKu's, so that a solve path takes the chain HoDoKu takes: depth first from
//! every start cell and digit, at most 20 links, never through a cell twice; for each set of
//! eliminations the shortest chain is kept, and the step with the most eliminations wins, then
//! the one whose eliminations come first (`index_sum`). Links are listed row, column, box,
//! cells ascending, and a box neighbour already linked through its row or column is not linked
//! again, as HoDoKu lists them (so a strong link that exists only in the box is taken as weak).

use std::collections::HashMap;

use super::{Ctx, digit};
use crate::chain::{Chain, ChainNode, LinkKind};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The longest chain searched, in links (HoDoKu's `restrictChainLength`).
const MAX_LINKS: usize = 20;

/// Every X-Chain, then every XY-Chain, each kind best first.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for kind in [Kind::X, Kind::Xy] {
        let mut search = Search::new(ctx, kind);
        search.run();
        out.extend(search.ranked());
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    X,
    Xy,
}

/// A candidate as a node: cell and digit index.
type Node = (usize, usize);

/// A link to a node, strong or not.
#[derive(Debug, Clone, Copy)]
struct Link {
    to: Node,
    strong: bool,
}

struct Search<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    kind: Kind,
    /// Links of every candidate, by `cell * n + digit`.
    links: Vec<Vec<Link>>,
    /// The chain being built: nodes and the link that reached each (the first is `false`).
    chain: Vec<(Node, bool)>,
    /// The steps found, and for each set of eliminations the position of its step.
    steps: Vec<(Step, usize, u64)>,
    by_effect: HashMap<Vec<(usize, usize)>, usize>,
    /// The digits (as bits) of the chains found.
    found: u64,
}

impl<'a, 'c, const W: usize> Search<'a, 'c, W> {
    fn new(ctx: &'a Ctx<'c, W>, kind: Kind) -> Self {
        let n = ctx.n();
        let mut links = vec![Vec::new(); n * n * n];
        for cell in ctx.empty.iter() {
            let m = ctx.mask(cell);
            if kind == Kind::Xy && m.count_ones() != 2 {
                continue;
            }
            for d in crate::bits::BitIter(m) {
                links[cell * n + d] = node_links(ctx, kind, cell, d);
            }
        }
        Search {
            ctx,
            kind,
            links,
            chain: Vec::new(),
            steps: Vec::new(),
            by_effect: HashMap::new(),
            found: 0,
        }
    }

    fn links_of(&self, (cell, d): Node) -> &[Link] {
        &self.links[cell * self.ctx.n() + d]
    }

    fn run(&mut self) {
        // An X-Chain reads one digit's cells only: a solve path remembers the digits where
        // it found none.
        let x = self.kind == Kind::X;
        let skip = (0..self.ctx.n())
            .filter(|&d| {
                x && (self.ctx.known_barren(Technique::XChain, d)
                    || !self.ctx.lone_digit_may_act(d))
            })
            .fold(0u64, |m, d| m | 1 << d);
        for s in self.ctx.empty.iter() {
            for a in crate::bits::BitIter(self.ctx.mask(s) & !skip) {
                for i in 0..self.links_of((s, a)).len() {
                    let first = self.links_of((s, a))[i];
                    let ok = first.strong
                        && match self.kind {
                            Kind::X => first.to.1 == a,
                            Kind::Xy => first.to.0 == s,
                        };
                    if !ok {
                        continue;
                    }
                    self.chain.clear();
                    self.chain.push(((s, a), false));
                    self.chain.push((first.to, true));
                    self.extend(first.to, false);
                }
            }
        }
        if x {
            for d in (0..self.ctx.n()).filter(|&d| (skip | self.found) & (1 << d) == 0) {
                self.ctx.note_barren(Technique::XChain, d);
            }
        }
    }

    /// Extends the chain from its last node `at`; `strong_only` when the next link must be
    /// strong.
    fn extend(&mut self, at: Node, strong_only: bool) {
        let (s, a) = self.chain[0].0;
        for i in 0..self.links_of(at).len() {
            let link = self.links_of(at)[i];
            if strong_only && !link.strong || link.to == at {
                continue;
            }
            match self.kind {
                Kind::X if link.to.1 != a => continue,
                Kind::Xy if strong_only && link.to.0 != at.0 => continue,
                _ => {}
            }
            let cell = link.to.0;
            let earlier = &self.chain[..self.chain.len() - 1];
            let closes = cell == s;
            if !closes && earlier.iter().any(|((c, _), _)| *c == cell) {
                continue;
            }
            // A strong link used where a weak one is due counts as weak.
            let strong = link.strong && strong_only;
            self.chain.push((link.to, strong));
            if strong && link.to.1 == a && self.chain.len() > 2 {
                self.check();
            }
            if self.chain.len() <= MAX_LINKS && !closes {
                self.extend(link.to, !strong_only);
            }
            self.chain.pop();
        }
    }

    /// Records the chain if its ends see cells with `a`.
    fn check(&mut self) {
        let ctx = self.ctx;
        let ((s, a), _) = self.chain[0];
        let ((e, _), _) = *self.chain.last().unwrap_or(&self.chain[0]);
        let targets = ctx.g.common_peers([s, e]).and(&ctx.digit_cells[a]);
        if targets.is_empty() {
            return;
        }
        self.found |= 1 << a;
        let effect: Vec<(usize, usize)> = targets.iter().map(|c| (c, a)).collect();
        let len = self.chain.len();
        if let Some(&k) = self.by_effect.get(&effect)
            && self.steps[k].1 <= len
        {
            return;
        }
        let technique = match self.kind {
            Kind::X => Technique::XChain,
            Kind::Xy => Technique::XyChain,
        };
        let mut step = Step::new(technique, vec![digit(a)]);
        for t in targets.iter() {
            step.eliminate(ctx.cand(t, a));
        }
        step.normalize();
        let mut chain = Chain::start(ChainNode::cell(ctx.cell(s), digit(a)));
        for (k, &((c, d), strong)) in self.chain.iter().enumerate().skip(1) {
            let link = if strong || k % 2 == 1 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            chain.push(link, ChainNode::cell(ctx.cell(c), digit(d)));
        }
        mark_chain(ctx, &mut step, &chain);
        step.chains.push(chain);
        let sum = index_sum(&step, ctx.n());
        self.by_effect.insert(effect, self.steps.len());
        self.steps.push((step, len, sum));
    }

    /// The steps, best first: most eliminations, then the smaller `index_sum`, then the
    /// shorter chain; only the shortest chain of each set of eliminations is kept.
    fn ranked(self) -> Vec<Step> {
        let keep: Vec<usize> = {
            let mut k: Vec<usize> = self.by_effect.values().copied().collect();
            k.sort_unstable();
            k
        };
        let mut steps: Vec<(Step, usize, u64)> = Vec::with_capacity(keep.len());
        let mut all: Vec<Option<(Step, usize, u64)>> = self.steps.into_iter().map(Some).collect();
        for k in keep {
            if let Some(s) = all[k].take() {
                steps.push(s);
            }
        }
        steps.sort_by_key(|(s, _, sum)| (std::cmp::Reverse(s.eliminations.len()), *sum));
        steps.into_iter().map(|(s, _, _)| s).collect()
    }
}

/// The links of a candidate, in HoDoKu's order: for an XY-Chain first the strong link to the
/// cell's other digit; then the houses of the cell (row, column, box, any other), each cell
/// ascending, skipping cells already linked through an earlier house.
fn node_links<const W: usize>(ctx: &Ctx<W>, kind: Kind, cell: usize, d: usize) -> Vec<Link> {
    let mut links = Vec::new();
    if kind == Kind::Xy {
        let other = (ctx.mask(cell) & !(1 << d)).trailing_zeros() as usize;
        links.push(Link {
            to: (cell, other),
            strong: true,
        });
    }
    let mut linked = crate::bits::CellSet::<W>::EMPTY;
    for &h in ctx.g.houses_of(cell) {
        let places = ctx.cells_in(h as usize, d);
        let strong = kind == Kind::X && places.len() == 2;
        for k in places.iter() {
            if k == cell || linked.contains(k) {
                continue;
            }
            if kind == Kind::Xy && ctx.mask(k).count_ones() != 2 {
                continue;
            }
            linked.insert(k);
            links.push(Link { to: (k, d), strong });
        }
    }
    links
}

/// Highlights a chain's candidates, alternately in the two colours of its strong links.
pub(crate) fn mark_chain<const W: usize>(ctx: &Ctx<W>, step: &mut Step, chain: &Chain) {
    for (k, node) in chain.nodes.iter().enumerate() {
        let role = if k % 2 == 0 {
            Role::ColorA
        } else {
            Role::ColorB
        };
        for &cell in &node.cells {
            let i = cell.index(ctx.n());
            if ctx.has(i, node.digit.get() - 1) {
                step.add_candidate(
                    sudoku_core::Candidate {
                        cell,
                        digit: node.digit,
                    },
                    role,
                );
            }
        }
    }
}

/// HoDoKu's tie-break between steps with as many eliminations: over the eliminations in
/// (digit, cell) order, the sum of `cell * weight + digit`, the weight starting at 1 and
/// growing by 80 from one elimination to the next. The smaller sum is taken first.
pub(crate) fn index_sum(step: &Step, n: usize) -> u64 {
    let mut sum = 0;
    let mut weight = 1;
    for c in &step.eliminations {
        sum += c.cell.index(n) as u64 * weight + c.digit.get() as u64;
        weight += 80;
    }
    sum
}
