//! Drawing the game: the board (pencil marks as a mini-grid inside each cell when the
//! terminal has room, a compact one-line-per-row board when it has not), the panel beside
//! it, and the help, statistics and new-game screens. Colours come from the terminal's own
//! palette (the sixteen named colours); with `NO_COLOR` every role is told by a text
//! attribute instead (bold, underline, reversed, crossed out).

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Row, Table, Widget, Wrap};
use sudoku_core::{Cell, Digit};
use sudoku_game::{GameVariant, Status};
use sudoku_logic::step::{Role, Target};
use sudoku_logic::{Hint, Lang};

use crate::app::{App, Screen};
use crate::text::{Say, clock, rung_name, say};

/// The narrowest panel beside the board.
const PANEL: u16 = 28;

/// Where the board was drawn, to turn a mouse click into a cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGeom {
    x: u16,
    y: u16,
    cw: u16,
    ch: u16,
    n: usize,
    box_rows: usize,
    box_cols: usize,
    /// Pencil marks drawn as a mini-grid (else the compact board).
    pub full: bool,
}

impl BoardGeom {
    /// The layout for an `n`-sided board: full when `area` has room, else compact, else
    /// `None` (the terminal is too small).
    pub fn fit(app: &App, area: Rect) -> Option<BoardGeom> {
        let shape = app.game.shape();
        let (nc, nr) = note_shape(app.n());
        let make = |cw: u16, ch: u16, full: bool| BoardGeom {
            x: area.x,
            y: area.y + 1,
            cw,
            ch,
            n: app.n(),
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            full,
        };
        [make(2 * nc + 1, nr, true), make(3, 1, false)]
            .into_iter()
            .find(|g| g.width() + 1 + PANEL <= area.width && g.height() + 2 <= area.height)
    }

    /// Columns the board takes.
    pub fn width(&self) -> u16 {
        self.n as u16 * self.cw + (self.n / self.box_cols) as u16 + 1
    }

    /// Rows the board takes.
    pub fn height(&self) -> u16 {
        self.n as u16 * self.ch + (self.n / self.box_rows) as u16 + 1
    }

    /// The top-left corner of a cell.
    fn origin(&self, i: usize) -> (u16, u16) {
        let (r, c) = (i / self.n, i % self.n);
        let x = self.x + 1 + c as u16 * self.cw + (c / self.box_cols) as u16;
        let y = self.y + 1 + r as u16 * self.ch + (r / self.box_rows) as u16;
        (x, y)
    }

    /// The cell under a screen position.
    pub fn cell_at(&self, col: u16, row: u16) -> Option<usize> {
        (0..self.n * self.n).find(|&i| {
            let (x, y) = self.origin(i);
            (x..x + self.cw).contains(&col) && (y..y + self.ch).contains(&row)
        })
    }
}

/// Columns and rows of a cell's pencil-mark grid.
fn note_shape(n: usize) -> (u16, u16) {
    match n {
        4 => (2, 2),
        6 => (3, 2),
        16 => (4, 4),
        _ => (3, 3),
    }
}

/// A digit as the board writes it: 1-9, then A-G for 10-16.
pub fn digit_char(d: usize) -> char {
    match d {
        1..=9 => char::from(b'0' + d as u8),
        _ => char::from(b'A' + (d - 10) as u8),
    }
}

/// How each part looks, in colour or by attribute alone.
#[derive(Debug, Clone, Copy)]
struct Palette {
    color: bool,
}

