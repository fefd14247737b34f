//! The handlers of the JSON API (`API.md`), one function per endpoint.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Value, json};
use sudoku_core::Shape;
use sudoku_game::{CellRef, Game, GameVariant, Move};
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_logic::{Hint, Lang, Stage};
use sudoku_play::{Action, DailyStart, choice, drills};
use sudoku_store::Logged;

use crate::db::Meta;
use crate::error::ApiError;
use crate::extract::{Body, Id};
use crate::puzzles::{self, SIZES, SYMMETRIES};
use crate::session::Session;
use crate::state::AppState;
use crate::view::{GameView, hint_view};

type Answer = Result<Response, ApiError>;

/// A known path with the wrong method: 405 with the JSON error body like every other error.
pub async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::method_not_allowed(format!("{} does not take {method}", uri.path()))
}

/// `GET /api/config`.
pub async fn config() -> Json<Value> {
    let ladder: Vec<Value> = LADDER
        .iter()
        .map(|r| {
            json!({
                "id": r.id,
                "name": { "en": r.name_en, "zh": r.name_zh },
                "level": r.level.name(),
                "scores": [r.scores.start(), r.scores.end()],
                "givens": [r.givens.start(), r.givens.end()],
            })
        })
        .collect();
    let sizes: Vec<&str> = SIZES.iter().map(|s| s.0).collect();
    Json(json!({
        "ladder": ladder,
        "sizes": sizes,
        "variants": puzzles::VARIANTS,
        "offered": puzzles::offered_json(),
        "symmetries": SYMMETRIES,
    }))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    rung: Option<String>,
    size: Option<String>,
    variant: Option<String>,
    symmetry: Option<String>,
}

/// `POST /api/games`.
pub async fn new_game(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Body(body): Body<NewGame>,
) -> Answer {
    let spec = choice::spec(
        body.rung.as_deref(),
        body.size.as_deref(),
        body.variant.as_deref(),
        body.symmetry.as_deref(),
    )?;
    let quota = state.new_game_quota();
    let (meta, game) = state.games().new_game(&session.0, spec, quota).await?;
    Ok(created(&state, &meta, &game))
}

/// 201 with a new game.
fn created(state: &AppState, meta: &Meta, game: &Game) -> Response {
    let view = GameView::new(meta, game, state.games().now_ms());
    (StatusCode::CREATED, Json(view)).into_response()
}

/// 200 with a game as it stands.
fn shown(state: &AppState, meta: &Meta, game: &Game) -> Response {
    Json(GameView::new(meta, game, state.games().now_ms())).into_response()
}

/// The size named, if any.
fn shape_if(size: Option<&str>) -> Result<Option<Shape>, ApiError> {
    Ok(size.map(|s| choice::shape(Some(s))).transpose()?)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImportBody {
    puzzle: String,
    size: Option<String>,
    variant: Option<String>,
}

/// `POST /api/games/import`.
pub async fn import(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Body(body): Body<ImportBody>,
) -> Answer {
    let shape = shape_if(body.size.as_deref())?;
    let variant = choice::variant(body.variant.as_deref())?;
    let text = body.puzzle;
    let imported =
        tokio::task::spawn_blocking(move || puzzles::import(&text, shape, variant)).await??;
    create_imported(&state, session, variant, imported).await
}

/// Starts a game of an imported puzzle.
async fn create_imported(
    state: &AppState,
    session: Session,
    variant: GameVariant,
    imported: puzzles::Imported,
) -> Answer {
    let quota = state.new_game_quota();
    let (meta, game) = state
        .games()
        .import_game(&session.0, variant, imported, quota)
        .await?;
    Ok(created(state, &meta, &game))
}

/// The query of `POST /api/games/import-workbook`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkbookQuery {
    size: Option<String>,
    variant: Option<String>,
    /// Which puzzle of the workbook, from 0 (default the first).
    index: Option<usize>,
}

/// `POST /api/games/import-workbook`: the body is an `.xlsx`/`.ods` file; the puzzle (the
/// first, or `?index=K`) is imported as `POST /api/games/import` imports text.
pub async fn import_workbook(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    query: Result<axum::extract::Query<WorkbookQuery>, axum::extract::rejection::QueryRejection>,
    body: Result<axum::body::Bytes, axum::extract::rejection::BytesRejection>,
) -> Answer {
    let axum::extract::Query(query) =
        query.map_err(|e| ApiError::bad_field("query", e.body_text()))?;
    let bytes = body.map_err(|e| crate::extract::body_error(e, puzzles::WORKBOOK_LIMIT))?;
    let shape = shape_if(query.size.as_deref())?;
    let variant = choice::variant(query.variant.as_deref())?;
    let index = query.index.unwrap_or(0);
    let imported = puzzles::one_workbook_at_a_time(move || {
        puzzles::import_workbook(&bytes, index, shape, variant)
    })
    .await??;
    create_imported(&state, session, variant, imported).await
}

