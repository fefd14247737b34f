//! The singles drill, written once for every front end: a question asked (its answer kept
//! in the store, never sent), an answer checked and recorded once, with the timing and the
//! statistics after it.

use sudoku_game::{CellRef, Drill, DrillKind, Question, Reply};
use sudoku_store::db::DrillStats;
use sudoku_store::{Marked, StoreError};

use crate::choice::bad;
use crate::{Code, Games, PlayError};

/// An answer as a front end receives it: a digit, or for a Hidden Single a cell, checked for
/// range (the field at fault named).
pub fn reply(digit: Option<u8>, cell: Option<CellRef>) -> Result<Reply, PlayError> {
    match (digit, cell) {
        (Some(d), None) if (1..=9).contains(&d) => Ok(Reply::Digit(d)),
        (Some(d), None) => Err(bad("digit", format!("{d} is not a digit 1..9"))),
        (None, Some(cell)) if cell.0.row() < 9 && cell.0.col() < 9 => Ok(Reply::Cell(cell.0)),
        (None, Some(cell)) => Err(bad("cell", format!("{cell} is not a cell of the 9x9 grid"))),
        _ => Err(bad(
            "digit",
            "answer with a digit (`digit`) or, where a digit goes, a cell (`cell`)",
        )),
    }
}

impl Games {
    /// A new question of the drill `kind` for the session, stored with its answer: its id
    /// and the question (the front end shows the grid, the house and the cell or digit).
    pub async fn ask<E>(&self, session: &str, kind: DrillKind) -> Result<(String, Question), E>
    where
        E: From<StoreError> + From<PlayError>,
    {
        let seed = self.env.seed()?;
        let question = tokio::task::spawn_blocking(move || Drill::new().question(kind, seed))
            .await
            .map_err(|e| PlayError::internal(format!("a worker task failed: {e}")))?;
        let id = self.env.fresh_id()?;
        let stored =
            serde_json::to_string(&question).map_err(|e| PlayError::internal(e.to_string()))?;
        self.store()
            .insert_question(session, &id, stored, self.now_ms())
            .await?;
        Ok((id, question))
    }

    /// Checks and records the session's answer to question `id`, once: the verdict, the
    /// time taken and the question (its answer now to be shown), and the drill's statistics
    /// after it. A second answer, or one of the wrong kind, is refused and not recorded.
    pub async fn answer<E>(
        &self,
        session: &str,
        id: &str,
        reply: Reply,
    ) -> Result<(Marked<Question>, DrillStats), E>
    where
        E: From<StoreError> + From<PlayError> + Send + 'static,
    {
        let now = self.now_ms();
        self.store()
            .answer_question(session, id, now, move |asked| {
                if asked.answered {
                    return Err(PlayError::new(
                        Code::Conflict,
                        "this question was answered already",
                        crate::zh::generic(Code::Conflict, None),
                    )
                    .into());
                }
                let question: Question = serde_json::from_str(&asked.question).map_err(|e| {
                    PlayError::internal(format!("a stored question is broken: {e}"))
                })?;
                let expected = if question.asks_for_cell() {
                    "cell"
                } else {
                    "digit"
                };
                if matches!(reply, Reply::Cell(_)) != question.asks_for_cell() {
                    return Err(bad(
                        expected,
                        format!("this question is answered with a {expected}"),
                    )
                    .into());
                }
                Ok(Marked {
                    correct: question.is_correct(reply),
                    ms: now.saturating_sub(asked.asked_ms),
                    out: question,
                })
            })
            .await
    }
}
