//! A forcing net's direct implications: a premise applied to a copy of the position, then
//! rounds of singles, each set with its consequences (HoDoKu's `anzTableLookAhead`).

use super::super::Ctx;
use super::graph::Graph;
use super::index::{CandIx, CellIx, DigitIx, each_cell, each_digit};
use crate::bits::{BitIter, CellSet, two_bits};
use crate::geometry::Kind;

/// Rounds of singles a forcing net looks ahead (HoDoKu's `anzTableLookAhead`).
const LOOK_AHEAD: usize = 4;

/// A premise applied to a copy of the position, for a forcing net's implications.
///
/// A scan for singles looks only where something changed since the last one: the cells
/// that lost a candidate (naked singles) and the houses where a digit's count of places
/// fell to one (hidden singles). Every single there was before that was set, so nothing
/// else can have become one; the position itself must have none, or every scan looks
/// everywhere (`whole`).
struct LookAhead<'a, 'c, const W: usize> {
    ctx: &'a Ctx<'c, W>,
    masks: Vec<u64>,
    values: Vec<u8>,
    /// Per digit index, the empty cells holding it.
    places: Vec<CellSet<W>>,
    /// `places` in the position.
    start: Vec<CellSet<W>>,
    premise: u32,
    found: Vec<u32>,
    /// Per value, whether it is the premise or in `found`.
    seen: Vec<bool>,
    /// The cells that lost a candidate since the last scan.
    changed: CellSet<W>,
    /// Per house and digit index (`h * n + d`), the digit's places in the house: kept for
    /// the rows, columns and boxes.
    counts: Vec<u8>,
    /// `counts` in the position.
    start_counts: Vec<u8>,
    /// The houses (by place in `scan`) and digits whose count fell to one since the last
    /// scan: a scan reads those alone, where it read every digit that lost a place in a
    /// house (most of them still had several).
    ones: Vec<(u16, u8)>,
    /// The houses a scan for hidden singles reads, in its order: rows, columns, boxes.
    scan: Vec<usize>,
    /// Per house, its place in `scan`.
    scan_place: Vec<usize>,
    /// The position has a single of its own: scans look at every cell and house.
    whole: bool,
}

impl<'a, 'c, const W: usize> LookAhead<'a, 'c, W> {
    fn new(ctx: &'a Ctx<'c, W>, values: usize, whole: bool) -> Self {
        let start: Vec<CellSet<W>> = ctx.digit_cells.iter().map(|s| s.and(&ctx.empty)).collect();
        let scan: Vec<usize> = [Kind::Row, Kind::Col, Kind::Block]
            .into_iter()
            .flat_map(|kind| ctx.g.lines(kind))
            .collect();
        let n = ctx.n();
        let mut scan_place = vec![usize::MAX; ctx.g.house_count()];
        let mut start_counts = vec![0u8; ctx.g.house_count() * n];
        for (i, &h) in scan.iter().enumerate() {
            scan_place[h] = i;
            for (d, places) in start.iter().enumerate() {
                start_counts[h * n + d] = places.and(ctx.g.house_set(h)).len() as u8;
            }
        }
        let mut look = LookAhead {
            ctx,
            masks: ctx.pos.masks().to_vec(),
            values: ctx.pos.values().to_vec(),
            places: start.clone(),
            start,
            premise: 0,
            found: Vec::new(),
            seen: vec![false; values],
            changed: CellSet::EMPTY,
            counts: start_counts.clone(),
            start_counts,
            ones: Vec::new(),
            scan,
            scan_place,
            whole: true,
        };
        let mut singles = Vec::new();
        look.singles(&mut singles);
        look.whole = whole || !singles.is_empty();
        look
    }

    /// Starts over from the position with another premise (what the last one found is
    /// dropped: the caller has copied it).
    fn restart(&mut self, premise: u32) {
        self.masks.copy_from_slice(self.ctx.pos.masks());
        self.values.copy_from_slice(self.ctx.pos.values());
        self.places.copy_from_slice(&self.start);
        self.changed = CellSet::EMPTY;
        self.counts.copy_from_slice(&self.start_counts);
        self.ones.clear();
        self.seen[self.premise as usize] = false;
        for &v in &self.found {
            self.seen[v as usize] = false;
        }
        self.premise = premise;
        self.seen[premise as usize] = true;
        self.found.clear();
    }

