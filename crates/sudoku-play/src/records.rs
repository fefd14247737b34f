//! The rest of a game's life, written once for every front end: the actions that are not
//! moves (undo, redo, restart, pause, resume, give up, lose), the game shown, checked and
//! listed, and the player's statistics.

use serde_json::json;
use sudoku_game::{Check, Game, GameError};
use sudoku_store::db::{Listed, Meta};
use sudoku_store::{Logged, Statistics, StoreError};

use crate::daily::{self, Streak};
use crate::{Code, Games, PlayError};

/// A change of a game that is not a move of the board's digits or notes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Takes back the last move.
    Undo,
    /// Plays again the move last taken back.
    Redo,
    /// Back to the givens, the clock kept.
    Restart,
    /// Stops the clock.
    Pause,
    /// Starts the clock again.
    Resume,
    /// Shows the solution; the game ends as given up.
    GiveUp,
    /// The game ends as lost on the front end's mistake limit (refused under it).
    Lose {
        /// The limit of mistakes.
        mistake_limit: u32,
    },
}

impl Action {
    /// The action as the game's move log keeps it (JSON).
    pub fn logged(self) -> String {
        match self {
            Action::Undo => json!({ "kind": "undo" }),
            Action::Redo => json!({ "kind": "redo" }),
            Action::Restart => json!({ "kind": "restart" }),
            Action::Pause => json!({ "kind": "pause" }),
            Action::Resume => json!({ "kind": "resume" }),
            Action::GiveUp => json!({ "kind": "solve" }),
            Action::Lose { mistake_limit } => {
                json!({ "kind": "solve", "mistake_limit": mistake_limit })
            }
        }
        .to_string()
    }

    /// Changes `game` at `now_ms`.
    pub fn apply(self, game: &mut Game, now_ms: u64) -> Result<(), GameError> {
        match self {
            Action::Undo => game.undo(now_ms),
            Action::Redo => game.redo(now_ms),
            Action::Restart => game.restart(now_ms).map(|_| ()),
            Action::Pause => {
                game.pause(now_ms);
                Ok(())
            }
            Action::Resume => {
                game.resume(now_ms);
                Ok(())
            }
            Action::GiveUp => game.give_up(now_ms),
            Action::Lose { mistake_limit } => game.lose(mistake_limit, now_ms),
        }
    }
}

impl Games {
    /// Changes a game by `action` and stores it, logged, before answering with the game.
    pub async fn act<E>(&self, session: &str, id: &str, action: Action) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<GameError> + Send + 'static,
    {
        let now = self.now_ms();
        let logged = action.logged();
        let (_, meta, game) = self
            .store()
            .update_game(session, id, Logged::new(&logged, now), move |g| {
                action.apply(g, now).map_err(E::from)
            })
            .await?
            .into_parts();
        Ok((meta, game))
    }

    /// A game of the session as it stands.
    pub async fn show(&self, session: &str, id: &str) -> Result<(Meta, Game), StoreError> {
        self.store().load_game(session, id).await
    }

    /// The session's game being played that changed last: the one to resume.
    pub async fn current<E>(&self, session: &str) -> Result<(Meta, Game), E>
    where
        E: From<StoreError> + From<PlayError>,
    {
        let newest = self.store().newest_playing(session, self.now_ms()).await?;
        let Some(listed) = newest else {
            return Err(PlayError::new(
                Code::NotFound,
                "no game is being played",
                crate::zh::generic(Code::NotFound, None),
            )
            .into());
        };
        Ok(self.store().load_game(session, &listed.id).await?)
    }

    /// The session's games, the newest first.
    pub async fn list(&self, session: &str) -> Result<Vec<Listed>, StoreError> {
        self.store().list_games(session, self.now_ms()).await
    }

    /// The board checked against the solution: which digits are wrong.
    pub async fn check(&self, session: &str, id: &str) -> Result<Check, StoreError> {
        Ok(self.store().load_game(session, id).await?.1.check())
    }

    /// The player's statistics, with the daily streak up to the player's date (`None`: the
    /// server's UTC date).
    pub async fn statistics<E>(
        &self,
        session: &str,
        date: Option<&str>,
    ) -> Result<(Statistics, Streak), E>
    where
        E: From<StoreError> + From<PlayError>,
    {
        let today = daily::requested(date, self.now_ms())?;
        let statistics = self.store().statistics(session).await?;
        let streak = daily::streak_of(&statistics.daily_wins, today);
        Ok((statistics, streak))
    }
}
