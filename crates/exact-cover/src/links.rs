//! The dancing-links structure: Knuth's flat arrays, and the operations that change them.
//!
//! Layout (as in DLX1/DLX2/DLX3). Items are numbered `1..=n` in link order: the primary items
//! `1..=n1` first, then the secondary ones. `left`/`right` hold two circular lists of *active*
//! items: the primary list through the root `0`, the secondary list through the header `n + 1`.
//!
//! `nodes[1..=n]` are the item headers (their `top` field is unused); then come the options,
//! each followed by a spacer. A spacer has `top <= 0`; its `up` points to the first
//! node of the option before it and its `down` to the last node of the option after it, so that
//! walking right or left around an option wraps through the spacer. The trailing spacer of
//! option `k` (the problem's option index) has `top = -(k + 1)`.
//!
//! Each option node also has `next`, the following node of its option (the last points back to
//! the first). Walking an option by `next` needs no test for the spacer, which is the one
//! unpredictable branch of the innermost loop (`hide`); the spacers still serve the walks
//! that must go right to left.
//!
//! `colors[x]` (kept apart, as only XCC and MCC problems read it) is 0 for an uncoloured use,
//! the colour number (>= 1) for a coloured secondary use, and -1 while a node is "purified"
//! (its option agrees with a colour chosen higher up, so it must not be hidden again). A plain
//! XC problem has no `colors` at all.
//!
//! The lengths of the item lists are kept apart too, in `lens`, one `i32` per item. Knuth keeps
//! the length in the header node and finds the item to branch on by walking the active list;
//! here the choice is a scan of the dense array for its first least value, which the processor
//! does eight items at a time ([`first_min`]) where the walk is a chain of dependent loads, one
//! per item. An item out of the active list has the bit [`INACTIVE`] set in its length, so the
//! scan passes over it, and both find the leftmost active item of least length: the search is
//! the same, node for node, and Knuth's node and update counts still hold. The scan reads the
//! inactive items too, which costs less than the walk unless the items are many thousands, and
//! it does not stop early at an empty item as the walk does, which matters when the items are
//! few: the walk is kept for both cases. On sudoku (100 to 300 items) the scan makes each node
//! nearly twice as fast. (The bit is set and cleared, not added and subtracted: Algorithm M relinks an item
//! that covering had already unlinked, which the links take in their stride, as relinking
//! twice changes nothing.)
//!
//! Every index stored in these arrays is produced by [`Links::new`] and is in bounds; the
//! accessors rely on that to skip bounds checks in the hot loops (checked in debug builds).

use crate::problem::{ItemKind, Problem};
use crate::rng::Rng;
use crate::search::{Engine, Event};
use crate::solver::Restriction;

/// One node: an item header or a use of an item in an option, or a spacer.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Node {
    /// Header: unused (the length is in [`Links::lens`]). Option node: its item (>= 1).
    /// Spacer: `<= 0`.
    pub top: i32,
    pub up: u32,
    pub down: u32,
    /// Option node: the next node of the same option, cyclically.
    pub next: u32,
}

/// The whole search structure; cloning it gives an independent copy for another thread.
#[derive(Debug, Clone)]
pub(crate) struct Links {
    pub nodes: Vec<Node>,
    pub colors: Vec<i32>,
    pub left: Vec<u32>,
    pub right: Vec<u32>,
    /// MCC: how many more times an item may be covered (`v` minus the options chosen).
    pub bound: Vec<i32>,
    /// MCC: `v - u` of each item, fixed.
    pub slack: Vec<i32>,
    /// Number of items `n`.
    pub n: u32,
    /// Number of primary items `n1`.
    pub n1: u32,
    /// Node removals from an item list, counted as Knuth counts "updates".
    pub updates: u64,
    /// Per item: the length of its list, with the bit [`INACTIVE`] set while the item is out of
    /// the active list.
    pub lens: Vec<i32>,
    /// For problems with more than [`DENSE_SCAN_MAX`] primary items: the least length of each
    /// block of items, kept as the search dances ([`MinIndex`]); empty otherwise.
    index: MinIndex,
}

/// Items per block of the [`MinIndex`], and per super-block (as powers of two).
const BLOCK_SHIFT: usize = 6;
const SUPER_SHIFT: usize = 12;

