//! Quotas that keep one client from taking the server for itself: new sessions per client
//! address per minute, and games per session. Past either, the answer is 429
//! `too_many_requests` with `Retry-After`, and nothing is stored.
//!
//! A session costs nothing until it stores something, so only requests that change state
//! (POST) without a session count: a script that posts without keeping its cookie makes a
//! new session every time, and each could hold games of its own.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::error::ApiError;

/// The address a connection came from, put on each of its requests by `conn.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The window new sessions are counted in.
const WINDOW: Duration = Duration::from_secs(60);

/// Addresses remembered at most: past this the oldest windows are forgotten (a flood from
/// many addresses cannot grow the table without bound).
const MAX_ADDRESSES: usize = 100_000;

/// The quotas and the counts behind them.
#[derive(Debug)]
pub struct Quotas {
    sessions_per_minute: u32,
    games_per_session: u64,
    windows: Mutex<HashMap<IpAddr, (Instant, u32)>>,
}

impl Quotas {
    /// Quotas of `sessions_per_minute` new sessions an address and `games_per_session`.
    pub fn new(sessions_per_minute: u32, games_per_session: u64) -> Quotas {
        Quotas {
            sessions_per_minute,
            games_per_session,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts a new session from `addr` (unknown: not counted); 429 past the quota.
    pub fn new_session(&self, addr: Option<ClientAddr>, now: Instant) -> Result<(), ApiError> {
        let Some(ClientAddr(ip)) = addr else {
            return Ok(());
        };
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if windows.len() >= MAX_ADDRESSES {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = windows.entry(ip).or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            (*start, *count) = (now, 0);
        }
        if *count >= self.sessions_per_minute {
            let wait = WINDOW.saturating_sub(now.duration_since(*start));
            return Err(ApiError::too_many(
                format!(
                    "more than {} new sessions a minute from {ip}: keep the session cookie, or try again later",
                    self.sessions_per_minute
                ),
                u32::try_from(wait.as_secs().max(1)).unwrap_or(60),
            ));
        }
        *count += 1;
        Ok(())
    }

    /// Refuses a new game in a session that holds `games` already, past the quota.
    pub fn new_game(&self, games: u64) -> Result<(), ApiError> {
        if games < self.games_per_session {
            return Ok(());
        }
        Err(ApiError::too_many(
            format!(
                "this session holds {games} games, the most one session keeps ({})",
                self.games_per_session
            ),
            60,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sessions_are_counted_per_address_and_minute() {
        let q = Quotas::new(3, 10);
        let a = Some(ClientAddr("10.0.0.1".parse().unwrap()));
        let b = Some(ClientAddr("10.0.0.2".parse().unwrap()));
        let t = Instant::now();
        for _ in 0..3 {
            q.new_session(a, t).unwrap();
        }
        let refused = q.new_session(a, t + Duration::from_secs(10)).unwrap_err();
        assert_eq!(refused.status.as_u16(), 429);
        assert_eq!(refused.retry_after, Some(50));
        q.new_session(b, t).unwrap();
        q.new_session(None, t).unwrap();
        q.new_session(a, t + WINDOW).unwrap();
        assert!(q.new_game(9).is_ok());
        assert_eq!(q.new_game(10).unwrap_err().code, "too_many_requests");
    }
}
