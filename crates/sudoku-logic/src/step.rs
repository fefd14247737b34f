//! [`Step`]: one deduction as data — what it places or removes and which cells, candidates and
//! houses play which part — from which every front end draws and every text is rendered.

use std::fmt;

use serde::{Serialize, Serializer};
use sudoku_core::{Candidate, Cell, Digit, House};

use crate::chain::{AlsGroup, Chain};
use crate::technique::Technique;

/// The part a cell, candidate or house plays in a step; the drawing colour follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// A base house of a fish, the house a single or subset lives in, the box of a pointing
    /// pair.
    Base,
    /// A cover house of a fish, the house a locked candidate clears.
    Cover,
    /// A candidate or cell of the pattern itself (subset cells, fish corners, wing cells).
    Pattern,
    /// A fin of a finned fish.
    Fin,
    /// An endo fin (a fin inside a cover house).
    EndoFin,
    /// An extra candidate of a uniqueness pattern: a digit beyond the rectangle's pair, which
    /// keeps its corners from the deadly pattern (drawn as fins are, but not called fins).
    Extra,
    /// First colour of a colouring (or the "on" side of a chain).
    ColorA,
    /// Second colour.
    ColorB,
    /// A strong link (exactly one end is true).
    LinkStrong,
    /// A weak link (at most one end is true).
    LinkWeak,
    /// A candidate the step removes.
    Removed,
    /// A digit the step places.
    Placed,
    /// Why a single holds: a placed digit its cell sees, or that keeps the digit out of the
    /// other cells of its house, and the houses it is seen in ([`crate::Logic::explain_single`]).
    Seen,
}

/// What a highlight points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// A whole cell.
    Cell(Cell),
    /// One candidate of a cell.
    Candidate(Candidate),
    /// A whole house.
    House(House),
}

impl fmt::Display for Target {
    /// `r1c2`, `5r1c2` or `b3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cell(c) => write!(f, "{c}"),
            Target::Candidate(c) => write!(f, "{c}"),
            Target::House(h) => write!(f, "{h}"),
        }
    }
}

impl Serialize for Target {
    /// The text form: `r1c2`, `5r1c2` or `b3` (the kind is clear from the text).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A target with its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Highlight {
    /// The cell, candidate or house.
    pub target: Target,
    /// Its part in the step.
    pub role: Role,
}

/// One deduction.
///
/// `digits` are the digits the pattern is built on (HoDoKu's "values": the subset digits, the
/// fish digit, the rectangle's pair); `placements` and `eliminations` are the effect;
/// `highlights` say which cells, candidates and houses make the pattern. Text is rendered from
/// this data ([`Step::explain`]); nothing else is stored.
///
/// ```
/// use sudoku_core::{Candidate, Cell, Digit, House};
/// use sudoku_logic::{Lang, Role, Step, Technique};
///
/// let d = |v| Digit::new(v).unwrap();
/// let mut step = Step::new(Technique::NakedPair, vec![d(2), d(5)]);
/// step.add_cell(Cell::new(0, 1), Role::Pattern);
/// step.add_cell(Cell::new(0, 2), Role::Pattern);
/// step.add_house(House::Row(0), Role::Base);
/// step.eliminate(Candidate { cell: Cell::new(0, 0), digit: d(2) });
/// step.eliminate(Candidate { cell: Cell::new(0, 6), digit: d(2) });
/// assert_eq!(
///     step.explain(Lang::En),
///     "Naked Pair 2,5 in r1c23: removes 2 from r1c1, r1c7. r1c2 and r1c3 hold only 2 and 5 \
///      between them, so those 2 digits fill those 2 cells and leave the other cells of r1."
/// );
/// assert!(step.explain(Lang::Zh).starts_with("显性数对 2、5 在 r1c23：删除 r1c1、r1c7 的 2。"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The digits of the pattern, ascending.
    #[serde(serialize_with = "ser_digits")]
    pub digits: Vec<Digit>,
    /// Digits placed, in cell order.
    #[serde(serialize_with = "ser_list")]
    pub placements: Vec<Candidate>,
    /// Candidates removed, sorted by digit, then cell.
    #[serde(serialize_with = "ser_list")]
    pub eliminations: Vec<Candidate>,
    /// The parts of the pattern and the effect, with their roles.
    pub highlights: Vec<Highlight>,
    /// The chains of a chain step, in the order they are told: one for X- and XY-Chains,
    /// loops and AICs, one per branch for a forcing chain. Empty for other steps.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chains: Vec<Chain>,
    /// The almost locked sets of an ALS step, in the order they are told. Empty for other
    /// steps.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<AlsGroup>,
    /// A Siamese fish: two fish of the technique on the same base houses, told as one step
    /// (the covers, fins and eliminations of both). Only with
    /// [`crate::Options::siamese_fish`].
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub siamese: bool,
    /// A step of an intuitive path ([`crate::Logic::intuitive_path`]): the locked candidates
    /// through which this single is seen without pencil marks (区块+排除, 区块+唯余). Its
    /// highlights are drawn with this step's; its eliminations are only thought, not kept.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub through: Option<Box<Step>>,
}