    fn add(&mut self, value: u32) {
        if !self.seen[value as usize] {
            self.seen[value as usize] = true;
            self.found.push(value);
        }
    }

    /// Notes that `cell` lost the digits of `lost` (as places, in its row, column and box).
    fn lose(&mut self, cell: CellIx, lost: u64) {
        let cell = cell.index();
        let g = self.ctx.g;
        let n = self.ctx.n();
        self.changed.insert(cell);
        let houses = [g.row_of(cell), g.col_of(cell), g.block_of(cell)];
        for d in BitIter(lost) {
            self.places[d].remove(cell);
            for h in houses {
                let count = &mut self.counts[h * n + d];
                *count -= 1;
                if *count == 1 {
                    self.ones.push((self.scan_place[h] as u16, d as u8));
                }
            }
        }
    }

    /// Takes digit index `d` out of `cell`, an empty cell holding it.
    fn remove(&mut self, cell: CellIx, d: DigitIx) {
        self.masks[cell.index()] &= !d.bit();
        self.lose(cell, d.bit());
    }

    /// Sets digit index `d` in `cell` and records what follows.
    fn set(&mut self, graph: &Graph, cell: CellIx, d: DigitIx) {
        let ctx = self.ctx;
        let (c, x) = (cell.index(), d.index());
        let others = self.masks[c] & !d.bit();
        if self.values[c] == 0 {
            self.values[c] = (x + 1) as u8;
            self.lose(cell, self.masks[c]);
            self.masks[c] = 0;
            for p in each_cell(&ctx.g.peers(c).and(&self.places[x])) {
                self.remove(p, d);
            }
        }
        self.add(graph.normal(cell, d, true));
        let peers = ctx.g.peers(c).and(&ctx.digit_cells[x]);
        for p in each_cell(&peers) {
            self.add(graph.normal(p, d, false));
        }
        for x in each_digit(others) {
            self.add(graph.normal(cell, x, false));
        }
    }

    /// Every naked single of the copy (cells in order), then every hidden single (houses
    /// row, column, box, digits in order).
    fn singles(&mut self, out: &mut Vec<CandIx>) {
        out.clear();
        if self.whole {
            self.ones.clear();
            return self.every_single(out);
        }
        let ctx = self.ctx;
        for c in self.changed.iter() {
            if self.values[c] == 0 && self.masks[c].count_ones() == 1 {
                out.push(single(c, self.masks[c]));
            }
        }
        self.changed = CellSet::EMPTY;
        // Houses in scan order, digits in order within a house.
        self.ones.sort_unstable();
        self.ones.dedup();
        let n = ctx.n();
        for &(i, d) in &self.ones {
            let (h, d) = (self.scan[i as usize], d as usize);
            if self.counts[h * n + d] == 1
                && let Some(c) = self.places[d].and(ctx.g.house_set(h)).first()
            {
                let single = CandIx::new(CellIx::new(c), DigitIx::new(d));
                if !out.contains(&single) {
                    out.push(single);
                }
            }
        }
        self.ones.clear();
    }

    /// [`Self::singles`] looking at every cell and house.
    fn every_single(&self, out: &mut Vec<CandIx>) {
        let ctx = self.ctx;
        for c in 0..self.masks.len() {
            if self.values[c] == 0 && self.masks[c].count_ones() == 1 {
                out.push(single(c, self.masks[c]));
            }
        }
        for kind in [Kind::Row, Kind::Col, Kind::Block] {
            for h in ctx.g.lines(kind) {
                // The digits with exactly one place in the house, in digit order.
                let (mut once, mut twice) = (0u64, 0u64);
                for &c in ctx.g.house_cells(h) {
                    let m = if self.values[c] == 0 {
                        self.masks[c]
                    } else {
                        0
                    };
                    twice |= once & m;
                    once |= m;
                }
                for d in BitIter(once & !twice) {
                    let place = ctx
                        .g
                        .house_cells(h)
                        .iter()
                        .copied()
                        .find(|&c| self.values[c] == 0 && self.masks[c] & (1 << d) != 0);
                    if let Some(c) = place {
                        let single = CandIx::new(CellIx::new(c), DigitIx::new(d));
                        if !out.contains(&single) {
                            out.push(single);
                        }
                    }
                }
            }
        }
    }
}

