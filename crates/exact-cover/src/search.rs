//! The backtracking search as a resumable state machine.
//!
//! Two algorithms share the state:
//! * **Algorithm C** (Knuth's DLX1, and DLX2 with colours) for problems where every primary
//!   item is covered exactly once. `COLOR = false` compiles the colour tests away.
//! * **Algorithm M** (DLX3) for primary items with multiplicities `u:v`. It generalises C, but
//!   costs more per node, so it is used only when some bounds differ from `1:1`.
//!
//! Each follows Knuth's program step for step (the labels below are his: forward, advance,
//! backup, recover; M2..M9), so that the counts of nodes and updates match his programs
//! exactly. The machine stops at a solution, at a node allowance, or at the end, and resumes
//! where it stopped: that makes the solution iterator lazy and lets a caller show progress or
//! stop a long search from outside.
//!
//! For parallel counting the same machine can (a) stop descending at a `cutoff` level and
//! record the path to each node there (its *prefix*, the index of the option tried at each
//! level), and (b) replay a prefix, trying only the given option at each of the first levels.
//! The subtrees below different prefixes are disjoint and together make the whole tree.

use crate::links::{Links, Node};
use crate::rng::Rng;

/// What Algorithm C needs from a data structure: the dancing links of DLX1/DLX2
/// ([`Links`]) or the sparse sets of dancing cells ([`crate::cells::Cells`]).
///
/// The options of the item branched on are walked with a *cursor*: a node for links, a
/// position in the item's frozen set for cells.
pub(crate) trait Structure: Clone {
    /// How many levels a search can reach, at most.
    fn depth(&self) -> usize;
    /// The primary item to branch on and its number of options.
    fn choose(&mut self, rng: &mut Option<Rng>) -> (u32, u32);
    fn cover<const COLOR: bool>(&mut self, i: u32);
    fn uncover<const COLOR: bool>(&mut self, i: u32);
    /// The cursor at item `i`'s first option, after `i` has been covered.
    fn first(&self, i: u32) -> u32;
    fn next(&self, cursor: u32) -> u32;
    fn is_end(&self, i: u32, cursor: u32) -> bool;
    /// The option node a cursor stands on.
    fn node_at(&self, cursor: u32) -> u32;
    /// The item of option node `x`.
    fn item_of(&self, x: u32) -> u32;
    /// The cursor standing on option node `x` of the item just covered.
    fn cursor_of(&self, x: u32) -> u32;
    /// Covers (or purifies) every other item of the option of node `x`; false where the
    /// option is abandoned without a node because it leaves an item with no option (the
    /// caller then undoes it with [`Structure::uncommit_rest`] as usual).
    fn commit_rest<const COLOR: bool>(&mut self, x: u32) -> bool;
    fn uncommit_rest<const COLOR: bool>(&mut self, x: u32);
    /// Undoes [`Structure::commit_rest`] where the level is left right after; a structure
    /// whose level above restores everything anyway may skip the work.
    fn abandon_rest<const COLOR: bool>(&mut self, x: u32) {
        self.uncommit_rest::<COLOR>(x);
    }
    fn all_covered(&self) -> bool;
    /// Whether the search is known to be empty before it starts (no node is counted then).
    fn hopeless(&self) -> bool {
        false
    }
    fn updates(&self) -> u64;
    /// The problem's option index at a cursor kept in a solution (`None` for a pseudo-choice).
    fn option_at(&self, cursor: u32) -> Option<usize>;
    /// Runs Algorithm M (multiplicities), which only dancing links implement.
    fn run_multiple(engine: &mut Engine<Self>, until: u64) -> Event {
        let _ = (engine, until);
        unreachable!("multiplicities are searched with dancing links")
    }
}

