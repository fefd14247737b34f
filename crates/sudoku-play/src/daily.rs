//! The daily puzzle: one 9x9 classic puzzle per rung and date, the same for every player and
//! every server running this version, because it is made from a seed drawn from the date and
//! the rung alone (and the generator and grader are deterministic). The first request of a
//! day makes it (a few hundred milliseconds at the hardest rung) and the `daily` table keeps
//! it, so later requests and restarts read it back.
//!
//! A day is a calendar date as the player's page reads its clock, so a player plays "today's"
//! puzzle at local midnight, not at UTC midnight. The server accepts dates within a day of its
//! own UTC date (every time zone's today), never later, so nobody reads tomorrow's puzzle.
//!
//! The streak is the number of consecutive days, up to today (or up to yesterday, while
//! today's is not yet solved), on which the player solved at least one daily puzzle.

use std::time::{Duration, UNIX_EPOCH};

use sudoku_core::Shape;
use sudoku_game::GameVariant;
use sudoku_logic::ladder::Rung;
use time::{Date, Month};

use sudoku_game::offer::{ON_DEMAND_ATTEMPTS, Spec};
use sudoku_store::db::Pooled;

use crate::PlayError;
use crate::making;

/// How many rounds of [`ON_DEMAND_ATTEMPTS`] a daily puzzle may take. Counted in
/// rounds, not time, so that every server stops at the same puzzle; a rung of the 9x9 ladder
/// needs one or two rounds (measured: Master at most 3 in 60 dates).
const ROUNDS: usize = 40;

/// A date as `2026-11-27`.
pub fn parse(text: &str) -> Result<Date, PlayError> {
    let bad = || {
        PlayError::bad_field(
            "date",
            format!("`{text}` is not a date as 2026-11-27"),
            format!("“{text}”不是日期（格式如2026-11-27）。"),
        )
    };
    let mut parts = text.split('-');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let year: i32 = y.parse().map_err(|_| bad())?;
    let month: u8 = m.parse().map_err(|_| bad())?;
    let day: u8 = d.parse().map_err(|_| bad())?;
    let month = Month::try_from(month).map_err(|_| bad())?;
    Date::from_calendar_date(year, month, day).map_err(|_| bad())
}

/// `2026-11-27`.
pub fn format(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The UTC date at Unix time `ms`.
pub fn utc_date(ms: u64) -> Date {
    let at = UNIX_EPOCH + Duration::from_millis(ms);
    let days = at
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400);
    // Day 0 is 1970-01-01 (Julian day 2,440,588).
    Date::from_julian_day(2_440_588 + days as i32).unwrap_or(Date::MIN)
}

/// The day a request asks for: the given date if it is within a day of the server's UTC date
/// (the player's local today), otherwise a 422; the UTC date when none is given.
pub fn requested(date: Option<&str>, now_ms: u64) -> Result<Date, PlayError> {
    let today = utc_date(now_ms);
    let Some(text) = date else {
        return Ok(today);
    };
    let date = parse(text)?;
    let lag = (date.to_julian_day() - today.to_julian_day()).abs();
    if lag > 1 {
        return Err(PlayError::bad_field(
            "date",
            format!(
                "{text} is not today anywhere (the server's date is {})",
                format(today)
            ),
            format!("{text}不是今天（服务器的日期是{}）。", format(today)),
        ));
    }
    Ok(date)
}

/// How many days before the player's today the archive keeps playable: a date up to this
/// many days before the server's UTC date (and after the live window) is an archive day.
pub const ARCHIVE_DAYS: i32 = 7;

/// A day's puzzle asked for, today's or one of the archive's: the given date if it is within
/// a day of the server's UTC date or at most [`ARCHIVE_DAYS`] before it, otherwise a 422;
/// the UTC date when none is given. A game of an archive day is played as any other but
/// never counts in the streak (see `sudoku_store::db::daily_wins`).
pub fn requested_or_archived(date: Option<&str>, now_ms: u64) -> Result<Date, PlayError> {
    let today = utc_date(now_ms);
    let Some(text) = date else {
        return Ok(today);
    };
    let date = parse(text)?;
    let lag = today.to_julian_day() - date.to_julian_day();
    if !(-1..=ARCHIVE_DAYS).contains(&lag) {
        return Err(PlayError::bad_field(
            "date",
            format!(
                "{text} is neither today anywhere nor one of the last {ARCHIVE_DAYS} days \
                 (the server's date is {})",
                format(today)
            ),
            format!(
                "{text}既不是今天，也不在最近{ARCHIVE_DAYS}天之内（服务器的日期是{}）。",
                format(today)
            ),
        ));
    }
    Ok(date)
}

