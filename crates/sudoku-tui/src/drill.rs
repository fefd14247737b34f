//! `sudoku drill`: the singles drill of the page in the terminal — Full House, Naked Single
//! (唯余), Hidden Single (排除) — as a round of questions or a time limit. Each answer is timed
//! and kept in the store with the page's drill answers, and the round ends with correct,
//! wrong, total, accuracy and the average time per answer, by kind (the console drill this
//! project learned from printed COR / INC / TOT / ACC / T/K).
//!
//! [`plain`] asks in plain lines (the question, the grid, then one answer a line), for a
//! script or a pipe; [`interactive`] runs the same round full screen.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use sudoku_core::{Cell, House};
use sudoku_game::{DrillKind, Question, Reply};
use sudoku_logic::Lang;
use sudoku_play::{Blocking, Games};
use sudoku_store::Store;

use crate::{Options, TuiError};

/// How long a round lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundSpec {
    /// Questions to ask (`None`: until the time limit, or until the player stops).
    pub count: Option<usize>,
    /// The time limit.
    pub limit: Option<Duration>,
}

/// The answers of one kind (or of the round).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Right answers.
    pub correct: u32,
    /// Wrong answers.
    pub wrong: u32,
    /// Time spent answering, ms.
    pub ms: u64,
}

impl Tally {
    /// Answers given.
    pub fn total(&self) -> u32 {
        self.correct + self.wrong
    }

    /// Right answers in percent.
    pub fn accuracy(&self) -> Option<u32> {
        (self.correct * 100).checked_div(self.total())
    }

    /// Mean time per answer, ms.
    pub fn average_ms(&self) -> Option<u64> {
        self.ms.checked_div(u64::from(self.total()))
    }

    fn add(&mut self, correct: bool, ms: u64) {
        if correct {
            self.correct += 1;
        } else {
            self.wrong += 1;
        }
        self.ms += ms;
    }
}

/// A round's result: all answers, and per kind (in [`DrillKind::ALL`]'s order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Every answer.
    pub all: Tally,
    /// Per kind asked.
    pub kinds: Vec<(DrillKind, Tally)>,
}

impl Summary {
    fn add(&mut self, kind: DrillKind, correct: bool, ms: u64) {
        self.all.add(correct, ms);
        match self.kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, t)) => t.add(correct, ms),
            None => {
                let mut t = Tally::default();
                t.add(correct, ms);
                self.kinds.push((kind, t));
                self.kinds
                    .sort_by_key(|(k, _)| DrillKind::ALL.iter().position(|x| x == k));
            }
        }
    }
}

/// A question asked and stored: its id in the store.
struct Asked {
    id: String,
    question: Question,
}

/// Asks questions of the kinds in turn and keeps the answers, through the play core (the
/// flows the browser's drill runs: the answer kept in the store, checked and timed there).
struct Round {
    play: Blocking,
    session: String,
    kinds: Vec<DrillKind>,
    asked: usize,
    summary: Summary,
}

impl Round {
    fn ask(&mut self) -> Result<Asked, TuiError> {
        let kind = self.kinds[self.asked % self.kinds.len()];
        self.asked += 1;
        let games = self.play.games();
        let (id, question) = self.play.run(games.ask::<TuiError>(&self.session, kind))?;
        Ok(Asked { id, question })
    }

    /// Keeps an answer; returns whether it was right and its time.
    fn answer(&mut self, asked: &Asked, reply: Reply) -> Result<(bool, u64), TuiError> {
        let games = self.play.games();
        let (marked, _) =
            self.play
                .run(games.answer::<TuiError>(&self.session, &asked.id, reply))?;
        self.summary
            .add(asked.question.drill, marked.correct, marked.ms);
        Ok((marked.correct, marked.ms))
    }
}

