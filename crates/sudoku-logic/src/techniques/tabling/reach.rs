//! What every value of a graph reaches, as bit sets: the transitive closure of its links.
//!
//! A walk from a premise finds the chains that start there, but at most positions only a
//! few premises of the plain graph start a loop or an AIC: on 500 diabolical puzzles a
//! search walks some 250 tables, and fewer than twenty hold anything the search reads.
//! Whether a table can hold a loop or an AIC's end depends only on the values it holds,
//! not on the paths to them; so the closure tells which premises to walk, and the others'
//! walks are skipped. A walk's table holds exactly what its premise reaches (short of the
//! cap on its length, which only drops values), so a premise passed over could not have
//! given anything. The grouped graph's premises are passed over the same way (on every
//! 29th puzzle of top1465 a grouped search walks two or three of some 340); forcing chains,
//! which read what every premise implies, read it from the closure, and walk a premise
//! only for the paths of a step they record.
//!
//! The closure comes from the graph's strongly connected components (Tarjan's algorithm,
//! which completes a component only after every component it links to): a component
//! reaches itself and what the components it links to reach. A link costs one union of
//! sets, where a walk per premise costs each premise every link it meets.

/// The values of a graph, numbered `0..nodes`, with their links, and what each reaches
/// among the first `kept` of them (the others are passed through, not recorded).
pub(super) struct Reach {
    /// Words per set.
    words: usize,
    /// Per value, [`CLOSED`] plus its component.
    mark: Vec<u32>,
    /// Per component, `words` words: the values it reaches, its own included.
    sets: Vec<u64>,
}

/// A value not yet met.
const NEW: u32 = u32::MAX;

/// Marks from here up are closed components (`CLOSED + c`); below, the numbers of the
/// values met in the order they were met. A number is never larger than a closed mark, so
/// taking the lower of the two never takes a closed one.
const CLOSED: u32 = 1 << 31;

/// Where the depth-first search is in one value's links: `next..end`.
struct Frame {
    value: u32,
    next: u32,
    end: u32,
}

/// Tarjan's search over a graph of lists (`links[starts[v]..starts[v + 1]]`).
struct Tarjan<'g> {
    starts: &'g [u32],
    links: &'g [u32],
    words: usize,
    kept: u32,
    /// Per value, [`NEW`], its number while its component is open, or its component's
    /// mark once closed.
    mark: Vec<u32>,
    /// Per value, the lowest number its subtree links back to.
    low: Vec<u32>,
    /// The values met whose components are not closed, in the order they were met.
    open: Vec<u32>,
    frames: Vec<Frame>,
    sets: Vec<u64>,
    /// Per closed component, the last component whose set took its set in: a component
    /// linked to by several of another's links is taken in once.
    taken_by: Vec<u32>,
    /// Components closed so far, the one of values without links included.
    closed: u32,
    count: u32,
}

impl Reach {
    /// The closure of the graph whose value `v` links to `links[starts[v]..starts[v + 1]]`
    /// (`starts` has one entry more than there are values), recorded for the values below
    /// `kept`: a union costs a word per 64 of them, and the values a search reads may be
    /// fewer than those the paths go through.
    pub(super) fn new(starts: &[u32], links: &[u32], kept: usize) -> Reach {
        let nodes = starts.len().saturating_sub(1);
        let kept = kept.min(nodes);
        let words = kept.div_ceil(64).max(1);
        let mut search = Tarjan {
            starts,
            links,
            words,
            kept: kept as u32,
            mark: vec![NEW; nodes],
            low: vec![0; nodes],
            open: Vec::with_capacity(nodes),
            frames: Vec::with_capacity(nodes),
            // Component 0 is every value without links (most "off" values: a digit with
            // no strong link), which reaches nothing: such a value is never searched
            // from, and a link to it adds the value alone. There are at most as many
            // other components as values.
            sets: Vec::with_capacity((nodes + 1) * words),
            taken_by: vec![u32::MAX; nodes + 1],
            closed: 1,
            count: 0,
        };
        search.sets.resize(words, 0);
        for v in 0..nodes {
            if starts[v] == starts[v + 1] {
                search.mark[v] = CLOSED;
            }
        }
        for root in 0..nodes as u32 {
            if search.mark[root as usize] == NEW {
                search.from(root);
            }
        }
        Reach {
            words,
            mark: search.mark,
            sets: search.sets,
        }
    }

    /// Words per set.
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// The component of `v`: values of one component reach the same values.
    pub(super) fn component(&self, v: usize) -> usize {
        (self.mark[v] - CLOSED) as usize
    }

    /// The values `v` reaches, itself included only where a cycle leads back to it.
    pub(super) fn of(&self, v: usize) -> &[u64] {
        let c = self.component(v);
        &self.sets[c * self.words..(c + 1) * self.words]
    }
}