/// The seed of a date's puzzle at a rung: FNV-1a over both, so that every rung of a day and
/// every day differ.
pub fn seed(date: Date, rung: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in format(date).bytes().chain([b'/']).chain(rung.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The spec of a daily puzzle: 9x9 classic at the rung, any symmetry.
pub fn spec(rung: &'static Rung) -> Spec {
    Spec {
        rung,
        shape: Shape::CLASSIC,
        variant: GameVariant::Classic,
        symmetry: None,
    }
}

/// Makes the puzzle of a date and rung (blocking): the same on every call.
pub fn make(date: Date, rung: &'static Rung) -> Result<Pooled, String> {
    let spec = spec(rung);
    let mut seed = seed(date, rung.id);
    let mut last = String::new();
    for _ in 0..ROUNDS {
        match making::generate(&spec, ON_DEMAND_ATTEMPTS, seed) {
            Ok(made) => return Ok(made),
            Err(e) => last = e,
        }
        seed = sudoku_logic::generate::next_seed(seed);
    }
    Err(last)
}

/// The current streak and the best one up to `today`, from the dates of the daily puzzles
/// solved as the store keeps them (`2026-11-27`; any that does not read is skipped).
pub fn streak_of(wins: &[String], today: Date) -> Streak {
    let solved = wins
        .iter()
        .filter_map(|w| parse(w).ok())
        .map(|d| d.to_julian_day())
        .collect();
    let (streak, best_streak) = streaks(solved, today);
    Streak {
        streak,
        best_streak,
    }
}

/// A player's daily streak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Streak {
    /// Days in a row up to today (or yesterday, while today's is still to be solved).
    pub streak: u32,
    /// The longest run ever.
    pub best_streak: u32,
}

/// The current streak and the best one, from the dates (Julian days, any order, repeats
/// allowed) on which a daily puzzle was solved, as seen on `today`.
pub fn streaks(mut solved: Vec<i32>, today: Date) -> (u32, u32) {
    solved.sort_unstable();
    solved.dedup();
    let mut best = 0u32;
    let mut run = 0u32;
    let mut prev: Option<i32> = None;
    for &day in &solved {
        run = if prev == Some(day - 1) { run + 1 } else { 1 };
        best = best.max(run);
        prev = Some(day);
    }
    let today = today.to_julian_day();
    // The run that ends today, or yesterday while today's is still to be solved.
    let current = match solved.last() {
        Some(&last) if last == today || last == today - 1 => run,
        _ => 0,
    };
    (current, best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_logic::ladder::LADDER;

    fn day(text: &str) -> Date {
        parse(text).unwrap()
    }

    #[test]
    fn dates_read_and_write_back() {
        assert_eq!(format(day("2026-11-27")), "2026-11-27");
        assert_eq!(format(utc_date(0)), "1970-01-01");
        // 2026-11-27T12:00:00Z
        assert_eq!(format(utc_date(1_795_780_800_000)), "2026-11-27");
        for bad in [
            "2026-13-01",
            "2026-02-30",
            "26-11-27",
            "2026/11/27",
            "",
            "2026-11-27-1",
        ] {
            let e = parse(bad).unwrap_err();
            assert_eq!(e.field.as_deref(), Some("date"), "{bad}");
        }
    }

    #[test]
    fn only_today_somewhere_may_be_asked_for() {
        let noon = 1_795_780_800_000;
        assert_eq!(format(requested(None, noon).unwrap()), "2026-11-27");
        for ok in ["2026-11-26", "2026-11-27", "2026-11-28"] {
            assert_eq!(format(requested(Some(ok), noon).unwrap()), ok);
        }
        for far in ["2026-11-25", "2026-11-29", "2027-11-27"] {
            assert!(requested(Some(far), noon).is_err(), "{far}");
        }
    }

    #[test]
    fn each_day_and_rung_has_its_own_seed() {
        let a = seed(day("2026-11-27"), "easy");
        assert_eq!(a, seed(day("2026-11-27"), "easy"));
        assert_ne!(a, seed(day("2026-11-28"), "easy"));
        assert_ne!(a, seed(day("2026-11-27"), "hard"));
    }

    #[test]
    fn the_daily_puzzle_is_the_same_on_every_call() {
        let rung = LADDER.iter().find(|r| r.id == "medium").unwrap();
        let a = make(day("2026-11-27"), rung).unwrap();
        let b = make(day("2026-11-27"), rung).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!(a.level.as_deref(), Some(rung.level.name()));
        let c = make(day("2026-11-28"), rung).unwrap();
        assert_ne!(a.puzzle, c.puzzle);
    }

    #[test]
    fn the_streak_counts_days_in_a_row_up_to_today() {
        let today = day("2026-11-27");
        let j = |t: &str| day(t).to_julian_day();
        assert_eq!(streaks(vec![], today), (0, 0));
        // Yesterday and the day before: the streak stands until today is over.
        assert_eq!(
            streaks(vec![j("2026-11-26"), j("2026-11-25")], today),
            (2, 2)
        );
        // Solved twice today (two rungs) counts one day.
        assert_eq!(
            streaks(
                vec![j("2026-11-27"), j("2026-11-27"), j("2026-11-26")],
                today
            ),
            (2, 2)
        );
        // A gap: the old run is the best, the current one is short.
        let days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-27"];
        assert_eq!(streaks(days.iter().map(|d| j(d)).collect(), today), (1, 3));
        // Last solved two days ago: broken.
        assert_eq!(streaks(vec![j("2026-11-25")], today), (0, 1));
    }
}
