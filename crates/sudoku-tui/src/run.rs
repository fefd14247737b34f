//! The terminal itself: raw mode, the alternate screen and the mouse on the way in, all put
//! back on the way out (on a panic too), and the event loop between.

use std::io::{Stdout, stdout};

use crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind, MouseButton, MouseEventKind,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use sudoku_game::GameVariant;
use sudoku_game::offer::Spec;
use sudoku_store::Store;

use crate::app::{App, TICK, system_ms};
use crate::{Options, TuiError, ui};

/// Which game `sudoku play` opens.
#[derive(Debug, Clone)]
pub enum Start {
    /// The newest game being played, else a new one of this spec.
    Resume(Spec),
    /// A new game of this spec.
    New(Spec),
    /// The day's puzzle at this rung (9x9 classic): the player's game of it, or a new one.
    Daily(&'static sudoku_logic::ladder::Rung),
    /// A new game of this puzzle (text as given on the command line or in a file).
    Puzzle(String, GameVariant),
}

/// Runs the game in the terminal until the player quits; the game stays saved.
pub fn play(options: &Options, start: Start) -> Result<(), TuiError> {
    let store = Store::open(&options.db)?;
    let (lang, session) = (options.lang, options.session.as_str());
    let mut app = match start {
        Start::Resume(spec) => App::resume_or_new(store, session, lang, system_ms, spec)?,
        Start::New(spec) => App::new_game(store, session, lang, system_ms, spec)?,
        Start::Daily(rung) => App::daily(store, session, lang, system_ms, rung)?,
        Start::Puzzle(text, variant) => {
            App::import(store, session, lang, system_ms, &text, variant)?
        }
    };
    let mut terminal = enter()?;
    let outcome = event_loop(&mut terminal, &mut app, options.color);
    app.pause();
    leave(&mut terminal)?;
    outcome
}

type Term = Terminal<CrosstermBackend<Stdout>>;

fn enter() -> Result<Term, TuiError> {
    enable_raw_mode()?;
    let mut out = stdout();
    if let Err(e) = execute!(out, EnterAlternateScreen, EnableMouseCapture) {
        let _ = disable_raw_mode();
        return Err(e.into());
    }
    // A panic must not leave the terminal raw: put it back, then report.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = disable_raw_mode();
        let _ = execute!(stdout(), LeaveAlternateScreen, DisableMouseCapture);
        previous(info);
    }));
    Ok(Terminal::new(CrosstermBackend::new(out))?)
}

fn leave(terminal: &mut Term) -> Result<(), TuiError> {
    disable_raw_mode()?;
    execute!(
        terminal.backend_mut(),
        LeaveAlternateScreen,
        DisableMouseCapture
    )?;
    terminal.show_cursor()?;
    Ok(())
}

fn event_loop(terminal: &mut Term, app: &mut App, color: bool) -> Result<(), TuiError> {
    let mut geom = None;
    while !app.quit {
        terminal.draw(|frame| geom = ui::draw(frame, app, color))?;
        // A new game being made on its own thread: taken when ready, the seconds counted
        // meanwhile (each turn of the loop is at most a tick).
        app.poll_pending();
        if !event::poll(TICK)? {
            continue;
        }
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => app.key(key),
            Event::Mouse(m) if m.kind == MouseEventKind::Down(MouseButton::Left) => {
                if let Some(i) = geom.and_then(|g| g.cell_at(m.column, m.row)) {
                    app.select(i);
                }
            }
            // A resize is drawn on the next turn of the loop.
            _ => {}
        }
    }
    Ok(())
}