/// The leftmost least length among many items without scanning them all: the items are cut
/// into blocks of 64 and super-blocks of 4,096, each with its least length and where it is.
/// Changing a length marks its block and super-block dirty (two byte stores beside the one
/// that changes it); choosing recomputes only what is dirty, then scans the super-blocks. A
/// million items then cost a few thousand steps a node, not a million, and the choice is the
/// scan's, so Knuth's node and update counts still hold. DLX1's walk of the active list is
/// quadratic in the items: 40,000 took 1.2 s, a million did not end in ten minutes.
#[derive(Debug, Clone, Default)]
struct MinIndex {
    /// Per block, then per super-block (from `supers_at`): 1 when a length in it changed.
    dirty: Vec<u8>,
    supers_at: usize,
    /// Per block and per super-block: the least length (INACTIVE set for none) and its
    /// first item.
    block_min: Vec<(i32, u32)>,
    super_min: Vec<(i32, u32)>,
}

impl MinIndex {
    fn new(n1: usize, n: usize) -> MinIndex {
        if n1 <= DENSE_SCAN_MAX {
            return MinIndex::default();
        }
        // Item `i` (`0..=n + 1`, secondary ones too, as `hide` marks whatever it touches) is
        // in block `i >> BLOCK_SHIFT`; only primary items `1..=n1` are ever chosen.
        let blocks = ((n + 2) >> BLOCK_SHIFT) + 1;
        let supers = ((n + 2) >> SUPER_SHIFT) + 1;
        MinIndex {
            dirty: vec![1; blocks + supers],
            supers_at: blocks,
            block_min: vec![(INACTIVE, 0); blocks],
            super_min: vec![(INACTIVE, 0); supers],
        }
    }

    /// The leftmost primary item of least length, and that length.
    fn choose(&mut self, lens: &[i32], n1: usize) -> (u32, u32) {
        let blocks_per_super = 1 << (SUPER_SHIFT - BLOCK_SHIFT);
        for s in 0..self.super_min.len() {
            if self.dirty[self.supers_at + s] == 0 {
                continue;
            }
            self.dirty[self.supers_at + s] = 0;
            let first = s * blocks_per_super;
            let last = (first + blocks_per_super).min(self.block_min.len());
            for b in first..last {
                if self.dirty[b] == 0 {
                    continue;
                }
                self.dirty[b] = 0;
                // Block `b` holds items `b * 64 ..`, kept to `1..=n1`.
                let lo = (b << BLOCK_SHIFT).max(1);
                let hi = ((b + 1) << BLOCK_SHIFT).min(n1 + 1);
                self.block_min[b] = if lo < hi {
                    let (k, t) = first_min(&lens[lo..hi]);
                    (t, (lo + k) as u32)
                } else {
                    (INACTIVE, 0)
                };
            }
            let (k, t) = first_min_pair(&self.block_min[first..last]);
            self.super_min[s] = (t, self.block_min[first + k].1);
        }
        let (k, t) = first_min_pair(&self.super_min);
        (self.super_min[k].1, t as u32)
    }
}

/// The first entry of least length among (length, item) pairs.
fn first_min_pair(pairs: &[(i32, u32)]) -> (usize, i32) {
    let mut best = (0, i32::MAX);
    for (k, &(t, _)) in pairs.iter().enumerate() {
        if t < best.1 {
            best = (k, t);
        }
    }
    best
}

/// Set in the length of an item while it is out of the active list, so that a scan for the
/// least length skips it. Lengths stay far below it (they count nodes, and node indices are
/// `u32`s well under `2^30` in any problem that fits in memory).
pub(crate) const INACTIVE: i32 = 1 << 30;

