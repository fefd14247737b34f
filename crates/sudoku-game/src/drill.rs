//! The drills: timed questions on the three singles, each shown on a 9x9 grid with only the
//! digits it needs, as the console drill this project learned from asks them.
//!
//! - *Full House* (唯一空格): a row or column holds eight digits; name the missing one.
//! - *Naked Single* (唯一余数): the digits in a cell's row, column and box are the eight
//!   others between them (no one house has them all); name the ninth.
//! - *Hidden Single* (排除法): placed copies of a digit rule it out of every other empty cell
//!   of a house; tap the cell where it goes.
//!
//! Every question is cut from a random full grid, so the digits shown never contradict each
//! other, and the answer is checked to be the only one the shown digits allow.

use std::fmt;
use std::str::FromStr;

use exact_cover::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sudoku_core::dig::Digger;
use sudoku_core::{Cell, Grid, House, Layout};

use crate::moves::CellRef;

/// Which single a question drills.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrillKind {
    /// The last empty cell of a row or column.
    FullHouse,
    /// A cell whose row, column and box leave one digit.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
}

impl DrillKind {
    /// Every drill, in the order a beginner learns them.
    pub const ALL: [DrillKind; 3] = [
        DrillKind::FullHouse,
        DrillKind::NakedSingle,
        DrillKind::HiddenSingle,
    ];

    /// The id used in the API and the database: `full_house`, `naked_single`, `hidden_single`.
    pub fn id(self) -> &'static str {
        match self {
            DrillKind::FullHouse => "full_house",
            DrillKind::NakedSingle => "naked_single",
            DrillKind::HiddenSingle => "hidden_single",
        }
    }
}

impl fmt::Display for DrillKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for DrillKind {
    type Err = String;

    fn from_str(s: &str) -> Result<DrillKind, String> {
        DrillKind::ALL
            .into_iter()
            .find(|k| k.id() == s)
            .ok_or_else(|| {
                format!("`{s}` is not a drill; the drills are full_house, naked_single and hidden_single")
            })
    }
}

/// What a player answers: a digit (Full House, Naked Single) or a cell (Hidden Single).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reply {
    /// The digit named.
    Digit(u8),
    /// The cell tapped.
    Cell(Cell),
}

/// One question. The player is shown [`Question::grid`], [`Question::house`] and, by kind,
/// the cell or the digit (see [`Question::asks_for_cell`]); the rest is the answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Stored")]
pub struct Question {
    /// The single drilled.
    pub drill: DrillKind,
    /// The grid as shown, row by row: 81 entries, `None` where a cell is blank.
    pub grid: Vec<Option<u8>>,
    /// The house to look at: the line of a Full House, the house of a Hidden Single, the box
    /// of a Naked Single's cell.
    #[serde(with = "as_text")]
    pub house: House,
    /// The cell asked about (Full House, Naked Single), or where the digit goes (Hidden
    /// Single).
    pub cell: CellRef,
    /// The answer (Full House, Naked Single), or the digit to place (Hidden Single).
    pub digit: u8,
}

impl Question {
    /// Whether the player answers with a cell (a Hidden Single) rather than a digit.
    pub fn asks_for_cell(&self) -> bool {
        self.drill == DrillKind::HiddenSingle
    }

    /// Whether a reply is right.
    pub fn is_correct(&self, reply: Reply) -> bool {
        match (self.asks_for_cell(), reply) {
            (false, Reply::Digit(d)) => d == self.digit,
            (true, Reply::Cell(c)) => c == self.cell.0,
            _ => false,
        }
    }

    /// The answer as the player would give it: `7` or `r4c2`.
    pub fn answer_text(&self) -> String {
        if self.asks_for_cell() {
            self.cell.to_string()
        } else {
            self.digit.to_string()
        }
    }

    /// The cell of the shown grid at `cell`.
    pub fn shown(&self, cell: Cell) -> Option<u8> {
        self.grid.get(cell.index(9)).copied().flatten()
    }
}

/// A question as stored: today's form, or the first drill's (a row or column of nine
/// digits, one hidden), which a database may still hold unanswered.
#[derive(Deserialize)]
#[serde(untagged)]
enum Stored {
    Current {
        drill: DrillKind,
        grid: Vec<Option<u8>>,
        #[serde(with = "as_text")]
        house: House,
        cell: CellRef,
        digit: u8,
    },
    Line {
        kind: String,
        index: usize,
        digits: Vec<Option<u8>>,
        answer: u8,
    },
}