/// What the player is asked, in words.
fn question_text(lang: Lang, q: &Question) -> String {
    let name = kind_name(lang, q.drill);
    match (lang, q.drill) {
        (Lang::Zh, DrillKind::HiddenSingle) => {
            format!(
                "{name}：{}里的 {} 应该填在哪一格？",
                sudoku_game::zh::house(q.house),
                q.digit
            )
        }
        (Lang::Zh, _) => format!("{name}：{} 应该填几？", q.cell),
        (Lang::En, DrillKind::HiddenSingle) => {
            format!("{name}: where does {} go in {}?", q.digit, q.house)
        }
        (Lang::En, _) => format!("{name}: which digit goes in {}?", q.cell),
    }
}

/// A kind's name as the page names it.
pub fn kind_name(lang: Lang, kind: DrillKind) -> &'static str {
    match (lang, kind) {
        (Lang::Zh, DrillKind::FullHouse) => "唯一空格",
        (Lang::Zh, DrillKind::NakedSingle) => "唯余",
        (Lang::Zh, DrillKind::HiddenSingle) => "排除",
        (Lang::En, DrillKind::FullHouse) => "Full House",
        (Lang::En, DrillKind::NakedSingle) => "Naked Single",
        (Lang::En, DrillKind::HiddenSingle) => "Hidden Single",
    }
}

/// The grid as nine lines: digits, `.` for blank, `?` for the cell asked about.
fn grid_lines(q: &Question) -> Vec<String> {
    (0..9)
        .map(|r| {
            (0..9)
                .map(|c| {
                    let cell = Cell::new(r, c);
                    match q.shown(cell) {
                        Some(d) => char::from(b'0' + d),
                        None if !q.asks_for_cell() && cell == q.cell.0 => '?',
                        None => '.',
                    }
                })
                .collect()
        })
        .collect()
}

/// Reads a reply: a digit, or for a Hidden Single a cell (`r4c2`).
fn parse_reply(q: &Question, text: &str) -> Option<Reply> {
    let text = text.trim();
    if q.asks_for_cell() {
        let cell: sudoku_game::CellRef = text.parse().ok()?;
        (cell.0.row() < 9 && cell.0.col() < 9).then_some(Reply::Cell(cell.0))
    } else {
        let d: u8 = text.parse().ok()?;
        (1..=9).contains(&d).then_some(Reply::Digit(d))
    }
}

/// The summary's lines: totals, then one per kind.
pub fn summary_lines(lang: Lang, s: &Summary) -> Vec<String> {
    let line = |label: &str, t: &Tally| {
        let acc = t.accuracy().map_or("–".to_string(), |p| format!("{p}%"));
        let unit = if lang == Lang::Zh { "秒" } else { "s" };
        let avg = t.average_ms().map_or("–".to_string(), |ms| {
            format!("{:.1} {unit}", ms as f64 / 1000.0)
        });
        match lang {
            Lang::Zh => format!(
                "{label}正确 {}  错误 {}  共 {}  正确率 {acc}  平均每题 {avg}",
                t.correct,
                t.wrong,
                t.total()
            ),
            Lang::En => format!(
                "{label}correct {}  wrong {}  total {}  accuracy {acc}  average {avg}",
                t.correct,
                t.wrong,
                t.total()
            ),
        }
    };
    let mut out = vec![line("", &s.all)];
    for (kind, t) in &s.kinds {
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        out.push(line(&format!("{}{colon}", kind_name(lang, *kind)), t));
    }
    out
}

/// Opens the store and a round of `kinds`.
fn round(options: &Options, kinds: &[DrillKind]) -> Result<Round, TuiError> {
    let store = Store::open(&options.db)?;
    Ok(Round {
        play: Blocking::new(Games::new(store, 1))?,
        session: options.session.clone(),
        kinds: if kinds.is_empty() {
            DrillKind::ALL.to_vec()
        } else {
            kinds.to_vec()
        },
        asked: 0,
        summary: Summary::default(),
    })
}

fn over(spec: RoundSpec, asked: usize, started: Instant) -> bool {
    spec.count.is_some_and(|n| asked >= n) || spec.limit.is_some_and(|l| started.elapsed() >= l)
}

