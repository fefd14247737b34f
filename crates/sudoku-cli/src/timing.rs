//! Wall-clock and CPU time for `--stats`.

use std::time::{Duration, Instant};

pub use cpu_clock::{ClockKind, children_cpu_time, cpu_now, machine, median, process_cpu_time};

/// When the process started, to report its total wall time.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    started: Instant,
}

impl Clock {
    /// Starts the clock; call it first thing in `main`.
    pub fn start() -> Clock {
        Clock {
            started: Instant::now(),
        }
    }

    /// Wall time since [`Clock::start`].
    pub fn wall(&self) -> Duration {
        self.started.elapsed()
    }
}
