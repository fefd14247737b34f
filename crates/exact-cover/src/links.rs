//! The dancing-links structure: Knuth's flat arrays, and the operations that change them.
//!
//! Layout (as in DLX1/DLX2/DLX3). Items are numbered `1..=n` in link order: the primary items
//! `1..=n1` first, then the secondary ones. `left`/`right` hold two circular lists of *active*
//! items: the primary list through the root `0`, the secondary list through the header `n + 1`.
//!
//! `nodes[1..=n]` are the item headers (their `top` field is the item's list length); then come
//! the options, each followed by a spacer. A spacer has `top <= 0`; its `up` points to the first
//! node of the option before it and its `down` to the last node of the option after it, so that
//! walking right or left around an option wraps through the spacer. The trailing spacer of
//! option `k` (the problem's option index) has `top = -(k + 1)`.
//!
//! `color` is 0 for an uncoloured use, the colour number (>= 1) for a coloured secondary use,
//! and -1 while a node is "purified" (its option agrees with a colour chosen higher up, so it
//! must not be hidden again).
//!
//! Every index stored in these arrays is produced by [`Links::new`] and is in bounds; the
//! accessors rely on that to skip bounds checks in the hot loops (checked in debug builds).

use crate::problem::{ItemKind, Problem};
use crate::rng::Rng;

/// One node: an item header or a use of an item in an option, or a spacer.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Node {
    /// Header: list length. Option node: its item (>= 1). Spacer: `<= 0`.
    pub top: i32,
    pub up: u32,
    pub down: u32,
    pub color: i32,
}

/// The whole search structure; cloning it gives an independent copy for another thread.
#[derive(Debug, Clone)]
pub(crate) struct Links {
    pub nodes: Vec<Node>,
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
}

