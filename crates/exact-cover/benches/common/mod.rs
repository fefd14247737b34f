//! What the two comparison benches (`engines` and `ratio`) share: the problems, their published
//! solution counts, and the preparation of each problem for both engines.
//!
//! Both engines are handed the *same* problem: the file in `tests/data` is read once by
//! [`exact_cover::parse`], and the `dlx` input is derived from that parsed problem, items in the
//! same order (primary items first, as the file declares them) and options in the same order.
//! Both engines choose the item of minimum remaining length, ties to the leftmost, and try
//! options top to bottom, so they walk the same search tree: the comparison is of the
//! machinery, not of the search order. [`Prepared::check`] asserts this by comparing the
//! numbers of search-tree nodes too. (The update counters are not comparable: on the same tree
//! `dlx` counts somewhat fewer updates than Knuth's programs and ours do.)
//!
//! What is timed is "build the dancing links from an already parsed problem, then count every
//! solution", for both engines: our [`exact_cover::Solver::count`] builds its links from the
//! [`exact_cover::Problem`] inside the call, so the `dlx` side builds its problem from item
//! indices ([`dlx::x::make_problem`], [`dlx::c::make_problem`]) inside the timed part as well.
//! Reading text and resolving names stays outside for both.

// Each bench uses a different part of this module.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;

use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
use dlx::{Int, OptOrder, Uint};
use exact_cover::{ItemKind, Problem};

/// One benchmark problem: a file under `tests/data` and its published number of solutions.
#[derive(Debug, Clone, Copy)]
pub struct Case {
    /// Short name, also the file's stem.
    pub name: &'static str,
    /// The file's text, compiled into the bench.
    pub text: &'static str,
    /// The number of solutions found in the literature (see `tests/data` and the notes here).
    pub expected: u64,
}

macro_rules! data {
    ($name:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/",
            $name,
            ".dlx"
        ))
    };
}

/// The five problems both benches always run, shortest search first (about 0.1 s to 0.7 s
/// each on a 2.5 GHz Xeon).
///
/// - `langford-11`: 17792 Langford pairings for n = 11 (OEIS A014552), times 2 for mirror
///   images = 35584.
/// - `queens-13`: 73712 solutions of the 13-queens problem (OEIS A000170).
/// - `soma`: 240 essentially different Soma cubes, times the 48 symmetries of the cube = 11520.
/// - `xcc-color-grid5x5-k3`: 580986 proper 3-colourings of the 5x5 grid graph (the file's
///   header; a transfer-matrix count).
/// - `pentomino-scott-8x8`: Dana Scott's 1958 problem, 65 placements up to symmetry, times the
///   8 symmetries of the board = 520.
pub const CASES: [Case; 5] = [
    Case {
        name: "langford-11",
        text: data!("langford-11"),
        expected: 35584,
    },
    Case {
        name: "queens-13",
        text: data!("queens-13"),
        expected: 73712,
    },
    Case {
        name: "soma",
        text: data!("soma"),
        expected: 11520,
    },
    Case {
        name: "xcc-color-grid5x5-k3",
        text: data!("xcc-color-grid5x5-k3"),
        expected: 580986,
    },
    Case {
        name: "pentomino-scott-8x8",
        text: data!("pentomino-scott-8x8"),
        expected: 520,
    },
];

/// The long problem, run by `ratio` only with `BENCH_LONG=1`: 2339 ways to pack the twelve
/// pentominoes into a 6x10 box, times the 4 symmetries of the box = 9356.
pub const LONG_CASE: Case = Case {
    name: "pentomino-6x10",
    text: data!("pentomino-6x10"),
    expected: 9356,
};

/// The problem in the form `dlx` builds its links from: item indices (primary items first),
/// and for the coloured problem a colour per use (0 for none).
#[derive(Debug, Clone)]
pub enum DlxInput {
    /// Plain exact cover, solved by `dlx::x` (Algorithm X).
    Plain {
        /// Number of primary items.
        primary: Uint,
        /// Number of secondary items.
        secondary: Uint,
        /// Options as item indices.
        options: Vec<Vec<Uint>>,
    },
    /// Exact cover with colours, solved by `dlx::c` (Algorithm C).
    Colored {
        /// Number of primary items.
        primary: Uint,
        /// Number of secondary items.
        secondary: Uint,
        /// Options as (item index, colour) pairs, colour 0 meaning none.
        options: Vec<Vec<(Uint, Int)>>,
    },
}

