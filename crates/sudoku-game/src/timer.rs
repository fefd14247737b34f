//! [`Timer`]: playing time that counts only while the game is running.

use serde::{Deserialize, Serialize};

/// Elapsed playing time. The caller passes the time (`now_ms`) so that the timer is a plain
/// value: saved with the game, it goes on where it stopped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timer {
    /// Time counted up to the last pause (or up to `running_since`).
    pub elapsed_ms: u64,
    /// When the timer was last started, if it is running.
    pub running_since: Option<u64>,
}

impl Timer {
    /// Starts the timer (nothing happens if it runs).
    pub fn resume(&mut self, now_ms: u64) {
        if self.running_since.is_none() {
            self.running_since = Some(now_ms);
        }
    }

    /// Stops the timer, adding the time since it was started.
    pub fn pause(&mut self, now_ms: u64) {
        self.elapsed_ms = self.elapsed(now_ms);
        self.running_since = None;
    }

    /// Time counted so far. A clock that went backwards adds nothing rather than underflowing.
    pub fn elapsed(&self, now_ms: u64) -> u64 {
        let running = self
            .running_since
            .map_or(0, |since| now_ms.saturating_sub(since));
        self.elapsed_ms + running
    }

    /// Whether the timer is stopped.
    pub fn is_paused(&self) -> bool {
        self.running_since.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_only_running_time() {
        let mut t = Timer::default();
        assert_eq!(t.elapsed(100), 0);
        t.resume(100);
        t.resume(150);
        assert_eq!(t.elapsed(300), 200);
        t.pause(300);
        assert_eq!(t.elapsed(10_000), 200);
        t.resume(10_000);
        assert_eq!(t.elapsed(10_050), 250);
        assert_eq!(t.elapsed(5), 200);
    }

    #[test]
    fn pausing_twice_counts_once() {
        let mut t = Timer::default();
        t.pause(50);
        assert_eq!(
            t,
            Timer::default(),
            "pausing a stopped timer changes nothing"
        );
        t.resume(100);
        t.pause(400);
        t.pause(900);
        assert_eq!(t.elapsed(2_000), 300);
        assert!(t.is_paused());
    }

    #[test]
    fn a_clock_that_goes_back_adds_nothing() {
        let mut t = Timer {
            elapsed_ms: 1_000,
            running_since: Some(5_000),
        };
        t.pause(4_000);
        assert_eq!(t.elapsed_ms, 1_000);
        assert_eq!(t.elapsed(u64::MAX), 1_000);
    }

    #[test]
    fn a_saved_running_timer_goes_on_after_loading() {
        let mut t = Timer::default();
        t.resume(1_000);
        let json = serde_json::to_string(&t).unwrap();
        let back: Timer = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        assert_eq!(back.elapsed(4_000), 3_000);
    }
}
