//! A whole game played through [`sudoku_play::Games`] on a real store, with no HTTP and no
//! terminal: a puzzle imported and stored, hints in three stages counted once, Apply
//! playing the step the hint showed, keyed moves played once, a wrong digit refused by the
//! hint, and the game played to the win.

use sudoku_game::{CellRef, Game, GameError, GameVariant, Move, Status};
use sudoku_logic::{Hint, Stage};
use sudoku_play::Games;
use sudoku_store::db::Meta;
use sudoku_store::{Logged, Store, StoreError};

mod common;
use common::Failed;

/// HoDoKu grades it Extreme: its hints run from singles to chains.
const PUZZLE: &str =
    ".58....9.4..9....2.....4..8..37.1.5.....9.....4.3.67..6..2.....9....3..5.7....68.";

async fn imported(games: &Games, session: &str) -> (Meta, Game) {
    let imported = sudoku_play::import(PUZZLE, None, GameVariant::Classic).expect("it imports");
    let game = Game::new(
        GameVariant::Classic,
        &imported.puzzle,
        &imported.solution,
        0,
    )
    .unwrap();
    let meta = Meta {
        id: "g1".into(),
        rung: "import".into(),
        level: Some(imported.level),
        score: Some(imported.score),
        created_ms: 0,
        updated_ms: 0,
        daily: None,
    };
    let (m, g) = (meta.clone(), game.clone());
    games
        .store()
        .insert_game(session, m, g, |_| Ok::<_, StoreError>(()))
        .await
        .unwrap();
    (meta, game)
}

async fn hint(games: &Games, stage: Stage, now: u64) -> (Hint, u32) {
    let action = format!("{{\"kind\":\"hint\",\"stage\":{}}}", stage as u8);
    games
        .hint::<Failed>("s", "g1", Logged::new(&action, now), move |game, logic| {
            game.hint_for(logic, stage, false)
        })
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_game_is_played_to_the_win_with_hints_and_keyed_moves() {
    let dir = tempfile::tempdir().unwrap();
    let games = Games::new(Store::open(&dir.path().join("games.sqlite3")).unwrap(), 1);
    let (_, start) = imported(&games, "s").await;
    let solution = start.solution().clone();

    // Three stages of one hint count once; the step is the one Apply plays.
    let (first, hints) = hint(&games, Stage::Technique, 1).await;
    assert!(matches!(first, Hint::Step { .. }), "{first:?}");
    assert_eq!(hints, 1);
    let (_, hints) = hint(&games, Stage::Where, 2).await;
    assert_eq!(hints, 1, "a later stage counts no more");
    let (Hint::Step { step, .. }, hints) = hint(&games, Stage::Step, 3).await else {
        panic!("a step");
    };
    assert_eq!(hints, 1);
    let (_, applied) = games
        .play::<Failed>("s", "g1", Move::ApplyHint, Logged::new("apply", 4))
        .await
        .unwrap();
    for p in &step.placements {
        assert_eq!(
            applied.digit(p.cell),
            Some(p.digit),
            "Apply played the hint's step"
        );
    }
    assert_eq!(applied.hints(), 1, "Apply after the hint counts no more");

    // A wrong digit: the hint names it, Apply refuses.
    let empty = (0..81)
        .map(|i| sudoku_core::Cell::from_index(i, 9))
        .find(|&c| applied.digit(c).is_none())
        .unwrap();
    let right = solution.get(empty).unwrap().get() as u8;
    let wrong = right % 9 + 1;
    let place = |digit| Move::Place {
        cell: CellRef(empty),
        digit,
        auto_notes: false,
    };
    games
        .play::<Failed>("s", "g1", place(wrong), Logged::new("wrong", 5))
        .await
        .unwrap();
    let (mistakes, _) = hint(&games, Stage::Step, 6).await;
    assert!(matches!(mistakes, Hint::Mistakes { .. }), "{mistakes:?}");
    let refused = games
        .play::<Failed>("s", "g1", Move::ApplyHint, Logged::new("apply", 7))
        .await;
    assert!(
        matches!(refused, Err(Failed::Game(GameError::Mistakes(_)))),
        "{refused:?}"
    );

    // A keyed move sent twice is played once.
    let keyed = Logged::new("fix", 8).keyed(Some("k1"));
    let (_, once) = games
        .play::<Failed>("s", "g1", place(right), keyed)
        .await
        .unwrap();
    let moves = once.moves();
    let (_, twice) = games
        .play::<Failed>("s", "g1", place(wrong), keyed)
        .await
        .unwrap();
    assert_eq!(twice.moves(), moves, "the repeat was not applied");
    assert_eq!(twice.digit(empty).map(|d| d.get() as u8), Some(right));

    // Apply to the end.
    let mut now = 9;
    let mut game = twice;
    while game.status() == Status::Playing {
        now += 1;
        game = games
            .play::<Failed>("s", "g1", Move::ApplyHint, Logged::new("apply", now))
            .await
            .unwrap()
            .1;
        assert!(now < 200, "the puzzle is solved by its hints");
    }
    assert_eq!(game.status(), Status::Won);
    let (_, stored) = games.store().load_game("s", "g1").await.unwrap();
    assert_eq!(stored.board(), solution, "the stored game is the solution");
    // Another session sees no game.
    let other = games.store().load_game("t", "g1").await;
    assert!(matches!(other, Err(StoreError::NotFound(_))));
}