/// The round in plain lines: each question as a line and nine grid lines, then a prompt;
/// each answer read as a line (`q` or the end of the input stops); the result after each
/// answer; the summary at the end. Every answer is stored.
pub fn plain(
    options: &Options,
    kinds: &[DrillKind],
    spec: RoundSpec,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Summary, TuiError> {
    let lang = options.lang;
    let mut round = round(options, kinds)?;
    let started = Instant::now();
    'questions: while !over(spec, round.asked, started) {
        let asked = round.ask()?;
        writeln!(
            out,
            "{}. {}",
            round.asked,
            question_text(lang, &asked.question)
        )?;
        for l in grid_lines(&asked.question) {
            writeln!(out, "{l}")?;
        }
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 || line.trim().eq_ignore_ascii_case("q") {
                break 'questions;
            }
            let Some(reply) = parse_reply(&asked.question, &line) else {
                let what = match (lang, asked.question.asks_for_cell()) {
                    (Lang::Zh, true) => "请回答一个格子，如 r4c2。",
                    (Lang::Zh, false) => "请回答 1 到 9 的数字。",
                    (Lang::En, true) => "Answer with a cell, as r4c2.",
                    (Lang::En, false) => "Answer with a digit 1-9.",
                };
                writeln!(out, "{what}")?;
                continue;
            };
            let (correct, ms) = round.answer(&asked, reply)?;
            let answer = asked.question.answer_text();
            let secs = ms as f64 / 1000.0;
            let verdict = match (lang, correct) {
                (Lang::Zh, true) => format!("正确 {secs:.1} 秒"),
                (Lang::Zh, false) => format!("错误：答案是 {answer}（{secs:.1} 秒）"),
                (Lang::En, true) => format!("right {secs:.1} s"),
                (Lang::En, false) => format!("wrong: the answer is {answer} ({secs:.1} s)"),
            };
            writeln!(out, "{verdict}")?;
            break;
        }
    }
    for l in summary_lines(lang, &round.summary) {
        writeln!(out, "{l}")?;
    }
    Ok(round.summary)
}

/// The round full screen: the grid with the house to look at, the cell asked about; digits
/// answer, or for a Hidden Single the arrows and Enter choose the cell (a digit key there
/// jumps to that cell of the house). Esc or q ends the round.
pub fn interactive(
    options: &Options,
    kinds: &[DrillKind],
    spec: RoundSpec,
) -> Result<Summary, TuiError> {
    let lang = options.lang;
    let mut round = round(options, kinds)?;
    let mut terminal = ratatui::init();
    let started = Instant::now();
    let mut last = String::new();
    let outcome = (|| -> Result<(), TuiError> {
        'questions: while !over(spec, round.asked, started) {
            let asked = round.ask()?;
            let house_cells = house_cells(asked.question.house);
            let mut pick = 0usize;
            loop {
                let q = &asked.question;
                terminal.draw(|frame| {
                    let mut lines = vec![
                        Line::styled(
                            format!("{}. {}", round.asked, question_text(lang, q)),
                            Style::new().add_modifier(Modifier::BOLD),
                        ),
                        Line::from(""),
                    ];
                    lines.extend(board_lines(q, &house_cells, pick, options.color));
                    lines.push(Line::from(""));
                    lines.push(Line::from(last.clone()));
                    for l in summary_lines(lang, &round.summary) {
                        lines.push(Line::from(l));
                    }
                    let keys = match lang {
                        Lang::Zh => "数字键作答；排除题用方向键选格再按回车；Esc 结束",
                        Lang::En => "Digits answer; for a Hidden Single choose the cell with the arrows and Enter; Esc ends",
                    };
                    lines.push(Line::styled(keys, Style::new().add_modifier(Modifier::DIM)));
                    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), frame.area());
                })?;
                if !event::poll(crate::app::TICK)? {
                    if over(spec, round.asked - 1, started) {
                        break 'questions;
                    }
                    continue;
                }
                let Event::Key(key) = event::read()? else {
                    continue;
                };
                if key.kind == KeyEventKind::Release {
                    continue;
                }
                let reply = match key.code {
                    KeyCode::Esc | KeyCode::Char('q') => break 'questions,
                    KeyCode::Char(ch @ '1'..='9') if !q.asks_for_cell() => {
                        Some(Reply::Digit(ch as u8 - b'0'))
                    }
                    KeyCode::Char(ch @ '1'..='9') => {
                        pick = usize::from(ch as u8 - b'1');
                        None
                    }
                    code @ (KeyCode::Left
                    | KeyCode::Up
                    | KeyCode::Right
                    | KeyCode::Down
                    | KeyCode::Char('h' | 'j' | 'k' | 'l')) => {
                        pick = moved(&house_cells, pick, code);
                        None
                    }
                    KeyCode::Enter if q.asks_for_cell() => {
                        house_cells.get(pick).map(|&c| Reply::Cell(c))
                    }
                    _ => None,
                };
                if let Some(reply) = reply {
                    let (correct, ms) = round.answer(&asked, reply)?;
                    let secs = ms as f64 / 1000.0;
                    let answer = asked.question.answer_text();
                    last = match (lang, correct) {
                        (Lang::Zh, true) => format!("上一题：正确 {secs:.1} 秒"),
                        (Lang::Zh, false) => {
                            format!("上一题：错误，答案是 {answer}（{secs:.1} 秒）")
                        }
                        (Lang::En, true) => format!("Last: right {secs:.1} s"),
                        (Lang::En, false) => {
                            format!("Last: wrong, the answer is {answer} ({secs:.1} s)")
                        }
                    };
                    break;
                }
            }
        }
        Ok(())
    })();
    ratatui::restore();
    outcome?;
    Ok(round.summary)
}