impl Links {
    /// Builds the links of a problem. With `rng`, options are linked in a random order (which
    /// randomises the order in which the search tries them).
    pub fn new(
        problem: &Problem,
        rng: Option<&mut Rng>,
        colored: bool,
        restriction: Option<Restriction<'_>>,
    ) -> Links {
        let items = problem.items();
        // Item `k`'s number in the links; 0 for an item left out by the restriction.
        let mut position = vec![0u32; items.len()];
        let mut n1 = 0u32;
        for (k, item) in items.iter().enumerate() {
            if item.kind != ItemKind::Secondary && restriction.is_none_or(|r| r.items[k]) {
                n1 += 1;
                position[k] = n1;
            }
        }
        let mut n = n1;
        for (k, item) in items.iter().enumerate() {
            if item.kind == ItemKind::Secondary && restriction.is_none_or(|r| r.items[k]) {
                n += 1;
                position[k] = n;
            }
        }
        let mut left = vec![0u32; n as usize + 2];
        let mut right = vec![0u32; n as usize + 2];
        let mut lens = vec![0i32; n as usize + 2];
        lens[0] = INACTIVE;
        lens[n as usize + 1] = INACTIVE;
        let mut bound = vec![1i32; n as usize + 2];
        let mut slack = vec![0i32; n as usize + 2];
        // Without multiplicities every primary item's bound is 1 and its slack 0, as set above.
        if problem.has_multiplicities() {
            for (k, item) in items.iter().enumerate() {
                if let ItemKind::Primary { min, max } = item.kind {
                    let i = position[k] as usize;
                    if i > 0 {
                        bound[i] = max as i32;
                        slack[i] = (max - min) as i32;
                    }
                }
            }
        }
        link_circle(&mut left, &mut right, 0, 1..=n1);
        link_circle(&mut left, &mut right, n + 1, n1 + 1..=n);

        let total = match restriction {
            Some(r) => r.options.iter().map(|&k| problem.option(k).len() + 1).sum(),
            None => problem.use_count() + problem.option_count(),
        };
        let mut nodes = Vec::with_capacity(n as usize + 2 + total);
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                top: 0,
                up: i,
                down: i,
                next: 0,
            });
        }
        nodes.push(Node::default());
        // Colours are read only by Algorithm C with colours and by M; a plain problem (the
        // common case, and the one a sudoku solver builds for every puzzle) skips the array.
        let mut colors = if colored {
            vec![0i32; nodes.capacity()]
        } else {
            Vec::new()
        };
        // The options to link, in order: all, or those the restriction lists; with `rng`,
        // shuffled.
        let listed = restriction.map(|r| r.options);
        let count = listed.map_or(problem.option_count(), <[usize]>::len);
        let mut order: Vec<usize> = Vec::new();
        if let Some(rng) = rng {
            match listed {
                Some(list) => order.extend_from_slice(list),
                None => order.extend(0..count),
            }
            rng.shuffle(&mut order);
        }
        let mut spacer = nodes.len() - 1;
        for j in 0..count {
            let k = match (order.is_empty(), listed) {
                (false, _) => order[j],
                (true, Some(list)) => list[j],
                (true, None) => j,
            };
            let option = problem.option(k);
            if restriction.is_some() && option.iter().any(|u| position[u.item.index()] == 0) {
                continue;
            }
            // `Problem::add_option` refuses an option without a primary item.
            debug_assert!(
                option
                    .iter()
                    .any(|u| items[u.item.index()].kind != ItemKind::Secondary)
            );
            let first = nodes.len() as u32;
            for u in option {
                let i = position[u.item.index()];
                let x = nodes.len() as u32;
                let last = nodes[i as usize].up;
                nodes.push(Node {
                    top: i as i32,
                    up: last,
                    down: i,
                    next: x + 1,
                });
                if colored {
                    colors[x as usize] = u.color.map_or(0, |c| c.0 as i32);
                }
                nodes[last as usize].down = x;
                nodes[i as usize].up = x;
                lens[i as usize] += 1;
            }
            let last = nodes.len() - 1;
            nodes[last].next = first;
            nodes[spacer].down = last as u32;
            nodes.push(Node {
                top: -(k as i32) - 1,
                up: first,
                down: 0,
                next: 0,
            });
            spacer = nodes.len() - 1;
        }
        if colored {
            colors.truncate(nodes.len());
        }
        Links {
            lens,
            nodes,
            colors,
            left,
            right,
            bound,
            slack,
            n,
            n1,
            updates: 0,
            index: MinIndex::new(n1 as usize, n as usize),
        }
    }

    #[inline(always)]
    pub fn nd(&self, x: u32) -> &Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: every index stored in the structure was produced by `new` and is in bounds.
        unsafe { self.nodes.get_unchecked(x as usize) }
    }

    #[inline(always)]
    pub fn nd_mut(&mut self, x: u32) -> &mut Node {
        debug_assert!((x as usize) < self.nodes.len());
        // SAFETY: as in `nd`.
        unsafe { self.nodes.get_unchecked_mut(x as usize) }
    }

    #[inline(always)]
    pub fn right_of(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.right.len());
        // SAFETY: item indices are `0..=n + 1`, the length of `right`.
        unsafe { *self.right.get_unchecked(i as usize) }
    }

    /// MCC: item `i`'s bound, how many more times it may be covered.
    #[inline(always)]
    pub fn bound_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: item indices are `0..=n + 1`, the length of `bound`.
        unsafe { *self.bound.get_unchecked(i as usize) }
    }

    /// MCC: adds `by` to item `i`'s bound and returns the new bound.
    #[inline(always)]
    pub fn add_bound(&mut self, i: u32, by: i32) -> i32 {
        debug_assert!((i as usize) < self.bound.len());
        // SAFETY: as in `bound_of`.
        unsafe {
            let b = self.bound.get_unchecked_mut(i as usize);
            *b += by;
            *b
        }
    }

    /// MCC: item `i`'s slack, `v - u` of its bounds.
    #[inline(always)]
    pub fn slack_of(&self, i: u32) -> i32 {
        debug_assert!((i as usize) < self.slack.len());
        // SAFETY: item indices are `0..=n + 1`, the length of `slack`.
        unsafe { *self.slack.get_unchecked(i as usize) }
    }

    /// The length of item `i`'s list (whether it is active or not).
    #[inline(always)]
    pub fn len(&self, i: u32) -> u32 {
        self.active_len(i) & (INACTIVE as u32 - 1)
    }

    /// The length of item `i`'s list, `i` being active (so without the INACTIVE bit to clear:
    /// the walks over the active list save that step).
    #[inline(always)]
    fn active_len(&self, i: u32) -> u32 {
        debug_assert!((i as usize) < self.lens.len());
        // SAFETY: item indices are `0..=n + 1`, the length of `lens`.
        unsafe { *self.lens.get_unchecked(i as usize) as u32 }
    }

    /// Removes item `i` from its active list (without touching its options).
    #[inline(always)]
    pub fn unlink_item(&mut self, i: u32) {
        let i = i as usize;
        debug_assert!(i < self.left.len() && self.left.len() == self.right.len());
        // SAFETY: item indices and the links between them are `0..=n + 1`, the arrays' length.
        unsafe {
            let (l, r) = (*self.left.get_unchecked(i), *self.right.get_unchecked(i));
            *self.right.get_unchecked_mut(l as usize) = r;
            *self.left.get_unchecked_mut(r as usize) = l;
            *self.lens.get_unchecked_mut(i) |= INACTIVE;
        }
        self.mark(i);
    }

    /// Marks item `i`'s block dirty in the [`MinIndex`], if there is one.
    #[inline(always)]
    fn mark(&mut self, i: usize) {
        if !self.index.dirty.is_empty() {
            let at = self.index.supers_at;
            self.index.dirty[i >> BLOCK_SHIFT] = 1;
            self.index.dirty[at + (i >> SUPER_SHIFT)] = 1;
        }
    }

    /// Puts item `i` back where it was in its active list.
    #[inline(always)]
    pub fn relink_item(&mut self, i: u32) {
        let iu = i as usize;
        debug_assert!(iu < self.left.len() && self.left.len() == self.right.len());
        // SAFETY: as in `unlink_item`.
        unsafe {
            let (l, r) = (*self.left.get_unchecked(iu), *self.right.get_unchecked(iu));
            *self.right.get_unchecked_mut(l as usize) = i;
            *self.left.get_unchecked_mut(r as usize) = i;
            *self.lens.get_unchecked_mut(iu) &= !INACTIVE;
        }
        self.mark(iu);
    }

    /// The node array as a raw base pointer, taken once per operation: through `&mut self`
    /// the compiler would reload the vector's data pointer after every store into it.
    #[inline(always)]
    fn raw(&mut self) -> Raw {
        let dirty = if self.index.dirty.is_empty() {
            std::ptr::null_mut()
        } else {
            self.index.dirty.as_mut_ptr()
        };
        Raw(
            self.nodes.as_mut_ptr(),
            self.colors.as_mut_ptr(),
            self.nodes.len(),
            self.lens.as_mut_ptr(),
            dirty,
            self.index.supers_at,
        )
    }

    /// Hides the option of node `p` from every list except `p`'s own. With `COLOR`, nodes that
    /// are purified (colour < 0) are left alone.
    #[inline(always)]
    pub fn hide<const COLOR: bool>(&mut self, p: u32) {
        let updates = self.raw().hide::<COLOR>(p);
        self.updates += updates;
    }

    /// Undoes [`Links::hide`], walking the option the other way.
    #[inline(always)]
    pub fn unhide<const COLOR: bool>(&mut self, p: u32) {
        self.raw().unhide::<COLOR>(p);
    }

    /// Covers item `i`: removes it from the active list and hides every option that uses it.
    #[inline(always)]
    pub fn cover<const COLOR: bool>(&mut self, i: u32) {
        self.unlink_item(i);
        let raw = self.raw();
        let mut updates = 1;
        let mut r = raw.get(i).down;
        while r != i {
            updates += raw.hide::<COLOR>(r);
            r = raw.get(r).down;
        }
        self.updates += updates;
    }

    /// Undoes [`Links::cover`].
    #[inline(always)]
    pub fn uncover<const COLOR: bool>(&mut self, i: u32) {
        let raw = self.raw();
        let mut r = raw.get(i).up;
        while r != i {
            raw.unhide::<COLOR>(r);
            r = raw.get(r).up;
        }
        self.relink_item(i);
    }

    /// Secondary item of node `p` takes `p`'s colour: options with another colour are hidden,
    /// options with the same colour are marked so they are not hidden again.
    #[inline(always)]
    fn purify(&mut self, p: u32) {
        let raw = self.raw();
        let (i, color) = (raw.get(p).top as u32, raw.color(p));
        let mut updates = 0;
        let mut r = raw.get(i).down;
        while r != i {
            if raw.color(r) != color {
                updates += raw.hide::<true>(r);
            } else if r != p {
                raw.set_color(r, -1);
            }
            r = raw.get(r).down;
        }
        self.updates += updates;
    }

    /// Undoes [`Links::purify`].
    #[inline(always)]
    fn unpurify(&mut self, p: u32) {
        let raw = self.raw();
        let (i, color) = (raw.get(p).top as u32, raw.color(p));
        let mut r = raw.get(i).up;
        while r != i {
            if raw.color(r) < 0 {
                raw.set_color(r, color);
            } else if r != p {
                raw.unhide::<true>(r);
            }
            r = raw.get(r).up;
        }
    }

    /// Makes the choice of node `p` for item `j`: cover it, or purify it to `p`'s colour
    /// (nothing if `p` is already purified).
    #[inline(always)]
    pub fn commit<const COLOR: bool>(&mut self, p: u32, j: u32) {
        if !COLOR {
            self.cover::<false>(j);
            return;
        }
        let c = self.raw().color(p);
        if c == 0 {
            self.cover::<true>(j);
        } else if c > 0 {
            self.purify(p);
        }
    }

    /// Undoes [`Links::commit`].
    #[inline(always)]
    pub fn uncommit<const COLOR: bool>(&mut self, p: u32, j: u32) {
        if !COLOR {
            self.uncover::<false>(j);
            return;
        }
        let c = self.raw().color(p);
        if c == 0 {
            self.uncover::<true>(j);
        } else if c > 0 {
            self.unpurify(p);
        }
    }

    /// Commits every item of the option of node `x` except `x`'s own, left to right.
    #[inline(always)]
    pub fn commit_rest<const COLOR: bool>(&mut self, x: u32) {
        let mut p = self.nd(x).next;
        while p != x {
            let Node { top, next, .. } = *self.nd(p);
            self.commit::<COLOR>(p, top as u32);
            p = next;
        }
    }

    /// Undoes [`Links::commit_rest`], right to left.
    #[inline(always)]
    pub fn uncommit_rest<const COLOR: bool>(&mut self, x: u32) {
        let mut p = x - 1;
        while p != x {
            let Node { top, down, .. } = *self.nd(p);
            if top <= 0 {
                p = down;
            } else {
                self.uncommit::<COLOR>(p, top as u32);
                p -= 1;
            }
        }
    }

    /// The problem's index of the option that node `x` belongs to.
    pub fn option_of(&self, mut x: u32) -> usize {
        while self.nd(x).top > 0 {
            x += 1;
        }
        (-self.nd(x).top - 1) as usize
    }
}