/// A [`Case`] parsed and prepared for both engines.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The case.
    pub case: Case,
    /// Our problem.
    pub problem: Problem,
    /// The same problem for `dlx`.
    pub dlx: DlxInput,
    /// The same problem as text that `dlx::Spec` accepts (names and colours renamed), used
    /// once to check that `dlx`'s own reader agrees with [`DlxInput`].
    pub dlx_text: String,
}

/// What one count returned: solutions, and search-tree nodes as Knuth counts them (one node
/// per solution included), which are the same for both engines when they walk the same tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Solutions found.
    pub solutions: u64,
    /// Search-tree nodes.
    pub nodes: u64,
}

/// Characters `dlx` accepts as a one-character colour name.
const COLOR_CHARS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Prepared {
    /// Parses `case` and derives the `dlx` input. Panics (the bench cannot go on) if the file
    /// does not parse, uses multiplicities (which neither bench compares) or has more colours
    /// than `dlx` can name.
    pub fn new(case: Case) -> Prepared {
        let parsed = exact_cover::parse(case.text)
            .unwrap_or_else(|e| panic!("{}: the problem file does not parse: {e}", case.name));
        let problem = parsed.problem;
        assert!(
            !problem.has_multiplicities(),
            "{}: MCC problems are not compared",
            case.name
        );

        // Primary items first, in their order, then secondary items: `dlx`'s numbering.
        let primaries: Vec<usize> = (0..problem.items().len())
            .filter(|&k| matches!(problem.items()[k].kind, ItemKind::Primary { .. }))
            .collect();
        let secondaries: Vec<usize> = (0..problem.items().len())
            .filter(|&k| problem.items()[k].kind == ItemKind::Secondary)
            .collect();
        let mut index = vec![0 as Uint; problem.items().len()];
        for (new, &old) in primaries.iter().chain(&secondaries).enumerate() {
            index[old] = new as Uint;
        }

        // Colours are numbered from 1 in order of first use; `dlx` takes any non-zero integer.
        let mut colors: HashMap<exact_cover::ColorId, usize> = HashMap::new();
        let mut color_of = |c: exact_cover::ColorId| {
            let next = colors.len() + 1;
            *colors.entry(c).or_insert(next)
        };
        let uses: Vec<Vec<(Uint, usize)>> = problem
            .options()
            .map(|o| {
                o.iter()
                    .map(|u| (index[u.item.index()], u.color.map_or(0, &mut color_of)))
                    .collect()
            })
            .collect();
        let color_count = colors.len();
        assert!(
            color_count <= COLOR_CHARS.len(),
            "{}: {color_count} colours, more than dlx can name",
            case.name
        );

        let primary = primaries.len() as Uint;
        let secondary = secondaries.len() as Uint;
        let dlx = if problem.has_colors() {
            let options = uses
                .iter()
                .map(|o| o.iter().map(|&(i, c)| (i, color_value(c))).collect())
                .collect();
            DlxInput::Colored {
                primary,
                secondary,
                options,
            }
        } else {
            let options = uses
                .iter()
                .map(|o| o.iter().map(|&(i, _)| i).collect())
                .collect();
            DlxInput::Plain {
                primary,
                secondary,
                options,
            }
        };

        // `dlx::Spec` wants item names of letters, digits and `#`, and one-character colours:
        // items become `i<k>` in `dlx`'s order, colours the characters of COLOR_CHARS.
        let mut dlx_text = String::new();
        for k in 0..primary {
            let _ = write!(dlx_text, "i{k} ");
        }
        if secondary > 0 {
            dlx_text.push('|');
            for k in primary..primary + secondary {
                let _ = write!(dlx_text, " i{k}");
            }
        }
        dlx_text.push('\n');
        for option in &uses {
            let words: Vec<String> = option
                .iter()
                .map(|&(i, c)| match c {
                    0 => format!("i{i}"),
                    c => format!("i{i}:{}", COLOR_CHARS[c - 1] as char),
                })
                .collect();
            dlx_text.push_str(&words.join(" "));
            dlx_text.push('\n');
        }

        Prepared {
            case,
            problem,
            dlx,
            dlx_text,
        }
    }

    /// Counts with our engine (links built inside, as `count` does).
    pub fn count_ours(&self) -> Tally {
        let count = self.problem.solver().count();
        Tally {
            solutions: count.solutions,
            nodes: count.stats.nodes,
        }
    }

    /// Counts with `dlx`: builds its problem from [`DlxInput`], then asks for solutions until
    /// there are none, choosing items by minimum remaining values, ties to the leftmost.
    pub fn count_dlx(&self) -> Tally {
        match &self.dlx {
            DlxInput::Plain {
                primary,
                secondary,
                options,
            } => {
                let mut problem =
                    dlx::x::make_problem(*primary, *secondary, options, OptOrder::Seq);
                run_dlx(&mut problem)
            }
            DlxInput::Colored {
                primary,
                secondary,
                options,
            } => {
                let mut problem =
                    dlx::c::make_problem(*primary, *secondary, options, OptOrder::Seq);
                run_dlx(&mut problem)
            }
        }
    }

    /// Counts with `dlx` after reading [`Prepared::dlx_text`] with its own `Spec` reader.
    pub fn count_dlx_from_spec(&self) -> Tally {
        let spec = dlx::Spec::new(&self.dlx_text, false)
            .unwrap_or_else(|e| panic!("{}: dlx::Spec rejects the text: {e}", self.case.name));
        match &self.dlx {
            DlxInput::Plain { .. } => {
                let mut problem = dlx::x::Problem::from_spec(&spec, OptOrder::Seq)
                    .unwrap_or_else(|e| panic!("{}: dlx::x rejects the spec: {e}", self.case.name));
                run_dlx(&mut problem)
            }
            DlxInput::Colored { .. } => {
                let mut problem = dlx::c::Problem::from_spec(&spec)
                    .unwrap_or_else(|e| panic!("{}: dlx::c rejects the spec: {e}", self.case.name));
                run_dlx(&mut problem)
            }
        }
    }

    /// Runs both engines once (and `dlx` a second time through its own reader) and panics
    /// unless all of them find the published number of solutions in the same search tree.
    pub fn check(&self) {
        let name = self.case.name;
        let expected = self.case.expected;
        let ours = self.count_ours();
        let theirs = self.count_dlx();
        let via_spec = self.count_dlx_from_spec();
        assert_eq!(
            ours.solutions, expected,
            "{name}: exact_cover found a wrong number of solutions"
        );
        assert_eq!(
            theirs.solutions, expected,
            "{name}: dlx found a wrong number of solutions"
        );
        assert_eq!(
            via_spec, theirs,
            "{name}: dlx's Spec reader and our conversion disagree"
        );
        assert_eq!(
            ours.nodes, theirs.nodes,
            "{name}: the engines walked different search trees"
        );
    }
}

/// The integer `dlx` stores for colour number `c` (1-based; 0 means no colour): the code of
/// the character that names it in [`Prepared::dlx_text`], as `dlx::Spec` would store it.
fn color_value(c: usize) -> Int {
    if c == 0 {
        0
    } else {
        Int::from(COLOR_CHARS[c - 1])
    }
}

fn run_dlx<P: dlx::Solve>(problem: &mut P) -> Tally {
    let mut solver = dlx::Solver::new(problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solutions = 0;
    while solver.next_solution(&mut chooser) {
        solutions += 1;
    }
    // `dlx`'s profile counts, level by level, the nodes where it chose an item; Knuth's
    // programs and ours also count one node for each solution found.
    let chose: usize = solver.get_profile().iter().sum();
    Tally {
        solutions,
        nodes: chose as u64 + solutions,
    }
}