/// Which algorithm the problem needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Algorithm {
    /// Exact cover, no colours (DLX1).
    Plain,
    /// Exact cover with colours (DLX2).
    Colored,
    /// Multiplicities, with or without colours (DLX3).
    Multiple,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    /// Where a search resumes after a pause: entering a level (C's forward step, M2).
    Forward,
    /// Algorithm C after a solution: the option just tried is taken back.
    Recover,
    /// Algorithm M after a solution: M9, the level is left.
    Leave,
    Done,
}

/// The level arrays `choice`, `best`, `sibling` and `degree`, held in a search loop's locals
/// while it runs (with the level and the counts; all are put back in the engine when it
/// returns) so that the compiler keeps them in registers across the stores into the links,
/// where through `self` it would reload the arrays' data pointers after every such store.
type Levels = (Vec<u32>, Vec<u32>, Vec<u32>, Vec<u32>);

/// Why a call to [`Engine::run`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Event {
    Solution,
    Paused,
    Done,
}

/// The search state.
#[derive(Debug, Clone)]
pub(crate) struct Engine<S> {
    pub links: S,
    algorithm: Algorithm,
    label: Label,
    level: usize,
    /// `x_l`: the node (or, in M, the item header for "no more options") tried at each level.
    choice: Vec<u32>,
    /// The item branched on at each level.
    best: Vec<u32>,
    /// M: the first node tweaked at each level.
    first_tweak: Vec<u32>,
    /// Which option (0-based) of the level's item is being tried.
    pub sibling: Vec<u32>,
    /// How many options the item had when chosen (M: the branch degree).
    pub degree: Vec<u32>,
    /// Levels `0..forced.len()` try only option `forced[l]`.
    forced: Vec<u32>,
    /// Levels at and below which the enumerator does not descend.
    cutoff: usize,
    /// Prefixes recorded at the cutoff.
    pub prefixes: Vec<Vec<u32>>,
    /// When replaying a prefix: the counts at the moment the replay reached its subtree.
    pub path_counts: Option<(u64, u64)>,
    rng: Option<Rng>,
    /// Number of levels of the last solution.
    solution_len: usize,
    pub nodes: u64,
    pub solutions: u64,
    /// Whether `run` stops at each solution (to hand it out) or only counts it.
    pub yield_solutions: bool,
}

impl<S: Structure> Engine<S> {
    pub fn new(links: S, algorithm: Algorithm, rng: Option<Rng>) -> Engine<S> {
        let depth = links.depth();
        let label = if links.hopeless() {
            Label::Done
        } else {
            Label::Forward
        };
        Engine {
            links,
            algorithm,
            label,
            level: 0,
            choice: vec![0; depth],
            best: vec![0; depth],
            first_tweak: vec![0; depth],
            sibling: vec![0; depth],
            degree: vec![0; depth],
            forced: Vec::new(),
            cutoff: usize::MAX,
            prefixes: Vec::new(),
            path_counts: None,
            rng,
            solution_len: 0,
            nodes: 0,
            solutions: 0,
            yield_solutions: true,
        }
    }

    /// Stop descending at `level` and record the prefix of every node there.
    pub fn set_cutoff(&mut self, level: usize) {
        self.cutoff = level;
    }

    /// Explore only the subtree below `prefix`: in Algorithm C the option node taken at each
    /// of the first levels (structures whose sets change order as they are searched, like
    /// dancing cells, cannot name an option by its place), in M the option's place.
    pub fn set_forced(&mut self, prefix: Vec<u32>) {
        self.forced = prefix;
    }

    pub fn is_done(&self) -> bool {
        self.label == Label::Done
    }

    /// Runs until a solution, the end, or until `nodes` reaches `until`.
    pub fn run(&mut self, until: u64) -> Event {
        match self.algorithm {
            Algorithm::Plain => self.run_c::<false>(until),
            Algorithm::Colored => self.run_c::<true>(until),
            Algorithm::Multiple => S::run_multiple(self, until),
        }
    }

    /// The options of the last solution found, as problem indices, in level order.
    pub fn solution(&self) -> Vec<usize> {
        self.choice[..self.solution_len]
            .iter()
            .filter_map(|&x| self.links.option_at(x))
            .collect()
    }

