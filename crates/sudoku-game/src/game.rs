//! [`Game`]: one play session.

use std::fmt;

use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Digit, Grid, Layout, Shape, Variant, VariantError};
use sudoku_logic::{Candidates, DigitSet, Hint, Logic, Stage, Step};
use thiserror::Error;

use crate::moves::{CellRef, Move};
use crate::timer::Timer;

/// The variants a game can be played in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameVariant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Also both long diagonals (X-sudoku).
    Diagonal,
}

impl GameVariant {
    /// The name the API uses: `classic` or `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            GameVariant::Classic => "classic",
            GameVariant::Diagonal => "diagonal",
        }
    }

    /// The name's variant, if it is one.
    pub fn from_name(name: &str) -> Option<GameVariant> {
        match name {
            "classic" => Some(GameVariant::Classic),
            "diagonal" => Some(GameVariant::Diagonal),
            _ => None,
        }
    }

    /// The houses of a grid of this shape in this variant.
    pub fn layout(self, shape: Shape) -> Result<Layout, VariantError> {
        match self {
            GameVariant::Classic => Ok(Layout::new(shape)),
            GameVariant::Diagonal => Layout::with_variant(
                shape,
                Variant {
                    diagonals: true,
                    ..Variant::default()
                },
            ),
        }
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Moves are allowed.
    #[default]
    Playing,
    /// The grid was completed correctly.
    Won,
    /// The player asked for the solution.
    GaveUp,
    /// The mistake limit was reached.
    Lost,
}

impl Status {
    /// The name the API uses.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Won => "won",
            Status::GaveUp => "gave_up",
            Status::Lost => "lost",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a game refused a request. [`GameError::field`] names the request field at fault for
/// errors about a value; the others are conflicts with the game's state.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameError {
    /// A cell outside the grid.
    #[error("cell {cell} is outside the {n}x{n} grid")]
    CellOutside {
        /// The cell asked for.
        cell: Cell,
        /// `N`.
        n: usize,
    },
    /// A digit outside `1..=N`.
    #[error("{digit} is not a digit of a {n}x{n} grid (1..={n})")]
    BadDigit {
        /// The digit asked for.
        digit: u8,
        /// `N`.
        n: usize,
    },
    /// The cell holds a given.
    #[error("{0} holds a given")]
    Given(Cell),
    /// Notes asked for a cell that holds a digit.
    #[error("{0} holds a digit; erase it before writing notes")]
    Filled(Cell),
    /// The game is over.
    #[error("the game is over ({0}); no more moves")]
    Finished(Status),
    /// The undo history is empty.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Nothing was undone.
    #[error("nothing to redo")]
    NothingToRedo,
    /// The next step cannot follow from a position with mistakes.
    #[error("fix the mistakes first: {0}")]
    Mistakes(String),
    /// No technique this solver knows applies.
    #[error("no technique known to this solver applies here")]
    Stuck,
    /// The grid is full.
    #[error("the grid is already full")]
    Full,
    /// The puzzle and solution do not make a game.
    #[error("not a game: {0}")]
    Invalid(String),
    /// A mistake limit of 0.
    #[error("a mistake limit is at least 1")]
    BadLimit,
    /// A colour mark past the six colours.
    #[error("{0} is not a colour (1..=6, or 0 for none)")]
    BadColour(u8),
    /// The game was to end on the mistake limit, but the mistakes are under it.
    #[error("{mistakes} mistakes are under the limit of {limit}; the game goes on")]
    UnderLimit {
        /// Mistakes made.
        mistakes: u32,
        /// The limit asked for.
        limit: u32,
    },
}

impl GameError {
    /// The request field whose value is wrong, for errors about a value (`cell`, `digit`).
    pub fn field(&self) -> Option<&'static str> {
        match self {
            GameError::CellOutside { .. } => Some("cell"),
            GameError::BadDigit { .. } => Some("digit"),
            GameError::Invalid(_) => Some("puzzle"),
            GameError::BadLimit => Some("mistake_limit"),
            GameError::BadColour(_) => Some("colour"),
            _ => None,
        }
    }
}

