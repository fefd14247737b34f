//! The handlers of the JSON API (`API.md`), one function per endpoint.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Deserialize;
use serde_json::{Value, json};
use sudoku_core::dig::Symmetry;
use sudoku_core::{Grid, Shape};
use sudoku_game::{CellRef, Drill, DrillKind, Game, GameVariant, Move, Question, Reply};
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_logic::{Hint, Lang, Stage};

use crate::daily;
use crate::db::Meta;
use crate::error::ApiError;
use crate::extract::{Body, Id};
use crate::puzzles::{self, SIZES, SYMMETRIES, Spec};
use crate::session::Session;
use crate::state::AppState;
use crate::view::{GameView, hint_view};
use crate::{now_ms, random_hex, random_u64};
use sudoku_store::{Logged, Marked};

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

fn shape_of(size: Option<&str>) -> Result<Shape, ApiError> {
    let name = size.unwrap_or("9x9");
    puzzles::parse_size(name).ok_or_else(|| {
        ApiError::bad_field(
            "size",
            format!("unknown size `{name}` (4x4, 6x6, 9x9, 16x16)"),
        )
    })
}

fn variant_of(variant: Option<&str>) -> Result<GameVariant, ApiError> {
    let name = variant.unwrap_or("classic");
    GameVariant::from_name(name).ok_or_else(|| {
        ApiError::bad_field(
            "variant",
            format!("unknown variant `{name}` (classic, diagonal)"),
        )
    })
}

/// The rung named (Medium when none is).
fn rung_of(name: Option<&str>) -> Result<&'static Rung, ApiError> {
    let rung_id = name.unwrap_or("medium");
    Rung::by_id(rung_id).ok_or_else(|| {
        let ids: Vec<&str> = LADDER.iter().map(|r| r.id).collect();
        ApiError::bad_field(
            "rung",
            format!("unknown rung `{rung_id}` ({})", ids.join(", ")),
        )
        .with_zh(format!("没有“{rung_id}”这个难度。"))
    })
}

fn spec_of(body: &NewGame) -> Result<Spec, ApiError> {
    let rung = rung_of(body.rung.as_deref())?;
    let symmetry = match body.symmetry.as_deref() {
        None | Some("any") => None,
        Some(name) => Some(
            name.parse::<Symmetry>()
                .map_err(|e| ApiError::bad_field("symmetry", e.to_string()))?,
        ),
    };
    let spec = Spec {
        rung,
        shape: shape_of(body.size.as_deref())?,
        variant: variant_of(body.variant.as_deref())?,
        symmetry,
    };
    puzzles::check_offered(&spec)?;
    Ok(spec)
}

/// Where a new game's puzzle came from: the rung id (or `import`) and the grader's verdict.
struct Origin {
    rung: String,
    level: Option<String>,
    score: Option<u32>,
    /// The date of a daily puzzle.
    daily: Option<String>,
}