impl From<Stored> for Question {
    fn from(stored: Stored) -> Question {
        match stored {
            Stored::Current {
                drill,
                grid,
                house,
                cell,
                digit,
            } => Question {
                drill,
                grid,
                house,
                cell,
                digit,
            },
            Stored::Line {
                kind,
                index,
                digits,
                answer,
            } => {
                let line = index.clamp(1, 9) - 1;
                let column = kind == "column";
                let at = |k: usize| {
                    if column {
                        Cell::new(k, line)
                    } else {
                        Cell::new(line, k)
                    }
                };
                let mut grid = vec![None; 81];
                let mut gap = at(0);
                for (k, d) in digits.iter().take(9).enumerate() {
                    grid[at(k).index(9)] = *d;
                    if d.is_none() {
                        gap = at(k);
                    }
                }
                Question {
                    drill: DrillKind::FullHouse,
                    grid,
                    house: if column {
                        House::Col(line as _)
                    } else {
                        House::Row(line as _)
                    },
                    cell: CellRef(gap),
                    digit: answer,
                }
            }
        }
    }
}

/// Serde through `Display` and `FromStr`: a house as `b4`.
mod as_text {
    use super::*;

    pub fn serialize<T: fmt::Display, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(value)
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<T, D::Error>
    where
        T: FromStr,
        T::Err: fmt::Display,
        D: Deserializer<'de>,
    {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// Makes drill questions; keep one to reuse its solver.
///
/// ```
/// use sudoku_game::{Drill, DrillKind, Reply};
///
/// let mut drill = Drill::new();
/// let q = drill.question(DrillKind::NakedSingle, 42);
/// assert_eq!(q.grid.len(), 81);
/// assert!(q.is_correct(Reply::Digit(q.digit)));
/// assert_eq!(drill.question(DrillKind::NakedSingle, 42), q);
/// ```
#[derive(Debug, Clone)]
pub struct Drill {
    digger: Digger,
}

impl Default for Drill {
    fn default() -> Drill {
        Drill::new()
    }
}

impl Drill {
    /// A drill on classic 9x9 grids.
    pub fn new() -> Drill {
        Drill {
            digger: Digger::new(Layout::classic()),
        }
    }

    /// The question of a kind for a seed; the same seed gives the same question.
    pub fn question(&mut self, kind: DrillKind, seed: u64) -> Question {
        let mut rng = Rng::new(seed);
        let grid = self.digger.full_grid(rng.next_u64());
        match kind {
            DrillKind::FullHouse => full_house(&grid, &mut rng),
            DrillKind::NakedSingle => naked_single(&grid, &mut rng),
            DrillKind::HiddenSingle => hidden_single(&grid, &mut rng),
        }
    }
}

/// The solution's digit at a cell.
fn digit(grid: &Grid, cell: Cell) -> u8 {
    grid.get(cell).map_or(0, |d| d.get() as u8)
}

/// The cells of a house of the 9x9 grid.
/// The 9x9 layout every drill is asked on: its houses and peers, from `sudoku_core`.
fn classic() -> &'static Layout {
    static CLASSIC: std::sync::OnceLock<Layout> = std::sync::OnceLock::new();
    CLASSIC.get_or_init(Layout::classic)
}

/// The cells of a row, column or box, in the house's order.
fn cells_of(house: House) -> Vec<Cell> {
    let layout = classic();
    layout
        .houses()
        .iter()
        .position(|&h| h == house)
        .map_or_else(Vec::new, |h| {
            layout
                .house_cells(h)
                .iter()
                .map(|&i| Cell::from_index(i as usize, 9))
                .collect()
        })
}

fn in_house(c: Cell, house: House) -> bool {
    classic().house_has(house, c.index(9))
}

fn box_of(c: Cell) -> usize {
    sudoku_core::Shape::CLASSIC.box_of(c)
}

fn sees(a: Cell, b: Cell) -> bool {
    let b = b.index(9) as u16;
    classic().peers(a.index(9)).binary_search(&b).is_ok()
}

/// A random row or column with one digit hidden; only that line is shown.
fn full_house(grid: &Grid, rng: &mut Rng) -> Question {
    let line = rng.below(9) as _;
    let house = if rng.below(2) == 0 {
        House::Row(line)
    } else {
        House::Col(line)
    };
    let cells = cells_of(house);
    let gap = cells[rng.below(9) as usize];
    let mut shown = vec![None; 81];
    for &c in &cells {
        if c != gap {
            shown[c.index(9)] = Some(digit(grid, c));
        }
    }
    Question {
        drill: DrillKind::FullHouse,
        grid: shown,
        house,
        cell: CellRef(gap),
        digit: digit(grid, gap),
    }
}

/// A random cell; of its row, column and box, enough digits are shown that the eight others
/// are all there, spread so that no one house holds them all (that would be a Full House),
/// with a few more of its peers shown besides.
fn naked_single(grid: &Grid, rng: &mut Rng) -> Question {
    let cell = Cell::new(rng.below(9) as usize, rng.below(9) as usize);
    let answer = digit(grid, cell);
    let peers: Vec<Cell> = (0..81)
        .map(|i| Cell::new(i / 9, i % 9))
        .filter(|&c| sees(cell, c))
        .collect();
    let houses = [
        House::Row(cell.row() as _),
        House::Col(cell.col() as _),
        House::Box(box_of(cell) as _),
    ];
    loop {
        let mut shown = vec![None; 81];
        for d in (1..=9).filter(|&d| d != answer) {
            let places: Vec<Cell> = peers
                .iter()
                .copied()
                .filter(|&c| digit(grid, c) == d)
                .collect();
            let c = places[rng.below(places.len() as u64) as usize];
            shown[c.index(9)] = Some(d);
        }
        for &c in &peers {
            if rng.below(5) == 0 {
                shown[c.index(9)] = Some(digit(grid, c));
            }
        }
        // A house that shows all eight would make this a Full House: draw again.
        let full = houses.iter().any(|&h| {
            cells_of(h)
                .iter()
                .filter(|c| shown[c.index(9)].is_some())
                .count()
                == 8
        });
        if !full {
            return Question {
                drill: DrillKind::NakedSingle,
                grid: shown,
                house: houses[2],
                cell: CellRef(cell),
                digit: answer,
            };
        }
    }
}

/// A random house (a box half the time, else a row or a column) and a cell of it. Each
/// other cell of the house is shown filled, or left empty with a copy of the cell's digit
/// shown where it sees that cell from outside the house; a few other digits are shown too.
fn hidden_single(grid: &Grid, rng: &mut Rng) -> Question {
    let index = rng.below(9) as _;
    let house = match rng.below(4) {
        0 => House::Row(index),
        1 => House::Col(index),
        _ => House::Box(index),
    };
    let cells = cells_of(house);
    let cell = cells[rng.below(9) as usize];
    let d = digit(grid, cell);
    // The other places of d in the solution: each rules out the house cells it sees.
    let copies: Vec<Cell> = (0..81)
        .map(|i| Cell::new(i / 9, i % 9))
        .filter(|&c| c != cell && digit(grid, c) == d)
        .collect();
    let mut shown = vec![None; 81];
    let mut empty = 0;
    for &x in cells.iter().filter(|&&x| x != cell) {
        let blockers: Vec<Cell> = copies
            .iter()
            .copied()
            .filter(|&c| sees(c, x) && !in_house(c, house))
            .collect();
        // Keep at least two cells empty besides the answer, so there is something to rule out.
        let fill = blockers.is_empty() || (empty >= 2 && rng.below(5) < 2);
        if fill {
            shown[x.index(9)] = Some(digit(grid, x));
        } else {
            empty += 1;
            let b = blockers[rng.below(blockers.len() as u64) as usize];
            shown[b.index(9)] = Some(d);
        }
    }
    for (i, slot) in shown.iter_mut().enumerate() {
        let c = Cell::new(i / 9, i % 9);
        if c != cell && !in_house(c, house) && rng.below(8) == 0 {
            *slot = Some(digit(grid, c));
        }
    }
    Question {
        drill: DrillKind::HiddenSingle,
        grid: shown,
        house,
        cell: CellRef(cell),
        digit: d,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits a cell sees in the shown grid.
    fn seen(q: &Question, cell: Cell) -> Vec<u8> {
        let mut v: Vec<u8> = (0..81)
            .map(|i| Cell::new(i / 9, i % 9))
            .filter(|&c| sees(cell, c))
            .filter_map(|c| q.shown(c))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    #[test]
    fn a_full_house_shows_its_line_with_one_gap() {
        let mut drill = Drill::new();
        for seed in 0..40 {
            let q = drill.question(DrillKind::FullHouse, seed);
            let line = cells_of(q.house);
            let mut digits: Vec<u8> = line.iter().filter_map(|&c| q.shown(c)).collect();
            assert_eq!(digits.len(), 8, "seed {seed}");
            assert_eq!(q.grid.iter().flatten().count(), 8, "only the line is shown");
            assert_eq!(q.shown(q.cell.0), None);
            digits.push(q.digit);
            digits.sort();
            assert_eq!(digits, (1..=9).collect::<Vec<u8>>(), "seed {seed}");
        }
    }

    #[test]
    fn a_naked_single_leaves_one_digit_and_is_no_full_house() {
        let mut drill = Drill::new();
        for seed in 0..60 {
            let q = drill.question(DrillKind::NakedSingle, seed);
            let cell = q.cell.0;
            assert_eq!(q.shown(cell), None);
            let left: Vec<u8> = (1..=9).filter(|d| !seen(&q, cell).contains(d)).collect();
            assert_eq!(left, [q.digit], "seed {seed}");
            for h in [
                House::Row(cell.row() as _),
                House::Col(cell.col() as _),
                House::Box(box_of(cell) as _),
            ] {
                let filled = cells_of(h)
                    .iter()
                    .filter(|&&c| q.shown(c).is_some())
                    .count();
                assert!(filled < 8, "seed {seed}: {h} is a full house");
            }
        }
    }

    #[test]
    fn a_hidden_single_has_one_place_in_its_house() {
        let mut drill = Drill::new();
        let mut kinds = std::collections::BTreeSet::new();
        for seed in 0..80 {
            let q = drill.question(DrillKind::HiddenSingle, seed);
            kinds.insert(q.house.letter());
            let d = q.digit;
            assert!(in_house(q.cell.0, q.house));
            let places: Vec<Cell> = cells_of(q.house)
                .into_iter()
                .filter(|&c| q.shown(c).is_none())
                .filter(|&c| {
                    !(0..81)
                        .map(|i| Cell::new(i / 9, i % 9))
                        .any(|x| sees(x, c) && q.shown(x) == Some(d))
                })
                .collect();
            assert_eq!(places, [q.cell.0], "seed {seed}");
            let empty = cells_of(q.house)
                .iter()
                .filter(|&&c| q.shown(c).is_none())
                .count();
            assert!(empty >= 3, "seed {seed}: two cells at least to rule out");
            assert!(q.is_correct(Reply::Cell(q.cell.0)));
            assert!(
                !q.is_correct(Reply::Digit(d)),
                "a digit does not answer where"
            );
        }
        assert_eq!(kinds.len(), 3, "boxes, rows and columns: {kinds:?}");
    }

    #[test]
    fn shown_digits_never_clash() {
        let mut drill = Drill::new();
        for kind in DrillKind::ALL {
            for seed in 0..30 {
                let q = drill.question(kind, seed);
                for i in 0..81 {
                    let a = Cell::new(i / 9, i % 9);
                    let Some(da) = q.shown(a) else { continue };
                    for j in i + 1..81 {
                        let b = Cell::new(j / 9, j % 9);
                        assert!(!(sees(a, b) && q.shown(b) == Some(da)), "{kind} {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn exactly_one_answer_is_correct() {
        let mut drill = Drill::new();
        for kind in [DrillKind::FullHouse, DrillKind::NakedSingle] {
            for seed in 100..120 {
                let q = drill.question(kind, seed);
                let right: Vec<u8> = (0..=10)
                    .filter(|&d| q.is_correct(Reply::Digit(d)))
                    .collect();
                assert_eq!(right, [q.digit], "{kind} seed {seed}");
                assert!(!q.is_correct(Reply::Cell(q.cell.0)));
            }
        }
        assert_ne!(
            drill.question(DrillKind::FullHouse, 1),
            drill.question(DrillKind::FullHouse, 2)
        );
    }

    #[test]
    fn a_question_survives_a_round_trip_through_json() {
        for kind in DrillKind::ALL {
            let q = Drill::new().question(kind, 9);
            let json = serde_json::to_string(&q).unwrap();
            assert!(json.contains(&format!("\"drill\":\"{kind}\"")), "{json}");
            let back: Question = serde_json::from_str(&json).unwrap();
            assert_eq!(back, q);
        }
    }

    /// A question stored by the first drill (a line of nine, one hidden) still reads, as the
    /// Full House it was.
    #[test]
    fn a_question_of_the_first_drill_still_reads() {
        let old = r#"{"kind":"column","index":3,"digits":[5,1,null,9,2,8,7,6,4],"answer":3}"#;
        let q: Question = serde_json::from_str(old).unwrap();
        assert_eq!(q.drill, DrillKind::FullHouse);
        assert_eq!(q.house, House::Col(2));
        assert_eq!(q.cell.0, Cell::new(2, 2));
        assert_eq!(q.shown(Cell::new(0, 2)), Some(5));
        assert!(q.is_correct(Reply::Digit(3)));
    }

    #[test]
    fn drill_names_read_back() {
        for kind in DrillKind::ALL {
            assert_eq!(kind.id().parse::<DrillKind>(), Ok(kind));
        }
        assert!(
            "naked"
                .parse::<DrillKind>()
                .unwrap_err()
                .contains("hidden_single")
        );
    }
}