/// A cell's player-made state: its digit (0 for none), notes (bit `d - 1` for digit `d`), and
/// whether the digit was revealed (or filled in on giving up) rather than entered.
///
/// Colour marks: the cell's colour (`0` none, `1..=COLOURS`), and each candidate's colour
/// as three bit planes (bit `d - 1` of plane `k` is bit `k` of digit `d`'s colour).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
struct CellState {
    #[serde(rename = "d")]
    digit: u8,
    #[serde(rename = "m")]
    notes: u64,
    #[serde(rename = "r", default, skip_serializing_if = "std::ops::Not::not")]
    revealed: bool,
    #[serde(rename = "k", default, skip_serializing_if = "is_zero")]
    colour: u8,
    #[serde(rename = "kc", default, skip_serializing_if = "no_planes")]
    candidate_colours: [u64; 3],
}

/// How many colours a colour mark may take (`1..=COLOURS`), as Good Sudoku and HoDoKu offer.
pub const COLOURS: u8 = 6;

fn is_zero(v: &u8) -> bool {
    *v == 0
}

fn no_planes(p: &[u64; 3]) -> bool {
    p.iter().all(|&v| v == 0)
}

impl CellState {
    /// An entered digit.
    fn digit(digit: u8) -> CellState {
        CellState {
            digit,
            ..CellState::default()
        }
    }

    /// A digit the game filled in from the solution.
    fn revealed(digit: u8) -> CellState {
        CellState {
            digit,
            revealed: true,
            ..CellState::default()
        }
    }

    /// Whether the digit and the notes are digits of an `n`x`n` grid, and the colours are
    /// colours: a save from elsewhere is checked on load, so that nothing later indexes or
    /// shows a digit the grid lacks.
    fn fits(&self, n: usize) -> bool {
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let [a, b, c] = self.candidate_colours;
        (self.digit as usize) <= n
            && self.notes & !all == 0
            && self.colour <= COLOURS
            && (a | b | c) & !all == 0
            && a & b & c == 0 // 7 is no colour
    }

    /// A candidate's colour (`0` for none).
    fn candidate_colour(&self, d: Digit) -> u8 {
        let bit = d.get() - 1;
        (0..3)
            .map(|k| (((self.candidate_colours[k] >> bit) & 1) as u8) << k)
            .sum()
    }

    /// Sets a candidate's colour (`0` takes it off).
    fn set_candidate_colour(&mut self, d: Digit, colour: u8) {
        let bit = 1u64 << (d.get() - 1);
        for k in 0..3 {
            if colour >> k & 1 == 1 {
                self.candidate_colours[k] |= bit;
            } else {
                self.candidate_colours[k] &= !bit;
            }
        }
    }
}

/// The most undo steps a game keeps (older ones are dropped).
pub const MAX_UNDO_STEPS: usize = 2000;

/// The most cell changes the undo history keeps: hundreds of moves back (a placement with
/// automatic notes changes a score of cells), a saved game of at most about 200 KB.
pub const MAX_UNDO_CHANGES: usize = 4096;

/// One cell's change in an undo step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Change {
    #[serde(rename = "i")]
    cell: u16,
    #[serde(rename = "b")]
    before: CellState,
    #[serde(rename = "a")]
    after: CellState,
}

/// The saved form of a game: everything but the layout, which is rebuilt from shape and
/// variant on load.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Saved {
    box_rows: usize,
    box_cols: usize,
    variant: GameVariant,
    puzzle: String,
    solution: String,
    cells: Vec<CellState>,
    undo: Vec<Vec<Change>>,
    redo: Vec<Vec<Change>>,
    mistakes: u32,
    hints: u32,
    reveals: u32,
    timer: Timer,
    status: Status,
    #[serde(default)]
    mistake_limit: Option<u32>,
    created_ms: u64,
    /// Undo steps dropped from the front of the history (see `trim_history`): they still
    /// count as moves.
    #[serde(default)]
    dropped: usize,
    /// The position (a fingerprint of the cells, see `fingerprint`) whose hint was last
    /// counted: its later stages, and applying it, count no more.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hinted: Option<u64>,
}

