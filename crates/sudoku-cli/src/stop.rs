//! What ends a search before its end: `--time-limit` (a deadline per puzzle) and Ctrl-C.
//!
//! The first Ctrl-C raises a flag that every search looks at every few thousand nodes (and
//! a solve path between its steps): the command stops, keeps what it has already written,
//! prints `--stats` and exits with 130, as a shell expects of an interrupted program. A
//! second Ctrl-C ends the process at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// The exit code of a command interrupted by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED_EXIT: u8 = 130;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The interrupt flag, with the Ctrl-C handler installed on first use. If no handler can be
/// installed, Ctrl-C keeps its default effect (the flag is then never raised).
///
/// The handler raises the flag from the signal itself (signal-hook), with no thread to wake:
/// a handler thread cost every process that searches a thread start, a stack and an
/// allocator arena, a measurable part of a small exact-cover run. The exit on a second
/// Ctrl-C is registered first, so that it sees the flag as the first Ctrl-C left it.
pub fn flag() -> Arc<AtomicBool> {
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        install_handler(&flag);
        flag
    }))
}

/// Makes a first Ctrl-C raise `flag` and a second one exit with [`INTERRUPTED_EXIT`].
///
/// Should the second registration fail after the first held, the first alone would swallow
/// every Ctrl-C (it exits only once the flag is up, and nothing would raise it); it is then
/// replaced by an exit on the first Ctrl-C, which is what the default effect amounts to.
fn install_handler(flag: &Arc<AtomicBool>) {
    use signal_hook::flag::{register, register_conditional_shutdown};
    let sigint = signal_hook::consts::SIGINT;
    let exit = i32::from(INTERRUPTED_EXIT);
    let Ok(second) = register_conditional_shutdown(sigint, exit, Arc::clone(flag)) else {
        return;
    };
    if register(sigint, Arc::clone(flag)).is_err() {
        signal_hook::low_level::unregister(second);
        let always = Arc::new(AtomicBool::new(true));
        let _ = register_conditional_shutdown(sigint, exit, always);
    }
}

/// Whether Ctrl-C was pressed.
pub fn interrupted() -> bool {
    FLAG.get().is_some_and(|f| f.load(Ordering::Relaxed))
}

/// `--time-limit`: how long one puzzle may take (`None`: no limit).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeLimit(pub Option<Duration>);

impl TimeLimit {
    /// The deadline of a puzzle started now.
    pub fn deadline(self) -> Option<Instant> {
        self.0.map(|limit| Instant::now() + limit)
    }

    /// The limit as the user wrote it, for messages: `2.5 s`.
    pub fn describe(self) -> String {
        match self.0 {
            Some(limit) => format!("{} s", limit.as_secs_f64()),
            None => "none".into(),
        }
    }
}

/// The limit a puzzle larger than 9x9 gets when `--time-limit` is left out. A 9x9 puzzle is
/// solved, counted, rated or hinted in well under a second, so it gets none; a sparse
/// 25x25 or 35x35 grid can search for hours, and a command that seems to hang teaches the
/// user nothing. Ten seconds, as `transform --canonical` gives a puzzle.
pub const LARGE_GRID_LIMIT: Duration = Duration::from_secs(10);

/// `--time-limit` of the commands that search puzzles, as given or left out: left out, a
/// puzzle larger than 9x9 gets [`LARGE_GRID_LIMIT`] and the message says it was the default.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PuzzleLimit(pub Option<TimeLimit>);

impl PuzzleLimit {
    /// The limit for a puzzle whose grid has `size` rows.
    pub fn for_size(self, size: usize) -> Limit {
        match self.0 {
            Some(given) => Limit {
                limit: given,
                by_default: false,
            },
            None => Limit {
                limit: TimeLimit((size > 9).then_some(LARGE_GRID_LIMIT)),
                by_default: size > 9,
            },
        }
    }
}

/// The limit one puzzle runs under, and whether it is the default (for the message).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limit {
    /// How long.
    pub limit: TimeLimit,
    /// Left out on the command line: the default for grids larger than 9x9.
    pub by_default: bool,
}