/// The position of the first least value of `lens`, and that value: the branching choice,
/// at every node of the search. With AVX2 (checked once per call; the answer is cached by the
/// standard library) the scan takes eight lengths per instruction; otherwise the portable
/// version, which the compiler vectorises for whatever the target offers.
#[inline(always)]
fn first_min(lens: &[i32]) -> (usize, i32) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { first_min_avx2(lens) };
        }
    }
    first_min_portable(lens)
}

/// [`first_min`] with AVX2: the least value by `vpminsd` (the loop is vectorised by the
/// compiler), then its first position by comparing eight at a time and taking the first bit
/// of the mask.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn first_min_avx2(lens: &[i32]) -> (usize, i32) {
    use std::arch::x86_64::{
        __m256i, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256, _mm256_movemask_ps,
        _mm256_set1_epi32,
    };
    let t = lens.iter().fold(i32::MAX, |t, &x| t.min(x));
    let mut k = 0;
    while k + 8 <= lens.len() {
        // SAFETY: `k + 8 <= lens.len()`, so the 8 values read are inside `lens`.
        let mask = unsafe {
            let v = _mm256_loadu_si256(lens.as_ptr().add(k).cast::<__m256i>());
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                v,
                _mm256_set1_epi32(t),
            )))
        };
        if mask != 0 {
            return (k + mask.trailing_zeros() as usize, t);
        }
        k += 8;
    }
    (k + lens[k..].iter().position(|&x| x == t).unwrap_or(0), t)
}