/// One play session: givens, solution, the player's digits and notes, undo history,
/// counters, timer and status. It serializes (serde) to a JSON-friendly save format; the
/// solution is part of it, so do not hand the saved form to the player.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(try_from = "Saved", into = "Saved")]
pub struct Game {
    s: Saved,
    givens: Grid,
    solution: Grid,
    layout: Layout,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.s == other.s
    }
}

impl From<Game> for Saved {
    fn from(game: Game) -> Saved {
        game.s
    }
}

impl TryFrom<Saved> for Game {
    type Error = GameError;

    fn try_from(s: Saved) -> Result<Game, GameError> {
        let bad = |e: String| GameError::Invalid(e);
        let shape = Shape::new(s.box_rows, s.box_cols).map_err(|e| bad(e.to_string()))?;
        let givens: Grid = s.puzzle.parse().map_err(|e| bad(format!("{e}")))?;
        let solution: Grid = s.solution.parse().map_err(|e| bad(format!("{e}")))?;
        let layout = s.variant.layout(shape).map_err(|e| bad(e.to_string()))?;
        layout
            .check_solution(&givens, &solution)
            .map_err(|e| bad(e.to_string()))?;
        let n = shape.size();
        if s.cells.len() != n * n || !s.cells.iter().all(|c| c.fits(n)) {
            return Err(bad("the saved cells do not fit the grid".into()));
        }
        let entry_on_a_given =
            (s.cells.iter().zip(givens.values())).any(|(c, &g)| c.digit != 0 && g != 0);
        if entry_on_a_given {
            return Err(bad("the saved cells write over a given".into()));
        }
        let history_fits = s
            .undo
            .iter()
            .chain(&s.redo)
            .flatten()
            .all(|c| (c.cell as usize) < n * n && c.before.fits(n) && c.after.fits(n));
        if !history_fits {
            return Err(bad("the saved history does not fit the grid".into()));
        }
        Ok(Game {
            s,
            givens,
            solution,
            layout,
        })
    }
}

/// The answer to "check": wrong entries and entries that clash with a peer, in cell order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Check {
    /// Entries that differ from the solution.
    pub wrong: Vec<CellRef>,
    /// Entries that repeat a digit of a peer (given or entered).
    pub conflicts: Vec<CellRef>,
}

impl Game {
    /// A new game, paused, with no entries. `solution` must solve `puzzle` in the variant;
    /// `created_ms` is kept as the game's creation time (milliseconds since the Unix epoch,
    /// say).
    pub fn new(
        variant: GameVariant,
        puzzle: &Grid,
        solution: &Grid,
        created_ms: u64,
    ) -> Result<Game, GameError> {
        let shape = puzzle.shape();
        let n = shape.size();
        Game::try_from(Saved {
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            variant,
            puzzle: puzzle.to_line(),
            solution: solution.to_line(),
            cells: vec![CellState::default(); n * n],
            undo: Vec::new(),
            redo: Vec::new(),
            mistakes: 0,
            hints: 0,
            reveals: 0,
            timer: Timer::default(),
            status: Status::Playing,
            mistake_limit: None,
            created_ms,
            dropped: 0,
            hinted: None,
        })
    }

    /// Ends the game as `lost` once this many mistakes are made (no limit by default).
    pub fn set_mistake_limit(&mut self, limit: Option<u32>) {
        self.s.mistake_limit = limit;
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.givens.size()
    }

    /// The variant.
    pub fn variant(&self) -> GameVariant {
        self.s.variant
    }

    /// The houses.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The givens.
    pub fn puzzle(&self) -> &Grid {
        &self.givens
    }

    /// The solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// When the game was made (as passed to [`Game::new`]).
    pub fn created_ms(&self) -> u64 {
        self.s.created_ms
    }

    /// The digit in a cell: the given or the player's entry.
    pub fn digit(&self, cell: Cell) -> Option<Digit> {
        self.givens
            .get(cell)
            .or_else(|| Digit::new(self.s.cells[self.index(cell)].digit as usize))
    }

