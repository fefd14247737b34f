//! A player's whole time with the program through [`sudoku_play::Games`], on a real store,
//! with a fixed clock and counted ids and no HTTP or terminal: a new game of the ladder
//! (made now, the pool being empty) played with the other actions, the day's puzzle begun,
//! resumed and solved (the streak counts it; an archive day's does not), and the drill
//! asked and answered.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use sudoku_game::offer::Spec;
use sudoku_game::{CellRef, DrillKind, Game, Move, Reply, Status};
use sudoku_logic::ladder::Rung;
use sudoku_play::{Action, Code, DailyStart, Env, Games, PlayError, choice, drills};
use sudoku_store::{Logged, Store, StoreError};

mod common;
use common::Failed;

/// 2026-11-27T12:00:00Z.
const NOON: u64 = 1_795_780_800_000;
const DAY: u64 = 86_400_000;

/// A clock the test moves, and ids and seeds counted from 1.
#[derive(Debug, Clone)]
struct Fixed {
    now: Arc<AtomicU64>,
    drawn: Arc<AtomicU64>,
}

impl Env for Fixed {
    fn now_ms(&self) -> u64 {
        self.now.load(Ordering::SeqCst)
    }
    fn seed(&self) -> Result<u64, PlayError> {
        Ok(self.drawn.fetch_add(1, Ordering::SeqCst) + 1)
    }
}

fn no_quota(_: u64) -> Result<(), Failed> {
    Ok(())
}

fn open() -> (tempfile::TempDir, Games, Fixed) {
    let dir = tempfile::tempdir().unwrap();
    let fixed = Fixed {
        now: Arc::new(AtomicU64::new(NOON)),
        drawn: Arc::new(AtomicU64::new(0)),
    };
    let store = Store::open(&dir.path().join("games.sqlite3")).unwrap();
    let games = Games::new(store, 1).with_env(fixed.clone());
    (dir, games, fixed)
}

