//! Wall-clock and CPU time for `--stats`.

use std::time::{Duration, Instant};

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

/// CPU time (user plus system) used so far by the whole process, all threads included; `None`
/// where the platform does not tell.
#[cfg(unix)]
pub fn process_cpu_time() -> Option<Duration> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` points to writable memory of the size of `rusage`, which is all that
    // getrusage needs; it fills the struct in when it returns 0.
    let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: the struct was zero-initialised (a valid `rusage`) and getrusage succeeded.
    let usage = unsafe { usage.assume_init() };
    let duration = |t: libc::timeval| {
        Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    Some(duration(usage.ru_utime) + duration(usage.ru_stime))
}

/// CPU time is not measured on this platform.
#[cfg(not(unix))]
pub fn process_cpu_time() -> Option<Duration> {
    None
}
