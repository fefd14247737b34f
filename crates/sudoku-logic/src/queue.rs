//! Which single a solve path takes next, in the order HoDoKu 2.2.0's solver takes them.
//!
//! Scores depend on it: a Hidden Single scores 14 and a Naked Single 4, and which hidden
//! single is placed when there are several decides how many more are needed later. HoDoKu keeps
//! two first-in-first-out queues, filled as candidates disappear: a cell enters the naked
//! queue when it is left with one candidate, and a (cell, digit) enters the hidden queue when
//! a house is left with one place for the digit. Its solver takes a Full House from the naked
//! queue if one is there, else the oldest naked single, else the oldest hidden single. This
//! module keeps the same queues, fed by the same events in the same order (placing a digit
//! clears it from the peers in increasing cell order, each peer's houses row, column, box; then
//! the placed cell's own candidates leave its houses), so a path takes the same singles.

use crate::bits::BitIter;
use crate::candidates::Candidates;
use crate::geometry::Geometry;
use crate::step::{Role, Step};
use crate::technique::Technique;
use sudoku_core::{Candidate, Cell, Digit};

/// The singles queues and the candidate counts behind them.
#[derive(Debug, Clone)]
pub(crate) struct SinglesQueue {
    n: usize,
    masks: Vec<u64>,
    values: Vec<u8>,
    /// `free[h * n + d]`: cells of house `h` with digit index `d` as a candidate.
    free: Vec<u16>,
    /// Per house, how many digits still have a cell there (`free` above zero): a Full
    /// House is a naked single whose digit is the only one left in one of its houses.
    open: Vec<u16>,
    naked: Vec<(usize, usize)>,
    naked_head: usize,
    hidden: Vec<(usize, usize)>,
    hidden_head: usize,
}

impl SinglesQueue {
    /// The queues after placing the position's digits one by one (in cell order) into an
    /// empty grid and then removing the candidates it lacks, as HoDoKu sets up a puzzle.
    pub(crate) fn new<const W: usize>(g: &Geometry<W>, pos: &Candidates) -> SinglesQueue {
        let n = g.size();
        let all = (1u64 << n) - 1;
        let mut q = SinglesQueue {
            n,
            masks: vec![all; n * n],
            values: vec![0; n * n],
            free: vec![n as u16; g.house_count() * n],
            open: vec![n as u16; g.house_count()],
            naked: Vec::new(),
            naked_head: 0,
            hidden: Vec::new(),
            hidden_head: 0,
        };
        for i in 0..n * n {
            if let Some(d) = pos.get(g.cell(i)) {
                q.place(g, i, d.get() - 1);
            }
        }
        for i in 0..n * n {
            let keep = pos.masks()[i];
            for d in BitIter(q.masks[i] & !keep) {
                q.delete(g, i, d);
            }
        }
        q
    }

    /// Replays a step's placements and eliminations.
    pub(crate) fn apply<const W: usize>(&mut self, g: &Geometry<W>, step: &Step) {
        for p in &step.placements {
            self.place(g, p.cell.index(self.n), p.digit.get() - 1);
        }
        for e in &step.eliminations {
            self.delete(g, e.cell.index(self.n), e.digit.get() - 1);
        }
    }

    fn place<const W: usize>(&mut self, g: &Geometry<W>, cell: usize, d: usize) {
        let before = self.masks[cell];
        self.values[cell] = (d + 1) as u8;
        self.masks[cell] = 0;
        for p in g.peers(cell).iter() {
            self.delete(g, p, d);
        }
        for x in BitIter(before) {
            for &h in g.houses_of(cell) {
                let f = self.dec(h as usize, x);
                if f == 1 && x != d {
                    self.add_hidden(g, h as usize, x);
                }
            }
        }
    }

