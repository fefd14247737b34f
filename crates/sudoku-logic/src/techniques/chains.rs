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

use rustc_hash::FxHashMap as HashMap;

use super::{Ctx, digit};
use crate::chain::{Chain, ChainNode, LinkKind};
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The longest chain searched, in links (HoDoKu's `restrictChainLength`).
const MAX_LINKS: usize = 20;

/// Every X-Chain, then every XY-Chain, each kind best first.
///
/// A solve path takes an X-Chain before any XY-Chain ([`Ctx::first_only`]): where it has
/// one, the XY-Chains are not looked for.
pub(crate) fn find<const W: usize>(ctx: &Ctx<W>, out: &mut Vec<Step>) {
    for kind in [Kind::X, Kind::Xy] {
        if ctx.first_only && !out.is_empty() {
            return;
        }
        // An XY-Chain reads the bivalue cells only: a solve path remembers where it
        // found none.
        if kind == Kind::Xy && ctx.known_barren_bivalue(Technique::XyChain) {
            continue;
        }
        let mut search = Search::new(ctx, kind);
        search.run();
        if kind == Kind::Xy && search.steps.is_empty() {
            ctx.note_barren_position(Technique::XyChain);
        }
        out.extend(search.ranked());
    }
}

/// A chain found: its nodes with the link that reached each, and the cells it clears of its
/// digit.
struct Found<const W: usize> {
    chain: Vec<(Node, bool)>,
    targets: crate::bits::CellSet<W>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    X,
    Xy,
}

/// A candidate as a node: cell and digit index.
type Node = (usize, usize);

/// A link to a node, strong or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    cell: u16,
    d: u8,
    strong: bool,
}

impl Link {
    fn to(self) -> Node {
        (self.cell as usize, self.d as usize)
    }
}

struct Search<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    kind: Kind,
    /// The links of every candidate, one list after another; `starts[cell * n + digit]`
    /// is where the candidate's list starts, the next entry where it ends.
    links: Vec<Link>,
    starts: Vec<u32>,
    /// The chain being built: nodes and the link that reached each (the first is `false`).
    chain: Vec<(Node, bool)>,
    /// Per cell, how many nodes of the chain are in it.
    in_chain: Vec<u8>,
    /// The chains found (their steps are built once ranked: a solve path shows only its
    /// first), and for each set of eliminations the position of its chain.
    steps: Vec<(Found<W>, usize, u64)>,
    by_effect: HashMap<Vec<(usize, usize)>, usize>,
    /// The digits (as bits) of the chains found.
    found: u64,
    /// The most eliminations of a step found (kept only for a solve path), and the
    /// smallest [`index_sum`] of a step with that many.
    most: usize,
    best_sum: u64,
    /// The bivalue cells, where an XY-Chain ends (`None` for an X-Chain, which may end in
    /// any cell): see [`Search::ends`].
    bivalue: Option<crate::bits::CellSet<W>>,
    /// The digits (as bits) where a start was passed over because no chain from it could
    /// eliminate as much as a step found: the search does not know them barren.
    passed: u64,
    /// The digits (as bits) not searched ([`Search::skipped`]).
    skip: u64,
}

impl<'a, 'c, const W: usize> Search<'a, 'c, W> {
    fn new(ctx: &'a Ctx<'c, W>, kind: Kind) -> Self {
        let n = ctx.n();
        let cells = ctx.g.cell_count();
        let skip = Search::skipped(ctx, kind);
        let bivalue: Option<crate::bits::CellSet<W>> =
            (kind == Kind::Xy).then(|| ctx.bivalue_cells().into_iter().collect());
        let mut links = Vec::new();
        // Only the listed cells (empty, and bivalue for an XY-Chain) have links: the
        // candidates between them get empty ranges.
        let mut starts = vec![0u32; cells * n + 1];
        let mut next = 0;
        for cell in bivalue.as_ref().unwrap_or(&ctx.empty).iter() {
            starts[next..cell * n].fill(links.len() as u32);
            let m = ctx.mask(cell) & !skip;
            for d in 0..n {
                starts[cell * n + d] = links.len() as u32;
                if m & 1 << d != 0 {
                    node_links(ctx, bivalue.as_ref(), cell, d, &mut links);
                }
            }
            next = (cell + 1) * n;
        }
        starts[next..].fill(links.len() as u32);
        Search {
            ctx,
            kind,
            links,
            starts,
            chain: Vec::with_capacity(MAX_LINKS + 2),
            in_chain: vec![0; cells],
            steps: Vec::new(),
            by_effect: HashMap::default(),
            found: 0,
            most: 0,
            best_sum: u64::MAX,
            bivalue,
            passed: 0,
            skip,
        }
    }