    pub fn updates(&self) -> u64 {
        self.links.updates()
    }

    /// Algorithm C as structured loops. Knuth writes it with labels (forward, advance,
    /// backup, recover); a `match` on such a label at every step costs an unpredictable
    /// indirect jump per step, so the label is kept only where the machine stops and resumes
    /// (at `Forward` after a pause, at `Recover` after a solution).
    fn run_c<const COLOR: bool>(&mut self, until: u64) -> Event {
        if self.label == Label::Done {
            return Event::Done;
        }
        let (mut l, mut nodes, mut solutions) = (self.level, self.nodes, self.solutions);
        let (mut choice, mut best, mut sibling, mut degree) = self.take_levels();
        let forced = self.forced.len();
        let depth = choice.len();
        let mut recover = self.label == Label::Recover;
        let (label, event) = 'search: loop {
            debug_assert!(l < depth);
            if !recover {
                // Forward: enter level l and branch on the item with fewest options.
                if nodes >= until {
                    break (Label::Forward, Event::Paused);
                }
                if self.links.all_covered() {
                    // Only at level 0, when there is no primary item: the empty solution.
                    nodes += 1;
                    solutions += 1;
                    self.solution_len = 0;
                    break (Label::Done, Event::Solution);
                }
                if l == forced && self.path_counts.is_none() {
                    self.path_counts = Some((nodes, self.links.updates()));
                }
                nodes += 1;
                // A forced level takes the item of the given option, and that option only.
                let forced_option = (l < forced).then(|| at(&self.forced, l));
                let (i, len) = match forced_option {
                    Some(x) => (self.links.item_of(x), 1),
                    None => self.links.choose(&mut self.rng),
                };
                *at_mut(&mut best, l) = i;
                *at_mut(&mut degree, l) = len;
                *at_mut(&mut sibling, l) = 0;
                self.links.cover::<COLOR>(i);
                *at_mut(&mut choice, l) = match forced_option {
                    Some(x) => self.links.cursor_of(x),
                    None => self.links.first(i),
                };
            }
            loop {
                if recover {
                    // Recover: take back the option tried at level l and go to the next one,
                    // or back up when there is none (a forced level has no next one).
                    recover = false;
                    let cursor = at(&choice, l);
                    let i = at(&best, l);
                    let next = self.links.next(cursor);
                    if l < forced || self.links.is_end(i, next) {
                        self.links.abandon_rest::<COLOR>(self.links.node_at(cursor));
                        self.links.uncover::<COLOR>(i);
                        if l == 0 {
                            break 'search (Label::Done, Event::Done);
                        }
                        l -= 1;
                        recover = true;
                        continue;
                    }
                    self.links
                        .uncommit_rest::<COLOR>(self.links.node_at(cursor));
                    *at_mut(&mut choice, l) = next;
                    *at_mut(&mut sibling, l) += 1;
                }
                // Advance: try the option at the cursor, or back up when there is none left.
                let cursor = at(&choice, l);
                let i = at(&best, l);
                if self.links.is_end(i, cursor) {
                    self.links.uncover::<COLOR>(i);
                    if l == 0 {
                        break 'search (Label::Done, Event::Done);
                    }
                    l -= 1;
                    recover = true;
                    continue;
                }
                if !self.links.commit_rest::<COLOR>(self.links.node_at(cursor)) {
                    recover = true;
                    continue;
                }
                if self.links.all_covered() {
                    nodes += 1;
                    solutions += 1;
                    recover = true;
                    if self.yield_solutions {
                        self.solution_len = l + 1;
                        break 'search (Label::Recover, Event::Solution);
                    }
                    continue;
                }
                if l + 1 == self.cutoff {
                    let path = choice[..=l].iter().map(|&c| self.links.node_at(c));
                    self.prefixes.push(path.collect());
                    recover = true;
                    continue;
                }
                l += 1;
                continue 'search;
            }
        };
        let levels = (choice, best, sibling, degree);
        self.put_back(label, (l, nodes, solutions), levels);
        event
    }

    /// Takes the level arrays out of the engine, into the search loop's locals.
    fn take_levels(&mut self) -> Levels {
        (
            std::mem::take(&mut self.choice),
            std::mem::take(&mut self.best),
            std::mem::take(&mut self.sibling),
            std::mem::take(&mut self.degree),
        )
    }

    /// Puts back the search loop's state when it returns, with the label to resume at.
    fn put_back(&mut self, label: Label, (l, nodes, solutions): (usize, u64, u64), levels: Levels) {
        (self.label, self.level, self.nodes, self.solutions) = (label, l, nodes, solutions);
        (self.choice, self.best, self.sibling, self.degree) = levels;
    }

    /// Knuth's estimate of the fraction of the tree already explored: the position of the
    /// current path read as a mixed-radix fraction, with half of the current node.
    pub fn progress(&self) -> f64 {
        if self.label == Label::Done {
            return 1.0;
        }
        let mut fraction = 0.0;
        let mut scale = 1.0;
        let top = self.level.min(self.choice.len().saturating_sub(1));
        for l in 0..=top {
            let d = self.degree[l].max(1) as f64;
            scale /= d;
            fraction += self.sibling[l].min(self.degree[l]) as f64 * scale;
        }
        (fraction + scale / 2.0).min(1.0)
    }
}