pub(crate) fn ser_digits<S: Serializer>(digits: &[Digit], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(digits.iter().map(|d| d.get()))
}

fn ser_list<S: Serializer>(list: &[Candidate], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(list.iter().map(|c| c.to_string()))
}

impl Step {
    /// A step with no effect yet.
    pub fn new(technique: Technique, mut digits: Vec<Digit>) -> Step {
        digits.sort();
        digits.dedup();
        Step {
            technique,
            digits,
            placements: Vec::new(),
            eliminations: Vec::new(),
            highlights: Vec::new(),
            chains: Vec::new(),
            sets: Vec::new(),
            siamese: false,
            through: None,
        }
    }

    /// Adds a placement (and its `placed` highlight).
    pub fn place(&mut self, candidate: Candidate) {
        if !self.placements.contains(&candidate) {
            self.placements.push(candidate);
            self.add(Target::Candidate(candidate), Role::Placed);
        }
    }

    /// Adds an elimination (and its `removed` highlight).
    pub fn eliminate(&mut self, candidate: Candidate) {
        if !self.eliminations.contains(&candidate) {
            self.eliminations.push(candidate);
            self.add(Target::Candidate(candidate), Role::Removed);
        }
    }

    /// Highlights a cell.
    pub fn add_cell(&mut self, cell: Cell, role: Role) {
        self.add(Target::Cell(cell), role);
    }

    /// Highlights a candidate.
    pub fn add_candidate(&mut self, candidate: Candidate, role: Role) {
        self.add(Target::Candidate(candidate), role);
    }

    /// Highlights a house.
    pub fn add_house(&mut self, house: House, role: Role) {
        self.add(Target::House(house), role);
    }

    fn add(&mut self, target: Target, role: Role) {
        let h = Highlight { target, role };
        if !self.highlights.contains(&h) {
            self.highlights.push(h);
        }
    }

    /// Puts placements and eliminations in the canonical order (digit, then row, then
    /// column), so equal steps compare equal.
    pub fn normalize(&mut self) {
        let key = |c: &Candidate| (c.digit, c.cell.row(), c.cell.col());
        self.placements.sort_by_key(key);
        self.eliminations.sort_by_key(key);
    }

    /// Whether the step changes the position.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// The targets with a given role, in the order they were added.
    pub fn with_role(&self, role: Role) -> impl Iterator<Item = Target> + '_ {
        self.highlights
            .iter()
            .filter(move |h| h.role == role)
            .map(|h| h.target)
    }

    /// The cells highlighted with a role (cells of candidate highlights included).
    pub fn cells_with_role(&self, role: Role) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .with_role(role)
            .filter_map(|t| match t {
                Target::Cell(c) => Some(c),
                Target::Candidate(c) => Some(c.cell),
                Target::House(_) => None,
            })
            .collect();
        cells.sort();
        cells.dedup();
        cells
    }

    /// The houses highlighted with a role.
    pub fn houses_with_role(&self, role: Role) -> Vec<House> {
        self.with_role(role)
            .filter_map(|t| match t {
                Target::House(h) => Some(h),
                _ => None,
            })
            .collect()
    }
}

impl fmt::Display for Step {
    /// The English explanation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.explain(crate::explain::Lang::En))
    }
}