/// The body of `POST /api/daily`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DailyBody {
    rung: Option<String>,
    /// The player's local date; the server's UTC date when absent.
    date: Option<String>,
}

/// `POST /api/daily`: the game of the day's puzzle at a rung; the one the player began if
/// there is one (200), else a new one (201).
pub async fn daily_game(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Body(body): Body<DailyBody>,
) -> Answer {
    let rung = choice::rung(body.rung.as_deref())?;
    let quota = state.new_game_quota();
    let started = state
        .games()
        .daily_game::<ApiError, _>(&session.0, rung, body.date.as_deref(), quota)
        .await?;
    Ok(match started {
        DailyStart::Begun(meta, game) => shown(&state, &meta, &game),
        DailyStart::New(meta, game) => created(&state, &meta, &game),
    })
}

/// The query of `GET /api/daily`.
#[derive(Debug, Deserialize)]
pub struct DailyQuery {
    date: Option<String>,
}

/// `GET /api/daily[?date=2026-11-27]`: the day (today's or an archive day), the player's
/// streak and best streak up to it, and per rung the player's game of the day's puzzle, if
/// any.
pub async fn daily_status(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    axum::extract::Query(query): axum::extract::Query<DailyQuery>,
) -> Answer {
    let status = state
        .games()
        .daily_status::<ApiError>(&session.0, query.date.as_deref())
        .await?;
    let rungs: Vec<Value> = status
        .rungs
        .iter()
        .map(|(rung, game)| {
            let game = game
                .as_ref()
                .map(|g| json!({ "id": g.id, "status": g.status, "elapsed_ms": g.elapsed_ms }));
            json!({ "rung": rung, "game": game })
        })
        .collect();
    Ok(Json(json!({
        "date": status.date,
        "streak": status.streak.streak,
        "best_streak": status.streak.best_streak,
        "rungs": rungs,
    }))
    .into_response())
}

/// `GET /api/games`.
pub async fn list(State(state): State<AppState>, Extension(session): Extension<Session>) -> Answer {
    let games = state.games().list(&session.0).await?;
    Ok(Json(json!({ "games": games })).into_response())
}

/// `GET /api/games/current`.
pub async fn current(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
) -> Answer {
    let (meta, game) = state.games().current::<ApiError>(&session.0).await?;
    Ok(shown(&state, &meta, &game))
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
) -> Answer {
    let (meta, game) = state.games().show(&session.0, &id).await?;
    Ok(shown(&state, &meta, &game))
}

/// Changes a game by `action` and answers with it.
async fn act(state: &AppState, session: Session, id: String, action: Action) -> Answer {
    let (meta, game) = state
        .games()
        .act::<ApiError>(&session.0, &id, action)
        .await?;
    Ok(shown(state, &meta, &game))
}

/// A move as the body carries it; checked field by field so that errors name the field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    kind: String,
    cell: Option<CellRef>,
    digit: Option<u8>,
    auto_notes: Option<bool>,
    /// A colour mark's colour (`1..=6`, `0` for none).
    colour: Option<u8>,
    /// The page's name for this move (1 to 64 letters, digits, `-` or `_`): a move sent
    /// again with a key the game's log holds is not applied again.
    key: Option<String>,
}

impl MoveBody {
    fn into_move(self) -> Result<Move, ApiError> {
        let cell = || {
            self.cell.ok_or_else(|| {
                ApiError::bad_field("cell", format!("a {} move needs a cell", self.kind))
            })
        };
        let digit = || {
            self.digit.ok_or_else(|| {
                ApiError::bad_field("digit", format!("a {} move needs a digit", self.kind))
            })
        };
        let mv = match self.kind.as_str() {
            "place" => Move::Place {
                cell: cell()?,
                digit: digit()?,
                auto_notes: self.auto_notes.unwrap_or(false),
            },
            "erase" => Move::Erase { cell: cell()? },
            "note" => Move::Note {
                cell: cell()?,
                digit: digit()?,
            },
            "fill_notes" => Move::FillNotes,
            "reveal" => Move::Reveal { cell: cell()? },
            "apply_hint" => Move::ApplyHint,
            "colour" => Move::Colour {
                cell: cell()?,
                digit: self.digit,
                colour: self.colour.ok_or_else(|| {
                    ApiError::bad_field("colour", "a colour move needs a colour (0 to 6)")
                        .with_zh("颜色标记需要指定颜色（1到6，0表示清除）。")
                })?,
            },
            other => {
                return Err(ApiError::bad_field(
                    "kind",
                    format!(
                        "unknown move `{other}` (place, erase, note, fill_notes, reveal, \
                         apply_hint, colour)"
                    ),
                ));
            }
        };
        Ok(mv)
    }
}