impl Palette {
    fn pick(&self, color: Style, mono: Style) -> Style {
        if self.color { color } else { mono }
    }
    fn given(&self) -> Style {
        Style::new().add_modifier(Modifier::BOLD)
    }
    fn entered(&self) -> Style {
        self.pick(Style::new().fg(Color::Cyan), Style::new())
    }
    fn revealed(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Magenta),
            Style::new().add_modifier(Modifier::ITALIC),
        )
    }
    fn bad(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
        )
    }
    fn note(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Gray),
            Style::new().add_modifier(Modifier::DIM),
        )
    }
    fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    fn peer(&self) -> Style {
        self.pick(Style::new().bg(Color::DarkGray), Style::new())
    }
    fn same(&self) -> Style {
        self.pick(
            Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }
    /// A house of the hint: its base (blue) or cover (green).
    /// A colour mark (`1..=6`): the six colours as backgrounds; without colours, underlined.
    fn mark(&self, colour: u8) -> Style {
        let bg = match colour {
            1 => Color::Red,
            2 => Color::Indexed(208),
            3 => Color::Yellow,
            4 => Color::Green,
            5 => Color::Blue,
            _ => Color::Magenta,
        };
        self.pick(
            Style::new().bg(bg).fg(Color::Black),
            Style::new().add_modifier(Modifier::UNDERLINED),
        )
    }

    fn house(&self, role: Role) -> Style {
        let bg = if role == Role::Cover {
            Color::Green
        } else {
            Color::Blue
        };
        self.pick(Style::new().bg(bg), Style::new())
    }
    /// A cell or candidate of the hint.
    fn role(&self, role: Role) -> Style {
        let (fg, mono) = match role {
            Role::Removed => (Color::Red, Modifier::CROSSED_OUT),
            Role::Placed => (Color::Green, Modifier::REVERSED | Modifier::BOLD),
            Role::Fin | Role::EndoFin | Role::Extra => (Color::Magenta, Modifier::ITALIC),
            Role::ColorA | Role::LinkStrong => (Color::LightGreen, Modifier::BOLD),
            Role::ColorB | Role::LinkWeak => (Color::LightCyan, Modifier::UNDERLINED),
            Role::Seen => (Color::DarkGray, Modifier::DIM),
            _ => (Color::Yellow, Modifier::BOLD | Modifier::UNDERLINED),
        };
        let color = Style::new().fg(fg).add_modifier(Modifier::BOLD);
        let color = match role {
            Role::Removed => color.add_modifier(Modifier::CROSSED_OUT),
            Role::Placed => Style::new().fg(Color::Black).bg(Color::Green),
            _ => color,
        };
        self.pick(color, Style::new().add_modifier(mono))
    }
}

/// The hint's highlights at its stage: none at stage 1, its houses at 2, all at 3.
fn shown_highlights(app: &App) -> Vec<(Target, Role)> {
    let Some(shown) = &app.hint else {
        return Vec::new();
    };
    let Hint::Step { step, .. } = &shown.hint else {
        return Vec::new();
    };
    let mut out: Vec<(Target, Role)> = step
        .highlights
        .iter()
        .filter(|h| shown.stage == 3 || (shown.stage == 2 && h.role == Role::Base))
        .map(|h| (h.target, h.role))
        .collect();
    if shown.stage == 3 {
        out.extend(
            step.eliminations
                .iter()
                .map(|&c| (Target::Candidate(c), Role::Removed)),
        );
        out.extend(
            step.placements
                .iter()
                .map(|&c| (Target::Cell(c.cell), Role::Placed)),
        );
    }
    out
}

/// The board.
struct Board<'a> {
    app: &'a App,
    geom: BoardGeom,
    palette: Palette,
}

impl Widget for Board<'_> {
    fn render(self, _area: Rect, buf: &mut Buffer) {
        let g = self.geom;
        self.frame(buf);
        let app = self.app;
        if app.game.is_paused() && app.game.status() == Status::Playing {
            let text = say(app.lang, Say::Paused);
            let (x, y) = (g.x + 2, g.y + g.height() / 2);
            buf.set_string(x, y, text, Style::new().add_modifier(Modifier::BOLD));
            return;
        }
        let highlights = shown_highlights(app);
        let n = app.n();
        let conflicts = if app.settings.conflicts {
            app.game.check().conflicts
        } else {
            Vec::new()
        };
        let selected_digit = app.game.digit(app.cell());
        let peers = app.game.layout().peers(app.selected);
        for i in 0..n * n {
            let cell = Cell::from_index(i, n);
            let (x, y) = g.origin(i);
            let mut bg = Style::new();
            if peers.binary_search(&(i as u16)).is_ok() && app.hint.is_none() {
                bg = bg.patch(self.palette.peer());
            }
            let colour = app.game.colour_of(cell);
            if colour != 0 {
                bg = bg.patch(self.palette.mark(colour));
            }
            for (target, role) in &highlights {
                if let Target::House(h) = target
                    && app.game.layout().house_has(*h, i)
                {
                    bg = bg.patch(self.palette.house(*role));
                }
            }
            for (target, role) in &highlights {
                if *target == Target::Cell(cell) {
                    bg = bg.patch(self.palette.role(*role));
                }
            }
            if i == app.selected {
                bg = bg.patch(self.palette.selected());
            }
            for dy in 0..g.ch {
                buf.set_string(x, y + dy, " ".repeat(g.cw as usize), bg);
            }
            match app.game.digit(cell) {
                Some(d) => {
                    let mut style = if app.game.is_given(cell) {
                        self.palette.given()
                    } else if app.game.is_revealed(cell) {
                        self.palette.revealed()
                    } else {
                        self.palette.entered()
                    };
                    if selected_digit == Some(d) && i != app.selected && app.hint.is_none() {
                        style = style.patch(self.palette.same());
                    }
                    let bad = app.wrong.contains(&i) || conflicts.iter().any(|c| c.0 == cell);
                    if bad {
                        style = style.patch(self.palette.bad());
                    }
                    let ch = digit_char(d.get()).to_string();
                    buf.set_string(x + g.cw / 2, y + g.ch / 2, ch, bg.patch(style));
                }
                None => self.notes(buf, i, cell, (x, y), bg, &highlights),
            }
        }
    }
}