/// The naked single of cell `c`, whose candidate mask `mask` holds one digit.
fn single(c: usize, mask: u64) -> CandIx {
    CandIx::new(CellIx::new(c), DigitIx::new(mask.trailing_zeros() as usize))
}

impl Graph {
    /// Net implications: the premise applied to a copy of the position, then four rounds of
    /// every naked single, then every hidden single, each set with its consequences (HoDoKu's
    /// `anzTableLookAhead`). A digit set clears itself from the cells that held it as a
    /// candidate at the start, and the cell's other digits.
    ///
    /// In a bivalue cell, taking one digit out sets the other: the copy is then the one the
    /// other digit's "on" premise makes, and so are the singles that follow. Only the first
    /// values differ, so the "off" premises' lists are copied from the "on" ones
    /// ([`Graph::off_from_on`]) unless `whole_scans`.
    pub(super) fn net_links<const W: usize>(&mut self, ctx: &Ctx<W>, whole_scans: bool) {
        let mut look = LookAhead::new(ctx, self.values(), whole_scans);
        let mut singles = Vec::new();
        for cell in each_cell(&ctx.empty) {
            let mask = ctx.mask(cell.index());
            if !whole_scans && two_bits(mask) {
                for d in each_digit(mask) {
                    self.look_ahead(&mut look, &mut singles, cell, d, true);
                }
                let (d1, d2) = (
                    DigitIx::new(mask.trailing_zeros() as usize),
                    DigitIx::new(63 - mask.leading_zeros() as usize),
                );
                for (x, y) in [(d1, d2), (d2, d1)] {
                    if !self.off_from_on(cell, x, y) {
                        self.look_ahead(&mut look, &mut singles, cell, x, false);
                    }
                }
                continue;
            }
            for d in each_digit(mask) {
                for on in [true, false] {
                    self.look_ahead(&mut look, &mut singles, cell, d, on);
                }
            }
        }
    }

    /// The net links of one premise, candidate `d` of `cell` set (`on`) or taken out.
    fn look_ahead<const W: usize>(
        &mut self,
        look: &mut LookAhead<'_, '_, W>,
        singles: &mut Vec<CandIx>,
        cell: CellIx,
        d: DigitIx,
        on: bool,
    ) {
        let premise = self.normal(cell, d, on);
        look.restart(premise);
        if on {
            look.set(self, cell, d);
        } else {
            look.remove(cell, d);
            look.add(self.normal(cell, d, false));
            let left = look.masks[cell.index()];
            if left.count_ones() == 1 {
                look.set(self, cell, DigitIx::new(left.trailing_zeros() as usize));
            }
        }
        for _ in 0..LOOK_AHEAD {
            look.singles(singles);
            // Nothing set, nothing changed: the later rounds would find nothing.
            if singles.is_empty() {
                break;
            }
            for &CandIx { cell, digit } in singles.iter() {
                look.set(self, cell, digit);
            }
        }
        // Copied into the graph's list, which keeps its room from graph to graph (a list
        // of its own per premise grew from nothing each time).
        self.direct[premise as usize].extend_from_slice(&look.found);
    }

    /// The net links of "`x` out of bivalue `cell`" from those of "`y` in it", made already:
    /// setting `y` lists the peers losing `y`, then `x` out of the cell, then what the singles
    /// give; taking `x` out lists `y` set, then the same but `x` out, its premise. False
    /// (nothing written) where the list is not of that form.
    fn off_from_on(&mut self, cell: CellIx, x: DigitIx, y: DigitIx) -> bool {
        let (on_y, off_x) = (self.normal(cell, y, true), self.normal(cell, x, false));
        let from = std::mem::take(&mut self.direct[on_y as usize]);
        let copied = match from.iter().position(|&v| v == off_x) {
            Some(k) => {
                let to = &mut self.direct[off_x as usize];
                to.push(on_y);
                to.extend_from_slice(&from[..k]);
                to.extend_from_slice(&from[k + 1..]);
                true
            }
            None => false,
        };
        self.direct[on_y as usize] = from;
        copied
    }
}