/// The drill's grid as eleven lines: nine rows of cells (three columns each), boxes parted
/// by `│` and `─` rules that join at `┼`. The house asked about is tinted (with colour), the
/// cell picked (Hidden Single) or asked about (the others) shown reversed.
pub fn board_lines(
    q: &Question,
    house_cells: &[Cell],
    pick: usize,
    color: bool,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let rule = ["─".repeat(9), "─".repeat(9), "─".repeat(9)].join("┼");
    for r in 0..9 {
        let mut spans = Vec::new();
        for c in 0..9 {
            let cell = Cell::new(r, c);
            let text = match q.shown(cell) {
                Some(d) => format!(" {d} "),
                None if !q.asks_for_cell() && cell == q.cell.0 => " ? ".into(),
                None => " · ".into(),
            };
            let mut style = Style::new();
            if in_house(q.house, cell) && color {
                style = style.bg(Color::Blue);
            }
            if q.asks_for_cell() && house_cells.get(pick) == Some(&cell) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if !q.asks_for_cell() && cell == q.cell.0 {
                style = style.add_modifier(Modifier::REVERSED | Modifier::BOLD);
            }
            spans.push(Span::styled(text, style));
            if c % 3 == 2 && c < 8 {
                spans.push(Span::raw("│"));
            }
        }
        lines.push(Line::from(spans));
        if r % 3 == 2 && r < 8 {
            lines.push(Line::from(rule.clone()));
        }
    }
    lines
}

/// Where an arrow key (or h j k l) takes the pick among a house's cells (in reading order):
/// to the next cell of the house in that direction on the grid, round to the far side at
/// the house's edge; a row has no up or down, a column no left or right. Inside a box, Down
/// from r4c4 is r5c4, not r4c5.
pub fn moved(house_cells: &[Cell], pick: usize, code: KeyCode) -> usize {
    let Some(&at) = house_cells.get(pick) else {
        return pick;
    };
    let (vertical, forward) = match code {
        KeyCode::Up | KeyCode::Char('k') => (true, false),
        KeyCode::Down | KeyCode::Char('j') => (true, true),
        KeyCode::Left | KeyCode::Char('h') => (false, false),
        KeyCode::Right | KeyCode::Char('l') => (false, true),
        _ => return pick,
    };
    // The house's cells on the same line through `at`, in order along the direction.
    let line: Vec<usize> = (0..house_cells.len())
        .filter(|&k| {
            let c = house_cells[k];
            if vertical {
                c.col() == at.col()
            } else {
                c.row() == at.row()
            }
        })
        .collect();
    let Some(here) = line.iter().position(|&k| k == pick) else {
        return pick;
    };
    let len = line.len();
    let next = if forward {
        (here + 1) % len
    } else {
        (here + len - 1) % len
    };
    line[next]
}