impl Board<'_> {
    /// The box lines (heavy between boxes).
    fn frame(&self, buf: &mut Buffer) {
        let g = self.geom;
        let style = Style::new().add_modifier(Modifier::BOLD);
        let (w, h) = (g.width(), g.height());
        let vertical: Vec<u16> = (0..=g.n / g.box_cols)
            .map(|k| g.x + (k * g.box_cols) as u16 * g.cw + k as u16)
            .collect();
        let horizontal: Vec<u16> = (0..=g.n / g.box_rows)
            .map(|k| g.y + (k * g.box_rows) as u16 * g.ch + k as u16)
            .collect();
        for &y in &horizontal {
            buf.set_string(g.x, y, "─".repeat(w as usize), style);
        }
        for &x in &vertical {
            for y in g.y..g.y + h {
                let on_line = horizontal.contains(&y);
                let ch = if !on_line {
                    "│"
                } else if y == g.y {
                    if x == g.x {
                        "┌"
                    } else if x == g.x + w - 1 {
                        "┐"
                    } else {
                        "┬"
                    }
                } else if y == g.y + h - 1 {
                    if x == g.x {
                        "└"
                    } else if x == g.x + w - 1 {
                        "┘"
                    } else {
                        "┴"
                    }
                } else if x == g.x {
                    "├"
                } else if x == g.x + w - 1 {
                    "┤"
                } else {
                    "┼"
                };
                buf.set_string(x, y, ch, style);
            }
        }
    }

    /// An empty cell's pencil marks: the mini-grid, or in the compact board a dot when it
    /// has any (the panel lists the selected cell's).
    fn notes(
        &self,
        buf: &mut Buffer,
        i: usize,
        cell: Cell,
        (x, y): (u16, u16),
        bg: Style,
        highlights: &[(Target, Role)],
    ) {
        let app = self.app;
        let notes = app.game.notes(cell);
        let marked = |d: usize| {
            highlights.iter().find_map(|(t, role)| match t {
                Target::Candidate(c) if c.cell == cell && c.digit.get() == d => Some(*role),
                _ => None,
            })
        };
        if !self.geom.full {
            let any = !notes.is_empty() || (1..=app.n()).any(|d| marked(d).is_some());
            if any {
                let style = (1..=app.n())
                    .find_map(marked)
                    .map_or(self.palette.note(), |r| self.palette.role(r));
                buf.set_string(x + 1, y, "·", bg.patch(style));
            }
            let _ = i;
            return;
        }
        let (nc, _) = note_shape(app.n());
        for d in 1..=app.n() {
            let has = notes.iter().any(|x| x.get() == d);
            let role = marked(d);
            if !has && role.is_none() {
                continue;
            }
            let k = (d - 1) as u16;
            let (col, row) = (k % nc, k / nc);
            let painted = Digit::new(d).map_or(0, |x| app.game.candidate_colour_of(cell, x));
            let style = match (role, painted) {
                (Some(r), _) => self.palette.role(r),
                (None, 0) => self.palette.note(),
                (None, k) => self.palette.mark(k),
            };
            buf.set_string(
                x + 1 + 2 * col,
                y + row,
                digit_char(d).to_string(),
                bg.patch(style),
            );
        }
    }
}