    fn delete<const W: usize>(&mut self, g: &Geometry<W>, cell: usize, d: usize) {
        if self.masks[cell] & (1 << d) == 0 {
            return;
        }
        self.masks[cell] &= !(1 << d);
        if self.masks[cell].count_ones() == 1 {
            self.naked
                .push((cell, self.masks[cell].trailing_zeros() as usize));
        }
        for &h in g.houses_of(cell) {
            match self.dec(h as usize, d) {
                1 => self.add_hidden(g, h as usize, d),
                0 => self.drop_hidden(g, h as usize, d),
                _ => {}
            }
        }
    }

    fn dec(&mut self, h: usize, d: usize) -> u16 {
        let f = &mut self.free[h * self.n + d];
        if *f == 1 {
            self.open[h] -= 1;
        }
        *f = f.saturating_sub(1);
        *f
    }

    fn add_hidden<const W: usize>(&mut self, g: &Geometry<W>, h: usize, d: usize) {
        if let Some(&c) = g
            .house_cells(h)
            .iter()
            .find(|&&c| self.masks[c] & (1 << d) != 0)
        {
            self.hidden.push((c, d));
        }
    }

    /// Removes the queued hidden singles of digit `d` in house `h` (the digit has no place
    /// left there).
    fn drop_hidden<const W: usize>(&mut self, g: &Geometry<W>, h: usize, d: usize) {
        let house = g.house_set(h);
        let head = self.hidden_head;
        let mut k = head;
        while k < self.hidden.len() {
            let (c, x) = self.hidden[k];
            if x == d && house.contains(c) {
                self.hidden.remove(k);
            } else {
                k += 1;
            }
        }
    }

    /// A Full House among the queued naked singles (the queue is not changed).
    pub(crate) fn full_house<const W: usize>(&self, g: &Geometry<W>) -> Option<Step> {
        for &(cell, d) in &self.naked[self.naked_head..] {
            if self.values[cell] != 0 {
                continue;
            }
            let last = g
                .houses_of(cell)
                .iter()
                .find(|&&h| self.only_digit_left(h as usize, d));
            if let Some(&h) = last {
                let mut step = self.single(g, Technique::FullHouse, cell, d);
                step.add_house(g.house(h as usize), Role::Base);
                return Some(step);
            }
        }
        None
    }

    /// Whether every digit but `d` has no cell left in house `h`: no other digit is open
    /// there, and `d` is open or not.
    fn only_digit_left(&self, h: usize, d: usize) -> bool {
        let own = u16::from(self.free[h * self.n + d] > 0);
        self.open[h] == own
    }

    /// The oldest naked single still open (taken off the queue).
    pub(crate) fn naked_single<const W: usize>(&mut self, g: &Geometry<W>) -> Option<Step> {
        while self.naked_head < self.naked.len() {
            let (cell, d) = self.naked[self.naked_head];
            self.naked_head += 1;
            if self.values[cell] == 0 {
                return Some(self.single(g, Technique::NakedSingle, cell, d));
            }
        }
        None
    }

    /// The oldest hidden single still open (taken off the queue). Like HoDoKu, the search
    /// stops at the first queued cell that is still empty, even if its house has since gained
    /// no second place.
    pub(crate) fn hidden_single<const W: usize>(&mut self, g: &Geometry<W>) -> Option<Step> {
        while self.hidden_head < self.hidden.len() {
            let (cell, d) = self.hidden[self.hidden_head];
            self.hidden_head += 1;
            if self.values[cell] != 0 {
                continue;
            }
            let h = g
                .houses_of(cell)
                .iter()
                .find(|&&h| self.free[h as usize * self.n + d] == 1)?;
            let mut step = self.single(g, Technique::HiddenSingle, cell, d);
            step.add_house(g.house(*h as usize), Role::Base);
            return Some(step);
        }
        None
    }

    fn single<const W: usize>(
        &self,
        g: &Geometry<W>,
        technique: Technique,
        cell: usize,
        d: usize,
    ) -> Step {
        let digit = match Digit::new(d + 1) {
            Some(digit) => digit,
            None => unreachable!("digit indices are below the grid size"),
        };
        let mut step = Step::new(technique, vec![digit]);
        let cell: Cell = g.cell(cell);
        step.place(Candidate { cell, digit });
        step
    }
}