/// Stores a new game and answers 201 with it.
async fn create(
    state: &AppState,
    session: Session,
    variant: GameVariant,
    (puzzle, solution): (Grid, Grid),
    origin: Origin,
) -> Answer {
    let Origin {
        rung,
        level,
        score,
        daily,
    } = origin;
    let now = now_ms();
    let game = Game::new(variant, &puzzle, &solution, now)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let meta = Meta {
        id: random_hex()?,
        rung,
        level,
        score,
        created_ms: now,
        updated_ms: now,
        daily,
    };
    let view = GameView::new(&meta, &game, now);
    let quotas = state.clone();
    state
        .store()
        .insert_game(&session.0, meta, game, move |games| {
            quotas.quotas().new_game(games)
        })
        .await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

fn grid(line: &str) -> Result<Grid, ApiError> {
    line.parse()
        .map_err(|e| ApiError::internal(format!("a stored puzzle is broken: {e}")))
}

/// `POST /api/games`.
pub async fn new_game(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Body(body): Body<NewGame>,
) -> Answer {
    let spec = spec_of(&body)?;
    let made = puzzles::puzzle_for(&state, spec).await?;
    let puzzle = grid(&made.puzzle)?;
    let solution = grid(&made.solution)?;
    create(
        &state,
        session,
        spec.variant,
        (puzzle, solution),
        Origin {
            rung: spec.rung.id.to_string(),
            level: made.level,
            score: made.score,
            daily: None,
        },
    )
    .await
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
    let shape = match body.size.as_deref() {
        None => None,
        Some(s) => Some(shape_of(Some(s))?),
    };
    let variant = variant_of(body.variant.as_deref())?;
    let text = body.puzzle;
    let imported =
        tokio::task::spawn_blocking(move || puzzles::import(&text, shape, variant)).await??;
    create_imported(&state, session, variant, imported).await
}

/// Starts a game of an imported puzzle, with the grader's verdict as its origin.
async fn create_imported(
    state: &AppState,
    session: Session,
    variant: GameVariant,
    imported: puzzles::Imported,
) -> Answer {
    let origin = Origin {
        rung: "import".to_string(),
        level: Some(imported.level),
        score: Some(imported.score),
        daily: None,
    };
    create(
        state,
        session,
        variant,
        (imported.puzzle, imported.solution),
        origin,
    )
    .await
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
    let shape = match query.size.as_deref() {
        None => None,
        Some(s) => Some(shape_of(Some(s))?),
    };
    let variant = variant_of(query.variant.as_deref())?;
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
    let rung = rung_of(body.rung.as_deref())?;
    let now = now_ms();
    let date = daily::requested_or_archived(body.date.as_deref(), now)?;
    let day = daily::format(date);
    let begun = state
        .store()
        .daily_games(&session.0, &day, now)
        .await?
        .into_iter()
        .find(|g| g.rung == rung.id);
    if let Some(game) = begun {
        return show(&state, session, game.id).await;
    }
    let made = match state.store().daily_puzzle(&day, rung.id).await? {
        Some(made) => made,
        None => {
            let made = puzzles::on_a_core(move || daily::make(date, rung))
                .await?
                .map_err(ApiError::unavailable)?;
            state
                .store()
                .store_daily(&day, rung.id, made.clone())
                .await?;
            made
        }
    };
    create(
        &state,
        session,
        GameVariant::Classic,
        (grid(&made.puzzle)?, grid(&made.solution)?),
        Origin {
            rung: rung.id.to_string(),
            level: made.level,
            score: made.score,
            daily: Some(day),
        },
    )
    .await
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
    let now = now_ms();
    let date = daily::requested_or_archived(query.date.as_deref(), now)?;
    let day = daily::format(date);
    let games = state.store().daily_games(&session.0, &day, now).await?;
    let wins = state.store().daily_wins(&session.0).await?;
    let streak = daily_streak(&wins, date);
    let rungs: Vec<Value> = puzzles::offered(sudoku_core::Shape::CLASSIC, GameVariant::Classic)
        .iter()
        .map(|&rung| {
            let game = games
                .iter()
                .find(|g| g.rung == rung)
                .map(|g| json!({ "id": g.id, "status": g.status, "elapsed_ms": g.elapsed_ms }));
            json!({ "rung": rung, "game": game })
        })
        .collect();
    Ok(Json(json!({
        "date": day,
        "streak": streak["streak"],
        "best_streak": streak["best_streak"],
        "rungs": rungs,
    }))
    .into_response())
}

/// `GET /api/games`.
pub async fn list(State(state): State<AppState>, Extension(session): Extension<Session>) -> Answer {
    let now = now_ms();
    let games = state.store().list_games(&session.0, now).await?;
    Ok(Json(json!({ "games": games })).into_response())
}

/// `GET /api/games/current`.
pub async fn current(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
) -> Answer {
    let now = now_ms();
    let newest = state.store().newest_playing(&session.0, now).await?;
    let Some(listed) = newest else {
        return Err(ApiError::not_found("no game is being played"));
    };
    show(&state, session, listed.id).await
}

async fn show(state: &AppState, session: Session, id: String) -> Answer {
    let (meta, game) = state.store().load_game(&session.0, &id).await?;
    Ok(Json(GameView::new(&meta, &game, now_ms())).into_response())
}

/// `GET /api/games/{id}`.
pub async fn get_game(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
) -> Answer {
    show(&state, session, id).await
}

/// Changes a game with `f` and stores it (with `action` in the move log) before answering
/// with the game.
async fn act<F>(state: &AppState, session: Session, id: String, action: String, f: F) -> Answer
where
    F: FnOnce(&mut Game, u64) -> Result<(), ApiError> + Send + 'static,
{
    let now = now_ms();
    let (_, meta, game) = state
        .store()
        .update_game(&session.0, &id, Logged::new(&action, now), move |g| {
            f(g, now)
        })
        .await?
        .into_parts();
    Ok(Json(GameView::new(&meta, &game, now)).into_response())
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
    let now = now_ms();
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
    ($(#[$doc:meta])* $name:ident, $action:literal, |$g:ident, $now:ident| $body:expr) => {
        $(#[$doc])*
        pub async fn $name(
            State(state): State<AppState>,
            Extension(session): Extension<Session>,
            Id(id): Id,
        ) -> Answer {
            let action = json!({ "kind": $action }).to_string();
            act(&state, session, id, action, |$g: &mut Game, $now: u64| $body).await
        }
    };
}

simple_action!(
    /// `POST /api/games/{id}/undo`.
    undo, "undo", |g, now| g.undo(now).map_err(ApiError::from)
);
simple_action!(
    /// `POST /api/games/{id}/redo`.
    redo, "redo", |g, now| g.redo(now).map_err(ApiError::from)
);
simple_action!(
    /// `POST /api/games/{id}/restart`.
    restart, "restart", |g, now| g.restart(now).map(|_| ()).map_err(ApiError::from)
);
simple_action!(
    /// `POST /api/games/{id}/pause`.
    pause, "pause", |g, now| {
        g.pause(now);
        Ok(())
    }
);
simple_action!(
    /// `POST /api/games/{id}/resume`.
    resume, "resume", |g, now| {
        g.resume(now);
        Ok(())
    }
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
        None => json!({ "kind": "solve" }),
        Some(limit) => json!({ "kind": "solve", "mistake_limit": limit }),
    }
    .to_string();
    act(&state, session, id, action, move |g, now| {
        match body.mistake_limit {
            None => g.give_up(now),
            Some(limit) => g.lose(limit, now),
        }
        .map_err(ApiError::from)
    })
    .await
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

fn lang_of(lang: Option<&str>) -> Result<Lang, ApiError> {
    match lang.unwrap_or("en") {
        "en" => Ok(Lang::En),
        "zh" | "zh-CN" => Ok(Lang::Zh),
        other => Err(ApiError::bad_field(
            "lang",
            format!("unknown language `{other}` (en, zh)"),
        )),
    }
}

/// `POST /api/games/{id}/hint`.
pub async fn hint(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    Id(id): Id,
    Body(body): Body<HintBody>,
) -> Answer {
    let number = body.stage.unwrap_or(1);
    let stage = Stage::from_number(number)
        .ok_or_else(|| ApiError::bad_field("stage", format!("stage {number} is not 1, 2 or 3")))?;
    let lang = lang_of(body.lang.as_deref())?;
    let intuitive = match body.style.as_deref() {
        None | Some("logic") => false,
        Some("intuitive") => true,
        Some(other) => {
            return Err(ApiError::bad_field(
                "style",
                format!("unknown hint style `{other}` (logic, intuitive)"),
            ));
        }
    };
    let action = json!({ "kind": "hint", "stage": number, "intuitive": intuitive }).to_string();
    let (hint, hints) = state
        .games()
        .hint::<ApiError>(
            &session.0,
            &id,
            Logged::new(&action, now_ms()),
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
    let lang = lang_of(query.lang.as_deref())?;
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
    let (meta, game) = state.store().load_game(&session.0, &id).await?;
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
    let (_, game) = state.store().load_game(&session.0, &id).await?;
    Ok(Json(game.check()).into_response())
}

/// `GET /api/stats[?date=2026-11-27]`: per rung, size and variant; the finished games,
/// latest first; the daily streak up to the player's date; the drill.
pub async fn stats(
    State(state): State<AppState>,
    Extension(session): Extension<Session>,
    axum::extract::Query(query): axum::extract::Query<DailyQuery>,
) -> Answer {
    // The streak counts up to the player's today (the page sends its date).
    let today = daily::requested(query.date.as_deref(), now_ms())?;
    let statistics = state.store().statistics(&session.0).await?;
    Ok(Json(json!({
        "levels": statistics.levels,
        "history": statistics.history,
        "daily": daily_streak(&statistics.daily_wins, today),
        "drill": statistics.drill,
    }))
    .into_response())
}

/// `{ streak, best_streak }` from the dates of the daily puzzles solved.
fn daily_streak(wins: &[String], today: time::Date) -> Value {
    let solved = wins
        .iter()
        .filter_map(|w| daily::parse(w).ok())
        .map(|d| d.to_julian_day())
        .collect();
    let (streak, best) = daily::streaks(solved, today);
    json!({ "streak": streak, "best_streak": best })
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
    let kind = match query.drill.as_deref() {
        None | Some("") => DrillKind::FullHouse,
        Some(text) => text
            .parse::<DrillKind>()
            .map_err(|e| ApiError::bad_field("drill", e))?,
    };
    let seed = random_u64()?;
    let question = tokio::task::spawn_blocking(move || Drill::new().question(kind, seed)).await?;
    let id = random_hex()?;
    let stored = serde_json::to_string(&question).map_err(|e| ApiError::internal(e.to_string()))?;
    let now = now_ms();
    state
        .store()
        .insert_question(&session.0, &id, stored, now)
        .await?;
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
    let reply = match (body.digit, body.cell) {
        (Some(d), None) if (1..=9).contains(&d) => Reply::Digit(d),
        (Some(d), None) => {
            return Err(ApiError::bad_field(
                "digit",
                format!("{d} is not a digit 1..9"),
            ));
        }
        (None, Some(cell)) if cell.0.row() < 9 && cell.0.col() < 9 => Reply::Cell(cell.0),
        (None, Some(cell)) => {
            return Err(ApiError::bad_field(
                "cell",
                format!("{cell} is not a cell of the 9x9 grid"),
            ));
        }
        _ => {
            return Err(ApiError::bad_field(
                "digit",
                "answer with a digit (`digit`) or, where a digit goes, a cell (`cell`)",
            ));
        }
    };
    let now = now_ms();
    let (marked, stats) = state
        .store()
        .answer_question(&session.0, &id, now, move |asked| {
            if asked.answered {
                return Err(ApiError::conflict("this question was answered already"));
            }
            let question: Question = serde_json::from_str(&asked.question)
                .map_err(|e| ApiError::internal(format!("a stored question is broken: {e}")))?;
            let expected = if question.asks_for_cell() {
                "cell"
            } else {
                "digit"
            };
            if matches!(reply, Reply::Cell(_)) != question.asks_for_cell() {
                return Err(ApiError::bad_field(
                    expected,
                    format!("this question is answered with a {expected}"),
                ));
            }
            let answer = if question.asks_for_cell() {
                json!(question.cell)
            } else {
                json!(question.digit)
            };
            Ok(Marked {
                correct: question.is_correct(reply),
                ms: now.saturating_sub(asked.asked_ms),
                out: answer,
            })
        })
        .await?;
    let (correct, answer, ms) = (marked.correct, marked.out, marked.ms);
    Ok(
        Json(json!({ "correct": correct, "answer": answer, "ms": ms, "stats": stats }))
            .into_response(),
    )
}