/// [`first_min`] without assuming any vector instructions: the minimum in one pass, then its
/// position eight at a time.
#[inline(always)]
fn first_min_portable(lens: &[i32]) -> (usize, i32) {
    let t = lens.iter().fold(i32::MAX, |t, &x| t.min(x));
    let mut chunks = lens.chunks_exact(8);
    let mut base = 0;
    for c in &mut chunks {
        let mut mask = 0u32;
        for (j, &x) in c.iter().enumerate() {
            mask |= ((x == t) as u32) << j;
        }
        if mask != 0 {
            return (base + mask.trailing_zeros() as usize, t);
        }
        base += 8;
    }
    let rest = chunks.remainder();
    (base + rest.iter().position(|&x| x == t).unwrap_or(0), t)
}

/// Links `members` into a circular list through `head`.
fn link_circle(
    left: &mut [u32],
    right: &mut [u32],
    head: u32,
    members: std::ops::RangeInclusive<u32>,
) {
    let mut prev = head;
    for i in members {
        right[prev as usize] = i;
        left[i as usize] = prev;
        prev = i;
    }
    right[prev as usize] = head;
    left[head as usize] = prev;
}

/// The node array seen through a raw pointer, valid while the `Links` it came from is borrowed
/// mutably and not resized (it never is after `new`).
#[derive(Clone, Copy)]
pub(crate) struct Raw(*mut Node, *mut i32, usize, *mut i32, *mut u8, usize);