/// Algorithm M works on dancing links only.
impl Engine<Links> {
    /// Algorithm M: the item of minimum branch degree `len + 1 - max(bound - slack, 0)`;
    /// ties go to the smaller slack, then to the longer list, then to the leftmost (or, with
    /// a seed, to a random one of the tied items, each equally likely). The three keys are
    /// packed into one integer, compared once per item, and read without bounds checks:
    /// this walk was a fifth of the instructions on the rooks problems. (A scan of every
    /// primary item in index order instead of the walk, inactive ones passed over, as
    /// Algorithm C chooses from 64 items on: 1.3-1.4 times the CPU time on rooks 8-8 and 8-4,
    /// on a 2-core Intel Xeon, 2026-12-02.)
    fn choose_m(&mut self) -> (u32, i64) {
        let links = &self.links;
        let mut best = 0;
        let mut best_key = u128::MAX;
        let mut ties = 0u64;
        let mut k = links.right_of(0);
        while k != 0 {
            let key = m_key(links.len(k), links.bound_of(k), links.slack_of(k));
            if key < best_key {
                best = k;
                best_key = key;
                ties = 1;
            } else if key == best_key
                && let Some(rng) = self.rng.as_mut()
            {
                ties += 1;
                if rng.below(ties) == 0 {
                    best = k;
                }
            }
            k = links.right_of(k);
        }
        if best == 0 {
            return (0, i64::MAX);
        }
        let theta = m_theta(links.len(best), links.bound_of(best), links.slack_of(best));
        (best, theta)
    }

    /// M6: the other items of option `x`: primary ones lose one from their bound (and are
    /// covered at zero), secondary ones are committed.
    fn commit_rest_m<const COLOR: bool>(&mut self, x: u32) {
        let n1 = self.links.n1 as i32;
        let mut p = x + 1;
        while p != x {
            let Node { top, up, .. } = *self.links.nd(p);
            if top <= 0 {
                p = up;
                continue;
            }
            if top <= n1 {
                let j = top as usize;
                if self.links.add_bound(j as u32, -1) == 0 {
                    self.links.cover::<COLOR>(j as u32);
                }
            } else {
                self.links.commit::<COLOR>(p, top as u32);
            }
            p += 1;
        }
    }