    /// The digits (as bits) not searched: for an X-Chain, which reads one digit's cells
    /// only, those where a solve path's memo knows it found none, and those no
    /// single-digit pattern can touch ([`Ctx::lone_digit_may_act`]). Their links are not
    /// even listed.
    fn skipped(ctx: &Ctx<W>, kind: Kind) -> u64 {
        if kind != Kind::X {
            return 0;
        }
        // The templates are read only for digits the memo does not settle.
        let barren = ctx.barren_digits(Technique::XChain);
        (0..ctx.n())
            .filter(|&d| barren & 1 << d == 0 && !ctx.lone_digit_may_act(d))
            .fold(barren, |m, d| m | 1 << d)
    }

    /// The range in `links` of a candidate's links.
    fn links_of(&self, (cell, d): Node) -> std::ops::Range<usize> {
        let k = cell * self.ctx.n() + d;
        self.starts[k] as usize..self.starts[k + 1] as usize
    }

    fn push(&mut self, node: Node, strong: bool) {
        self.chain.push((node, strong));
        self.in_chain[node.0] += 1;
    }

    fn pop(&mut self) {
        if let Some(((cell, _), _)) = self.chain.pop() {
            self.in_chain[cell] -= 1;
        }
    }

    fn run(&mut self) {
        // An X-Chain reads one digit's cells only: a solve path remembers the digits where
        // it found none.
        let x = self.kind == Kind::X;
        let (ctx, skip) = (self.ctx, self.skip);
        for s in ctx.empty.iter() {
            for a in crate::bits::BitIter(ctx.mask(s) & !skip) {
                // A chain from `s` eliminates only cells seeing `s`: a path, which takes
                // the step with the most eliminations, need not look where there are fewer.
                if ctx.first_only && self.most > 0 && !self.may_beat_best(s, a) {
                    self.passed |= 1 << a;
                    continue;
                }
                for i in self.links_of((s, a)) {
                    let first = self.links[i];
                    let ok = first.strong
                        && match self.kind {
                            Kind::X => first.d as usize == a,
                            Kind::Xy => first.cell as usize == s,
                        };
                    if !ok {
                        continue;
                    }
                    self.push((s, a), false);
                    self.push(first.to(), true);
                    match self.kind {
                        Kind::X => self.extend_x(first.to(), false),
                        Kind::Xy => self.extend_xy(first.to()),
                    }
                    self.pop();
                    self.pop();
                }
            }
        }
        if x {
            ctx.note_barren_but(Technique::XChain, skip | self.found | self.passed);
        }
    }

    /// Whether a chain from `s` on digit index `a` might give a step a solve path takes
    /// before the best found so far.
    ///
    /// A chain ending in cell `e` eliminates exactly the cells with `a` that see both `s`
    /// and `e`, so each cell a chain may end in fixes one step; the start can matter only
    /// if one of those has more eliminations than the best, or as many and an
    /// [`index_sum`] no larger (a tie keeps the search's order, so it is searched).
    fn may_beat_best(&self, s: usize, a: usize) -> bool {
        let ctx = self.ctx;
        let seen = ctx.g.peers(s).and(&ctx.digit_cells[a]);
        if seen.len() < self.most {
            return false;
        }
        self.ends(a).iter().any(|e| {
            let targets = ctx.g.common_peers([s, e]).and(&ctx.digit_cells[a]);
            let k = targets.len();
            k > self.most || k == self.most && targets_sum(&targets, a) <= self.best_sum
        })
    }

    /// The cells a chain on digit index `a` may end in: any cell with the digit for an
    /// X-Chain, the bivalue cells with it for an XY-Chain.
    fn ends(&self, a: usize) -> crate::bits::CellSet<W> {
        let with = self.ctx.digit_cells[a];
        self.bivalue.map_or(with, |two| with.and(&two))
    }

    /// Extends an X-Chain from its last node `at`; `strong_only` when the next link must be
    /// strong.
    fn extend_x(&mut self, at: Node, strong_only: bool) {
        let (s, a) = self.chain[0].0;
        for i in self.links_of(at) {
            let link = self.links[i];
            let to = link.to();
            if strong_only && !link.strong || to == at || to.1 != a {
                continue;
            }
            let cell = to.0;
            // The cells of the chain before its last node.
            let earlier = self.in_chain[cell] - u8::from(cell == at.0);
            let closes = cell == s;
            if !closes && earlier > 0 {
                continue;
            }
            // A strong link used where a weak one is due counts as weak.
            let strong = link.strong && strong_only;
            self.push(to, strong);
            if strong && self.chain.len() > 2 {
                self.check();
            }
            if self.chain.len() <= MAX_LINKS && !closes {
                self.extend_x(to, !strong_only);
            }
            self.pop();
        }
    }