impl Raw {
    #[inline(always)]
    fn get(self, x: u32) -> Node {
        debug_assert!((x as usize) < self.2);
        // SAFETY: indices stored in the structure are in bounds (see `Links`).
        unsafe { *self.0.add(x as usize) }
    }

    #[inline(always)]
    fn at(self, x: u32) -> *mut Node {
        debug_assert!((x as usize) < self.2);
        // SAFETY: as in `get`.
        unsafe { self.0.add(x as usize) }
    }

    /// Marks item `top`'s block dirty in the [`MinIndex`], if there is one (see
    /// [`Links::mark`]).
    #[inline(always)]
    fn mark(self, top: i32) {
        if !self.4.is_null() {
            let i = top as usize;
            // SAFETY: `dirty` has a byte per block and per super-block of items `0..=n + 1`,
            // and `top` is such an item.
            unsafe {
                *self.4.add(i >> BLOCK_SHIFT) = 1;
                *self.4.add(self.5 + (i >> SUPER_SHIFT)) = 1;
            }
        }
    }

    #[inline(always)]
    fn color(self, x: u32) -> i32 {
        debug_assert!((x as usize) < self.2);
        // SAFETY: `colors` has one entry per node.
        unsafe { *self.1.add(x as usize) }
    }

    #[inline(always)]
    fn set_color(self, x: u32, color: i32) {
        debug_assert!((x as usize) < self.2);
        // SAFETY: as in `color`.
        unsafe { *self.1.add(x as usize) = color }
    }

    /// Hides the option of `p` (see [`Links::hide`]); returns the number of updates.
    #[inline(always)]
    fn hide<const COLOR: bool>(self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = self.get(p).next;
        while q != p {
            let Node {
                top,
                up,
                down,
                next,
            } = self.get(q);
            if !COLOR || self.color(q) >= 0 {
                // SAFETY: `up` and `down` are node indices and `top` an item index (an index
                // into `lens`), all written by `Links::new`.
                unsafe {
                    (*self.at(up)).down = down;
                    (*self.at(down)).up = up;
                    *self.3.add(top as usize) -= 1;
                }
                self.mark(top);
                updates += 1;
            }
            q = next;
        }
        updates
    }

    /// Undoes [`Raw::hide`]. The nodes of one option are in different lists, so they may be
    /// put back in the same order they were taken out.
    #[inline(always)]
    fn unhide<const COLOR: bool>(self, p: u32) {
        let mut q = self.get(p).next;
        while q != p {
            let Node {
                top,
                up,
                down,
                next,
            } = self.get(q);
            if !COLOR || self.color(q) >= 0 {
                // SAFETY: as in `hide`.
                unsafe {
                    (*self.at(up)).down = q;
                    (*self.at(down)).up = q;
                    *self.3.add(top as usize) += 1;
                }
                self.mark(top);
            }
            q = next;
        }
    }
}