    /// M7: undoes [`Engine::commit_rest_m`].
    fn uncommit_rest_m<const COLOR: bool>(&mut self, x: u32) {
        let n1 = self.links.n1 as i32;
        let mut p = x - 1;
        while p != x {
            let Node { top, down, .. } = *self.links.nd(p);
            if top <= 0 {
                p = down;
                continue;
            }
            if top <= n1 {
                let j = top as usize;
                if self.links.add_bound(j as u32, 1) == 1 {
                    self.links.uncover::<COLOR>(j as u32);
                }
            } else {
                self.links.uncommit::<COLOR>(p, top as u32);
            }
            p -= 1;
        }
    }

    /// Removes the first option `x` of item `i`'s list for the rest of this level; with
    /// `block`, also hides it from the other items (unless `i` is covered, they already are).
    fn tweak<const COLOR: bool>(&mut self, x: u32, i: u32, block: bool) {
        if block {
            self.links.hide::<COLOR>(x);
        }
        let d = self.links.nd(x).down;
        self.links.nd_mut(i).down = d;
        self.links.nd_mut(d).up = i;
        self.links.lens[i as usize] -= 1;
        self.links.updates += 1;
    }

    /// Puts back every option tweaked at level `l`, in order, and restores `i`'s length.
    fn untweak<const COLOR: bool>(&mut self, l: usize, i: u32, unblock: bool) {
        let a = at(&self.first_tweak, l);
        let z = self.links.nd(i).down;
        self.links.nd_mut(i).down = a;
        let (mut x, mut y, mut k) = (a, i, 0);
        while x != z {
            self.links.nd_mut(x).up = y;
            k += 1;
            if unblock {
                self.links.unhide::<COLOR>(x);
            }
            y = x;
            x = self.links.nd(x).down;
        }
        self.links.nd_mut(z).up = y;
        self.links.lens[i as usize] += k;
    }

    /// M8: restores item `i` branched on at level `l` (its options, its tweaks, its bound).
    #[inline(always)]
    fn restore_m<const COLOR: bool>(&mut self, l: usize, i: u32) {
        let (b, s) = (self.links.bound_of(i), self.links.slack_of(i));
        if b == 0 && s == 0 {
            self.links.uncover::<COLOR>(i);
        } else {
            self.untweak::<COLOR>(l, i, b != 0);
            if b == 0 {
                self.links.uncover::<COLOR>(i);
            }
        }
        self.links.add_bound(i, 1);
    }

