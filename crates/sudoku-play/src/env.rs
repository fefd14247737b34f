//! [`Env`]: where the play flows read the time and draw ids and seeds. The front ends pass
//! [`SystemEnv`]; tests pass a fixed clock and counted ids, so that a whole game played in a
//! test gives the same answers every run.

use std::fmt::Debug;
use std::time::{SystemTime, UNIX_EPOCH};

use crate::PlayError;

/// The clock and the source of ids and seeds of the play flows.
pub trait Env: Debug + Send + Sync + 'static {
    /// Now, Unix milliseconds: games keep wall-clock times, which survive restarts.
    fn now_ms(&self) -> u64;

    /// A fresh random seed (a generation's, a drill question's).
    fn seed(&self) -> Result<u64, PlayError>;

    /// A fresh id for a game or a drill question: 32 hex digits, unguessable, never
    /// sequential (ids are the only key to another session's game that a URL carries).
    fn fresh_id(&self) -> Result<String, PlayError> {
        Ok(format!("{:016x}{:016x}", self.seed()?, self.seed()?))
    }
}

/// The system's clock and random numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemEnv;

impl Env for SystemEnv {
    fn now_ms(&self) -> u64 {
        system_ms()
    }

    fn seed(&self) -> Result<u64, PlayError> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes)
            .map_err(|e| PlayError::internal(format!("no random numbers: {e}")))?;
        Ok(u64::from_le_bytes(bytes))
    }
}

/// Milliseconds since the Unix epoch by the system's clock.
pub fn system_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}
