//! [`App`]: the terminal game as state and keys, without the terminal: what is selected,
//! the mode, the hint at its stage, the screen shown. Every change to the game goes through
//! the play core ([`sudoku_play::Games`], run to its end by [`sudoku_play::Blocking`]): the
//! very flows the browser's server runs, so a move is on disk before the screen shows it, a
//! hint is counted once over its stages, and a new game takes a puzzle from the pool the
//! server keeps in the same store.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use sudoku_core::{Cell, Shape};
use sudoku_game::offer::{self, Spec};
use sudoku_game::{CellRef, Game, GameError, GameVariant, Move, Status};
use sudoku_logic::generate::Generated;
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_logic::{Hint, Lang, Stage};
use sudoku_play::daily::Streak;
use sudoku_play::{Action, Blocking, DailyStart, Env, Games, Origin, PlayError, SystemEnv};
use sudoku_store::db::{self, LevelStats, Meta};
use sudoku_store::{Logged, Store, StoreError};

use crate::TuiError;
use crate::text::{Say, say};

/// Where the clock comes from: the system's, or a fixed one in tests.
pub type Clock = fn() -> u64;

/// The play core's clock read from a [`Clock`]; ids and seeds are the system's.
#[derive(Debug, Clone, Copy)]
struct ClockEnv(Clock);

impl Env for ClockEnv {
    fn now_ms(&self) -> u64 {
        (self.0)()
    }

    fn seed(&self) -> Result<u64, PlayError> {
        SystemEnv.seed()
    }
}

/// The play core over `store`, on `clock`: one hint worked out at a time (one player).
fn play_core(store: Store, clock: Clock) -> Result<Blocking, TuiError> {
    Ok(Blocking::new(
        Games::new(store, 1).with_env(ClockEnv(clock)),
    )?)
}

pub use sudoku_play::env::system_ms;

/// What fills the screen.
#[derive(Debug, Clone, PartialEq)]
pub enum Screen {
    /// The board and its panel.
    Board,
    /// The keys.
    Help,
    /// The player's statistics per rung, size and variant, the drill's, and the daily
    /// streak.
    Stats(Vec<LevelStats>, db::DrillStats, Streak),
    /// The games being played, to resume one: `(games, the one with the focus)`.
    Games(Vec<db::Listed>, usize),
    /// Choosing a new game.
    NewGame(NewGameForm),
}

/// The new-game chooser: one line each for the rung, the size and the variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NewGameForm {
    /// The line with the focus (0 rung, 1 size, 2 variant).
    pub line: usize,
    /// Index into the ladder.
    pub rung: usize,
    /// Index into [`offer::SIZES`].
    pub size: usize,
    /// 0 classic, 1 diagonal.
    pub variant: usize,
}

impl NewGameForm {
    fn shape(&self) -> Shape {
        let (_, r, c) = offer::SIZES[self.size];
        Shape::new(r, c).unwrap_or(Shape::CLASSIC)
    }

    fn game_variant(&self) -> GameVariant {
        if self.variant == 1 {
            GameVariant::Diagonal
        } else {
            GameVariant::Classic
        }
    }

    /// The rungs offered for the size and variant chosen.
    pub fn offered(&self) -> &'static [&'static str] {
        offer::offered(self.shape(), self.game_variant())
    }

    /// Keeps the rung among those offered (the easiest offered when it is not).
    fn fit(&mut self) {
        let offered = self.offered();
        if !offered.contains(&LADDER[self.rung].id) {
            let last = offered.last().copied().unwrap_or("easy");
            let wanted = LADDER[self.rung].id;
            let keep = offered.iter().position(|&r| r == wanted);
            let id = keep.map_or(last, |k| offered[k]);
            self.rung = LADDER.iter().position(|r| r.id == id).unwrap_or(1);
        }
    }

    /// The spec it asks for.
    pub fn spec(&self) -> Spec {
        Spec {
            rung: &LADDER[self.rung],
            shape: self.shape(),
            variant: self.game_variant(),
            symmetry: None,
        }
    }
}

/// A hint being shown: its stage and what the solver said.
#[derive(Debug, Clone, PartialEq)]
pub struct HintShown {
    /// 1, 2 or 3.
    pub stage: u8,
    /// The hint.
    pub hint: Hint,
}