/// `POST /api/games/{id}/moves`.
pub async fn play(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    Body(body): Body<MoveBody>,
) -> Answer {
    let key = body.key.clone();
    if let Some(k) = &key {
        let good = (1..=64).contains(&k.len())
            && k.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if !good {
            return Err(ApiError::bad_field(
                "key",
                "a move's key is 1 to 64 letters, digits, `-` or `_`",
            ));
        }
    }
    let mv = body.into_move()?;
    let action = serde_json::to_string(&mv).map_err(|e| ApiError::internal(e.to_string()))?;
    let now = state.games().now_ms();
    let (meta, game) = state
        .games()
        .play::<ApiError>(
            &session.0,
            &id,
            mv,
            Logged::new(&action, now).keyed(key.as_deref()),
        )
        .await?;
    Ok(Json(GameView::new(&meta, &game, now)).into_response())
}

macro_rules! simple_action {
    ($(#[$doc:meta])* $name:ident, $action:expr) => {
        $(#[$doc])*
        pub async fn $name(
            State(state): State<AppState>,
            Extension(session): Extension<Session>,
            Id(id): Id,
        ) -> Answer {
            act(&state, session, id, $action).await
        }
    };
}

simple_action!(
    /// `POST /api/games/{id}/undo`.
    undo, Action::Undo
);
simple_action!(
    /// `POST /api/games/{id}/redo`.
    redo, Action::Redo
);
simple_action!(
    /// `POST /api/games/{id}/restart`.
    restart, Action::Restart
);
simple_action!(
    /// `POST /api/games/{id}/pause`.
    pause, Action::Pause
);
simple_action!(
    /// `POST /api/games/{id}/resume`.
    resume, Action::Resume
);
/// The body of `POST /api/games/{id}/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveBody {
    /// The page's mistake limit, when reaching it is why the game ends: the game is then
    /// `lost` (refused while the mistakes are under it), else `gave_up`.
    mistake_limit: Option<u32>,
}

/// `POST /api/games/{id}/solve`: the solution shown, the game ended as `gave_up`, or as
/// `lost` on the page's mistake limit.
pub async fn solve(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    Body(body): Body<SolveBody>,
) -> Answer {
    let action = match body.mistake_limit {
        None => Action::GiveUp,
        Some(mistake_limit) => Action::Lose { mistake_limit },
    };
    act(&state, session, id, action).await
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintBody {
    stage: Option<u8>,
    lang: Option<String>,
    /// `logic` (the default) or `intuitive`: singles from the digits on the board alone.
    style: Option<String>,
}

/// A game's rung as the page names it in `lang`: the rung's name, "Your puzzle" for an
/// imported one (as the page's own words), else the id as stored.
fn rung_name(id: &str, lang: Lang) -> String {
    match (Rung::by_id(id), id, lang) {
        (Some(rung), _, Lang::En) => rung.name_en.to_string(),
        (Some(rung), _, Lang::Zh) => rung.name_zh.to_string(),
        (None, "import", Lang::En) => "Your puzzle".to_string(),
        (None, "import", Lang::Zh) => "自选题目".to_string(),
        (None, other, _) => other.to_string(),
    }
}

/// `POST /api/games/{id}/hint`.
pub async fn hint(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    Body(body): Body<HintBody>,
) -> Answer {
    let stage = choice::stage(body.stage)?;
    let lang = choice::lang(body.lang.as_deref())?;
    let intuitive = choice::intuitive(body.style.as_deref())?;
    let number = body.stage.unwrap_or(1);
    let action = json!({ "kind": "hint", "stage": number, "intuitive": intuitive }).to_string();
    let (hint, hints) = state
        .games()
        .hint::<ApiError>(
            &session.0,
            &id,
            Logged::new(&action, state.games().now_ms()),
            move |game, logic| game.hint_for(logic, stage, intuitive),
        )
        .await?;
    let mut view = hint_view(&hint, lang, intuitive);
    // The game's count after this hint (its later stages count no more).
    view["hints"] = json!(hints);
    // An intuitive step is applied as the one digit it places (Apply this step sends it as
    // a move): the solver's own next step may be another.
    if let (
        true,
        Hint::Step {
            step,
            stage: Stage::Step,
        },
    ) = (intuitive, &hint)
        && let Some(p) = step.placements.first()
    {
        view["place"] = json!({ "cell": p.cell.to_string(), "digit": p.digit.get() });
    }
    Ok(Json(view).into_response())
}

/// The query of `GET /api/games/{id}/print`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintQuery {
    /// `1` or `true`: the walkthrough (every step of the path) instead of the puzzle and
    /// its answer.
    walkthrough: Option<String>,
    /// `en` (default) or `zh`.
    lang: Option<String>,
}

/// `GET /api/games/{id}/print?walkthrough=1&lang=zh`: the game's puzzle as a PDF, with its
/// answer on a second page, or its walkthrough. Drawn off the async threads (a walkthrough
/// of a hard puzzle runs the solver's chains).
pub async fn print(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    query: Result<axum::extract::Query<PrintQuery>, axum::extract::rejection::QueryRejection>,
) -> Answer {
    let axum::extract::Query(query) =
        query.map_err(|e| ApiError::bad_field("query", e.body_text()))?;
    let lang = choice::lang(query.lang.as_deref())?;
    let walkthrough = match query.walkthrough.as_deref() {
        None | Some("0" | "false") => false,
        Some("1" | "true") => true,
        Some(other) => {
            return Err(ApiError::bad_field(
                "walkthrough",
                format!("`{other}` is not 1, true, 0 or false"),
            ));
        }
    };
    let (meta, game) = state.games().show(&session.0, &id).await?;
    let puzzle = sudoku_print::Puzzle {
        layout: game.layout().clone(),
        givens: game.puzzle().clone(),
        solution: Some(game.solution().clone()),
        label: Some(rung_name(&meta.rung, lang)),
    };
    let pdf = tokio::task::spawn_blocking(move || {
        if walkthrough {
            sudoku_print::Walkthrough::new(&puzzle.layout, &puzzle.givens, lang, false)?
                .pdf(sudoku_print::Paper::A4, None)
        } else {
            let options = sudoku_print::BookOptions {
                per_page: (1, 1),
                answers: true,
                lang,
                ..sudoku_print::BookOptions::default()
            };
            sudoku_print::Book::new(vec![puzzle], options)?.pdf()
        }
    })
    .await
    .map_err(|e| ApiError::internal(format!("the print task died: {e}")))?
    .map_err(|e| ApiError::internal(e.to_string()))?;
    let name = if walkthrough { "walkthrough" } else { "puzzle" };
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/pdf".to_string(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("inline; filename=\"sudoku-{}-{name}.pdf\"", meta.id),
            ),
        ],
        pdf,
    )
        .into_response())
}

