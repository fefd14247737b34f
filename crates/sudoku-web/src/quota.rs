//! Quotas that keep one client from taking the server for itself. Past any of them the
//! answer is 429 `too_many_requests` with `Retry-After`, and nothing is stored.
//!
//! * New sessions, per client address a minute. Sessions are issued by the server (signed,
//!   see `session.rs`): a client cannot make one up, so a script that drops its cookie gets a
//!   new session only as often as this allows. Past it a request that changes something is
//!   refused; a read is served without a session.
//! * New games and drill questions (they cost a generation and a row each), a minute per
//!   session and per client address over all its sessions.
//! * Requests that change something (moves, hints, ...), a minute per session and per
//!   client address.
//! * Games and drill questions a session holds.
//!
//! An IPv6 client is counted by its /64 ([`address_key`]). Counts run in fixed windows of a
//! minute; a table remembers at most [`MAX_KEYS`] keys, forgetting the windows that are over
//! when it is full, so a flood from many addresses cannot grow it without bound.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::Limits;
use crate::error::ApiError;

/// The address a connection came from, put on each of its requests by `conn.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// The address a client is counted by: an IPv4 address itself, an IPv6 address by its /64
/// (one host is given a whole /64, and could take a new address for every request).
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(bits.into())
            }
        },
    }
}

/// The window counts run in.
const WINDOW: Duration = Duration::from_secs(60);

/// Keys a counter remembers at most before it forgets the windows that are over.
const MAX_KEYS: usize = 100_000;

/// Counts per key in windows of a minute, up to a limit.
#[derive(Debug)]
struct Counter<K> {
    per_minute: u32,
    windows: Mutex<HashMap<K, (Instant, u32)>>,
}

impl<K: Hash + Eq> Counter<K> {
    fn new(per_minute: u32) -> Counter<K> {
        Counter {
            per_minute,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one for `key`; past the limit, the seconds until its window ends instead.
    fn count(&self, key: K, now: Instant) -> Result<(), u32> {
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if windows.len() >= MAX_KEYS {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = windows.entry(key).or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            (*start, *count) = (now, 0);
        }
        if *count >= self.per_minute {
            let wait = WINDOW.saturating_sub(now.duration_since(*start));
            return Err(u32::try_from(wait.as_secs().max(1)).unwrap_or(60));
        }
        *count += 1;
        Ok(())
    }
}

/// What a counter counts, for its messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum What {
    /// New games and drill questions.
    New,
    /// Requests that change something.
    Changes,
}

/// The quotas and the counts behind them.
#[derive(Debug)]
pub struct Quotas {
    sessions: Counter<IpAddr>,
    new_by_session: Counter<String>,
    new_by_address: Counter<IpAddr>,
    changes_by_session: Counter<String>,
    changes_by_address: Counter<IpAddr>,
    games_per_session: u64,
    questions_per_session: u64,
}

impl Quotas {
    /// The quotas of `limits`.
    pub fn new(limits: &Limits) -> Quotas {
        Quotas {
            sessions: Counter::new(limits.sessions_per_minute),
            new_by_session: Counter::new(limits.new_per_minute),
            new_by_address: Counter::new(limits.new_per_minute_per_address),
            changes_by_session: Counter::new(limits.changes_per_minute),
            changes_by_address: Counter::new(limits.changes_per_minute_per_address),
            games_per_session: limits.games_per_session,
            questions_per_session: limits.questions_per_session,
        }
    }

    /// Counts a new session from `addr` (unknown: not counted); 429 past the quota.
    pub fn new_session(&self, addr: Option<ClientAddr>, now: Instant) -> Result<(), ApiError> {
        let Some(ClientAddr(ip)) = addr else {
            return Ok(());
        };
        self.sessions.count(address_key(ip), now).map_err(|wait| {
            let n = self.sessions.per_minute;
            ApiError::too_many(
                format!(
                    "more than {n} new sessions a minute from this address: keep the session \
                     cookie, or try again in {wait} s"
                ),
                wait,
            )
            .with_zh(crate::zh::too_many_sessions(n, wait))
        })
    }

    /// Counts a new game or drill question of `session` from `addr`; 429 past either quota.
    pub fn new_thing(
        &self,
        session: &str,
        addr: Option<ClientAddr>,
        now: Instant,
    ) -> Result<(), ApiError> {
        self.both(What::New, session, addr, now)
    }