/// Plays the game's hints to the end.
async fn solve(games: &Games, session: &str, id: &str) -> Game {
    for step in 0..200 {
        let now = games.now_ms();
        let (_, game) = games
            .play::<Failed>(session, id, Move::ApplyHint, Logged::new("apply", now))
            .await
            .unwrap();
        if game.status() != Status::Playing {
            return game;
        }
        assert!(step < 199, "solved by its hints");
    }
    unreachable!()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_new_game_is_made_played_undone_paused_and_given_up() {
    let (_dir, games, fixed) = open();
    let spec: Spec = choice::spec(Some("easy"), None, None, Some("rotate180")).unwrap();
    let (meta, game) = games.new_game("s", spec, no_quota).await.unwrap();
    assert_eq!(meta.rung, "easy");
    assert_eq!(
        meta.level.as_deref(),
        Some(Rung::by_id("easy").unwrap().level.name())
    );
    assert_eq!(meta.id.len(), 32, "ids are 32 hex digits: {}", meta.id);
    assert_eq!(meta.created_ms, NOON, "the flows' clock");
    let listed = games.list("s").await.unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].id, meta.id);
    let (current, _) = games.current::<Failed>("s").await.unwrap();
    assert_eq!(current.id, meta.id);

    // A digit placed, undone, redone; the clock paused and resumed.
    let empty = (0..81)
        .map(|i| sudoku_core::Cell::from_index(i, 9))
        .find(|&c| game.digit(c).is_none())
        .unwrap();
    let right = game.solution().get(empty).unwrap().get() as u8;
    let place = Move::Place {
        cell: CellRef(empty),
        digit: right,
        auto_notes: false,
    };
    fixed.now.store(NOON + 1000, Ordering::SeqCst);
    games
        .play::<Failed>("s", &meta.id, place, Logged::new("place", NOON + 1000))
        .await
        .unwrap();
    let (_, undone) = games
        .act::<Failed>("s", &meta.id, Action::Undo)
        .await
        .unwrap();
    assert_eq!(undone.digit(empty), None);
    let (_, redone) = games
        .act::<Failed>("s", &meta.id, Action::Redo)
        .await
        .unwrap();
    assert_eq!(redone.digit(empty).map(|d| d.get() as u8), Some(right));
    let refused = games.act::<Failed>("s", &meta.id, Action::Redo).await;
    assert!(matches!(refused, Err(Failed::Game(_))), "nothing to redo");
    let (_, paused) = games
        .act::<Failed>("s", &meta.id, Action::Pause)
        .await
        .unwrap();
    assert!(paused.is_paused());
    fixed.now.store(NOON + 60_000, Ordering::SeqCst);
    let (_, resumed) = games
        .act::<Failed>("s", &meta.id, Action::Resume)
        .await
        .unwrap();
    assert!(!resumed.is_paused());
    assert!(
        resumed.elapsed_ms(NOON + 60_000) < 60_000,
        "the paused minute is not counted"
    );
    assert!(games.check("s", &meta.id).await.unwrap().wrong.is_empty());

    // Lost is refused under the limit; given up ends it.
    let refused = games
        .act::<Failed>("s", &meta.id, Action::Lose { mistake_limit: 3 })
        .await;
    assert!(matches!(refused, Err(Failed::Game(_))), "{refused:?}");
    let (_, ended) = games
        .act::<Failed>("s", &meta.id, Action::GiveUp)
        .await
        .unwrap();
    assert_eq!(ended.status(), Status::GaveUp);
    let none = games.current::<Failed>("s").await.unwrap_err().play();
    assert_eq!(none.code, Code::NotFound);
    let (stats, _) = games.statistics::<Failed>("s", None).await.unwrap();
    assert_eq!(stats.history.len(), 1, "{stats:?}");

    // A quota that refuses stores nothing.
    let refused = games
        .new_game("s", spec, |_| {
            Err(Failed::Play(PlayError::new(
                Code::TooManyRequests,
                "full",
                "满",
            )))
        })
        .await;
    assert!(matches!(refused, Err(Failed::Play(ref e)) if e.code == Code::TooManyRequests));
    assert_eq!(games.list("s").await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_day_s_puzzle_is_begun_resumed_solved_and_counted() {
    let (_dir, games, fixed) = open();
    let easy = choice::rung(Some("easy")).unwrap();
    let DailyStart::New(first, _) = games.daily_game("s", easy, None, no_quota).await.unwrap()
    else {
        panic!("a new game the first time");
    };
    assert_eq!(first.daily.as_deref(), Some("2026-11-27"));
    let DailyStart::Begun(again, _) = games
        .daily_game("s", easy, Some("2026-11-27"), no_quota)
        .await
        .unwrap()
    else {
        panic!("the begun game the second time");
    };
    assert_eq!(again.id, first.id);
    // Another player gets the same puzzle, in a game of their own.
    let DailyStart::New(theirs, their_game) =
        games.daily_game("t", easy, None, no_quota).await.unwrap()
    else {
        panic!("a new game for another player");
    };
    assert_ne!(theirs.id, first.id);
    let (_, mine) = games.show("s", &first.id).await.unwrap();
    assert_eq!(
        mine.puzzle(),
        their_game.puzzle(),
        "one puzzle per day and rung"
    );

    let status = games.daily_status::<Failed>("s", None).await.unwrap();
    assert_eq!(status.date, "2026-11-27");
    let row = status.rungs.iter().find(|(r, _)| *r == "easy").unwrap();
    assert_eq!(
        row.1.as_ref().map(|g| g.id.as_str()),
        Some(first.id.as_str())
    );
    assert!(status.rungs.iter().filter(|(_, g)| g.is_some()).count() == 1);

    let won = solve(&games, "s", &first.id).await;
    assert_eq!(won.status(), Status::Won);
    let (_, streak) = games.statistics::<Failed>("s", None).await.unwrap();
    assert_eq!((streak.streak, streak.best_streak), (1, 1));

    // An archive day is played but never counted; a day out of reach is refused by field.
    let DailyStart::New(archived, _) = games
        .daily_game("s", easy, Some("2026-11-24"), no_quota)
        .await
        .unwrap()
    else {
        panic!("an archive day's game");
    };
    solve(&games, "s", &archived.id).await;
    let (_, streak) = games.statistics::<Failed>("s", None).await.unwrap();
    assert_eq!((streak.streak, streak.best_streak), (1, 1));
    let far = games
        .daily_game("s", easy, Some("2026-11-10"), no_quota)
        .await
        .unwrap_err()
        .play();
    assert_eq!(
        (far.code, far.field.as_deref()),
        (Code::BadField, Some("date"))
    );
    assert!(far.message_zh.contains("2026-11-10"), "{}", far.message_zh);

    // The next day the streak still stands (today's is still to be solved); two days on,
    // it is broken and the best remains.
    fixed.now.store(NOON + DAY, Ordering::SeqCst);
    let (_, streak) = games.statistics::<Failed>("s", None).await.unwrap();
    assert_eq!((streak.streak, streak.best_streak), (1, 1));
    fixed.now.store(NOON + 2 * DAY, Ordering::SeqCst);
    let (_, streak) = games.statistics::<Failed>("s", None).await.unwrap();
    assert_eq!((streak.streak, streak.best_streak), (0, 1));
}

#[tokio::test(flavor = "multi_thread")]
async fn drill_questions_are_asked_and_answered_once() {
    let (_dir, games, fixed) = open();
    let (id, question) = games
        .ask::<Failed>("s", choice::drill(Some("naked_single")).unwrap())
        .await
        .unwrap();
    assert_eq!(question.drill, DrillKind::NakedSingle);
    assert!(!question.asks_for_cell());
    fixed.now.store(NOON + 2500, Ordering::SeqCst);
    let reply = drills::reply(Some(question.digit), None).unwrap();
    let (marked, stats) = games.answer::<Failed>("s", &id, reply).await.unwrap();
    assert!(marked.correct);
    assert_eq!(marked.ms, 2500, "timed by the flows' clock");
    assert_eq!(marked.out, question);
    assert_eq!(stats.answered, 1, "{stats:?}");
    let again = games
        .answer::<Failed>("s", &id, reply)
        .await
        .unwrap_err()
        .play();
    assert_eq!(again.code, Code::Conflict);

    // A Hidden Single is answered with a cell; a digit is refused on the field `cell`.
    let (id, question) = games
        .ask::<Failed>("s", DrillKind::HiddenSingle)
        .await
        .unwrap();
    assert!(question.asks_for_cell());
    let wrong_kind = games
        .answer::<Failed>("s", &id, Reply::Digit(question.digit))
        .await
        .unwrap_err()
        .play();
    assert_eq!(wrong_kind.field.as_deref(), Some("cell"));
    let other_cell = sudoku_core::Cell::from_index((question.cell.0.index(9) + 1) % 81, 9);
    let (marked, stats) = games
        .answer::<Failed>("s", &id, Reply::Cell(other_cell))
        .await
        .unwrap();
    assert!(!marked.correct, "another cell is wrong");
    assert_eq!((stats.answered, stats.correct), (2, 1), "{stats:?}");
    // Another player's question is not found.
    let theirs = games.answer::<Failed>("t", &id, reply).await;
    assert!(
        matches!(theirs, Err(Failed::Store(StoreError::NotFound(_)))),
        "{theirs:?}"
    );
    // Answers out of range name their field.
    assert_eq!(
        drills::reply(Some(0), None).unwrap_err().field.as_deref(),
        Some("digit")
    );
    assert_eq!(
        drills::reply(None, None).unwrap_err().field.as_deref(),
        Some("digit")
    );
}