    /// Algorithm M as structured loops, as [`Engine::run_c`] is for Algorithm C: Knuth's
    /// labels M2 to M9 become the loops below, so that going from one step to the next is a
    /// direct branch. (With a `match` on a label at every step the rooks searches took about
    /// six unpredictable indirect jumps a node.) The label is kept only where the machine
    /// stops and resumes: at `Forward` (M2) after a pause, at `Leave` (M9) after a solution.
    pub(crate) fn run_m<const COLOR: bool>(&mut self, until: u64) -> Event {
        if self.label == Label::Done {
            return Event::Done;
        }
        let (mut l, mut nodes, mut solutions) = (self.level, self.nodes, self.solutions);
        let (mut choice, mut best, mut sibling, mut degree) = self.take_levels();
        let forced = self.forced.len();
        let mut leave = self.label == Label::Leave;
        let (label, event) = 'search: loop {
            if !leave {
                // M2: enter level l.
                if nodes >= until {
                    break (Label::Forward, Event::Paused);
                }
                if self.links.all_covered() {
                    nodes += 1;
                    solutions += 1;
                    leave = true;
                    if self.yield_solutions {
                        self.solution_len = l;
                        break (Label::Leave, Event::Solution);
                    }
                    continue;
                }
                if l == self.cutoff {
                    self.prefixes.push(sibling[..l].to_vec());
                    leave = true;
                    continue;
                }
                if self.path_counts.is_none() && l == forced {
                    self.path_counts = Some((nodes, self.links.updates));
                }
                nodes += 1;
                // M3: choose the item i to branch on.
                let (i, theta) = self.choose_m();
                if theta <= 0 {
                    leave = true;
                    continue;
                }
                // M4: prepare to branch on i.
                *at_mut(&mut best, l) = i;
                *at_mut(&mut degree, l) = theta as u32;
                *at_mut(&mut sibling, l) = 0;
                let x = self.links.nd(i).down;
                let b = self.links.add_bound(i, -1);
                if b == 0 {
                    self.links.cover::<COLOR>(i);
                }
                if b != 0 || self.links.slack_of(i) != 0 {
                    *at_mut(&mut self.first_tweak, l) = x;
                }
                *at_mut(&mut choice, l) = x;
            }
            'level: loop {
                if !leave {
                    let i = at(&best, l);
                    // M5: possibly tweak x_l, and M6: try it, or go to M8.
                    loop {
                        let x = at(&choice, l);
                        let (b, s) = (self.links.bound_of(i), self.links.slack_of(i));
                        if b == 0 && s == 0 {
                            if x == i {
                                break;
                            }
                        } else if (self.links.len(i) as i64) <= (b - s) as i64 {
                            break;
                        } else if x != i {
                            self.tweak::<COLOR>(x, i, b != 0);
                        } else if b != 0 {
                            self.links.unlink_item(i);
                        }
                        if l < forced && at(&sibling, l) < at(&self.forced, l) {
                            debug_assert!(x != i);
                            *at_mut(&mut choice, l) = self.links.nd(x).down;
                            *at_mut(&mut sibling, l) += 1;
                            continue;
                        }
                        if x != i {
                            self.commit_rest_m::<COLOR>(x);
                        }
                        l += 1;
                        continue 'search;
                    }
                    // M8: restore i.
                    self.restore_m::<COLOR>(l, i);
                }
                leave = false;
                // M9: leave level l, until a level has an option to try again (M7).
                loop {
                    if l == 0 {
                        break 'search (Label::Done, Event::Done);
                    }
                    l -= 1;
                    let (i, x) = (at(&best, l), at(&choice, l));
                    if x == i {
                        self.links.relink_item(i);
                        self.restore_m::<COLOR>(l, i);
                        continue;
                    }
                    // M7: try again.
                    self.uncommit_rest_m::<COLOR>(x);
                    if l < forced {
                        self.restore_m::<COLOR>(l, i);
                        continue;
                    }
                    *at_mut(&mut choice, l) = self.links.nd(x).down;
                    *at_mut(&mut sibling, l) += 1;
                    continue 'level;
                }
            }
        };
        let levels = (choice, best, sibling, degree);
        self.put_back(label, (l, nodes, solutions), levels);
        event
    }
}

/// Algorithm M's branch degree of an item: `len + 1 - max(bound - slack, 0)`.
#[inline(always)]
fn m_theta(len: u32, bound: i32, slack: i32) -> i64 {
    len as i64 + 1 - (bound - slack).max(0) as i64
}

/// Algorithm M's choice key as one integer, least first: the branch degree, then the slack,
/// then the longer list (the leftmost of equal keys is taken by the walk). The degree is at
/// least `-2^31` and the slack is not negative, so each field is a non-negative offset.
#[inline(always)]
fn m_key(len: u32, bound: i32, slack: i32) -> u128 {
    let theta = (m_theta(len, bound, slack) + (1 << 33)) as u64;
    (theta as u128) << 64 | (slack as u32 as u128) << 32 | (u32::MAX - len) as u128
}

/// Reads `v[i]` where `i` is a level below the depth bound the engine was sized for.
#[inline(always)]
fn at<T: Copy>(v: &[T], i: usize) -> T {
    debug_assert!(i < v.len());
    // SAFETY: levels never exceed the depth computed in `Engine::new` (each level covers at
    // least one primary item or, in M, uses up one unit of a bound or one item), and the
    // level arrays have that length; `forced` is read only below its length.
    unsafe { *v.get_unchecked(i) }
}

/// Writes `v[i]`; see [`at`].
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < v.len());
    // SAFETY: as in `at`.
    unsafe { v.get_unchecked_mut(i) }
}