    /// Counts a request of `session` from `addr` that changes something; 429 past either
    /// quota.
    pub fn change(
        &self,
        session: &str,
        addr: Option<ClientAddr>,
        now: Instant,
    ) -> Result<(), ApiError> {
        self.both(What::Changes, session, addr, now)
    }

    /// Counts one on the address's counter (when the address is known), then on the
    /// session's.
    fn both(
        &self,
        what: What,
        session: &str,
        addr: Option<ClientAddr>,
        now: Instant,
    ) -> Result<(), ApiError> {
        let (by_session, by_address) = match what {
            What::New => (&self.new_by_session, &self.new_by_address),
            What::Changes => (&self.changes_by_session, &self.changes_by_address),
        };
        let refuse = |n: u32, wait: u32, per_address: bool| {
            let who = if per_address {
                "from this address"
            } else {
                "in this session"
            };
            let things = match what {
                What::New => "new games and drill questions",
                What::Changes => "requests that change a game",
            };
            let zh = match what {
                What::New => crate::zh::too_many_new(n, wait, per_address),
                What::Changes => crate::zh::too_many_changes(n, wait, per_address),
            };
            ApiError::too_many(
                format!("more than {n} {things} a minute {who}: try again in {wait} s"),
                wait,
            )
            .with_zh(zh)
        };
        if let Some(ClientAddr(ip)) = addr {
            by_address
                .count(address_key(ip), now)
                .map_err(|wait| refuse(by_address.per_minute, wait, true))?;
        }
        by_session
            .count(session.to_string(), now)
            .map_err(|wait| refuse(by_session.per_minute, wait, false))
    }

    /// Refuses a new game in a session that holds `games` already, past the quota.
    pub fn new_game(&self, games: u64) -> Result<(), ApiError> {
        held(games, self.games_per_session, true)
    }

    /// Refuses a new drill question in a session that holds `questions` already, past the
    /// quota.
    pub fn new_question(&self, questions: u64) -> Result<(), ApiError> {
        held(questions, self.questions_per_session, false)
    }
}

/// 429 when a session holds `count` games (or questions), `limit` or more.
fn held(count: u64, limit: u64, games: bool) -> Result<(), ApiError> {
    if count < limit {
        return Ok(());
    }
    let things = if games { "games" } else { "drill questions" };
    Err(ApiError::too_many(
        format!("this session holds {count} {things}, the most one session keeps ({limit})"),
        60,
    )
    .with_zh(crate::zh::too_many_held(count, limit, games)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits {
            sessions_per_minute: 3,
            games_per_session: 10,
            questions_per_session: 5,
            new_per_minute: 2,
            new_per_minute_per_address: 3,
            ..Limits::default()
        }
    }

    #[test]
    fn sessions_are_counted_per_address_and_minute() {
        let q = Quotas::new(&limits());
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
        assert!(q.new_question(4).is_ok());
        assert_eq!(q.new_question(5).unwrap_err().code, "too_many_requests");
    }

    #[test]
    fn new_things_are_counted_per_session_and_per_address() {
        let q = Quotas::new(&limits());
        let a = Some(ClientAddr("10.0.0.1".parse().unwrap()));
        let t = Instant::now();
        q.new_thing("s1", a, t).unwrap();
        q.new_thing("s1", a, t).unwrap();
        let refused = q.new_thing("s1", a, t).unwrap_err();
        assert!(
            refused.message.contains("in this session"),
            "{}",
            refused.message
        );
        // Another session of the same address: its third new thing is the address's limit.
        let refused = q.new_thing("s2", a, t).unwrap_err();
        assert!(
            refused.message.contains("from this address"),
            "{}",
            refused.message
        );
        // Another address is counted apart; a minute later the counts start over.
        q.new_thing("s3", Some(ClientAddr("10.0.0.2".parse().unwrap())), t)
            .unwrap();
        q.new_thing("s2", a, t + WINDOW).unwrap();
    }

    #[test]
    fn an_ipv6_client_counts_by_its_64() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let other: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(address_key(one), address_key(other));
        assert_ne!(
            address_key(one),
            address_key("2001:db8:1:3::1".parse().unwrap())
        );
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(address_key(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
    }
}