    /// Whether the cell holds a given.
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.get(cell).is_some()
    }

    /// Whether the cell's digit was revealed (or filled in on giving up), not entered.
    pub fn is_revealed(&self, cell: Cell) -> bool {
        let state = self.s.cells[self.index(cell)];
        state.revealed && state.digit != 0
    }

    /// The pencil marks of a cell.
    pub fn notes(&self, cell: Cell) -> DigitSet {
        DigitSet::from_bits(self.s.cells[self.index(cell)].notes)
    }

    /// A cell's colour mark: `0` for none, else `1..=`[`COLOURS`].
    pub fn colour_of(&self, cell: Cell) -> u8 {
        self.s.cells[self.index(cell)].colour
    }

    /// A candidate's colour mark: `0` for none, else `1..=`[`COLOURS`]. Shown only while the
    /// cell's notes hold the digit.
    pub fn candidate_colour_of(&self, cell: Cell, digit: Digit) -> u8 {
        self.s.cells[self.index(cell)].candidate_colour(digit)
    }

    /// Every digit on the board (givens and entries) as a grid.
    pub fn board(&self) -> Grid {
        let mut grid = self.givens.clone();
        for cell in self.shape().cells() {
            if grid.get(cell).is_none() {
                grid.set(cell, self.digit(cell));
            }
        }
        grid
    }

    /// Undo steps available (the number of moves that count).
    pub fn moves(&self) -> usize {
        self.s.undo.len() + self.s.dropped
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.s.undo.is_empty()
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        !self.s.redo.is_empty()
    }

    /// Wrong digits placed so far (counted when placed, never taken back).
    pub fn mistakes(&self) -> u32 {
        self.s.mistakes
    }

    /// Hints taken: a hint counts once on a position however many of its stages are shown,
    /// and applying it counts only when it was not asked for first.
    pub fn hints(&self) -> u32 {
        self.s.hints
    }

    /// Whether the player had help: a hint, a revealed cell, or the solution shown. Such a
    /// game's time is no best time.
    pub fn assisted(&self) -> bool {
        self.s.hints > 0 || self.s.reveals > 0 || self.s.status == Status::GaveUp
    }

    /// Cells revealed.
    pub fn reveals(&self) -> u32 {
        self.s.reveals
    }

    /// The status.
    pub fn status(&self) -> Status {
        self.s.status
    }

    /// Playing time up to `now_ms`.
    pub fn elapsed_ms(&self, now_ms: u64) -> u64 {
        self.s.timer.elapsed(now_ms)
    }

    /// The timer (to store its parts beside the game, say).
    pub fn timer(&self) -> Timer {
        self.s.timer
    }

    /// Whether the timer is stopped.
    pub fn is_paused(&self) -> bool {
        self.s.timer.is_paused()
    }

    /// Stops the timer.
    pub fn pause(&mut self, now_ms: u64) {
        self.s.timer.pause(now_ms);
    }

    /// Starts the timer (only while playing: a finished game's time is final).
    pub fn resume(&mut self, now_ms: u64) {
        if self.s.status == Status::Playing {
            self.s.timer.resume(now_ms);
        }
    }

    /// Plays a move: one undo step, and the redo history is dropped. Returns whether anything
    /// changed (erasing an empty cell changes nothing and leaves no undo step). A move on a
    /// paused game starts the timer: the player is playing.
    pub fn apply(&mut self, mv: &Move, now_ms: u64) -> Result<bool, GameError> {
        self.playing()?;
        let changes = match mv {
            Move::Place {
                cell,
                digit,
                auto_notes,
            } => self.place(cell.0, *digit, *auto_notes)?,
            Move::Erase { cell } => self.erase(cell.0)?,
            Move::Note { cell, digit } => self.note(cell.0, *digit)?,
            Move::FillNotes => self.fill_notes(),
            Move::Reveal { cell } => self.reveal(cell.0)?,
            Move::ApplyHint => self.apply_hint()?,
            Move::Colour {
                cell,
                digit,
                colour,
            } => self.colour(cell.0, *digit, *colour)?,
        };
        Ok(self.commit(changes, now_ms))
    }

    /// Takes back the last move.
    pub fn undo(&mut self, now_ms: u64) -> Result<(), GameError> {
        self.playing()?;
        let step = self.s.undo.pop().ok_or(GameError::NothingToUndo)?;
        for c in step.iter().rev() {
            self.s.cells[c.cell as usize] = c.before;
        }
        self.s.redo.push(step);
        self.after_change(now_ms);
        Ok(())
    }

    /// Plays the last undone move again.
    pub fn redo(&mut self, now_ms: u64) -> Result<(), GameError> {
        self.playing()?;
        let step = self.s.redo.pop().ok_or(GameError::NothingToRedo)?;
        for c in &step {
            self.s.cells[c.cell as usize] = c.after;
        }
        self.s.undo.push(step);
        self.after_change(now_ms);
        Ok(())
    }

    /// Clears every entry and note as one undoable move; the timer goes on.
    pub fn restart(&mut self, now_ms: u64) -> Result<bool, GameError> {
        self.playing()?;
        let changes = (0..self.s.cells.len())
            .filter_map(|i| self.change(i, CellState::default()))
            .collect();
        Ok(self.commit(changes, now_ms))
    }

    /// Fills every cell with the solution and ends the game as `gave_up`. Not undoable.
    pub fn give_up(&mut self, now_ms: u64) -> Result<(), GameError> {
        self.playing()?;
        self.fill_solution();
        self.finish(Status::GaveUp, now_ms);
        Ok(())
    }

    /// Ends the game as `lost` on a mistake limit kept by the front end (the page's
    /// setting): the limit is kept with the game, the solution is filled in. Refused while
    /// the mistakes are under the limit (the game goes on).
    pub fn lose(&mut self, limit: u32, now_ms: u64) -> Result<(), GameError> {
        self.playing()?;
        if limit == 0 {
            return Err(GameError::BadLimit);
        }
        if self.s.mistakes < limit {
            return Err(GameError::UnderLimit {
                mistakes: self.s.mistakes,
                limit,
            });
        }
        self.s.mistake_limit = Some(limit);
        self.fill_solution();
        self.finish(Status::Lost, now_ms);
        Ok(())
    }

    /// Every empty or wrong cell gets its digit from the solution, marked revealed.
    fn fill_solution(&mut self) {
        for cell in self.shape().cells() {
            if !self.is_given(cell) {
                let digit = self.solution.get(cell).map_or(0, |d| d.get() as u8);
                let i = self.index(cell);
                self.s.cells[i] = CellState {
                    colour: self.s.cells[i].colour,
                    ..CellState::revealed(digit)
                };
            }
        }
        self.s.redo.clear();
    }

    /// Wrong entries and clashing entries.
    pub fn check(&self) -> Check {
        let mut check = Check::default();
        let n = self.size();
        let board = self.board();
        for i in 0..n * n {
            let cell = Cell::from_index(i, n);
            let digit = self.s.cells[i].digit;
            if digit == 0 || self.is_given(cell) {
                continue;
            }
            if self.solution.values()[i] != digit {
                check.wrong.push(CellRef(cell));
            }
            let clash = self
                .layout
                .peers(i)
                .iter()
                .any(|&p| board.values()[p as usize] == digit);
            if clash {
                check.conflicts.push(CellRef(cell));
            }
        }
        check
    }

    /// A hint for the player's position (counted in `hints`); see [`Logic::hint`]. Builds a
    /// solver for the layout; a caller with many games of one layout can keep one and use
    /// [`Game::hint_with`].
    pub fn hint(&mut self, stage: Stage) -> Hint {
        let logic = Logic::new(&self.layout);
        self.hint_with(&logic, stage)
    }

    /// [`Game::hint`] with a solver built for this game's layout.
    pub fn hint_with(&mut self, logic: &Logic, stage: Stage) -> Hint {
        self.count_hint();
        self.hint_for(logic, stage, false)
    }

    /// A hint for a player who writes no pencil marks (counted in `hints`): wrong digits
    /// first, then the next single seen from the digits on the board alone, through locked
    /// candidates if need be ([`Logic::intuitive_step`]); the notes are not read. Stuck when no
    /// single is in sight without marks.
    pub fn intuitive_hint_with(&mut self, logic: &Logic, stage: Stage) -> Hint {
        self.count_hint();
        self.hint_for(logic, stage, true)
    }

    /// The hint of [`Game::hint_with`] (`intuitive`: of [`Game::intuitive_hint_with`]),
    /// worked out without changing the game and not yet counted. A server works it out on a
    /// copy, away from where games are stored, then counts it ([`Game::record_hint`]) on the
    /// stored game if that game's [`Game::fingerprint`] has not moved meanwhile.
    pub fn hint_for(&self, logic: &Logic, stage: Stage, intuitive: bool) -> Hint {
        let pos = if intuitive {
            self.bare_position()
        } else {
            self.position()
        };
        let mistakes = logic.mistakes(&pos, &self.solution);
        if !mistakes.is_empty() {
            return Hint::Mistakes { mistakes };
        }
        if !intuitive {
            return logic.hint_without_mistakes(&pos, stage);
        }
        if pos.is_solved() {
            return Hint::Solved;
        }
        match logic.intuitive_step(&pos) {
            Some(step) => logic.hint_step(step, stage),
            None => Hint::Stuck,
        }
    }

    /// Counts a hint worked out by [`Game::hint_for`] on this position.
    pub fn record_hint(&mut self) {
        self.count_hint();
    }

    /// Counts a hint unless this position's hint was counted already (its next stage, or
    /// Apply after the stages).
    fn count_hint(&mut self) {
        let here = self.fingerprint();
        if self.s.hinted != Some(here) {
            self.s.hints += 1;
            self.s.hinted = Some(here);
        }
    }

    /// The position's number: FNV-1a over every cell's digit and notes, the same in every
    /// build (it is saved with the game). Two games with one fingerprint give the same hints.
    pub fn fingerprint(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for c in &self.s.cells {
            for byte in [c.digit as u64, c.notes]
                .iter()
                .flat_map(|v| v.to_le_bytes())
            {
                h ^= u64::from(byte);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    }

    /// The player's position for the solver: givens, entries, and the notes of the cells that
    /// have some (a cell without notes keeps every candidate its peers allow).
    pub fn position(&self) -> Candidates {
        let mut pos = self.bare_position();
        for (i, c) in self.s.cells.iter().enumerate() {
            if c.digit == 0 && c.notes != 0 {
                pos.restrict(
                    Cell::from_index(i, self.size()),
                    DigitSet::from_bits(c.notes),
                );
            }
        }
        pos
    }

    /// Givens and entries, every other cell with all the candidates they allow.
    fn bare_position(&self) -> Candidates {
        let mut pos = match Candidates::from_grid(&self.layout, &self.givens) {
            Ok(pos) => pos,
            Err(e) => unreachable!("a game's givens have a solution: {e}"),
        };
        for (i, c) in self.s.cells.iter().enumerate() {
            if let Some(d) = Digit::new(c.digit as usize) {
                pos.place(&self.layout, Cell::from_index(i, self.size()), d);
            }
        }
        pos
    }

    fn index(&self, cell: Cell) -> usize {
        cell.index(self.size())
    }

    fn playing(&self) -> Result<(), GameError> {
        match self.s.status {
            Status::Playing => Ok(()),
            other => Err(GameError::Finished(other)),
        }
    }

    /// The cell's index, if it is inside the grid and not a given.
    fn editable(&self, cell: Cell) -> Result<usize, GameError> {
        let n = self.size();
        if cell.row() >= n || cell.col() >= n {
            return Err(GameError::CellOutside { cell, n });
        }
        if self.is_given(cell) {
            return Err(GameError::Given(cell));
        }
        Ok(self.index(cell))
    }

    fn check_digit(&self, digit: u8) -> Result<Digit, GameError> {
        let n = self.size();
        match Digit::new(digit as usize) {
            Some(d) if (digit as usize) <= n => Ok(d),
            _ => Err(GameError::BadDigit { digit, n }),
        }
    }

    fn change(&self, i: usize, after: CellState) -> Option<Change> {
        let before = self.s.cells[i];
        (before != after).then_some(Change {
            cell: i as u16,
            before,
            after,
        })
    }

    fn place(&mut self, cell: Cell, digit: u8, auto_notes: bool) -> Result<Vec<Change>, GameError> {
        let i = self.editable(cell)?;
        let d = self.check_digit(digit)?;
        // The cell keeps its colour; its notes, and their colours, go.
        let after = CellState {
            colour: self.s.cells[i].colour,
            ..CellState::digit(digit)
        };
        let mut changes: Vec<Change> = self.change(i, after).into_iter().collect();
        if changes.is_empty() {
            return Ok(changes);
        }
        if auto_notes {
            changes.extend(self.clear_note_in_peers(i, d));
        }
        if self.solution.values()[i] != digit {
            self.s.mistakes += 1;
        }
        Ok(changes)
    }

    fn clear_note_in_peers(&self, i: usize, d: Digit) -> Vec<Change> {
        let bit = DigitSet::single(d).bits();
        self.layout
            .peers(i)
            .iter()
            .filter_map(|&p| {
                let mut after = self.s.cells[p as usize];
                after.notes &= !bit;
                self.change(p as usize, after)
            })
            .collect()
    }

    fn erase(&mut self, cell: Cell) -> Result<Vec<Change>, GameError> {
        let i = self.editable(cell)?;
        let mut after = self.s.cells[i];
        if after.digit != 0 {
            after.digit = 0;
        } else {
            after.notes = 0;
            after.candidate_colours = [0; 3];
        }
        Ok(self.change(i, after).into_iter().collect())
    }

    /// A colour mark on a cell (a given too) or on a candidate of an empty cell.
    fn colour(
        &mut self,
        cell: Cell,
        digit: Option<u8>,
        colour: u8,
    ) -> Result<Vec<Change>, GameError> {
        let n = self.size();
        if cell.row() >= n || cell.col() >= n {
            return Err(GameError::CellOutside { cell, n });
        }
        if colour > COLOURS {
            return Err(GameError::BadColour(colour));
        }
        let i = self.index(cell);
        let mut after = self.s.cells[i];
        match digit {
            None => after.colour = colour,
            Some(digit) => {
                let d = self.check_digit(digit)?;
                if self.is_given(cell) || after.digit != 0 {
                    return Err(GameError::Filled(cell));
                }
                after.set_candidate_colour(d, colour);
            }
        }
        Ok(self.change(i, after).into_iter().collect())
    }

    fn note(&mut self, cell: Cell, digit: u8) -> Result<Vec<Change>, GameError> {
        let i = self.editable(cell)?;
        let d = self.check_digit(digit)?;
        let mut after = self.s.cells[i];
        if after.digit != 0 {
            return Err(GameError::Filled(cell));
        }
        after.notes ^= DigitSet::single(d).bits();
        Ok(self.change(i, after).into_iter().collect())
    }

    fn fill_notes(&mut self) -> Vec<Change> {
        let pos = self.bare_position();
        (0..self.s.cells.len())
            .filter_map(|i| {
                let cell = Cell::from_index(i, self.size());
                let state = self.s.cells[i];
                if self.is_given(cell) || state.digit != 0 {
                    return None;
                }
                let notes = pos.candidates(cell).bits();
                self.change(
                    i,
                    CellState {
                        notes,
                        colour: state.colour,
                        candidate_colours: state.candidate_colours,
                        ..CellState::default()
                    },
                )
            })
            .collect()
    }

    fn reveal(&mut self, cell: Cell) -> Result<Vec<Change>, GameError> {
        let i = self.editable(cell)?;
        let digit = self.solution.values()[i];
        if self.s.cells[i].digit == digit {
            // The player's own right digit stays theirs.
            return Ok(Vec::new());
        }
        let changes: Vec<Change> = self
            .change(
                i,
                CellState {
                    colour: self.s.cells[i].colour,
                    ..CellState::revealed(digit)
                },
            )
            .into_iter()
            .collect();
        if !changes.is_empty() {
            self.s.reveals += 1;
        }
        Ok(changes)
    }

    /// The next logical step on the player's position: placed digits are written (and taken
    /// out of their peers' notes), eliminated candidates taken out of the notes (a cell
    /// without notes gets its remaining candidates written as notes, or the elimination
    /// would be lost).
    fn apply_hint(&mut self) -> Result<Vec<Change>, GameError> {
        let logic = Logic::new(&self.layout);
        let step = self.hint_step(&logic)?;
        Ok(self.hint_changes(&step))
    }

    /// The step the Apply move would play on this position, worked out without changing the
    /// game (see [`Game::hint_for`] for why); the same errors as that move.
    pub fn hint_step(&self, logic: &Logic) -> Result<Step, GameError> {
        self.playing()?;
        let pos = self.position();
        let mistakes = logic.mistakes(&pos, &self.solution);
        if let Some(first) = mistakes.first() {
            return Err(GameError::Mistakes(first.explain(sudoku_logic::Lang::En)));
        }
        if pos.is_solved() {
            return Err(GameError::Full);
        }
        logic.next_step(&pos).ok_or(GameError::Stuck)
    }

    /// Plays `step`, worked out by [`Game::hint_step`] on this very position, as the Apply
    /// move (counted as a hint, one undo step): the move without working the step out again.
    pub fn apply_hint_step(&mut self, step: &Step, now_ms: u64) -> Result<bool, GameError> {
        self.playing()?;
        let changes = self.hint_changes(step);
        Ok(self.commit(changes, now_ms))
    }

    /// The changes of playing `step` on the player's position: placed digits are written (and
    /// taken out of their peers' notes), eliminated candidates taken out of the notes.
    fn hint_changes(&mut self, step: &Step) -> Vec<Change> {
        self.count_hint();
        let pos = self.position();
        let mut after = pos.clone();
        after.apply(&self.layout, step);
        let mut next: Vec<CellState> = self.s.cells.clone();
        for p in &step.placements {
            let i = self.index(p.cell);
            next[i] = CellState {
                colour: next[i].colour,
                ..CellState::digit(p.digit.get() as u8)
            };
            let bit = DigitSet::single(p.digit).bits();
            for &q in self.layout.peers(i) {
                next[q as usize].notes &= !bit;
            }
        }
        for e in &step.eliminations {
            let i = self.index(e.cell);
            if next[i].digit == 0 {
                next[i].notes = after.candidates(e.cell).bits();
            }
        }
        (0..next.len())
            .filter_map(|i| self.change(i, next[i]))
            .collect()
    }

    /// Applies a move's changes as one undo step, then checks for the end of the game.
    fn commit(&mut self, changes: Vec<Change>, now_ms: u64) -> bool {
        if changes.is_empty() {
            self.after_change(now_ms);
            return false;
        }
        for c in &changes {
            self.s.cells[c.cell as usize] = c.after;
        }
        self.s.undo.push(changes);
        self.s.redo.clear();
        self.trim_history();
        self.after_change(now_ms);
        true
    }

    /// Drops the oldest undo steps past [`MAX_UNDO_STEPS`] or past [`MAX_UNDO_CHANGES`]
    /// cell changes. Every move is saved
    /// with its history: unbounded, filling and clearing a 16x16 grid's notes 600 times made
    /// a 4 MB game that every later move wrote again.
    fn trim_history(&mut self) {
        let cap = MAX_UNDO_CHANGES;
        let mut total: usize = self.s.undo.iter().map(Vec::len).sum();
        let mut drop = 0;
        while drop + 1 < self.s.undo.len()
            && (total > cap || self.s.undo.len() - drop > MAX_UNDO_STEPS)
        {
            total -= self.s.undo[drop].len();
            drop += 1;
        }
        self.s.undo.drain(..drop);
        self.s.dropped += drop;
    }

    fn after_change(&mut self, now_ms: u64) {
        self.s.timer.resume(now_ms);
        if self.board() == self.solution {
            self.finish(Status::Won, now_ms);
        } else if self
            .s
            .mistake_limit
            .is_some_and(|limit| self.s.mistakes >= limit)
        {
            self.finish(Status::Lost, now_ms);
        }
    }

    fn finish(&mut self, status: Status, now_ms: u64) {
        self.s.timer.pause(now_ms);
        self.s.status = status;
    }
}

#[cfg(test)]
mod tests;