/// The settings a player changes while playing (keys M, X, K).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Remove a placed digit from its peers' notes.
    pub auto_notes: bool,
    /// Show a digit that repeats in a house.
    pub conflicts: bool,
    /// Check every placement against the solution (a wrong digit is marked at once).
    pub auto_check: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            auto_notes: true,
            conflicts: true,
            auto_check: false,
        }
    }
}

/// The terminal game.
pub struct App {
    play: Blocking,
    session: String,
    clock: Clock,
    /// The language of every text.
    pub lang: Lang,
    /// The game as the store last committed it.
    pub game: Game,
    /// Its id, rung and times.
    pub meta: Meta,
    /// The selected cell (row-major index).
    pub selected: usize,
    /// Digits go in as notes.
    pub notes_mode: bool,
    /// Colour marks: in notes mode, the colour digits paint on the selected cell's
    /// candidates (`0`: none, digits write notes); `V` cycles it.
    pub brush: u8,
    /// The settings.
    pub settings: Settings,
    /// The hint shown, if any.
    pub hint: Option<HintShown>,
    /// Cells found wrong by the last check (until they change).
    pub wrong: Vec<usize>,
    /// What fills the screen.
    pub screen: Screen,
    /// A line for the player (the last refusal, say).
    pub message: Option<String>,
    /// The player asked to leave.
    pub quit: bool,
    /// A new game being made on a thread of its own (a Master or a 16x16 puzzle can take
    /// seconds): the board stays live, the message counts the seconds, and Esc gives it up.
    /// [`App::poll_pending`] takes it when it is ready.
    pub pending: Option<Making>,
}

/// Why no game came from the thread making one (it panicked).
const MAKER_STOPPED: &str = "the puzzle maker stopped";

/// A new game of `spec` being made on another thread.
#[derive(Debug)]
pub struct Making {
    spec: Spec,
    made: mpsc::Receiver<Result<Generated, String>>,
    started: Instant,
}

impl Making {
    /// Starts making a puzzle of `spec` within its offered budget.
    fn start(spec: Spec) -> Making {
        let (send, made) = mpsc::channel();
        let seed = random_seed();
        std::thread::spawn(move || {
            // The receiver is gone when the player gave the game up: nothing to tell.
            let _ = send.send(make_puzzle(&spec, seed));
        });
        Making {
            spec,
            made,
            started: Instant::now(),
        }
    }
}

impl App {
    /// Resumes the session's newest game being played, or starts a new one of `spec`.
    pub fn resume_or_new(
        store: Store,
        session: &str,
        lang: Lang,
        clock: Clock,
        spec: Spec,
    ) -> Result<App, TuiError> {
        let play = play_core(store, clock)?;
        let current = play.run(play.games().current::<TuiError>(session));
        let (meta, game) = match current {
            Ok(found) => found,
            Err(TuiError::Play(e)) if e.code == sudoku_play::Code::NotFound => play.run(
                play.games()
                    .new_game::<TuiError, _>(session, spec, any_number),
            )?,
            Err(e) => return Err(e),
        };
        Ok(App::with(play, session, lang, clock, meta, game))
    }

    /// Opens a game of the session by id.
    pub fn open(
        store: Store,
        session: &str,
        lang: Lang,
        clock: Clock,
        id: &str,
    ) -> Result<App, TuiError> {
        let play = play_core(store, clock)?;
        let (meta, game) = play.run(play.games().show(session, id))?;
        Ok(App::with(play, session, lang, clock, meta, game))
    }

    /// A new game of `spec`: from the pool if it has one, else made now (blocking, within
    /// the offered budget).
    pub fn new_game(
        store: Store,
        session: &str,
        lang: Lang,
        clock: Clock,
        spec: Spec,
    ) -> Result<App, TuiError> {
        let play = play_core(store, clock)?;
        let (meta, game) = play.run(
            play.games()
                .new_game::<TuiError, _>(session, spec, any_number),
        )?;
        Ok(App::with(play, session, lang, clock, meta, game))
    }

