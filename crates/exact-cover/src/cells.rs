//! Dancing cells: the same search as [`crate::links`], on sparse sets instead of linked lists.
//!
//! Knuth's later programs (SSXC1 and friends) keep, for every item, the options that still
//! use it in a contiguous *set*: `set[c..c + size(c)]` holds the option nodes of item `c`.
//! Removing a node swaps it with the last element of the set and shrinks the size; putting it
//! back only grows the size again, because backtracking undoes removals in reverse order, so
//! the node is still sitting just past the end. Two more ideas make this cheap:
//!
//! * an item that is no longer active (covered, or purified to a colour) is never updated
//!   again: its set is frozen until it becomes active again, and the search iterates over it
//!   by position while it is frozen;
//! * the active primary items are themselves a sparse set (`item[0..active]`), so choosing
//!   the item of minimum size scans a short dense array.
//!
//! Every update touches a few words that sit together, where dancing links touches three
//! nodes at random places, which is why this back end is faster on large problems. It makes
//! the same choices as DLX (minimum size, ties to the first) but the sets are permuted by the
//! swaps, so options are tried in another order: the solutions are the same, the node and
//! update counts are not Knuth's DLX counts.
//!
//! Layout of `set`, per item `c` (an offset into `set`): `set[c - 3]` is 0 while the item is
//! active, otherwise the node that deactivated it (so undoing a commit knows whether it was
//! the one that did); `set[c - 2]` its position in `item` (primary) or `u32::MAX`
//! (secondary); `set[c - 1]` its size; then its nodes. `nodes[x]` is `(item, loc)` with `loc`
//! the position of `x` in its item's set. A spacer has `item <= 0`: `-item` is the last node
//! of the option after it and `loc` the first node of the option before it.

use crate::problem::{ItemKind, Problem};
use crate::rng::Rng;
use crate::solver::Restriction;

/// One option node (or spacer) of the cells structure.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cell {
    item: i32,
    loc: u32,
}

/// Marks an item deactivated by the choice of the branching item itself.
const BY_BRANCH: u32 = u32::MAX;
const INACTIVE_SECONDARY: u32 = u32::MAX;