/// Draws the whole screen; returns where the board went (for mouse clicks).
pub fn draw(frame: &mut Frame, app: &App, color: bool) -> Option<BoardGeom> {
    let area = frame.area();
    let palette = Palette { color };
    let title = format!(
        "{} — {} · {}{}{}",
        say(app.lang, Say::Title),
        rung_name(app.lang, &app.meta.rung),
        sudoku_game::offer::size_name(app.game.shape()).replace('x', "×"),
        if app.game.variant() == GameVariant::Diagonal {
            format!(" · {}", say(app.lang, Say::Diagonal))
        } else {
            String::new()
        },
        match &app.meta.daily {
            Some(day) => format!(" · {} {day}", say(app.lang, Say::Daily)),
            None => String::new(),
        }
    );
    frame.render_widget(
        Paragraph::new(Line::from(Span::styled(
            title,
            Style::new().add_modifier(Modifier::BOLD),
        ))),
        Rect { height: 1, ..area },
    );
    let Some(geom) = BoardGeom::fit(app, area) else {
        let text = format!(
            "{}\n{}",
            say(app.lang, Say::TooSmall),
            needed(app.lang, app.n())
        );
        frame.render_widget(
            Paragraph::new(text).wrap(Wrap { trim: true }),
            Rect {
                y: area.y + 1,
                height: area.height.saturating_sub(1),
                ..area
            },
        );
        return None;
    };
    let board_area = Rect::new(geom.x, geom.y, geom.width(), geom.height());
    frame.render_widget(Board { app, geom, palette }, board_area);
    let panel = Rect::new(
        geom.x + geom.width() + 1,
        geom.y,
        area.width.saturating_sub(geom.width() + 1),
        area.height.saturating_sub(1),
    );
    frame.render_widget(
        Paragraph::new(panel_lines(app, geom)).wrap(Wrap { trim: false }),
        panel,
    );
    match &app.screen {
        Screen::Board => {}
        Screen::Help => overlay(
            frame,
            say(app.lang, Say::HelpTitle),
            Paragraph::new(say(app.lang, Say::Help)),
        ),
        Screen::Stats(levels, drill, streak) => stats(frame, app, levels, drill, *streak),
        Screen::Games(games, at) => games_list(frame, app, games, *at),
        Screen::NewGame(form) => new_game(frame, app, form),
    }
    Some(geom)
}

/// The smallest terminal that shows the compact board.
fn needed(lang: Lang, n: usize) -> String {
    let boxes = match n {
        4 => 2,
        6 => 2,
        16 => 4,
        _ => 3,
    };
    let w = n as u16 * 3 + (n / boxes) as u16 + 2 + PANEL;
    let h = n as u16 + (n / boxes) as u16 + 3;
    match lang {
        Lang::Zh => format!("至少需要 {w}×{h}。"),
        Lang::En => format!("It needs at least {w}x{h}."),
    }
}