    /// The day's game at `rung` (the server's UTC date): the player's game of the day's
    /// puzzle, or a new one; the same puzzle the browser's daily shows.
    pub fn daily(
        store: Store,
        session: &str,
        lang: Lang,
        clock: Clock,
        rung: &'static Rung,
    ) -> Result<App, TuiError> {
        let play = play_core(store, clock)?;
        let started = play.run(
            play.games()
                .daily_game::<TuiError, _>(session, rung, None, any_number),
        )?;
        let (DailyStart::Begun(meta, game) | DailyStart::New(meta, game)) = started;
        Ok(App::with(play, session, lang, clock, meta, game))
    }

    /// A new game of a puzzle given by the player (one line or a grid), checked for one
    /// solution and graded.
    pub fn import(
        store: Store,
        session: &str,
        lang: Lang,
        clock: Clock,
        text: &str,
        variant: GameVariant,
    ) -> Result<App, TuiError> {
        let imported = sudoku_play::import(text, None, variant)
            .map_err(|e| TuiError::Puzzle(e.message_in(lang).to_string()))?;
        let play = play_core(store, clock)?;
        let (meta, game) = play.run(
            play.games()
                .import_game::<TuiError, _>(session, variant, imported, any_number),
        )?;
        Ok(App::with(play, session, lang, clock, meta, game))
    }

    /// The app on `game`, its clock running.
    fn with(
        play: Blocking,
        session: &str,
        lang: Lang,
        clock: Clock,
        meta: Meta,
        game: Game,
    ) -> App {
        let selected = first_empty(&game);
        let mut app = App {
            play,
            session: session.to_string(),
            clock,
            lang,
            game,
            meta,
            selected,
            notes_mode: false,
            brush: 0,
            settings: Settings::default(),
            hint: None,
            wrong: Vec::new(),
            screen: Screen::Board,
            message: None,
            quit: false,
            pending: None,
        };
        app.resume();
        app
    }

    /// The grid's side.
    pub fn n(&self) -> usize {
        self.game.size()
    }

    /// The selected cell.
    pub fn cell(&self) -> Cell {
        Cell::from_index(self.selected, self.n())
    }

    /// Playing time now.
    pub fn elapsed_ms(&self) -> u64 {
        self.game.elapsed_ms((self.clock)())
    }

    /// Whether moves are taken now.
    pub fn playing(&self) -> bool {
        self.game.status() == Status::Playing && !self.game.is_paused()
    }

    /// Shows the game a flow of the play core committed, or says why it refused (in the
    /// player's language; nothing changed); whether it was committed.
    fn committed(&mut self, done: Result<(Meta, Game), Refused>) -> bool {
        match done {
            Ok((meta, game)) => {
                self.meta = meta;
                self.game = game;
                true
            }
            Err(refused) => {
                self.message = Some(refused.say(self.lang));
                false
            }
        }
    }

    /// Changes the game by an action that is not a move.
    fn act(&mut self, action: Action) -> bool {
        let games = self.play.games();
        let done = self
            .play
            .run(games.act::<Refused>(&self.session, &self.meta.id, action));
        self.committed(done)
    }

    fn play(&mut self, mv: Move) {
        if !self.playing() {
            return;
        }
        let action = serde_json::to_string(&mv).unwrap_or_default();
        let before = self.game.moves();
        let logged = Logged::new(&action, (self.clock)());
        let games = self.play.games();
        let done = self
            .play
            .run(games.play::<Refused>(&self.session, &self.meta.id, mv, logged));
        if self.committed(done) {
            self.message = None;
            self.hint = None;
            if self.game.moves() != before {
                self.wrong.retain(|&i| {
                    self.game
                        .digit(Cell::from_index(i, self.game.size()))
                        .is_some()
                });
                if self.settings.auto_check {
                    self.mark_wrong();
                }
            }
        }
    }

    /// Starts the timer (games are stored paused).
    pub fn resume(&mut self) {
        if self.game.status() == Status::Playing && self.game.is_paused() {
            self.act(Action::Resume);
        }
    }

    /// Stops the timer and hides the board.
    pub fn pause(&mut self) {
        if self.playing() {
            self.act(Action::Pause);
        }
    }

    fn cell_ref(&self) -> CellRef {
        CellRef(self.cell())
    }