/// The branching choice scans every length only for problems with this many primary items
/// or more, and up to `DENSE_SCAN_MAX`; otherwise it walks the active list, as DLX1 does. With
/// few items the walk is short and often stops early, at an empty item (a dead end, which in
/// a search for colourings is most nodes): on `xcc-color-grid5x5-k3` (40 primary items) the
/// scan cost 9% more instructions in all than the walk. Sudoku matrices have 100 to 300.
const DENSE_SCAN_MIN: usize = 64;

/// Above this many primary items the branching choice walks the active list too: deep in the
/// search of a very large problem few items are active, and the walk visits only those. (The
/// scan reads about thirty lengths in the time the walk takes one step.)
const DENSE_SCAN_MAX: usize = 4096;

impl Links {
    /// The item of minimum length, ties to the leftmost, by walking the active list (as DLX1
    /// does). Written without a data-dependent branch (the comparison becomes a conditional
    /// move): which item is shorter is unpredictable.
    fn choose_walk(&self) -> (u32, u32) {
        let mut best = 0;
        let mut t = u32::MAX;
        let mut k = self.right_of(0);
        while k != 0 {
            let len = self.active_len(k);
            let shorter = len < t;
            best = if shorter { k } else { best };
            t = if shorter { len } else { t };
            if t == 0 {
                break;
            }
            k = self.right_of(k);
        }
        (best, t)
    }

    /// MRV with random tie-breaking (as DLX1 randomises): uniform among the shortest items.
    fn choose_random(&self, rng: &mut Rng) -> (u32, u32) {
        let mut best = 0;
        let mut t = u32::MAX;
        let mut ties = 0u64;
        let mut k = self.right_of(0);
        while k != 0 {
            let len = self.active_len(k);
            if len < t {
                (best, t, ties) = (k, len, 1);
                if len == 0 {
                    break;
                }
            } else if len == t {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = k;
                }
            }
            k = self.right_of(k);
        }
        (best, t)
    }
}

impl crate::search::Structure for Links {
    fn depth(&self) -> usize {
        let n1 = self.n1 as usize;
        // Algorithm C covers a primary item at each level; M uses up one unit of a bound or
        // one item at each level. A path also chooses each option at most once, so it is no
        // deeper than the options (fewer than the nodes) and the items: a bound of 600
        // million on a problem of three lines must not ask for gigabytes of levels.
        let by_bounds = (1..=n1)
            .map(|i| self.bound[i].max(0) as usize)
            .fold(0usize, usize::saturating_add);
        by_bounds.min(self.nodes.len()) + n1 + 2
    }

    /// The item of minimum length, ties to the leftmost, as DLX1 chooses.
    #[inline(always)]
    fn choose(&mut self, rng: &mut Option<Rng>) -> (u32, u32) {
        if let Some(rng) = rng.as_mut() {
            return self.choose_random(rng);
        }
        let n1 = self.n1 as usize;
        if n1 > DENSE_SCAN_MAX && !self.index.dirty.is_empty() {
            return self.index.choose(&self.lens, n1);
        }
        if !(DENSE_SCAN_MIN..=DENSE_SCAN_MAX).contains(&n1) {
            return self.choose_walk();
        }
        // The active primary items are those of `1..=n1` without INACTIVE in their length,
        // in the order of the active list, so the first least length is DLX1's choice.
        let (k, t) = first_min(&self.lens[1..=n1]);
        (k as u32 + 1, t as u32)
    }

    #[inline(always)]
    fn cover<const COLOR: bool>(&mut self, i: u32) {
        Links::cover::<COLOR>(self, i);
    }

    #[inline(always)]
    fn uncover<const COLOR: bool>(&mut self, i: u32) {
        Links::uncover::<COLOR>(self, i);
    }

    #[inline(always)]
    fn first(&self, i: u32) -> u32 {
        self.nd(i).down
    }

    #[inline(always)]
    fn next(&self, cursor: u32) -> u32 {
        self.nd(cursor).down
    }

    #[inline(always)]
    fn is_end(&self, i: u32, cursor: u32) -> bool {
        cursor == i
    }

    #[inline(always)]
    fn node_at(&self, cursor: u32) -> u32 {
        cursor
    }

    fn item_of(&self, x: u32) -> u32 {
        self.nd(x).top as u32
    }