/// `POST /api/games/{id}/check`.
pub async fn check(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
) -> Answer {
    Ok(Json(state.games().check(&session.0, &id).await?).into_response())
}

/// `GET /api/stats[?date=2026-11-27]`: per rung, size and variant; the finished games,
/// latest first; the daily streak up to the player's date; the drill.
pub async fn stats(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    axum::extract::Query(query): axum::extract::Query<DailyQuery>,
) -> Answer {
    // The streak counts up to the player's today (the page sends its date).
    let (statistics, streak) = state
        .games()
        .statistics::<ApiError>(&session.0, query.date.as_deref())
        .await?;
    Ok(Json(json!({
        "levels": statistics.levels,
        "history": statistics.history,
        "daily": streak,
        "drill": statistics.drill,
    }))
    .into_response())
}

/// The query of `POST /api/drill`: which drill (`full_house` when none is named).
#[derive(Debug, Deserialize)]
pub struct DrillQuery {
    drill: Option<String>,
}

/// `POST /api/drill[?drill=full_house|naked_single|hidden_single]`: a new question. The
/// answer stays on the server: the player gets the grid, the house, and the cell asked about
/// (or, for a Hidden Single, the digit to place).
pub async fn drill_question(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    axum::extract::Query(query): axum::extract::Query<DrillQuery>,
) -> Answer {
    let kind = choice::drill(query.drill.as_deref())?;
    let (id, question) = state.games().ask::<ApiError>(&session.0, kind).await?;
    let mut view = json!({
        "id": id,
        "drill": kind,
        "grid": question.grid,
        "house": question.house.to_string(),
    });
    if question.asks_for_cell() {
        view["digit"] = json!(question.digit);
    } else {
        view["cell"] = json!(question.cell);
    }
    Ok(Json(view).into_response())
}

/// The body of an answer: a digit, or for a Hidden Single the cell (`r4c2`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerBody {
    digit: Option<u8>,
    cell: Option<CellRef>,
}

/// `POST /api/drill/{id}/answer`.
pub async fn drill_answer(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    Body(body): Body<AnswerBody>,
) -> Answer {
    let reply = drills::reply(body.digit, body.cell)?;
    let (marked, stats) = state
        .games()
        .answer::<ApiError>(&session.0, &id, reply)
        .await?;
    let question = &marked.out;
    let answer = if question.asks_for_cell() {
        json!(question.cell)
    } else {
        json!(question.digit)
    };
    Ok(Json(json!({
        "correct": marked.correct,
        "answer": answer,
        "ms": marked.ms,
        "stats": stats,
    }))
    .into_response())
}