impl Links {
    /// Builds the links of a problem. With `rng`, options are linked in a random order (which
    /// randomises the order in which the search tries them).
    pub fn new(problem: &Problem, rng: Option<&mut Rng>) -> Links {
        let items = problem.items();
        let mut position = vec![0u32; items.len()];
        let mut n1 = 0u32;
        for (k, item) in items.iter().enumerate() {
            if item.kind != ItemKind::Secondary {
                n1 += 1;
                position[k] = n1;
            }
        }
        let mut n = n1;
        for (k, item) in items.iter().enumerate() {
            if item.kind == ItemKind::Secondary {
                n += 1;
                position[k] = n;
            }
        }
        let mut left = vec![0u32; n as usize + 2];
        let mut right = vec![0u32; n as usize + 2];
        let mut bound = vec![1i32; n as usize + 2];
        let mut slack = vec![0i32; n as usize + 2];
        for (k, item) in items.iter().enumerate() {
            if let ItemKind::Primary { min, max } = item.kind {
                let i = position[k] as usize;
                bound[i] = max as i32;
                slack[i] = (max - min) as i32;
            }
        }
        link_circle(&mut left, &mut right, 0, 1..=n1);
        link_circle(&mut left, &mut right, n + 1, n1 + 1..=n);

        let total = problem.use_count() + problem.option_count();
        let mut nodes = Vec::with_capacity(n as usize + 2 + total);
        nodes.push(Node::default());
        for i in 1..=n {
            nodes.push(Node {
                top: 0,
                up: i,
                down: i,
                color: 0,
            });
        }
        nodes.push(Node {
            top: 0,
            up: 0,
            down: 0,
            color: 0,
        });
        let mut order: Vec<usize> = (0..problem.option_count()).collect();
        if let Some(rng) = rng {
            rng.shuffle(&mut order);
        }
        let mut spacer = nodes.len() - 1;
        for k in order {
            let option = problem.option(k);
            if !option
                .iter()
                .any(|u| items[u.item.index()].kind != ItemKind::Secondary)
            {
                continue;
            }
            let first = nodes.len() as u32;
            for u in option {
                let i = position[u.item.index()];
                let x = nodes.len() as u32;
                let last = nodes[i as usize].up;
                nodes.push(Node {
                    top: i as i32,
                    up: last,
                    down: i,
                    color: u.color.map_or(0, |c| c.0 as i32),
                });
                nodes[last as usize].down = x;
                nodes[i as usize].up = x;
                nodes[i as usize].top += 1;
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            nodes.push(Node {
                top: -(k as i32) - 1,
                up: first,
                down: 0,
                color: 0,
            });
            spacer = nodes.len() - 1;
        }
        Links {
            nodes,
            left,
            right,
            bound,
            slack,
            n,
            n1,
            updates: 0,
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

    #[inline(always)]
    pub fn len(&self, i: u32) -> u32 {
        self.nd(i).top as u32
    }

    /// Removes item `i` from its active list (without touching its options).
    #[inline(always)]
    pub fn unlink_item(&mut self, i: u32) {
        let (l, r) = (self.left[i as usize], self.right[i as usize]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
    }

    /// Puts item `i` back where it was in its active list.
    #[inline(always)]
    pub fn relink_item(&mut self, i: u32) {
        let (l, r) = (self.left[i as usize], self.right[i as usize]);
        self.right[l as usize] = i;
        self.left[r as usize] = i;
    }

    /// Hides the option of node `p` from every list except `p`'s own. With `COLOR`, nodes that
    /// are purified (colour < 0) are left alone.
    #[inline(always)]
    pub fn hide<const COLOR: bool>(&mut self, p: u32) {
        // The count is kept in a local: the compiler cannot keep `self.updates` in a register
        // across the stores into `nodes`, and this loop is where the search spends its time.
        let mut updates = 0;
        let mut q = p + 1;
        while q != p {
            let Node {
                top,
                up,
                down,
                color,
            } = *self.nd(q);
            if top <= 0 {
                q = up;
            } else {
                if !COLOR || color >= 0 {
                    self.nd_mut(up).down = down;
                    self.nd_mut(down).up = up;
                    self.nd_mut(top as u32).top -= 1;
                    updates += 1;
                }
                q += 1;
            }
        }
        self.updates += updates;
    }

    /// Undoes [`Links::hide`], walking the option the other way.
    #[inline(always)]
    pub fn unhide<const COLOR: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let Node {
                top,
                up,
                down,
                color,
            } = *self.nd(q);
            if top <= 0 {
                q = down;
            } else {
                if !COLOR || color >= 0 {
                    self.nd_mut(up).down = q;
                    self.nd_mut(down).up = q;
                    self.nd_mut(top as u32).top += 1;
                }
                q -= 1;
            }
        }
    }

    /// Covers item `i`: removes it from the active list and hides every option that uses it.
    #[inline(always)]
    pub fn cover<const COLOR: bool>(&mut self, i: u32) {
        self.unlink_item(i);
        self.updates += 1;
        let mut r = self.nd(i).down;
        while r != i {
            self.hide::<COLOR>(r);
            r = self.nd(r).down;
        }
    }

    /// Undoes [`Links::cover`].
    #[inline(always)]
    pub fn uncover<const COLOR: bool>(&mut self, i: u32) {
        let mut r = self.nd(i).up;
        while r != i {
            self.unhide::<COLOR>(r);
            r = self.nd(r).up;
        }
        self.relink_item(i);
    }

    /// Secondary item of node `p` takes `p`'s colour: options with another colour are hidden,
    /// options with the same colour are marked so they are not hidden again.
    fn purify(&mut self, p: u32) {
        let Node { top, color, .. } = *self.nd(p);
        let i = top as u32;
        let mut r = self.nd(i).down;
        while r != i {
            if self.nd(r).color != color {
                self.hide::<true>(r);
            } else if r != p {
                self.nd_mut(r).color = -1;
            }
            r = self.nd(r).down;
        }
    }

    /// Undoes [`Links::purify`].
    fn unpurify(&mut self, p: u32) {
        let Node { top, color, .. } = *self.nd(p);
        let i = top as u32;
        let mut r = self.nd(i).up;
        while r != i {
            if self.nd(r).color < 0 {
                self.nd_mut(r).color = color;
            } else if r != p {
                self.unhide::<true>(r);
            }
            r = self.nd(r).up;
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
        let c = self.nd(p).color;
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
        let c = self.nd(p).color;
        if c == 0 {
            self.uncover::<true>(j);
        } else if c > 0 {
            self.unpurify(p);
        }
    }

    /// Commits every item of the option of node `x` except `x`'s own, left to right.
    #[inline(always)]
    pub fn commit_rest<const COLOR: bool>(&mut self, x: u32) {
        let mut p = x + 1;
        while p != x {
            let Node { top, up, .. } = *self.nd(p);
            if top <= 0 {
                p = up;
            } else {
                self.commit::<COLOR>(p, top as u32);
                p += 1;
            }
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