    /// `V`: colour marks. Out of notes mode it gives the selected cell the next of the six
    /// colours (after the sixth, none); in notes mode it cycles the brush that digits then
    /// paint the cell's candidates with.
    pub fn colour_key(&mut self) {
        if !self.playing() {
            return;
        }
        let next = |k: u8| (k + 1) % (sudoku_game::COLOURS + 1);
        if self.notes_mode {
            self.brush = next(self.brush);
            return;
        }
        let colour = next(self.game.colour_of(self.cell()));
        self.play(Move::Colour {
            cell: self.cell_ref(),
            digit: None,
            colour,
        });
    }

    /// A digit typed: a placement, or a note in notes mode (or with `as_note`).
    pub fn digit(&mut self, d: u8, as_note: bool) {
        if d as usize > self.n() || d == 0 {
            return;
        }
        let cell = self.cell_ref();
        let has_note = self
            .game
            .notes(self.cell())
            .iter()
            .any(|x| x.get() == d as usize);
        let mv = if self.notes_mode && !as_note && self.brush != 0 && has_note {
            // The brush paints the candidate (the same colour again takes it off).
            let digit = sudoku_core::Digit::new(d as usize);
            let now = digit.map_or(0, |x| self.game.candidate_colour_of(self.cell(), x));
            Move::Colour {
                cell,
                digit: Some(d),
                colour: if now == self.brush { 0 } else { self.brush },
            }
        } else if as_note != self.notes_mode {
            Move::Note { cell, digit: d }
        } else if self.game.digit(self.cell()).map(|x| x.get() as u8) == Some(d) {
            Move::Erase { cell }
        } else {
            Move::Place {
                cell,
                digit: d,
                auto_notes: self.settings.auto_notes,
            }
        };
        self.play(mv);
    }

    /// Asks for a hint, or for the next stage of the one shown.
    pub fn hint(&mut self) {
        if !self.playing() {
            return;
        }
        let stage = match &self.hint {
            Some(h) if matches!(h.hint, Hint::Step { .. }) && h.stage < 3 => h.stage + 1,
            Some(_) => return,
            None => 1,
        };
        let Some(s) = Stage::from_number(stage) else {
            return;
        };
        let action = json!({ "kind": "hint", "stage": stage, "intuitive": false }).to_string();
        let logged = Logged::new(&action, (self.clock)());
        let games = self.play.games();
        let asked = self.play.run(games.hint::<Refused>(
            &self.session,
            &self.meta.id,
            logged,
            move |game, logic| game.hint_for(logic, s, false),
        ));
        match asked {
            Ok((hint, _)) => {
                // The hint is counted on the stored game: show that game's count.
                if let Ok(found) = self.play.run(games.show(&self.session, &self.meta.id)) {
                    (self.meta, self.game) = found;
                }
                self.hint = Some(HintShown { stage, hint });
            }
            Err(refused) => self.message = Some(refused.say(self.lang)),
        }
    }

    /// Applies the step of the hint shown.
    pub fn apply_hint(&mut self) {
        if matches!(&self.hint, Some(h) if matches!(h.hint, Hint::Step { .. })) {
            self.play(Move::ApplyHint);
        }
    }

    /// The keys of the board screen (and of the others: Esc or their key goes back).
    pub fn key(&mut self, key: KeyEvent) {
        match &mut self.screen {
            Screen::Board => self.board_key(key),
            Screen::NewGame(form) => {
                let mut form = *form;
                self.new_game_key(&mut form, key);
            }
            Screen::Games(games, at) => {
                let (games, mut at) = (games.clone(), *at);
                self.games_key(&games, &mut at, key);
            }
            Screen::Help | Screen::Stats(..) => {
                if matches!(
                    key.code,
                    KeyCode::Esc | KeyCode::Enter | KeyCode::Char('q' | '?' | 's' | 'S')
                ) {
                    self.screen = Screen::Board;
                }
            }
        }
    }

