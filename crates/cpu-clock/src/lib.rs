//! # cpu_clock
//!
//! CPU time for benchmarks and `--stats`: of the calling thread, of the whole process, of its
//! children that have ended (a peer program run as a child), with the medians and the machine
//! line the tables print. One place for what the CLI and the crates' plain benchmarks all need,
//! so they measure the same way.

#![warn(missing_docs)]

use std::time::{Duration, Instant};

/// CPU time (user plus system) used so far by the whole process, all threads included; `None`
/// where the platform does not tell.
#[cfg(unix)]
pub fn process_cpu_time() -> Option<Duration> {
    rusage(libc::RUSAGE_SELF)
}

/// User plus system time from getrusage for `who` (`RUSAGE_SELF` or `RUSAGE_CHILDREN`).
#[cfg(unix)]
fn rusage(who: libc::c_int) -> Option<Duration> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: `usage` points to writable memory of the size of `rusage`, which is all that
    // getrusage needs; it fills the struct in when it returns 0.
    let rc = unsafe { libc::getrusage(who, usage.as_mut_ptr()) };
    if rc != 0 {
        return None;
    }
    // SAFETY: the struct was zero-initialised (a valid `rusage`) and getrusage succeeded.
    let usage = unsafe { usage.assume_init() };
    Some(timeval(usage.ru_utime) + timeval(usage.ru_stime))
}

/// CPU time is not measured on this platform.
#[cfg(not(unix))]
pub fn process_cpu_time() -> Option<Duration> {
    None
}

/// The median of some durations (sorts them).
pub fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    let n = times.len();
    match n {
        0 => Duration::ZERO,
        _ if n % 2 == 1 => times[n / 2],
        _ => (times[n / 2 - 1] + times[n / 2]) / 2,
    }
}

/// Which clock [`cpu_now`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClockKind {
    /// CPU time of the calling thread.
    Thread,
    /// CPU time of the whole process.
    Process,
    /// Wall time.
    Wall,
}

/// The CPU time of this thread (the one that runs every solver), or failing that of the
/// process, or failing that the time since an arbitrary fixed instant.
pub fn cpu_now() -> (Duration, ClockKind) {
    if let Some(t) = thread_cpu_time() {
        return (t, ClockKind::Thread);
    }
    if let Some(t) = process_cpu_time() {
        return (t, ClockKind::Process);
    }
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    (START.get_or_init(Instant::now).elapsed(), ClockKind::Wall)
}

/// CPU time used so far by the calling thread; `None` where the platform does not tell.
#[cfg(unix)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; clock_gettime only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(ts.tv_sec).ok()?,
        u32::try_from(ts.tv_nsec).ok()?,
    ))
}

/// CPU time is not measured on this platform.
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

/// The machine, for the header: logical CPUs and the CPU model from /proc/cpuinfo.
pub fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    format!("{cpus} CPUs, {model}")
}

/// CPU time (user plus system) used so far by this process's children that have ended and
/// been waited for: what a peer program run as a child cost.
#[cfg(unix)]
pub fn children_cpu_time() -> Option<Duration> {
    rusage(libc::RUSAGE_CHILDREN)
}

/// Children's CPU time is not measured on this platform.
#[cfg(not(unix))]
pub fn children_cpu_time() -> Option<Duration> {
    None
}

#[cfg(unix)]
fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
        + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_even_and_odd() {
        let ms = Duration::from_millis;
        assert_eq!(median(&mut [ms(3), ms(1), ms(2)]), ms(2));
        assert_eq!(
            median(&mut [ms(4), ms(1), ms(2), ms(3)]),
            Duration::from_micros(2500)
        );
    }
}
