//! Dancing cells: Knuth's SSXC1 (exact cover on sparse sets), node for node.
//!
//! For every item the options that still use it are kept in a contiguous *set*:
//! `set[c..c + size(c)]` holds the option nodes of item `c`. Removing a node from a set swaps
//! it with the set's last element and shrinks the size. The sizes are the whole state: on
//! entering a level the search saves the size of every active item on a *trail*, and
//! backtracking writes them back, without undoing the swaps one by one as dancing links
//! must. The sets come back as the same sets in another order, which is why this back end
//! tries options in an order of its own.
//!
//! The active items are a sparse set too (`item[0..active]`), primary and secondary
//! together, as in SSXC1. It differs from dancing links in three ways that show in the
//! counts, all Knuth's:
//!
//! * an item's options are tried in the order its set has at that moment;
//! * the item branched on is the first of least size in the order of `item`, which the
//!   swaps permute (it stops at the first item with one option);
//! * an option whose commitment would leave an active primary item with no option is
//!   abandoned at once (it is not a node), where DLX enters the node and backs up.
//!
//! So the search visits exactly SSXC1's nodes and makes exactly its updates (tested on every
//! plain exact-cover data file). Colours extend it in the same style: a secondary item used
//! with a colour is *purified* (the options giving it another colour are hidden) instead of
//! covered.
//!
//! Layout of `set`, per item `c` (an offset into `set`): `set[c - 2]` is its position in
//! `item`, `set[c - 1]` its size, then its nodes. Items at offsets below `second` are
//! primary. `nodes[x]` is `(item, loc)` with `loc` the position of `x` in its item's set; the
//! nodes of an option are consecutive, and `span[x]` gives its first and last.

use crate::problem::{ItemKind, Problem};
use crate::rng::Rng;
use crate::solver::Restriction;

/// One option node of the cells structure: its item, and its place in the item's set.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cell {
    item: u32,
    loc: u32,
}

/// The dancing-cells structure.
#[derive(Debug, Clone)]
pub(crate) struct Cells {
    nodes: Vec<Cell>,
    colors: Vec<i32>,
    /// For each node, the problem's index of its option.
    option: Vec<u32>,
    /// For each node, the first and the last node of its option: walking an option around
    /// from a node then takes a fixed number of steps, which the processor predicts, where
    /// looking for the spacer costs a mispredicted branch at a different step every time.
    /// (Packing the two in one word per node, 16 bits back to the first and 16 on to the
    /// last, takes 4 bytes a node off the footprint but measured within the noise on
    /// pentominoes and soma, so they stay two words.)
    span: Vec<(u32, u32)>,
    set: Vec<u32>,
    /// The items, active ones first.
    item: Vec<u32>,
    active: u32,
    /// How many of the active items are primary.
    primaries: u32,
    /// Offsets at or above this are secondary items.
    second: u32,
    /// `(item, size)` of every active item, saved on entering each level.
    trail: Vec<(u32, u32)>,
    /// Per level entered: where its part of the trail starts, and `primaries` then.
    saved: Vec<(u32, u32)>,
    /// Items deactivated by the option being committed (colours only: some may be skipped).
    fresh: Vec<u32>,
    /// With colours: positions in `item` from here on hold the items made inactive above the
    /// current level, whose sets stay as they were until they are active again.
    frozen: u32,
    /// A primary item has no option at all: SSXC1 does not search.
    hopeless: bool,
    pub updates: u64,
}