fn panel_lines(app: &App, geom: BoardGeom) -> Vec<Line<'static>> {
    let lang = app.lang;
    let bold = Style::new().add_modifier(Modifier::BOLD);
    // Chinese takes its own colon.
    let colon = if lang == Lang::Zh { "：" } else { ": " };
    let mut lines = vec![
        Line::from(vec![
            Span::raw(format!("{}{colon}", say(lang, Say::Time))),
            Span::styled(clock(app.elapsed_ms()), bold),
        ]),
        Line::from(format!(
            "{}{colon}{}   {}{colon}{}",
            say(lang, Say::Mistakes),
            app.game.mistakes(),
            say(lang, Say::Hints),
            app.game.hints()
        )),
        Line::from(format!(
            "{}{colon}{}{}",
            say(lang, Say::NotesMode),
            say(lang, if app.notes_mode { Say::On } else { Say::Off }),
            crate::text::brush(lang, app.brush),
        )),
    ];
    let cell = app.cell();
    let notes: Vec<String> = app
        .game
        .notes(cell)
        .iter()
        .map(|d| digit_char(d.get()).to_string())
        .collect();
    let mut selected = format!("{}{colon}{cell}", say(lang, Say::Selected));
    if !geom.full && !notes.is_empty() {
        selected.push_str(&format!(
            "  {} {}",
            say(lang, Say::NotesOf),
            notes.join(" ")
        ));
    }
    lines.push(Line::from(selected));
    match app.game.status() {
        Status::Won => lines.push(Line::styled(
            crate::text::won_line(
                lang,
                app.elapsed_ms(),
                app.game.mistakes(),
                app.game.hints(),
                app.game.assisted(),
            ),
            bold,
        )),
        Status::GaveUp => lines.push(Line::from(say(lang, Say::GaveUp))),
        Status::Lost => lines.push(Line::from(say(lang, Say::Lost))),
        Status::Playing => {}
    }
    if let Some(shown) = &app.hint {
        lines.push(Line::from(""));
        // The stages are named as on the page and in the README.
        let name = match (lang, shown.stage) {
            (Lang::Zh, 1) => "用哪种技巧",
            (Lang::Zh, 2) => "在哪里找",
            (Lang::Zh, _) => "完整的一步",
            (Lang::En, 1) => "Which technique",
            (Lang::En, 2) => "Where to look",
            (Lang::En, _) => "The whole step",
        };
        let head = match lang {
            Lang::Zh => format!("提示 {}/3 · {name}", shown.stage),
            Lang::En => format!("Hint {}/3 · {name}", shown.stage),
        };
        lines.push(Line::styled(head, bold));
        for l in shown.hint.text(lang).lines() {
            lines.push(Line::from(l.to_string()));
        }
    }
    if let Some(m) = &app.message {
        lines.push(Line::from(""));
        lines.push(Line::from(m.clone()));
    }
    lines.push(Line::from(""));
    // On 16x16, G is a digit: the new game is Alt-G there.
    let keys = match (lang, app.n() > 9) {
        (Lang::Zh, false) => "? 帮助  I 提示  G 新游戏  Q 退出",
        (Lang::Zh, true) => "? 帮助  I 提示  Alt-G 新游戏  Q 退出",
        (_, false) => "? help  I hint  G new game  Q quit",
        (_, true) => "? help  I hint  Alt-G new game  Q quit",
    };
    lines.push(Line::styled(keys, Style::new().add_modifier(Modifier::DIM)));
    lines
}

/// A box in the middle of the screen over the board.
fn overlay(frame: &mut Frame, title: &str, body: Paragraph<'_>) {
    let rect = centered(frame, 72, 26);
    frame.render_widget(
        body.block(
            Block::default()
                .borders(Borders::ALL)
                .title(title.to_string()),
        )
        .wrap(Wrap { trim: false }),
        rect,
    );
}

/// A rectangle of at most `w` by `h` in the middle of the screen, cleared.
fn centered(frame: &mut Frame, w: u16, h: u16) -> Rect {
    let area = frame.area();
    let (w, h) = (area.width.min(w), area.height.min(h));
    let rect = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, rect);
    rect
}

