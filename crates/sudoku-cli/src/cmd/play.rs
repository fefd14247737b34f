//! `sudoku play`: the game full screen in the terminal (`sudoku_tui`), saved in the same
//! SQLite file as `sudoku serve`.

use std::io::IsTerminal;
use std::path::PathBuf;

use sudoku_game::GameVariant;
use sudoku_game::offer::{self, Spec};
use sudoku_logic::Lang;
use sudoku_tui::run::Start;
use sudoku_tui::{Options, TuiError};

use crate::failure::Failure;

/// Arguments of `sudoku play`.
#[derive(Debug, clap::Args)]
#[command(after_help = "\
Without a puzzle, the game played last goes on (or a new one starts: --level, --size and
--variant choose it; --new starts one even when a game is being played). --daily plays
the day's puzzle at --level, the one the browser's daily shows (UTC date), resumed if
begun. Every move is saved as it is made; quitting (q) keeps the game. In the game, ?
lists the keys.

Examples:
  sudoku play
  sudoku play --new --level hard
  sudoku play --daily --level expert
  sudoku play --size 4x4 --new
  sudoku play '1..4.4..21.....1'
  sudoku play puzzle.txt --lang zh")]
pub struct Args {
    /// A puzzle to play: one line of digits and dots, or a file holding one.
    #[arg(value_name = "PUZZLE|FILE")]
    puzzle: Option<String>,

    /// The SQLite file for games and statistics, the one `sudoku serve` uses [default: <data dir>/dancing-sudoku/games.sqlite3].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,

    /// The level of a new game: a rung of the ladder (beginner, easy, medium, hard, expert,
    /// master) or a HoDoKu level (unfair is expert, extreme is master).
    #[arg(long, value_name = "LEVEL", default_value = "medium")]
    level: String,

    /// The size of a new game: 4x4, 6x6, 9x9, 16x16.
    #[arg(long, value_name = "SIZE", default_value = "9x9")]
    size: String,

    /// The variant: classic, or diagonal (the two long diagonals hold every digit too).
    #[arg(long, value_name = "VARIANT", default_value = "classic")]
    variant: String,

    /// Start a new game even when one is being played (it stays saved).
    #[arg(long, conflicts_with = "daily")]
    new: bool,

    /// Play the day's puzzle at --level (9x9 classic): the same for every player, begun
    /// or resumed, counted in the daily streak.
    #[arg(long, conflicts_with = "puzzle")]
    daily: bool,

    /// The language: en or zh [default: from LANG].
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
}

/// The options every terminal command shares: the database, the language, the colours.
pub fn options(db: Option<&PathBuf>, lang: Option<&str>) -> Result<Options, Failure> {
    let mut options = Options::from_env(super::serve::database_path(db)?);
    match lang {
        None => {}
        Some("en") => options.lang = Lang::En,
        Some("zh" | "zh-CN") => options.lang = Lang::Zh,
        Some(other) => {
            return Err(Failure::Usage(format!(
                "unknown language `{other}` (en, zh)"
            )));
        }
    }
    Ok(options)
}

/// Turns a terminal front end's failure into the command's.
pub fn failure(e: TuiError) -> Failure {
    match e {
        TuiError::Usage(m) => Failure::Usage(m),
        TuiError::Puzzle(m) => Failure::Input(m),
        TuiError::Generate(m) => Failure::Unmet(m),
        TuiError::Play(e) if e.code == sudoku_play::Code::Unavailable => Failure::Unmet(e.message),
        other => Failure::Input(other.to_string()),
    }
}

fn spec(args: &Args, variant: GameVariant) -> Result<Spec, Failure> {
    let rung = crate::words::parse_game_level(&args.level).map_err(Failure::Usage)?;
    let shape = offer::parse_size(&args.size).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown size `{}` (4x4, 6x6, 9x9, 16x16)",
            args.size
        ))
    })?;
    let offered = offer::offered(shape, variant);
    if !offered.contains(&rung.id) {
        return Err(Failure::Usage(format!(
            "{} {} games are not made at the {} level (offered: {})",
            args.size,
            variant.name(),
            rung.id,
            offered.join(", ")
        )));
    }
    Ok(Spec {
        rung,
        shape,
        variant,
        symmetry: None,
    })
}

/// The rung of `--daily`: a 9x9 classic rung.
fn daily_rung(
    args: &Args,
    variant: GameVariant,
) -> Result<&'static sudoku_logic::ladder::Rung, Failure> {
    if args.size != "9x9" || variant != GameVariant::Classic {
        return Err(Failure::Usage(
            "the daily puzzle is a 9x9 classic one: --daily takes no --size or --variant".into(),
        ));
    }
    Ok(spec(args, variant)?.rung)
}

/// Runs `sudoku play`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let variant = GameVariant::from_name(&args.variant).ok_or_else(|| {
        Failure::Usage(format!(
            "unknown variant `{}` (classic, diagonal)",
            args.variant
        ))
    })?;
    let options = options(args.db.as_ref(), args.lang.as_deref())?;
    let start = match &args.puzzle {
        Some(p) => {
            let path = std::path::Path::new(p);
            let text = if path.is_file() {
                std::fs::read_to_string(path)
                    .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?
            } else {
                p.clone()
            };
            Start::Puzzle(text, variant)
        }
        None if args.daily => Start::Daily(daily_rung(args, variant)?),
        None if args.new => Start::New(spec(args, variant)?),
        None => Start::Resume(spec(args, variant)?),
    };
    // What is wrong with the puzzle or the database is said first, terminal or not.
    if let Start::Puzzle(text, variant) = &start {
        sudoku_play::import(text, None, *variant)
            .map_err(|e| Failure::Input(e.message_in(options.lang).to_string()))?;
    }
    drop(sudoku_store::Store::open(&options.db).map_err(|e| Failure::Input(e.to_string()))?);
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Failure::Usage(
            "sudoku play needs a terminal (for a script, use `sudoku drill --plain` or `sudoku hint`)"
                .into(),
        ));
    }
    sudoku_tui::play(&options, start).map_err(failure)
}
