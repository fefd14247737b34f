//! One premise's table, and the breadth-first walks that write it.

use super::MAX_ENTRIES;
use super::graph::Graph;
use super::links::PaddedLinks;
use super::pool::put_back;

/// One premise's table: the values it implies in breadth-first order, each with the position
/// of the value it was reached from (the premise is at position 0).
#[derive(Clone, Copy)]
pub(super) struct Table<'t> {
    pub(super) entries: &'t [(u32, u32)],
}

impl Table<'_> {
    /// Whether entry `j` is the premise or one of its direct implications (one link or
    /// none from it): only those are reached from position 0, as the premise's links are
    /// the first the walk follows and an entry is never re-pointed to a path through it.
    pub(super) fn near(&self, j: usize) -> bool {
        j == 0 || self.entries[j].1 == 0
    }
}

thread_local! {
    /// The searches of dropped tables, with their stamps: a walk takes a value as met when
    /// its stamp is the walk's number, so stamps from earlier walks, all lower, need no
    /// clearing.
    static SPARE_BFS: std::cell::RefCell<Vec<Bfs>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Breadth-first search state, reused between premises.
pub(super) struct Bfs {
    stamp: Vec<u32>,
    now: u32,
    /// Where each value stamped in this walk sits in the table (weighted walks only).
    position: Vec<u32>,
    /// Links from the premise per entry (weighted walks only).
    depth: Vec<u16>,
    /// Distance from the premise per entry (weighted walks only).
    dist: Vec<u32>,
    /// The table being built, before it is copied out: a weighted walk re-points entries
    /// in it.
    scratch: Vec<(u32, u32)>,
}

impl Bfs {
    /// A search for a graph of `values` values: a dropped one where its stamps are enough
    /// (zeroing them for each graph cost more than some walks).
    pub(super) fn new(values: usize) -> Bfs {
        let want = (values + 1).next_power_of_two();
        let spare = SPARE_BFS.with_borrow_mut(|pool| {
            let k = pool.iter().position(|b| b.stamp.len() == want)?;
            Some(pool.swap_remove(k))
        });
        match spare {
            Some(bfs) if bfs.now < u32::MAX / 2 => bfs,
            _ => Bfs::fresh(want),
        }
    }

    /// Keeps the search for the next graph of its size ([`Bfs::new`]).
    pub(super) fn give_back(self) {
        put_back(&SPARE_BFS, self);
    }

    fn fresh(stamps: usize) -> Bfs {
        Bfs {
            // One more for the filler of `PaddedLinks`, and up to a power of two: a walk
            // masks a value to index it, which spares a bounds check a link.
            stamp: vec![0; stamps],
            now: 0,
            position: Vec::new(),
            depth: Vec::with_capacity(MAX_ENTRIES),
            dist: Vec::with_capacity(MAX_ENTRIES),
            scratch: Vec::with_capacity(MAX_ENTRIES),
        }
    }

    /// Writes the table of `premise` into `out` from `end` on, and gives where it ends: its
    /// entries with the position (within the table) of the entry each was reached from.
    /// What `out` holds past that is left over (it is made long enough for any table).
    /// Says too whether the walk ended before [`MAX_ENTRIES`] (the table has every value
    /// the premise reaches). With `cut`, the table ends once it holds the values of
    /// [`Cut`]: the walk's order makes the cut table the whole one's first entries.
    pub(super) fn run(
        &mut self,
        links: &PaddedLinks,
        premise: u32,
        out: &mut Vec<(u32, u32)>,
        end: usize,
        cut: Option<Cut>,
    ) -> (usize, bool) {
        match cut {
            None => self.walk::<false>(links, premise, out, end, Cut::never()),
            Some(cut) => self.walk::<true>(links, premise, out, end, cut),
        }
    }

    /// The walk of [`Bfs::run`], cut as `cut` says where `CUT` (its check is compiled in
    /// only there).
    fn walk<const CUT: bool>(
        &mut self,
        links: &PaddedLinks,
        premise: u32,
        out: &mut Vec<(u32, u32)>,
        end: usize,
        cut: Cut,
    ) -> (usize, bool) {
        self.now += 1;
        let now = self.now;
        // Every value is below the stamps' length, a power of two: masked, it is itself,
        // and the compiler knows the index in bounds.
        let mask = self.stamp.len() - 1;
        let stamp = &mut self.stamp[..=mask];
        stamp[links.filler as usize] = now;
        // The table is built in place, without a branch on whether a value is new:
        // each link is written at the end and the end moves on only if the value is new.
        // Whether it is follows no pattern a CPU predicts, and the walks are a quarter of
        // a hard puzzle's rating time. The lists come in fours (see `PaddedLinks`), so
        // that how many a value has is no branch either. A list may run past a full
        // table; what is past it is cut, as a walk that stopped there would have it.
        let room = MAX_ENTRIES + links.longest;
        if out.len() < end + room {
            out.resize(end + room, (0, 0));
        }
        let table = &mut out[end..end + room];
        table[0] = (premise, 0);
        stamp[premise as usize] = now;
        let (lo, width) = (cut.range.start, cut.range.end.wrapping_sub(cut.range.start));
        let (mut len, mut j, mut met) = (1, 0, 0);
        while j < len && len < MAX_ENTRIES {
            if CUT && met >= cut.wanted {
                return (end + len, false);
            }
            let value = table[j].0 as usize;
            let before = len;
            for four in links.list(value).chunks_exact(4) {
                // The four slots the four links may take; `k & 3` spares a bounds check.
                let slots = &mut table[len..len + 4];
                let mut k = 0;
                for &next in four {
                    let seen = &mut stamp[next as usize & mask];
                    slots[k & 3] = (next, j as u32);
                    k += usize::from(*seen != now);
                    *seen = now;
                }
                len += k;
            }
            if CUT {
                for &(v, _) in &table[before..len] {
                    met += u32::from(v.wrapping_sub(lo) < width);
                }
            }
            j += 1;
        }
        (end + len.min(MAX_ENTRIES), j >= len)
    }
}

/// Where a walk may stop: once its table holds `wanted` values of `range`, past the premise.
pub(super) struct Cut {
    pub(super) range: std::ops::Range<u32>,
    pub(super) wanted: u32,
}

impl Cut {
    /// No stop.
    fn never() -> Cut {
        Cut {
            range: 0..0,
            wanted: u32::MAX,
        }
    }
}

impl Bfs {
    /// The walk of a graph with ALS nodes: the same order of discovery, but HoDoKu's tables
    /// also keep a distance per entry (2 a link), where leaving an ALS of `n` cells costs
    /// `2n` more (`2n + 1` to a cell it forces), and an entry reached again for less is re-pointed
    /// to the cheaper path (unless it is a direct implication of the premise). The paths,
    /// and so the lasso checks, are then HoDoKu's for chains that could pass through a set
    /// or around it.
    pub(super) fn run_weighted(&mut self, graph: &Graph, premise: u32, out: &mut Vec<(u32, u32)>) {
        self.now += 1;
        if self.position.len() < self.stamp.len() {
            self.position = vec![0; self.stamp.len()];
        }
        let (entries, depth, dist) = (&mut self.scratch, &mut self.depth, &mut self.dist);
        entries.clear();
        depth.clear();
        dist.clear();
        entries.push((premise, 0));
        depth.push(0);
        dist.push(0);
        self.stamp[premise as usize] = self.now;
        self.position[premise as usize] = 0;
        let mut j = 0;
        while j < entries.len() {
            let (value, _) = entries[j];
            let penalty = graph.als_of(value).map_or(0, |a| 2 * a.cells.len() as u32);
            for &next in &graph.direct[value as usize] {
                // HoDoKu's units: a link adds 2 (a table's direct entries sit at 2, its
                // premise at 1).
                let step = 2 + penalty + u32::from(penalty > 0 && next & 1 == 1);
                let d = dist[j] + step;
                if self.stamp[next as usize] == self.now {
                    let k = self.position[next as usize] as usize;
                    if depth[k] > 1 && dist[k] > d && k != j {
                        entries[k].1 = j as u32;
                        dist[k] = d;
                        depth[k] = depth[j] + 1;
                    }
                    continue;
                }
                if entries.len() >= MAX_ENTRIES {
                    continue;
                }
                self.stamp[next as usize] = self.now;
                self.position[next as usize] = entries.len() as u32;
                entries.push((next, j as u32));
                depth.push(depth[j] + 1);
                dist.push(d);
            }
            j += 1;
        }
        out.extend(entries.iter().copied());
    }
}