    fn cursor_of(&self, x: u32) -> u32 {
        x
    }

    #[inline(always)]
    fn commit_rest<const COLOR: bool>(&mut self, x: u32) -> bool {
        Links::commit_rest::<COLOR>(self, x);
        true
    }

    #[inline(always)]
    fn uncommit_rest<const COLOR: bool>(&mut self, x: u32) {
        Links::uncommit_rest::<COLOR>(self, x);
    }

    #[inline(always)]
    fn all_covered(&self) -> bool {
        self.right_of(0) == 0
    }

    fn updates(&self) -> u64 {
        self.updates
    }

    fn option_at(&self, cursor: u32) -> Option<usize> {
        (cursor > self.n).then(|| self.option_of(cursor))
    }

    /// Without colours anywhere (the `colors` array is not even made), every test of a
    /// node's colour is compiled away, as Algorithm C does for plain problems: the same
    /// nodes and updates, and the innermost loop (`hide`) loses a load and a branch per node.
    fn run_multiple(engine: &mut Engine<Links>, until: u64) -> Event {
        if engine.links.colors.is_empty() {
            engine.run_m::<false>(until)
        } else {
            engine.run_m::<true>(until)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Algorithm, Engine, Event};

    /// With more than [`DENSE_SCAN_MAX`] primary items the choice comes from the
    /// [`MinIndex`]: the same search as DLX1's walk of the active list, node for node.
    #[test]
    fn the_block_index_chooses_as_the_walk_does() {
        let items = 6_000;
        let mut text: String = (0..items).map(|k| format!("i{k} ")).collect();
        text.push('\n');
        let mut x: u64 = 12345;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for k in 0..items {
            for _ in 0..3 {
                let mut option = vec![k, next(items), next(items)];
                option.sort_unstable();
                option.dedup();
                let names: Vec<String> = option.iter().map(|i| format!("i{i}")).collect();
                text += &names.join(" ");
                text.push('\n');
            }
        }
        let parsed = crate::parse(&text).expect("a problem");
        let indexed = Links::new(&parsed.problem, None, false, None);
        assert!(!indexed.index.dirty.is_empty());
        let mut walked = indexed.clone();
        walked.index = MinIndex::default();
        let run = |links: Links| {
            let mut engine = Engine::new(links, Algorithm::Plain, None);
            let mut solutions = 0;
            while engine.nodes < 200_000 {
                match engine.run(200_000) {
                    Event::Done => break,
                    Event::Solution => solutions += 1,
                    Event::Paused => {}
                }
            }
            (engine.nodes, engine.updates(), solutions)
        };
        let (a, b) = (run(indexed), run(walked));
        assert_eq!(a, b);
        assert!(a.0 >= 1_000, "a real search: {a:?}");
    }

    /// A huge multiplicity on a tiny problem asks for levels by the problem's size, not by
    /// the bound (the fuzzer's input `a 666666665|> a?` asked for gigabytes).
    #[test]
    fn the_depth_is_bounded_by_the_problem_not_the_multiplicity() {
        use crate::search::Structure;
        let parsed = crate::parse("a 1:666666665|> b\na > b\n").expect("a problem");
        let links = Links::new(&parsed.problem, None, false, None);
        assert!(links.depth() < 32, "{}", links.depth());
        assert_eq!(parsed.problem.solver().count().solutions, 1);
    }

    /// The first position of the least value, the plain way.
    fn reference(lens: &[i32]) -> (usize, i32) {
        let t = lens.iter().copied().min().unwrap_or(i32::MAX);
        (lens.iter().position(|&x| x == t).unwrap_or(0), t)
    }

    #[test]
    fn every_version_of_first_min_finds_the_first_least_length() {
        let mut rng = Rng::new(7);
        for len in 1..70 {
            for _ in 0..50 {
                // Small lengths (many ties), some of them inactive.
                let lens: Vec<i32> = (0..len)
                    .map(|_| {
                        let l = rng.below(4) as i32;
                        if rng.below(3) == 0 { l | INACTIVE } else { l }
                    })
                    .collect();
                let expected = reference(&lens);
                assert_eq!(first_min_portable(&lens), expected, "{lens:?}");
                assert_eq!(first_min(&lens), expected, "{lens:?}");
                #[cfg(target_arch = "x86_64")]
                if std::is_x86_feature_detected!("avx2") {
                    // SAFETY: the CPU has AVX2.
                    assert_eq!(unsafe { first_min_avx2(&lens) }, expected, "{lens:?}");
                }
            }
        }
    }
}