/// The cells of a house of the drill's 9x9 grid, in reading order (a digit key `k` picks
/// the `k`th).
pub fn house_cells(house: House) -> Vec<Cell> {
    (0..81)
        .map(|i| Cell::from_index(i, 9))
        .filter(|&c| in_house(house, c))
        .collect()
}

/// Whether a cell of the drill's 9x9 grid is in `house`.
fn in_house(house: House, cell: Cell) -> bool {
    static CLASSIC: std::sync::OnceLock<sudoku_core::Layout> = std::sync::OnceLock::new();
    CLASSIC
        .get_or_init(sudoku_core::Layout::classic)
        .house_has(house, cell.index(9))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Cell {
        name.parse::<sudoku_game::CellRef>().unwrap().0
    }

    fn walk(house: House, from: &str, keys: &[KeyCode]) -> Vec<Cell> {
        let cells = house_cells(house);
        let mut pick = cells.iter().position(|&x| x == c(from)).unwrap();
        keys.iter()
            .map(|&k| {
                pick = moved(&cells, pick, k);
                cells[pick]
            })
            .collect()
    }

    /// The case: Down from r4c4 in box 5 went to r4c5 (reading order), so a player
    /// who pressed Down to reach r5c4 was scored wrong.
    #[test]
    fn arrows_move_in_two_dimensions_inside_a_box() {
        let b5 = House::Box(4);
        assert_eq!(walk(b5, "r4c4", &[KeyCode::Down]), [c("r5c4")]);
        assert_eq!(walk(b5, "r4c4", &[KeyCode::Right]), [c("r4c5")]);
        assert_eq!(
            walk(b5, "r4c4", &[KeyCode::Up, KeyCode::Left]),
            [c("r6c4"), c("r6c6")],
            "round to the far side of the box"
        );
        assert_eq!(
            walk(b5, "r5c5", &[KeyCode::Char('j'), KeyCode::Char('l')]),
            [c("r6c5"), c("r6c6")]
        );
    }

    #[test]
    fn a_row_has_no_up_or_down_and_a_column_no_left_or_right() {
        assert_eq!(
            walk(House::Row(3), "r4c4", &[KeyCode::Down, KeyCode::Right]),
            [c("r4c4"), c("r4c5")]
        );
        assert_eq!(
            walk(House::Col(3), "r4c4", &[KeyCode::Right, KeyCode::Down]),
            [c("r4c4"), c("r5c4")]
        );
        assert_eq!(walk(House::Row(0), "r1c1", &[KeyCode::Left]), [c("r1c9")]);
    }

    /// The box rules join where they cross (`┼`), under each `│`.
    #[test]
    fn the_box_rules_join() {
        let q = sudoku_game::Drill::new().question(DrillKind::HiddenSingle, 7);
        let lines: Vec<String> = board_lines(&q, &house_cells(q.house), 0, false)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(lines.len(), 11);
        let row: Vec<char> = lines[0].chars().collect();
        let rule: Vec<char> = lines[3].chars().collect();
        assert_eq!(row.len(), rule.len(), "{lines:?}");
        for (k, ch) in row.iter().enumerate() {
            let want = if *ch == '│' { '┼' } else { '─' };
            assert_eq!(rule[k], want, "column {k}: {lines:?}");
        }
        assert_eq!(lines[3], lines[7]);
    }
}
