//! The two difficulty vocabularies and where each is taken.
//!
//! The grader speaks HoDoKu's levels (easy, medium, hard, unfair, extreme); the game and its
//! books speak the ladder's rungs (beginner, easy, medium, hard, expert, master), each a level
//! with a score range and a range of givens. Three words are in both lists. A word from the
//! other list is a natural slip (`generate --level expert`, `play --level extreme`), so every
//! command reads both: where the other list's word means something exact it is taken
//! (`play --level extreme` is the rung made of extreme puzzles, master), and where it does
//! not the refusal names the option that takes it.

use sudoku_logic::Level;
use sudoku_logic::ladder::{LADDER, Rung};

/// HoDoKu's levels as written on the command line, easiest first.
const LEVELS: [(&str, Level); 5] = [
    ("easy", Level::Easy),
    ("medium", Level::Medium),
    ("hard", Level::Hard),
    ("unfair", Level::Unfair),
    ("extreme", Level::Extreme),
];

fn rung_ids() -> String {
    LADDER.iter().map(|r| r.id).collect::<Vec<_>>().join(", ")
}

fn level_names() -> String {
    LEVELS.map(|(name, _)| name).join(", ")
}

fn level_named(word: &str) -> Option<Level> {
    LEVELS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|&(_, level)| level)
}

fn rung_named(word: &str) -> Option<&'static Rung> {
    LADDER.iter().find(|r| r.id.eq_ignore_ascii_case(word))
}

/// `--level` where a HoDoKu level is meant (`generate`): a rung's word is refused with the
/// option that takes it.
pub fn parse_level(word: &str) -> Result<Level, String> {
    let word = word.trim();
    if let Some(level) = level_named(word) {
        return Ok(level);
    }
    if let Some(rung) = rung_named(word) {
        return Err(format!(
            "`{word}` is a rung of the game's ladder, not a HoDoKu level: use --rung {} \
             (levels: {})",
            rung.id,
            level_names()
        ));
    }
    Err(format!(
        "`{word}` is not a level; use one of {}",
        level_names()
    ))
}

/// `--rung` (`generate`, `print`): a rung's id; a HoDoKu level that is no rung is refused
/// with the option that takes it, or the rung it stands for.
pub fn parse_rung(word: &str) -> Result<&'static Rung, String> {
    let word = word.trim();
    if let Some(rung) = rung_named(word) {
        return Ok(rung);
    }
    if let Some(level) = level_named(word) {
        let rung = rung_of_level(level).map_or(String::new(), |r| format!(" (or --rung {})", r.id));
        return Err(format!(
            "`{word}` is a HoDoKu level, not a rung: use --level {word}{rung} (rungs: {})",
            rung_ids()
        ));
    }
    Err(format!("`{word}` is not a rung; use one of {}", rung_ids()))
}

/// The level of a new game (`play --level`): a rung's id, or a HoDoKu level that one rung
/// alone is made of (unfair is expert, extreme is master; easy, medium and hard are rungs by
/// those names).
pub fn parse_game_level(word: &str) -> Result<&'static Rung, String> {
    let word = word.trim();
    if let Some(rung) = rung_named(word) {
        return Ok(rung);
    }
    if let Some(rung) = level_named(word).and_then(rung_of_level) {
        return Ok(rung);
    }
    Err(format!(
        "unknown level `{word}`: use a rung of the ladder ({}) or a HoDoKu level ({})",
        rung_ids(),
        level_names()
    ))
}

/// The one rung made of this level's puzzles, if only one is.
fn rung_of_level(level: Level) -> Option<&'static Rung> {
    let mut of_level = LADDER.iter().filter(|r| r.level == level);
    match (of_level.next(), of_level.next()) {
        (Some(rung), None) => Some(rung),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_option_takes_its_own_words_and_points_at_the_other() {
        assert_eq!(parse_level("Unfair"), Ok(Level::Unfair));
        let e = parse_level("expert").unwrap_err();
        assert!(e.contains("use --rung expert"), "{e}");
        assert!(
            parse_level("nope")
                .unwrap_err()
                .contains("easy, medium, hard, unfair, extreme")
        );

        assert_eq!(parse_rung("master").map(|r| r.id), Ok("master"));
        let e = parse_rung("extreme").unwrap_err();
        assert!(e.contains("use --level extreme (or --rung master)"), "{e}");

        assert_eq!(parse_game_level("extreme").map(|r| r.id), Ok("master"));
        assert_eq!(parse_game_level("unfair").map(|r| r.id), Ok("expert"));
        assert_eq!(parse_game_level("hard").map(|r| r.id), Ok("hard"));
        assert_eq!(parse_game_level("beginner").map(|r| r.id), Ok("beginner"));
        let e = parse_game_level("insane").unwrap_err();
        assert!(e.contains("beginner") && e.contains("extreme"), "{e}");
    }
}