fn stats(
    frame: &mut Frame,
    app: &App,
    levels: &[sudoku_store::db::LevelStats],
    drill: &sudoku_store::db::DrillStats,
    streak: sudoku_play::daily::Streak,
) {
    let lang = app.lang;
    // Nine columns in 78: an 80-column terminal shows them all.
    let rect = centered(frame, 80, 22);
    let block = Block::default().borders(Borders::ALL).title(format!(
        "{} · {}",
        say(lang, Say::Stats),
        streak_line(lang, streak)
    ));
    let time = |ms: Option<u64>| ms.map_or("–".to_string(), clock);
    let mut rows: Vec<Row> = levels
        .iter()
        .map(|l| {
            Row::new(vec![
                rung_name(lang, &l.rung),
                format!(
                    "{}{}",
                    l.size.replace('x', "×"),
                    if l.variant == "diagonal" {
                        format!(" {}", say(lang, Say::DiagonalShort))
                    } else {
                        String::new()
                    }
                ),
                l.played.to_string(),
                l.solved.to_string(),
                l.helped.to_string(),
                l.win_rate.map_or("–".to_string(), |p| format!("{p}%")),
                time(l.best_ms),
                time(l.average_ms),
                time(l.best_helped_ms),
            ])
        })
        .collect();
    if levels.is_empty() {
        rows.push(Row::new(vec![say(lang, Say::StatsEmpty).to_string()]));
    }
    // The drill: answered, right, accuracy, average per answer, by kind.
    rows.push(Row::new(Vec::<String>::new()));
    rows.push(
        Row::new(vec![
            say(lang, Say::Drill),
            "",
            say(lang, Say::Answered),
            say(lang, Say::Right),
            "",
            "",
            say(lang, Say::Accuracy),
            say(lang, Say::AverageSeconds),
        ])
        .style(Style::new().add_modifier(Modifier::BOLD)),
    );
    let secs =
        |ms: Option<u64>| ms.map_or("–".to_string(), |ms| format!("{:.1}", ms as f64 / 1000.0));
    for d in &drill.drills {
        let kind = d
            .drill
            .parse::<sudoku_game::DrillKind>()
            .map_or(d.drill.clone(), |k| {
                crate::drill::kind_name(lang, k).to_string()
            });
        let accuracy = (d.correct * 100)
            .checked_div(d.answered)
            .map_or("–".to_string(), |p| format!("{p}%"));
        rows.push(Row::new(vec![
            kind,
            String::new(),
            d.answered.to_string(),
            d.correct.to_string(),
            String::new(),
            String::new(),
            accuracy,
            secs(d.average_ms),
        ]));
    }
    let header = Row::new(vec![
        say(lang, Say::Rung),
        say(lang, Say::Size),
        say(lang, Say::Played),
        say(lang, Say::Solved),
        say(lang, Say::Helped),
        say(lang, Say::WinRate),
        say(lang, Say::Best),
        say(lang, Say::Average),
        say(lang, Say::BestHelped),
    ])
    .style(Style::new().add_modifier(Modifier::BOLD));
    let widths = [13, 11, 6, 6, 5, 5, 8, 7, 9].map(ratatui::layout::Constraint::Length);
    frame.render_widget(Table::new(rows, widths).header(header).block(block), rect);
}

/// The daily streak, in the words of the page's statistics.
fn streak_line(lang: Lang, streak: sudoku_play::daily::Streak) -> String {
    let (n, best) = (streak.streak, streak.best_streak);
    match (lang, n) {
        (Lang::Zh, _) => format!("每日一题连续 {n} 天（最长 {best} 天）"),
        (Lang::En, 1) => format!("Daily streak: 1 day (best {best})"),
        (Lang::En, _) => format!("Daily streak: {n} days (best {best})"),
    }
}

/// The games being played: level, size, time, filled.
fn games_list(frame: &mut Frame, app: &App, games: &[sudoku_store::db::Listed], at: usize) {
    let lang = app.lang;
    let rect = centered(frame, 70, 20);
    let title = match lang {
        Lang::Zh => "未完成的游戏（回车继续，Esc 返回）",
        Lang::En => "Games being played (Enter: resume, Esc: back)",
    };
    let lines: Vec<Line> = games
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let text = format!(
                "{} · {} · {} · {}%{}",
                rung_name(lang, &g.rung),
                g.size.replace('x', "×"),
                clock(g.elapsed_ms),
                g.progress.unwrap_or(0),
                if g.id == app.meta.id {
                    if lang == Lang::Zh {
                        "（当前）"
                    } else {
                        " (this one)"
                    }
                } else {
                    ""
                }
            );
            if k == at {
                Line::styled(text, Style::new().add_modifier(Modifier::REVERSED))
            } else {
                Line::from(text)
            }
        })
        .collect();
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        rect,
    );
}

fn new_game(frame: &mut Frame, app: &App, form: &crate::app::NewGameForm) {
    let lang = app.lang;
    let spec = form.spec();
    let value = |k: usize| match k {
        0 => rung_name(lang, spec.rung.id),
        1 => sudoku_game::offer::SIZES[form.size].0.replace('x', "×"),
        _ => say(
            lang,
            if form.variant == 1 {
                Say::Diagonal
            } else {
                Say::Classic
            },
        )
        .to_string(),
    };
    let labels = [Say::Rung, Say::Size, Say::Variant];
    let mut lines: Vec<Line> = labels
        .iter()
        .enumerate()
        .map(|(k, &label)| {
            let text = format!("{:<8} ◀ {} ▶", say(lang, label), value(k));
            if k == form.line {
                Line::styled(text, Style::new().add_modifier(Modifier::REVERSED))
            } else {
                Line::from(text)
            }
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::from(say(lang, Say::NewGameHelp)));
    overlay(frame, say(lang, Say::NewGame), Paragraph::new(lines));
}
