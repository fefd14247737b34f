//! [`Blocking`]: the play flows for a front end without an async runtime (the terminal):
//! each call runs the flow of [`Games`] to its end on a runtime of its own, on the calling
//! thread, so the terminal plays, hints, starts games and answers the drill through the very
//! code the browser's server does.

use std::future::Future;

use tokio::runtime::{Builder, Runtime};

use crate::{Games, PlayError};

/// [`Games`] with a single-threaded runtime to run their flows to the end on.
#[derive(Debug)]
pub struct Blocking {
    games: Games,
    runtime: Runtime,
}

impl Blocking {
    /// `games` with a runtime of their own (the flows' blocking work, a hint or a puzzle
    /// being made, runs on its blocking threads).
    pub fn new(games: Games) -> Result<Blocking, PlayError> {
        let runtime = Builder::new_current_thread()
            .enable_time()
            .build()
            .map_err(|e| PlayError::internal(format!("cannot start the play runtime: {e}")))?;
        Ok(Blocking { games, runtime })
    }

    /// The games, to name the flow to run: `play.run(play.games().act(..))`.
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// Runs a flow to its end on the calling thread. Not to be called from inside an async
    /// runtime (a flow of the server is awaited, not run).
    pub fn run<F: Future>(&self, flow: F) -> F::Output {
        self.runtime.block_on(flow)
    }
}