impl Limit {
    /// No limit at all.
    pub const NONE: Limit = Limit {
        limit: TimeLimit(None),
        by_default: false,
    };

    /// The deadline of a puzzle started now.
    pub fn deadline(self) -> Option<Instant> {
        self.limit.deadline()
    }

    /// For messages: `2.5 s; --time-limit 0 for none`, or for the default, `10 s, the
    /// default for grids larger than 9x9; --time-limit 0 for none, or a longer one`.
    pub fn describe(self) -> String {
        if self.by_default {
            format!(
                "{}, the default for grids larger than 9x9; --time-limit 0 for none, or a longer one",
                self.limit.describe()
            )
        } else {
            format!("{}; --time-limit 0 for none", self.limit.describe())
        }
    }
}

impl From<TimeLimit> for Limit {
    fn from(limit: TimeLimit) -> Limit {
        Limit {
            limit,
            by_default: false,
        }
    }
}

/// `--time-limit`: seconds (fractions allowed), `0` for none; a unit may follow the number,
/// as people write limits: `500ms`, `90s`, `1.5m`, `2h`.
pub fn parse_seconds(text: &str) -> Result<TimeLimit, String> {
    let trimmed = text.trim();
    let (number, scale) = [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0)]
        .into_iter()
        .find_map(|(unit, scale)| Some((trimmed.strip_suffix(unit)?, scale)))
        .unwrap_or((trimmed, 1.0));
    let seconds = number
        .trim_end()
        .parse::<f64>()
        .map(|n| n * scale)
        .map_err(|_| {
            format!("`{text}` is not a number of seconds (a unit may follow: 500ms, 90s, 1.5m, 2h)")
        })?;
    if seconds > 1e9 {
        return Err(format!(
            "`{text}` is more than the longest limit, 1e9 seconds (0 for no limit)"
        ));
    }
    if seconds.is_nan() || seconds < 0.0 {
        return Err(format!(
            "`{text}`: give 0 (no limit) or a positive number of seconds"
        ));
    }
    Ok(TimeLimit(
        (seconds > 0.0).then(|| Duration::from_secs_f64(seconds)),
    ))
}

/// When a puzzle's work must be done (`--time-limit` from its start), and the limit for
/// messages.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    /// The moment, if there is a limit.
    pub at: Option<std::time::Instant>,
    /// The limit, as given or by default.
    pub limit: Limit,
}

impl Deadline {
    /// The deadline of work started now.
    pub fn starting_now(limit: Limit) -> Deadline {
        Deadline {
            at: limit.deadline(),
            limit,
        }
    }

    /// Whether there is time left and no Ctrl-C.
    pub fn in_time(&self) -> bool {
        !interrupted() && self.at.is_none_or(|d| std::time::Instant::now() < d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_take_seconds_or_a_unit() {
        let secs = |t: &str| parse_seconds(t).map(|l| l.0.map(|d| d.as_secs_f64()));
        assert_eq!(secs("2.5"), Ok(Some(2.5)));
        assert_eq!(secs("0"), Ok(None));
        assert_eq!(secs("90s"), Ok(Some(90.0)));
        assert_eq!(secs("500ms"), Ok(Some(0.5)));
        assert_eq!(secs("1.5m"), Ok(Some(90.0)));
        assert_eq!(secs("2h"), Ok(Some(7200.0)));
        assert_eq!(secs(" 3 s "), Ok(Some(3.0)));
        for bad in ["", "s", "abc", "3 sec", "-1", "nan", "1e12"] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        let e = parse_seconds("1e10").unwrap_err();
        assert!(e.contains("longest limit"), "{e}");
        let e = parse_seconds("-2").unwrap_err();
        assert!(e.contains("positive"), "{e}");
        let e = parse_seconds("3sec").unwrap_err();
        assert!(e.contains("`3sec`") && e.contains("90s"), "{e}");
    }
}