impl Cells {
    /// Builds the structure; with `rng`, the options are placed in a random order.
    pub fn new(
        problem: &Problem,
        rng: Option<&mut Rng>,
        restriction: Option<Restriction<'_>>,
    ) -> Cells {
        let items = problem.items();
        let usable = |&k: &usize| {
            restriction.is_none_or(|r| problem.option(k).iter().all(|u| r.items[u.item.index()]))
                && problem
                    .option(k)
                    .iter()
                    .any(|u| items[u.item.index()].kind != ItemKind::Secondary)
        };
        let mut order: Vec<usize> = match restriction {
            Some(r) => r.options.iter().copied().filter(usable).collect(),
            None => (0..problem.option_count()).filter(usable).collect(),
        };
        if let Some(rng) = rng {
            rng.shuffle(&mut order);
        }
        let mut len = vec![0u32; items.len()];
        for &k in &order {
            for u in problem.option(k) {
                len[u.item.index()] += 1;
            }
        }
        // Each item's header and set; primaries first, so that offsets tell them apart.
        let mut offset = vec![0u32; items.len()];
        let mut set = Vec::new();
        let mut item = Vec::new();
        let kept = |k: &usize| restriction.is_none_or(|r| r.items[*k]);
        let primary = |k: &usize| items[*k].kind != ItemKind::Secondary;
        let primaries: Vec<usize> = (0..items.len()).filter(kept).filter(primary).collect();
        let secondaries: Vec<usize> = (0..items.len())
            .filter(kept)
            .filter(|k| !primary(k))
            .collect();
        let mut second = 0;
        let mut hopeless = false;
        for (n, &k) in primaries.iter().chain(&secondaries).enumerate() {
            if n == primaries.len() {
                second = set.len() as u32 + 2;
            }
            hopeless |= n < primaries.len() && len[k] == 0;
            set.extend_from_slice(&[item.len() as u32, 0]);
            offset[k] = set.len() as u32;
            item.push(offset[k]);
            set.resize(set.len() + len[k] as usize, 0);
        }
        if secondaries.is_empty() {
            second = set.len() as u32 + 2;
        }
        let mut nodes = vec![Cell::default()];
        let mut colors = vec![0];
        let mut option = vec![u32::MAX];
        let mut span = vec![(0, 0)];
        for &k in &order {
            let first = nodes.len() as u32;
            for u in problem.option(k) {
                let c = offset[u.item.index()];
                let size = &mut set[c as usize - 1];
                let loc = c + *size;
                *size += 1;
                set[loc as usize] = nodes.len() as u32;
                nodes.push(Cell { item: c, loc });
                colors.push(u.color.map_or(0, |c| c.0 as i32));
                option.push(k as u32);
            }
            let last = nodes.len() as u32 - 1;
            span.resize(nodes.len(), (first, last));
        }
        let active = item.len() as u32;
        Cells {
            nodes,
            colors,
            option,
            span,
            set,
            item,
            active,
            primaries: primaries.len() as u32,
            second,
            trail: Vec::new(),
            saved: Vec::new(),
            fresh: Vec::new(),
            frozen: active,
            hopeless,
            updates: 0,
        }
    }