    fn board_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        if self.game.is_paused() && self.game.status() == Status::Playing {
            match key.code {
                KeyCode::Char('p' | 'P' | ' ') | KeyCode::Enter => self.resume(),
                KeyCode::Char('q' | 'Q') => self.quit = true,
                _ => {}
            }
            return;
        }
        match key.code {
            KeyCode::Char('z') | KeyCode::Char('Z') if ctrl => self.undo(),
            KeyCode::Char('r' | 'R' | 'y' | 'Y') if ctrl => self.redo(),
            KeyCode::Char('c') if ctrl => self.quit = true,
            KeyCode::Up | KeyCode::Char('k') => self.step(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => self.step(1, 0),
            KeyCode::Left | KeyCode::Char('h') => self.step(0, -1),
            KeyCode::Right | KeyCode::Char('l') => self.step(0, 1),
            KeyCode::Char('0') | KeyCode::Backspace | KeyCode::Delete => {
                let cell = self.cell_ref();
                self.play(Move::Erase { cell });
            }
            KeyCode::Char(ch @ '1'..='9') => self.digit(ch as u8 - b'0', alt),
            KeyCode::Char(ch @ ('A'..='G' | 'a'..='g')) if self.n() > 9 && !alt => {
                let d = ch.to_ascii_uppercase() as u8 - b'A' + 10;
                self.digit(d, false);
            }
            KeyCode::Char('n' | 'N') => {
                self.notes_mode = !self.notes_mode;
                self.brush = 0;
            }
            KeyCode::Char('v' | 'V') => self.colour_key(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('f' | 'F') => self.play(Move::FillNotes),
            KeyCode::Char('i' | 'I') => self.hint(),
            KeyCode::Enter => self.apply_hint(),
            KeyCode::Char('r' | 'R') => {
                let cell = self.cell_ref();
                self.play(Move::Reveal { cell });
            }
            KeyCode::Char('c' | 'C') => self.check(),
            KeyCode::Char('p' | 'P' | ' ') => self.pause(),
            KeyCode::Char('?') => self.screen = Screen::Help,
            KeyCode::Char('s' | 'S') => self.stats(),
            KeyCode::Char('g' | 'G') => self.open_new_game(),
            KeyCode::Char('o' | 'O') => self.open_games(),
            KeyCode::Char('m' | 'M') => self.settings.auto_notes = !self.settings.auto_notes,
            KeyCode::Char('x' | 'X') => self.settings.conflicts = !self.settings.conflicts,
            KeyCode::Char('K') => {
                self.settings.auto_check = !self.settings.auto_check;
                if self.settings.auto_check {
                    self.mark_wrong();
                } else {
                    self.wrong.clear();
                }
            }
            KeyCode::Char('L') => self.toggle_lang(),
            KeyCode::Char('q' | 'Q') => self.quit = true,
            // Esc gives up a new game being made, or else clears the hint and the message.
            KeyCode::Esc if !self.give_up_making() => {
                self.hint = None;
                self.message = None;
            }
            _ => {}
        }
    }

    /// Switches between English and Chinese.
    pub fn toggle_lang(&mut self) {
        self.lang = if self.lang == Lang::Zh {
            Lang::En
        } else {
            Lang::Zh
        };
    }

    fn step(&mut self, dr: isize, dc: isize) {
        let n = self.n() as isize;
        let (r, c) = (self.selected as isize / n, self.selected as isize % n);
        let (r, c) = ((r + dr).rem_euclid(n), (c + dc).rem_euclid(n));
        self.selected = (r * n + c) as usize;
    }

    /// Selects a cell (a mouse click).
    pub fn select(&mut self, index: usize) {
        if index < self.n() * self.n() {
            self.selected = index;
        }
    }

    fn undo(&mut self) {
        self.history(true);
    }

    fn redo(&mut self) {
        self.history(false);
    }

    /// Undo (`back`) or redo, or says there is nothing to.
    fn history(&mut self, back: bool) {
        if !self.playing() {
            return;
        }
        let can = if back {
            self.game.can_undo()
        } else {
            self.game.can_redo()
        };
        if !can {
            let none = if back {
                Say::NothingToUndo
            } else {
                Say::NothingToRedo
            };
            self.message = Some(say(self.lang, none).to_string());
            return;
        }
        self.act(if back { Action::Undo } else { Action::Redo });
        self.hint = None;
    }

    /// Marks the entries that differ from the solution (what auto-check shows).
    fn mark_wrong(&mut self) {
        let n = self.n();
        self.wrong = self
            .game
            .check()
            .wrong
            .iter()
            .map(|c| c.0.index(n))
            .collect();
    }

    fn check(&mut self) {
        let check = self.game.check();
        let n = self.n();
        self.wrong = check
            .wrong
            .iter()
            .chain(&check.conflicts)
            .map(|c| c.0.index(n))
            .collect();
        let say_what = if self.wrong.is_empty() {
            Say::CheckOk
        } else {
            Say::CheckBad
        };
        self.message = Some(say(self.lang, say_what).to_string());
    }

    fn stats(&mut self) {
        let games = self.play.games();
        match self
            .play
            .run(games.statistics::<Refused>(&self.session, None))
        {
            Ok((stats, streak)) => self.screen = Screen::Stats(stats.levels, stats.drill, streak),
            Err(refused) => self.message = Some(refused.say(self.lang)),
        }
    }

    /// The list of the games being played.
    fn open_games(&mut self) {
        let games = self.play.games();
        match self.play.run(games.list(&self.session)) {
            Ok(games) => {
                let games: Vec<db::Listed> = games
                    .into_iter()
                    .filter(|g| g.status == "playing")
                    .collect();
                let at = games.iter().position(|g| g.id == self.meta.id).unwrap_or(0);
                self.screen = Screen::Games(games, at);
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    fn games_key(&mut self, games: &[db::Listed], at: &mut usize, key: KeyEvent) {
        let len = games.len().max(1);
        match key.code {
            KeyCode::Esc | KeyCode::Char('q' | 'o' | 'O') => {
                self.screen = Screen::Board;
                return;
            }
            KeyCode::Up | KeyCode::Char('k') => *at = (*at + len - 1) % len,
            KeyCode::Down | KeyCode::Char('j') => *at = (*at + 1) % len,
            KeyCode::Enter => {
                self.screen = Screen::Board;
                if let Some(g) = games.get(*at).filter(|g| g.id != self.meta.id) {
                    let id = g.id.clone();
                    self.switch(|app| load(app, &id));
                }
                return;
            }
            _ => {}
        }
        self.screen = Screen::Games(games.to_vec(), *at);
    }

    /// Leaves this game (paused, saved) for the one `get` brings. When `get` fails, this
    /// game stays on the board as it was, its timer running if it was, with the error said.
    fn switch(&mut self, get: impl FnOnce(&App) -> Result<(Meta, Game), TuiError>) {
        match get(self) {
            Ok((meta, game)) => {
                self.pause();
                self.selected = first_empty(&game);
                self.meta = meta;
                self.game = game;
                self.hint = None;
                self.wrong.clear();
                self.message = None;
                self.resume();
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    fn open_new_game(&mut self) {
        let size = offer::SIZES
            .iter()
            .position(|(name, ..)| *name == offer::size_name(self.game.shape()))
            .unwrap_or(2);
        let rung = LADDER
            .iter()
            .position(|r| r.id == self.meta.rung)
            .unwrap_or(2);
        let mut form = NewGameForm {
            line: 0,
            rung,
            size,
            variant: usize::from(self.game.variant() == GameVariant::Diagonal),
        };
        form.fit();
        self.screen = Screen::NewGame(form);
    }

    fn new_game_key(&mut self, form: &mut NewGameForm, key: KeyEvent) {
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => {
                self.screen = Screen::Board;
                return;
            }
            KeyCode::Up | KeyCode::Char('k') => form.line = (form.line + 2) % 3,
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => form.line = (form.line + 1) % 3,
            KeyCode::Left | KeyCode::Char('h') => form.change(-1),
            KeyCode::Right | KeyCode::Char('l') => form.change(1),
            KeyCode::Enter => {
                self.screen = Screen::Board;
                self.pending = Some(Making::start(form.spec()));
                self.message = Some(crate::text::making(self.lang, 0));
                return;
            }
            _ => {}
        }
        self.screen = Screen::NewGame(*form);
    }

    /// Takes the new game being made if it is ready, or counts the seconds in the message;
    /// whether the screen changed.
    pub fn poll_pending(&mut self) -> bool {
        let Some(making) = &self.pending else {
            return false;
        };
        match making.made.try_recv() {
            Ok(made) => {
                self.finish_making(made);
                true
            }
            Err(mpsc::TryRecvError::Empty) => {
                // The count replaces only itself: a refusal said meanwhile stays in view.
                let counting = self.message.as_deref().is_none_or(|m| {
                    [Lang::En, Lang::Zh]
                        .iter()
                        .any(|&lang| m.starts_with(say(lang, Say::Generating)))
                });
                let said = crate::text::making(self.lang, making.started.elapsed().as_secs());
                let changed = counting && self.message.as_deref() != Some(said.as_str());
                if changed {
                    self.message = Some(said);
                }
                changed
            }
            Err(mpsc::TryRecvError::Disconnected) => {
                self.pending = None;
                self.message = Some(TuiError::Generate(MAKER_STOPPED.into()).to_string());
                true
            }
        }
    }

    /// Waits for the new game being made, if any, and takes it.
    pub fn make_pending(&mut self) {
        let Some(making) = &self.pending else {
            return;
        };
        let made = making
            .made
            .recv()
            .unwrap_or_else(|_| Err(MAKER_STOPPED.into()));
        self.finish_making(made);
    }

    /// Gives up the new game being made; whether there was one.
    fn give_up_making(&mut self) -> bool {
        if self.pending.take().is_none() {
            return false;
        }
        self.message = Some(say(self.lang, Say::MakingGivenUp).to_string());
        true
    }

    fn finish_making(&mut self, made: Result<Generated, String>) {
        let Some(making) = self.pending.take() else {
            return;
        };
        let spec = making.spec;
        self.switch(|app| {
            let made = made.map_err(TuiError::Generate)?;
            let origin = Origin::generated(spec.rung, &made);
            let grids = (&made.puzzle, &made.solution);
            let games = app.play.games();
            app.play.run(games.start::<TuiError, _>(
                &app.session,
                spec.variant,
                grids,
                origin,
                any_number,
            ))
        });
    }
}

/// A game of the app's session, from the store.
fn load(app: &App, id: &str) -> Result<(Meta, Game), TuiError> {
    Ok(app.play.run(app.play.games().show(&app.session, id))?)
}

/// The terminal's quota on the games a player holds: none.
fn any_number(_games: u64) -> Result<(), TuiError> {
    Ok(())
}

impl NewGameForm {
    fn change(&mut self, by: isize) {
        let wrap = |v: usize, len: usize| (v as isize + by).rem_euclid(len as isize) as usize;
        match self.line {
            0 => {
                let offered = self.offered();
                let at = offered
                    .iter()
                    .position(|&r| r == LADDER[self.rung].id)
                    .unwrap_or(0);
                let id = offered[wrap(at, offered.len().max(1)).min(offered.len() - 1)];
                self.rung = LADDER.iter().position(|r| r.id == id).unwrap_or(0);
            }
            1 => self.size = wrap(self.size, offer::SIZES.len()),
            _ => self.variant = wrap(self.variant, 2),
        }
        self.fit();
    }
}

/// Why a change of the game was refused: by the game, the store or the play core.
#[derive(Debug)]
enum Refused {
    Game(GameError),
    Store(StoreError),
    Play(PlayError),
}

impl Refused {
    /// The refusal in the player's language.
    fn say(&self, lang: Lang) -> String {
        match self {
            Refused::Game(e) => game_error(lang, e),
            Refused::Store(e) => e.to_string(),
            Refused::Play(e) => e.message_in(lang).to_string(),
        }
    }
}

impl From<StoreError> for Refused {
    fn from(e: StoreError) -> Refused {
        Refused::Store(e)
    }
}

impl From<GameError> for Refused {
    fn from(e: GameError) -> Refused {
        Refused::Game(e)
    }
}

impl From<PlayError> for Refused {
    fn from(e: PlayError) -> Refused {
        Refused::Play(e)
    }
}

/// A refusal in the player's language.
fn game_error(lang: Lang, e: &GameError) -> String {
    if lang == Lang::Zh {
        return sudoku_game::zh::game_error(e);
    }
    let mut s = e.to_string();
    if let Some(first) = s.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    s
}

fn first_empty(game: &Game) -> usize {
    let n = game.size();
    (0..n * n)
        .find(|&i| game.digit(Cell::from_index(i, n)).is_none())
        .unwrap_or(0)
}

/// A puzzle of `spec`, made within its offered budget (blocking).
fn make_puzzle(spec: &Spec, seed: u64) -> Result<Generated, String> {
    offer::make_within(spec, offer::on_demand_budget(spec), seed)
}

/// A random seed (a fixed one if the system has no random numbers: the game is still fine).
pub fn random_seed() -> u64 {
    SystemEnv
        .seed()
        .unwrap_or_else(|_| system_ms() ^ 0x9e37_79b9_7f4a_7c15)
}

/// The rung named, or an error naming the rungs.
pub fn rung_by_id(id: &str) -> Result<&'static Rung, TuiError> {
    Rung::by_id(id).ok_or_else(|| {
        let ids: Vec<&str> = LADDER.iter().map(|r| r.id).collect();
        TuiError::Usage(format!("unknown level `{id}` ({})", ids.join(", ")))
    })
}

/// How long a key may wait in the event loop before the clock is redrawn.
pub const TICK: Duration = Duration::from_millis(250);

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Shape;

    fn noon() -> u64 {
        1_795_780_800_000
    }

    /// A game of a 4x4 puzzle, in a store in `dir`.
    fn four_by_four(dir: &tempfile::TempDir) -> App {
        let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
        App::import(
            store,
            "test",
            Lang::En,
            noon,
            "1..4.4..21.....1",
            GameVariant::Classic,
        )
        .unwrap()
    }

    /// A new game that could not be made leaves the game on the board as it was: still
    /// playing (not paused behind the error), its moves and id kept, and the error said.
    #[test]
    fn a_failed_new_game_leaves_the_board_playing() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = four_by_four(&dir);
        assert!(app.playing());
        let (id, moves) = (app.meta.id.clone(), app.game.moves());
        let (send, made) = mpsc::channel();
        send.send(Err("no puzzle within the time".to_string()))
            .unwrap();
        app.pending = Some(Making {
            spec: Spec {
                rung: &LADDER[0],
                shape: Shape::new(2, 2).unwrap(),
                variant: GameVariant::Classic,
                symmetry: None,
            },
            made,
            started: Instant::now(),
        });
        assert!(app.poll_pending());
        assert!(app.pending.is_none());
        assert_eq!(app.meta.id, id);
        assert_eq!(app.game.moves(), moves);
        assert!(app.playing(), "the game on the board goes on");
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("no puzzle within the time"), "{said}");
    }

    /// The day's puzzle through the play core: the same game when opened again, the same
    /// puzzle for another player, saved as the day's.
    #[test]
    fn the_daily_puzzle_is_begun_then_resumed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.sqlite3");
        let easy = rung_by_id("easy").unwrap();
        let first = App::daily(Store::open(&path).unwrap(), "me", Lang::En, noon, easy).unwrap();
        assert_eq!(first.meta.daily.as_deref(), Some("2026-11-27"));
        assert!(first.playing());
        let id = first.meta.id.clone();
        drop(first);
        let again = App::daily(Store::open(&path).unwrap(), "me", Lang::En, noon, easy).unwrap();
        assert_eq!(again.meta.id, id, "the begun game is resumed");
        let theirs = App::daily(Store::open(&path).unwrap(), "you", Lang::En, noon, easy).unwrap();
        assert_ne!(theirs.meta.id, id);
        assert_eq!(theirs.game.puzzle(), again.game.puzzle());
    }

    /// A hint's three stages count one hint, as on the page; Apply plays its step.
    #[test]
    fn a_hint_counts_once_over_its_stages() {
        let dir = tempfile::tempdir().unwrap();
        let mut app = four_by_four(&dir);
        for stage in 1..=3 {
            app.hint();
            assert_eq!(app.hint.as_ref().map(|h| h.stage), Some(stage));
            assert_eq!(app.game.hints(), 1, "stage {stage}");
        }
        let filled = app.game.moves();
        app.apply_hint();
        assert!(app.game.moves() > filled, "Apply played the step");
        assert_eq!(app.game.hints(), 1);
    }
}