    /// Extends an XY-Chain from its last node `at`, reached by the strong link inside its
    /// cell: a weak link on the digit to a bivalue cell not in the chain, then that cell's
    /// strong link to its other digit, and on.
    ///
    /// The list's first link, the strong one inside the cell, is passed over: taken as a
    /// weak link it leads nowhere, since the strong link from the cell's other digit goes
    /// back to a node of the chain. So is a weak link back to the start cell: a chain that
    /// closes there ends on a weak link, and is neither checked nor extended.
    ///
    /// A cell's two nodes come and go together: the chain grows by both, and the cell's
    /// count by two, at once. A chain too long for one more pair is not extended (a weak
    /// link alone would end it on a weak link, neither checked nor extended).
    fn extend_xy(&mut self, at: Node) {
        let (s, a) = self.chain[0].0;
        let len = self.chain.len();
        if len + 1 > MAX_LINKS {
            return;
        }
        let list = self.links_of(at);
        for i in list.start + 1..list.end {
            let link = self.links[i];
            let cell = link.cell as usize;
            if cell == s || self.in_chain[cell] > 0 {
                continue;
            }
            let other = (self.ctx.mask(cell) & !(1 << link.d)).trailing_zeros() as usize;
            self.chain.push((link.to(), false));
            self.chain.push(((cell, other), true));
            self.in_chain[cell] += 2;
            if other == a {
                self.check();
            }
            if len + 2 <= MAX_LINKS {
                self.extend_xy((cell, other));
            }
            self.in_chain[cell] -= 2;
            self.chain.truncate(len);
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
        let sum = targets_sum(&targets, a);
        if targets.len() > self.most {
            (self.most, self.best_sum) = (targets.len(), sum);
        } else if targets.len() == self.most {
            self.best_sum = self.best_sum.min(sum);
        }
        let effect: Vec<(usize, usize)> = targets.iter().map(|c| (c, a)).collect();
        let len = self.chain.len();
        if let Some(&k) = self.by_effect.get(&effect)
            && self.steps[k].1 <= len
        {
            return;
        }
        let found = Found {
            chain: self.chain.clone(),
            targets,
        };
        self.by_effect.insert(effect, self.steps.len());
        self.steps.push((found, len, sum));
    }

    /// The step of a chain found.
    fn step(&self, found: &Found<W>) -> Step {
        let ctx = self.ctx;
        let ((s, a), _) = found.chain[0];
        let technique = match self.kind {
            Kind::X => Technique::XChain,
            Kind::Xy => Technique::XyChain,
        };
        let mut step = Step::new(technique, vec![digit(a)]);
        for t in found.targets.iter() {
            step.eliminate(ctx.cand(t, a));
        }
        step.normalize();
        let mut chain = Chain::start(ChainNode::cell(ctx.cell(s), digit(a)));
        for (k, &((c, d), strong)) in found.chain.iter().enumerate().skip(1) {
            let link = if strong || k % 2 == 1 {
                LinkKind::Strong
            } else {
                LinkKind::Weak
            };
            chain.push(link, ChainNode::cell(ctx.cell(c), digit(d)));
        }
        mark_chain(ctx, &mut step, &chain);
        step.chains.push(chain);
        debug_assert_eq!(targets_sum(&found.targets, a), index_sum(&step, ctx.n()));
        step
    }

    /// The steps, best first: most eliminations, then the smaller `index_sum`, then the
    /// shorter chain; only the shortest chain of each set of eliminations is kept.
    fn ranked(&self) -> Vec<Step> {
        let keep: Vec<usize> = {
            let mut k: Vec<usize> = self.by_effect.values().copied().collect();
            k.sort_unstable();
            k
        };
        let mut steps: Vec<&(Found<W>, usize, u64)> =
            keep.iter().map(|&k| &self.steps[k]).collect();
        steps.sort_by_key(|(f, _, sum)| (std::cmp::Reverse(f.targets.len()), *sum));
        // A solve path takes the first.
        let wanted = if self.ctx.first_only { 1 } else { steps.len() };
        steps
            .iter()
            .take(wanted)
            .map(|(f, _, _)| self.step(f))
            .collect()
    }
}

/// Appends the links of a candidate, in HoDoKu's order: for an XY-Chain first the strong
/// link to the cell's other digit; then the houses of the cell (row, column, box, any
/// other), each cell ascending, skipping cells already linked through an earlier house.
///
/// For an X-Chain `bivalue` is `None`; for an XY-Chain it holds the bivalue cells, the only
/// ones linked.
fn node_links<const W: usize>(
    ctx: &Ctx<W>,
    bivalue: Option<&crate::bits::CellSet<W>>,
    cell: usize,
    d: usize,
    out: &mut Vec<Link>,
) {
    let link = |cell: usize, d: usize, strong: bool| Link {
        cell: cell as u16,
        d: d as u8,
        strong,
    };
    if bivalue.is_some() {
        let other = (ctx.mask(cell) & !(1 << d)).trailing_zeros() as usize;
        out.push(link(cell, other, true));
    }
    let mut linked = crate::bits::CellSet::<W>::EMPTY;
    for &h in ctx.g.houses_of(cell) {
        let mut places = ctx.cells_in(h as usize, d);
        let strong = bivalue.is_none() && places.is_pair();
        if let Some(two) = bivalue {
            places = places.and(two);
        }
        for k in places.iter() {
            if k == cell || linked.contains(k) {
                continue;
            }
            linked.insert(k);
            out.push(link(k, d, strong));
        }
    }
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

/// [`index_sum`] of the step that eliminates digit index `a` from `targets`.
fn targets_sum<const W: usize>(targets: &crate::bits::CellSet<W>, a: usize) -> u64 {
    index_sum_of(targets.iter().map(|c| (c, a + 1)))
}

/// HoDoKu's tie-break between steps with as many eliminations: over the eliminations in
/// (digit, cell) order, the sum of `cell * weight + digit`, the weight starting at 1 and
/// growing by 80 from one elimination to the next. The smaller sum is taken first.
pub(crate) fn index_sum(step: &Step, n: usize) -> u64 {
    index_sum_of(
        step.eliminations
            .iter()
            .map(|c| (c.cell.index(n), c.digit.get())),
    )
}

/// [`index_sum`] over (cell index, digit) pairs in the step's order.
pub(crate) fn index_sum_of(eliminations: impl Iterator<Item = (usize, usize)>) -> u64 {
    let mut sum = 0;
    let mut weight = 1;
    for (cell, digit) in eliminations {
        sum += cell as u64 * weight + digit as u64;
        weight += 80;
    }
    sum
}

#[cfg(test)]
mod tests {
    use sudoku_core::Layout;

    use super::super::testing::{
        diabolical_positions, found, hard_and_diabolical_positions, path_positions,
    };
    use super::super::{Family, Options};
    use super::*;
    use crate::geometry::Geometry;

    /// At positions along solve paths, the search for a path (which passes over starts that
    /// cannot eliminate as much as a step found, and over the XY-Chains once it has an
    /// X-Chain) puts first the step the whole search puts first.
    #[test]
    fn the_chain_a_path_takes_is_the_first_of_the_whole_search() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let (mut x, mut xy) = (0, 0);
        let positions = path_positions(&layout, 100);
        for (pos, _) in positions
            .into_iter()
            .chain(diabolical_positions(&layout, 100))
        {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            let all = found(Family::Chains, &ctx);
            ctx.first_only = true;
            let first = found(Family::Chains, &ctx);
            assert_eq!(first.first(), all.first());
            match all.first().map(|s| s.technique) {
                Some(Technique::XChain) => x += 1,
                Some(_) => xy += 1,
                None => {}
            }
        }
        assert!(x >= 500 && xy >= 500, "{x} X-Chains, {xy} XY-Chains");
    }

    /// An XY-Chain search that remembers where it found nothing, with one memo over the
    /// positions of many paths (positions that gain candidates as well as lose them),
    /// finds what the whole search finds; and it does pass over positions.
    #[test]
    fn a_remembered_barren_xy_search_changes_nothing_found() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = std::cell::RefCell::new(super::super::Memo::default());
        let (mut steps, mut passed) = (0, 0);
        for (pos, _) in hard_and_diabolical_positions(&layout, 60) {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            passed += usize::from(ctx.known_barren_bivalue(Technique::XyChain));
            let whole = found(Family::Chains, &Ctx::new(&g, &pos, &opts));
            assert_eq!(found(Family::Chains, &ctx), whole);
            steps += whole.len();
        }
        assert!(
            steps >= 4000 && passed >= 250,
            "{steps} steps, {passed} searches passed"
        );
    }
}