    #[inline(always)]
    fn node(&self, x: u32) -> Cell {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: node indices stored in the structure come from `new` and are in bounds.
        unsafe { *self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    fn loc_mut(&mut self, x: u32) -> &mut u32 {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as in `node`.
        unsafe { &mut self.nodes.get_unchecked_mut(x as usize).loc }
    }

    #[inline(always)]
    fn s(&self, k: u32) -> u32 {
        debug_assert!((k as usize) < self.set.len());
        // SAFETY: set offsets and locations come from `new` and are in bounds.
        unsafe { *self.set.get_unchecked(k as usize) }
    }

    #[inline(always)]
    fn s_mut(&mut self, k: u32) -> &mut u32 {
        debug_assert!((k as usize) < self.set.len());
        // SAFETY: as in `s`.
        unsafe { self.set.get_unchecked_mut(k as usize) }
    }

    #[inline(always)]
    fn it(&self, k: u32) -> u32 {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: positions in `item` are below its length (`active` never exceeds it).
        unsafe { *self.item.get_unchecked(k as usize) }
    }

    #[inline(always)]
    fn it_mut(&mut self, k: u32) -> &mut u32 {
        debug_assert!((k as usize) < self.item.len());
        // SAFETY: as in `it`.
        unsafe { self.item.get_unchecked_mut(k as usize) }
    }

    /// The first and last node of the option of node `x`.
    #[inline(always)]
    fn span_of(&self, x: u32) -> (u32, u32) {
        debug_assert!((x as usize) < self.span.len());
        // SAFETY: as in `node`; `span` has one entry per node.
        unsafe { *self.span.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub fn size(&self, c: u32) -> u32 {
        self.s(c - 1)
    }

    #[inline(always)]
    fn is_active(&self, c: u32) -> bool {
        self.s(c - 2) < self.active
    }

    #[inline(always)]
    fn color(&self, x: u32) -> i32 {
        debug_assert!((x as usize) < self.colors.len());
        // SAFETY: as in `node`; `colors` has one entry per node.
        unsafe { *self.colors.get_unchecked(x as usize) }
    }

    /// Takes item `c` out of the active part of `item` (swapping it with the last active).
    #[inline(always)]
    fn deactivate(&mut self, c: u32) {
        self.active -= 1;
        let p = self.active;
        let pp = self.s(c - 2);
        let cc = self.it(p);
        *self.it_mut(p) = c;
        *self.it_mut(pp) = cc;
        *self.s_mut(cc - 2) = pp;
        *self.s_mut(c - 2) = p;
        if c < self.second {
            self.primaries -= 1;
        }
        self.updates += 1;
    }

    /// Removes the option of node `y` from the sets of its other items. With `check`, stops
    /// (and says so) where an active primary item would lose its last option.
    ///
    /// With colours an option still in play may use an item purified higher up (with the
    /// same colour); that item's set is left alone, since only the sizes of the items active
    /// at a level are saved there. (Without colours no such option is left, as in SSXC1.)
    #[inline(always)]
    fn hide<const COLOR: bool>(&mut self, y: u32, check: bool) -> bool {
        let span = self.span_of(y);
        let mut updates = 0;
        let mut x = y;
        let ok = loop {
            x = around(span, x);
            if x == y {
                break true;
            }
            let Cell { item, loc } = self.node(x);
            let c = item;
            if COLOR && self.s(c - 2) >= self.frozen {
                continue;
            }
            let s = self.size(c) - 1;
            if check && s == 0 && c < self.second && self.is_active(c) {
                break false;
            }
            *self.s_mut(c - 1) = s;
            let end = c + s;
            let z = self.s(end);
            *self.s_mut(end) = x;
            *self.s_mut(loc) = z;
            *self.loc_mut(z) = loc;
            *self.loc_mut(x) = end;
            updates += 1;
        };
        self.updates += updates;
        ok
    }

    /// Hides every option of item `c` (with a colour, every option giving `c` another).
    #[inline(always)]
    fn hide_all<const COLOR: bool>(&mut self, c: u32, color: i32, check: bool) -> bool {
        debug_assert!(COLOR || color == 0);
        let end = c + self.size(c);
        for k in c..end {
            let y = self.s(k);
            if COLOR && color != 0 && self.color(y) == color {
                continue;
            }
            if !self.hide::<COLOR>(y, check) {
                return false;
            }
        }
        true
    }

    /// Saves the sizes of the active items: the state to come back to at this level.
    #[inline(always)]
    fn save(&mut self) {
        self.saved.push((self.trail.len() as u32, self.primaries));
        for k in 0..self.active {
            let c = self.it(k);
            let size = self.size(c);
            self.trail.push((c, size));
        }
    }

    /// Writes back the sizes saved on entering the current level.
    #[inline(always)]
    fn restore(&mut self) {
        let &(start, primaries) = self.saved.last().expect("a level was entered");
        let start = start as usize;
        self.active = (self.trail.len() - start) as u32;
        self.frozen = self.active + 1;
        self.primaries = primaries;
        for k in start..self.trail.len() {
            // SAFETY: `k` is below the trail's length.
            let (c, size) = unsafe { *self.trail.get_unchecked(k) };
            *self.s_mut(c - 1) = size;
        }
    }
}

/// The node after `x` in its option `(first, last)`, cyclically: from a node, the nodes after
/// it to the option's end, then from its start, as SSXC1 walks them.
#[inline(always)]
fn around((first, last): (u32, u32), x: u32) -> u32 {
    if x == last { first } else { x + 1 }
}

impl crate::search::Structure for Cells {
    fn depth(&self) -> usize {
        self.item.len() + 2
    }

    /// The first active primary item of least size in the order of `item`, as SSXC1 takes
    /// it (stopping at one of size one); with `rng`, ties broken at random.
    #[inline(always)]
    fn choose(&mut self, rng: &mut Option<Rng>) -> (u32, u32) {
        let (mut best, mut t) = (0, u32::MAX);
        if let Some(rng) = rng.as_mut() {
            let mut ties = 0u64;
            for k in 0..self.active {
                let c = self.it(k);
                if c >= self.second {
                    continue;
                }
                let size = self.size(c);
                if size < t {
                    (best, t, ties) = (c, size, 1);
                } else if size == t {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best = c;
                    }
                }
            }
            return (best, t);
        }
        let mut k = 0;
        while t > 1 && k < self.active {
            let c = self.it(k);
            if c < self.second {
                let size = self.size(c);
                if size < t {
                    (best, t) = (c, size);
                }
            }
            k += 1;
        }
        (best, t)
    }

    #[inline(always)]
    fn cover<const COLOR: bool>(&mut self, i: u32) {
        self.frozen = self.active;
        self.deactivate(i);
        self.hide_all::<COLOR>(i, 0, false);
        self.save();
    }

    #[inline(always)]
    fn uncover<const COLOR: bool>(&mut self, _i: u32) {
        let (start, _) = self.saved.pop().expect("a level was entered");
        self.trail.truncate(start as usize);
    }

    #[inline(always)]
    fn first(&self, i: u32) -> u32 {
        i
    }

    #[inline(always)]
    fn next(&self, cursor: u32) -> u32 {
        cursor + 1
    }

    #[inline(always)]
    fn is_end(&self, i: u32, cursor: u32) -> bool {
        cursor == i + self.size(i)
    }

    #[inline(always)]
    fn node_at(&self, cursor: u32) -> u32 {
        self.s(cursor)
    }

    fn item_of(&self, x: u32) -> u32 {
        self.node(x).item
    }

    fn cursor_of(&self, x: u32) -> u32 {
        self.node(x).loc
    }

    /// SSXC1's commitment of an option: first every other item leaves the active set, then
    /// each hides its options (or purifies), abandoning the option as soon as an active
    /// primary item would be left with none.
    #[inline(always)]
    fn commit_rest<const COLOR: bool>(&mut self, x: u32) -> bool {
        let span = self.span_of(x);
        let mut p = around(span, x);
        while p != x {
            let c = self.node(p).item;
            if !COLOR {
                self.deactivate(c);
            } else if self.is_active(c) {
                // Otherwise purified to this option's colour higher up: nothing to do.
                self.deactivate(c);
                self.fresh.push(p);
            }
            p = around(span, p);
        }
        if COLOR {
            let mut k = 0;
            let ok = loop {
                let Some(&p) = self.fresh.get(k) else {
                    break true;
                };
                let c = self.node(p).item;
                if !self.hide_all::<true>(c, self.color(p), true) {
                    break false;
                }
                k += 1;
            };
            self.fresh.clear();
            return ok;
        }
        let mut p = around(span, x);
        while p != x {
            if !self.hide_all::<false>(self.node(p).item, 0, true) {
                return false;
            }
            p = around(span, p);
        }
        true
    }

    #[inline(always)]
    fn uncommit_rest<const COLOR: bool>(&mut self, _x: u32) {
        self.restore();
    }

    /// Leaving the level: the level above writes back its own sizes, which covers these.
    #[inline(always)]
    fn abandon_rest<const COLOR: bool>(&mut self, _x: u32) {}

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.primaries == 0
    }

    fn hopeless(&self) -> bool {
        self.hopeless
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_at(&self, cursor: u32) -> Option<usize> {
        Some(self.option[self.node_at(cursor) as usize] as usize)
    }
}
