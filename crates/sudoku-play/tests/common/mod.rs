//! What the tests of the play flows share: the caller's error type.

use sudoku_game::GameError;
use sudoku_play::PlayError;
use sudoku_store::StoreError;

/// The caller's error: whatever the flows can fail with (read through `Debug`, in the
/// failures' messages).
#[derive(Debug)]
#[allow(dead_code)]
pub enum Failed {
    Store(StoreError),
    Game(GameError),
    Play(PlayError),
}

impl Failed {
    /// The play error this is; a test fails on any other.
    #[allow(dead_code)]
    pub fn play(self) -> PlayError {
        match self {
            Failed::Play(e) => e,
            other => panic!("a play error, not {other:?}"),
        }
    }
}

impl From<StoreError> for Failed {
    fn from(e: StoreError) -> Failed {
        Failed::Store(e)
    }
}
impl From<GameError> for Failed {
    fn from(e: GameError) -> Failed {
        Failed::Game(e)
    }
}
impl From<PlayError> for Failed {
    fn from(e: PlayError) -> Failed {
        Failed::Play(e)
    }
}
