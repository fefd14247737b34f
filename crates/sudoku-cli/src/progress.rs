//! Progress reports on standard error for long searches.
//!
//! On a terminal this is an indicatif bar that redraws in place; anywhere else (a log file, a
//! CI job) it is a plain line `progress: 12.3% nodes=... solutions=...` at most once a second,
//! so logs stay readable. Reports are rate-limited here, so callers may tick as often as they
//! like.

use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often the terminal bar is redrawn.
const BAR_INTERVAL: Duration = Duration::from_millis(250);
/// How often a plain progress line is written.
const LINE_INTERVAL: Duration = Duration::from_secs(1);
/// The bar's length: the estimate is shown in steps of 0.01%.
const BAR_STEPS: u64 = 10_000;

enum Style {
    Off,
    Bar(ProgressBar),
    Lines,
}

/// A progress reporter for a search that can estimate how far it has got.
pub struct Progress {
    style: Style,
    last: Instant,
}

impl Progress {
    /// A reporter that shows nothing unless `enabled`; then a bar if stderr is a terminal,
    /// plain lines otherwise.
    pub fn new(enabled: bool) -> Progress {
        let style = if !enabled {
            Style::Off
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(BAR_STEPS), ProgressDrawTarget::stderr());
            let template = "{elapsed_precise} [{wide_bar}] {percent_precise}% {msg}";
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("=> "));
            }
            Style::Bar(bar)
        } else {
            Style::Lines
        };
        Progress {
            style,
            last: Instant::now(),
        }
    }

    /// Whether anything is shown at all.
    pub fn is_enabled(&self) -> bool {
        !matches!(self.style, Style::Off)
    }

    /// Reports the estimate (0..1) and the counters if the last report is old enough.
    pub fn tick(&mut self, estimate: f64, nodes: u64, solutions: u64) {
        let interval = match self.style {
            Style::Off => return,
            Style::Bar(_) => BAR_INTERVAL,
            Style::Lines => LINE_INTERVAL,
        };
        if self.last.elapsed() >= interval {
            self.last = Instant::now();
            self.show(estimate, nodes, solutions, "");
        }
    }

    /// The final report, whatever the time since the last one.
    /// On a terminal the bar is cleared and this line stays in its place.
    pub fn finish(&mut self, estimate: f64, nodes: u64, solutions: u64) {
        if let Style::Bar(bar) = &self.style {
            bar.finish_and_clear();
            self.style = Style::Lines;
        }
        self.show(estimate, nodes, solutions, " (done)");
    }

    /// Runs `f` with the bar hidden, so that results written to the same terminal do not
    /// tear it.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.style {
            Style::Bar(bar) => bar.suspend(f),
            _ => f(),
        }
    }

    fn show(&self, estimate: f64, nodes: u64, solutions: u64, note: &str) {
        let estimate = estimate.clamp(0.0, 1.0);
        match &self.style {
            Style::Off => {}
            Style::Bar(bar) => {
                bar.set_message(format!("nodes={nodes} solutions={solutions}{note}"));
                bar.set_position((estimate * BAR_STEPS as f64).round() as u64);
            }
            Style::Lines => {
                let percent = estimate * 100.0;
                let line =
                    format!("progress: {percent:.1}% nodes={nodes} solutions={solutions}{note}");
                // A progress line that cannot be written is not worth stopping the search for.
                let _ = writeln!(std::io::stderr(), "{line}");
            }
        }
    }
}

/// A progress reporter for work that cannot estimate how far it has got (a parallel count):
/// it shows what is being done and for how long, until [`Busy::finish`].
pub struct Busy {
    bar: Option<ProgressBar>,
    ticker: Option<(mpsc::Sender<()>, thread::JoinHandle<()>)>,
}

impl Busy {
    /// Starts showing `what` (if `enabled`): a spinner on a terminal, otherwise a plain line
    /// `progress: WHAT, 12 s` every second from a background thread.
    pub fn start(enabled: bool, what: &str) -> Busy {
        if !enabled {
            return Busy {
                bar: None,
                ticker: None,
            };
        }
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}") {
                bar.set_style(style);
            }
            bar.set_message(what.to_string());
            bar.enable_steady_tick(BAR_INTERVAL);
            return Busy {
                bar: Some(bar),
                ticker: None,
            };
        }
        let (stop, stopped) = mpsc::channel::<()>();
        let what = what.to_string();
        let started = Instant::now();
        let handle = thread::spawn(move || {
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(LINE_INTERVAL) {
                let seconds = started.elapsed().as_secs();
                let _ = writeln!(std::io::stderr(), "progress: {what}, {seconds} s");
            }
        });
        Busy {
            bar: None,
            ticker: Some((stop, handle)),
        }
    }

    /// Stops the display.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
        if let Some((stop, handle)) = self.ticker {
            drop(stop);
            // The ticker only writes to stderr; if it panicked there is nothing to recover.
            let _ = handle.join();
        }
    }
}