/// The dancing-cells structure.
#[derive(Debug, Clone)]
pub(crate) struct Cells {
    nodes: Vec<Cell>,
    colors: Vec<i32>,
    /// For each node, the problem's index of its option.
    option: Vec<u32>,
    set: Vec<u32>,
    item: Vec<u32>,
    active: u32,
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
        // Each item's header and set; primaries first so that `item` lists them in order.
        let mut offset = vec![0u32; items.len()];
        let mut set = Vec::new();
        let mut item = Vec::new();
        let primary_first = (0..items.len())
            .filter(|&k| items[k].kind != ItemKind::Secondary)
            .chain((0..items.len()).filter(|&k| items[k].kind == ItemKind::Secondary));
        for k in primary_first.filter(|&k| restriction.is_none_or(|r| r.items[k])) {
            let primary = items[k].kind != ItemKind::Secondary;
            let pos = if primary {
                item.len() as u32
            } else {
                INACTIVE_SECONDARY
            };
            set.extend_from_slice(&[0, pos, 0]);
            offset[k] = set.len() as u32;
            if primary {
                item.push(offset[k]);
            }
            set.resize(set.len() + len[k] as usize, 0);
        }
        let mut nodes = vec![Cell::default()];
        let mut colors = vec![0];
        let mut option = vec![u32::MAX];
        let mut spacer = 0;
        for &k in &order {
            let first = nodes.len() as u32;
            for u in problem.option(k) {
                let c = offset[u.item.index()];
                let size = &mut set[c as usize - 1];
                let loc = c + *size;
                *size += 1;
                set[loc as usize] = nodes.len() as u32;
                nodes.push(Cell {
                    item: c as i32,
                    loc,
                });
                colors.push(u.color.map_or(0, |c| c.0 as i32));
                option.push(k as u32);
            }
            nodes[spacer].item = -(nodes.len() as i32 - 1);
            spacer = nodes.len();
            nodes.push(Cell {
                item: 0,
                loc: first,
            });
            colors.push(0);
            option.push(u32::MAX);
        }
        let active = item.len() as u32;
        Cells {
            nodes,
            colors,
            option,
            set,
            item,
            active,
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
    pub fn size(&self, c: u32) -> u32 {
        self.s(c - 1)
    }

    #[inline(always)]
    fn is_active(&self, c: u32) -> bool {
        self.s(c - 3) == 0
    }

    /// Removes the option of `p` from the sets of its other active items.
    #[inline(always)]
    fn hide(&mut self, p: u32) {
        let mut updates = 0;
        let mut x = p + 1;
        while x != p {
            let Cell { item, loc } = self.node(x);
            if item <= 0 {
                x = loc;
                continue;
            }
            let c = item as u32;
            if self.is_active(c) {
                let s = self.size(c) - 1;
                *self.s_mut(c - 1) = s;
                let end = c + s;
                let y = self.s(end);
                *self.s_mut(end) = x;
                *self.s_mut(loc) = y;
                *self.loc_mut(y) = loc;
                *self.loc_mut(x) = end;
                updates += 1;
            }
            x += 1;
        }
        self.updates += updates;
    }

    /// Undoes [`Cells::hide`], right to left.
    #[inline(always)]
    fn unhide(&mut self, p: u32) {
        let mut x = p - 1;
        while x != p {
            let Cell { item, .. } = self.node(x);
            if item <= 0 {
                x = (-item) as u32;
                continue;
            }
            let c = item as u32;
            if self.is_active(c) {
                *self.s_mut(c - 1) += 1;
            }
            x -= 1;
        }
    }

    /// Marks `c` inactive, recording who did it, and takes a primary item out of `item`.
    #[inline(always)]
    fn deactivate(&mut self, c: u32, by: u32) {
        *self.s_mut(c - 3) = by;
        let pos = self.s(c - 2);
        if pos != INACTIVE_SECONDARY {
            self.active -= 1;
            let last = self.item[self.active as usize];
            self.item[pos as usize] = last;
            *self.s_mut(last - 2) = pos;
            self.item[self.active as usize] = c;
            *self.s_mut(c - 2) = self.active;
        }
        self.updates += 1;
    }

    /// Undoes [`Cells::deactivate`]: `c` is still where it was put, just past the active part.
    #[inline(always)]
    fn reactivate(&mut self, c: u32) {
        *self.s_mut(c - 3) = 0;
        if self.s(c - 2) != INACTIVE_SECONDARY {
            self.active += 1;
        }
    }

    #[inline(always)]
    fn cover_by(&mut self, c: u32, by: u32) {
        self.deactivate(c, by);
        for k in c..c + self.size(c) {
            let x = self.s(k);
            self.hide(x);
        }
    }

    #[inline(always)]
    fn uncover_all(&mut self, c: u32) {
        for k in (c..c + self.size(c)).rev() {
            let x = self.s(k);
            self.unhide(x);
        }
        self.reactivate(c);
    }

    /// Item `c` takes the colour of node `p`: options with another colour (or none) go.
    fn purify(&mut self, p: u32, c: u32) {
        let color = self.colors[p as usize];
        self.deactivate(c, p);
        for k in c..c + self.size(c) {
            let x = self.s(k);
            if self.colors[x as usize] != color {
                self.hide(x);
            }
        }
    }

    fn unpurify(&mut self, p: u32, c: u32) {
        let color = self.colors[p as usize];
        for k in (c..c + self.size(c)).rev() {
            let x = self.s(k);
            if self.colors[x as usize] != color {
                self.unhide(x);
            }
        }
        self.reactivate(c);
    }

    #[inline(always)]
    fn commit<const COLOR: bool>(&mut self, p: u32, c: u32) {
        if !self.is_active(c) {
            // Only possible with colours: `c` was purified to `p`'s colour higher up.
            return;
        }
        if COLOR && self.colors[p as usize] != 0 {
            self.purify(p, c);
        } else {
            self.cover_by(c, p);
        }
    }

    #[inline(always)]
    fn uncommit<const COLOR: bool>(&mut self, p: u32, c: u32) {
        if self.s(c - 3) != p {
            return;
        }
        if COLOR && self.colors[p as usize] != 0 {
            self.unpurify(p, c);
        } else {
            self.uncover_all(c);
        }
    }
}

impl crate::search::Structure for Cells {
    fn depth(&self) -> usize {
        self.item.len() + 2
    }

    /// The active primary item of minimum size, ties to the one that came first in the
    /// problem (its set offset is smaller), exactly DLX's rule though `item` is permuted:
    /// so this back end grows the same search tree as dancing links.
    #[inline(always)]
    fn choose(&mut self, rng: &mut Option<Rng>) -> (u32, u32) {
        let active = &self.item[..self.active as usize];
        if let Some(rng) = rng.as_mut() {
            let (mut best, mut t, mut ties) = (0, u32::MAX, 0u64);
            for &c in active {
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
        let mut key = u64::MAX;
        for &c in active {
            key = key.min(((self.size(c) as u64) << 32) | c as u64);
            if key >> 32 == 0 {
                break;
            }
        }
        (key as u32, (key >> 32) as u32)
    }

    #[inline(always)]
    fn cover<const COLOR: bool>(&mut self, i: u32) {
        self.cover_by(i, BY_BRANCH);
    }

    #[inline(always)]
    fn uncover<const COLOR: bool>(&mut self, i: u32) {
        self.uncover_all(i);
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

    #[inline(always)]
    fn commit_rest<const COLOR: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let Cell { item, loc } = self.node(p);
            if item <= 0 {
                p = loc;
                continue;
            }
            self.commit::<COLOR>(p, item as u32);
            p += 1;
        }
    }

    #[inline(always)]
    fn uncommit_rest<const COLOR: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let Cell { item, .. } = self.node(p);
            if item <= 0 {
                p = (-item) as u32;
                continue;
            }
            self.uncommit::<COLOR>(p, item as u32);
            p -= 1;
        }
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.active == 0
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_at(&self, cursor: u32) -> Option<usize> {
        Some(self.option[self.node_at(cursor) as usize] as usize)
    }
}