impl Tarjan<'_> {
    /// Meets value `v`.
    fn enter(&mut self, v: u32) {
        self.mark[v as usize] = self.count;
        self.low[v as usize] = self.count;
        self.count += 1;
        self.open.push(v);
        self.frames.push(Frame {
            value: v,
            next: self.starts[v as usize],
            end: self.starts[v as usize + 1],
        });
    }

    /// Searches from `root`, closing every component met.
    fn from(&mut self, root: u32) {
        self.enter(root);
        while let Some(frame) = self.frames.last_mut() {
            let v = frame.value as usize;
            // A value's links are gone through here until one leads to a value not met,
            // with where it is and its low number kept at hand (through the frame, each
            // link waited on the one before).
            let (mut next, end) = (frame.next, frame.end);
            let mut low = self.low[v];
            let mut new = None;
            while next < end {
                let w = self.links[next as usize];
                next += 1;
                let m = self.mark[w as usize];
                if m == NEW {
                    new = Some(w);
                    break;
                }
                low = low.min(m);
            }
            self.low[v] = low;
            if let Some(w) = new {
                frame.next = next;
                self.enter(w);
                continue;
            }
            self.frames.pop();
            if let Some(parent) = self.frames.last() {
                let p = parent.value as usize;
                self.low[p] = self.low[p].min(low);
            }
            if low == self.mark[v] {
                self.close(v as u32);
            }
        }
    }

    /// Closes the component whose first value is `root`: its values are the open ones
    /// from `root` on. Its set is its values, the values they link to outside it and what
    /// those reach (their components were all closed before it).
    fn close(&mut self, root: u32) {
        let words = self.words;
        let c = self.closed;
        self.closed += 1;
        let from = self
            .open
            .iter()
            .rposition(|&v| v == root)
            .unwrap_or(self.open.len());
        for &v in &self.open[from..] {
            self.mark[v as usize] = CLOSED + c;
        }
        let base = c as usize * words;
        self.sets.resize(base + words, 0);
        let (done, this) = self.sets.split_at_mut(base);
        let kept = self.kept;
        // Links within the component: a lone value without one does not reach itself.
        let mut inside = false;
        for &v in &self.open[from..] {
            if v < kept {
                this[v as usize / 64] |= 1 << (v % 64);
            }
            let list =
                &self.links[self.starts[v as usize] as usize..self.starts[v as usize + 1] as usize];
            for &w in list {
                let d = self.mark[w as usize] - CLOSED;
                if d == c {
                    inside = true;
                    continue;
                }
                if d != 0 && self.taken_by[d as usize] != c {
                    self.taken_by[d as usize] = c;
                    for (o, &x) in this.iter_mut().zip(&done[d as usize * words..][..words]) {
                        *o |= x;
                    }
                }
                if w < kept {
                    this[w as usize / 64] |= 1 << (w % 64);
                }
            }
        }
        // A single value reaches itself only by a link to itself: a walk never meets its
        // premise again, so a lone value is left out of its own set.
        if !inside && root < kept {
            this[root as usize / 64] &= !(1 << (root % 64));
        }
        self.open.truncate(from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a plain walk reaches from `v`, for comparison.
    fn walked(starts: &[u32], links: &[u32], v: usize) -> Vec<bool> {
        let nodes = starts.len() - 1;
        let mut seen = vec![false; nodes];
        let mut todo = vec![v];
        while let Some(u) = todo.pop() {
            for &w in &links[starts[u] as usize..starts[u + 1] as usize] {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    todo.push(w as usize);
                }
            }
        }
        seen
    }

    /// On random graphs of every density, with cycles, chains and lone values, each value's
    /// set is what a walk from it reaches (itself only where a cycle returns to it).
    #[test]
    fn the_closure_is_what_walks_reach() {
        let mut rand = crate::techniques::testing::numbers_below(0x9E37_79B9_7F4A_7C15);
        let (mut reached, mut cyclic) = (0, 0);
        for round in 0..300 {
            let nodes = 1 + rand(if round < 150 { 8 } else { 150 }) as usize;
            let per = round % 4;
            let mut starts = vec![0u32];
            let mut links = Vec::new();
            for _ in 0..nodes {
                for _ in 0..rand(per as u64 + 1) {
                    links.push(rand(nodes as u64) as u32);
                }
                starts.push(links.len() as u32);
            }
            // Half the rounds record every value, half those below a random bound.
            let kept = if round % 2 == 0 {
                nodes
            } else {
                rand(nodes as u64 + 1) as usize
            };
            let reach = Reach::new(&starts, &links, kept);
            for v in 0..nodes {
                let want = walked(&starts, &links, v);
                let set = reach.of(v);
                assert_eq!(set.len(), kept.div_ceil(64).max(1));
                for (w, &yes) in want.iter().enumerate() {
                    let got = w < kept && set[w / 64] >> (w % 64) & 1 == 1;
                    assert_eq!(got, yes && w < kept, "{v} to {w} in {starts:?} {links:?}");
                }
                reached += want.iter().filter(|&&y| y).count();
                cyclic += usize::from(want[v]);
            }
        }
        assert!(reached > 50_000 && cyclic > 500, "{reached} {cyclic}");
    }
}
