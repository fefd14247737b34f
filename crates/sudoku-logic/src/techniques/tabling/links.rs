//! A graph's links laid out for the walks.

use super::super::Ctx;
use super::super::buckets::Buckets;
use super::graph::{Graph, plain_lists};
use super::pool::{put_back, take_spare};
use crate::bits::BitIter;

/// A graph's links for the walks: every value's list, one after another, made up to a
/// multiple of four with a filler value no walk takes (its stamp is always the walk's).
///
/// A walk reads some hundreds of lists of a few links each, and a loop over a list of its
/// own length mispredicted its end at nearly every one.
#[derive(Debug, PartialEq)]
pub(crate) struct PaddedLinks {
    /// `starts[v]..starts[v + 1]`: the list of value `v` in `links`.
    starts: Vec<u32>,
    pub(super) links: Vec<u32>,
    /// The filler: one past the graph's values.
    pub(super) filler: u32,
    /// The longest list, filler included.
    pub(super) longest: usize,
}

impl Drop for PaddedLinks {
    fn drop(&mut self) {
        put_back(&SPARE_PADDED, std::mem::take(&mut self.links));
    }
}

impl PaddedLinks {
    /// The list of value `v`, filler included.
    pub(super) fn list(&self, v: usize) -> &[u32] {
        &self.links[self.starts[v] as usize..self.starts[v + 1] as usize]
    }

    /// The list of value `v` without the filler, which pads a list's end only (three at
    /// most).
    pub(super) fn unpadded(&self, v: usize) -> &[u32] {
        let list = self.list(v);
        let pad = list
            .iter()
            .rev()
            .take(3)
            .take_while(|&&u| u == self.filler)
            .count();
        &list[..list.len() - pad]
    }

    /// No lists yet, for a graph of `values` values.
    fn empty(values: usize) -> PaddedLinks {
        let mut links = take_spare(&SPARE_PADDED);
        links.clear();
        PaddedLinks {
            starts: Vec::with_capacity(values + 1),
            links,
            filler: values as u32,
            longest: 0,
        }
    }

    /// Appends the list of the next value.
    fn push(&mut self, list: &[u32]) {
        self.push_joined(list, &[]);
    }

    /// Appends the list of the next value: `first`, then `then`.
    fn push_joined(&mut self, first: &[u32], then: &[u32]) {
        self.starts.push(self.links.len() as u32);
        self.links.extend_from_slice(first);
        self.links.extend_from_slice(then);
        let len = first.len() + then.len();
        let padded = len.next_multiple_of(4);
        self.links
            .resize(self.links.len() + padded - len, self.filler);
        self.longest = self.longest.max(padded);
    }

    /// Empty lists until `k` lists start: with `k` one past the last value, the end of
    /// the last list is noted too.
    fn pad_to(&mut self, k: usize) {
        while self.starts.len() < k {
            self.starts.push(self.links.len() as u32);
        }
    }

    /// The links of a graph's lists. The layout is measured first, then filled with the
    /// filler in one pass and each list copied into its place: appending list by list
    /// cost some forty instructions a list, and a grouped graph has thousands, most empty.
    pub(super) fn new(graph: &Graph) -> PaddedLinks {
        let mut out = PaddedLinks::empty(graph.values());
        let mut end = 0u32;
        for list in &graph.direct {
            out.starts.push(end);
            let padded = list.len().next_multiple_of(4);
            out.longest = out.longest.max(padded);
            end += padded as u32;
        }
        let filler = out.filler;
        out.links.resize(end as usize, filler);
        for (list, &start) in graph.direct.iter().zip(&out.starts) {
            if !list.is_empty() {
                out.links[start as usize..start as usize + list.len()].copy_from_slice(list);
            }
        }
        out.pad_to(graph.values() + 1);
        out
    }

    /// These plain lists (the candidates' values first) with the links `adds` (from, to)
    /// appended to the lists of their "from" values in the order given, in a graph of
    /// `values` values: the grouped graph's lists, from the plain ones and the group links
    /// ([`Graph::group_links`]). The runs of values nothing is added to are copied whole,
    /// their filler made the new one. The plain lists are there already where a plain
    /// search ran at the position (a solve path's always has): no lists of lists are
    /// filled and laid out again.
    pub(super) fn with_adds(&self, values: usize, adds: &[(u32, u32)]) -> PaddedLinks {
        // The links added from each value, in the order given; and which values have
        // some, as bits.
        let added = Buckets::new(values, adds.iter().map(|&(f, t)| (f as usize, t)));
        let mut has = vec![0u64; values.div_ceil(64)];
        for &(f, _) in adds {
            has[f as usize / 64] |= 1 << (f % 64);
        }
        let added = |v: usize| added.of(v);
        let mut out = PaddedLinks::empty(values);
        out.links
            .reserve(self.links.len() + 2 * adds.len() + 4 * values);
        let plain = self.starts.len() - 1;
        let mut run = 0;
        let with_adds =
            (has.iter().enumerate()).flat_map(|(k, &w)| BitIter(w).map(move |b| 64 * k + b));
        let ends = with_adds.take_while(|&v| v < plain).chain([plain]);
        for v in ends {
            self.copy_run(&mut out, run..v);
            if v < plain {
                out.push_joined(self.unpadded(v), added(v));
            }
            run = v + 1;
        }
        for v in plain..values {
            out.push_joined(&[], added(v));
        }
        out.pad_to(values + 1);
        out
    }

    /// Appends the lists of `values` to `out` as they are, the filler made `out`'s.
    fn copy_run(&self, out: &mut PaddedLinks, values: std::ops::Range<usize>) {
        let starts = &self.starts[values.start..=values.end];
        let (a, b) = (starts[0], starts[starts.len() - 1]);
        let shift = (out.links.len() as u32).wrapping_sub(a);
        out.starts.extend(
            starts[..starts.len() - 1]
                .iter()
                .map(|&s| s.wrapping_add(shift)),
        );
        let longest = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
        out.longest = out.longest.max(longest as usize);
        let copied = out.links.len();
        out.links
            .extend_from_slice(&self.links[a as usize..b as usize]);
        let (old, new) = (self.filler, out.filler);
        for u in &mut out.links[copied..] {
            if *u == old {
                *u = new;
            }
        }
    }

    /// The links of the plain graph over `graph`'s nodes ([`plain_lists`]), made from the
    /// position: the same lists as [`PaddedLinks::new`] of the graph with them.
    pub(super) fn plain<const W: usize>(ctx: &Ctx<W>, graph: &Graph) -> PaddedLinks {
        let mut out = PaddedLinks::empty(graph.values());
        plain_lists(ctx, |cell, d, off, on| {
            out.pad_to(graph.normal(cell, d, false) as usize);
            out.push(off);
            out.push(on);
        });
        out.pad_to(graph.values() + 1);
        out
    }
}

thread_local! {
    /// The link vectors of dropped [`PaddedLinks`], with their room: a position's links are
    /// some thousands, and growing them anew for every graph copied them over and over.
    static SPARE_PADDED: std::cell::RefCell<Vec<Vec<u32>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}
