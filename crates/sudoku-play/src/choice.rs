//! A player's choices by name, as both front ends receive them (a form's field, a command
//! line's option): size, variant, rung, symmetry, language, hint stage and style, drill.
//! Each refusal names the field and lists what it takes, in English and Chinese.

use sudoku_core::Shape;
use sudoku_core::dig::Symmetry;
use sudoku_game::offer::{self, Spec};
use sudoku_game::{DrillKind, GameVariant};
use sudoku_logic::ladder::{LADDER, Rung};
use sudoku_logic::{Lang, Stage};

use crate::{Code, PlayError};

/// `bad_field` on `field` with the code's sentence in Chinese (the field's name in it).
pub(crate) fn bad(field: &str, message: impl Into<String>) -> PlayError {
    PlayError::bad_field(
        field,
        message,
        crate::zh::generic(Code::BadField, Some(field)),
    )
}

/// The grid size named (`9x9` when none is).
pub fn shape(size: Option<&str>) -> Result<Shape, PlayError> {
    let name = size.unwrap_or("9x9");
    offer::parse_size(name).ok_or_else(|| {
        bad(
            "size",
            format!("unknown size `{name}` (4x4, 6x6, 9x9, 16x16)"),
        )
    })
}

/// The variant named (`classic` when none is).
pub fn variant(name: Option<&str>) -> Result<GameVariant, PlayError> {
    let name = name.unwrap_or("classic");
    GameVariant::from_name(name).ok_or_else(|| {
        bad(
            "variant",
            format!("unknown variant `{name}` (classic, diagonal)"),
        )
    })
}

/// The rung named (Medium when none is).
pub fn rung(name: Option<&str>) -> Result<&'static Rung, PlayError> {
    let id = name.unwrap_or("medium");
    Rung::by_id(id).ok_or_else(|| {
        let ids: Vec<&str> = LADDER.iter().map(|r| r.id).collect();
        PlayError::bad_field(
            "rung",
            format!("unknown rung `{id}` ({})", ids.join(", ")),
            format!("没有“{id}”这个难度。"),
        )
    })
}

/// The symmetry named; `None` for none named or `any` (the generator chooses).
pub fn symmetry(name: Option<&str>) -> Result<Option<Symmetry>, PlayError> {
    match name {
        None | Some("any") => Ok(None),
        Some(name) => name
            .parse::<Symmetry>()
            .map(Some)
            .map_err(|e| bad("symmetry", e.to_string())),
    }
}

/// A new game's spec from its four names, refused where its rung is not offered for its
/// size and variant.
pub fn spec(
    rung_name: Option<&str>,
    size: Option<&str>,
    variant_name: Option<&str>,
    symmetry_name: Option<&str>,
) -> Result<Spec, PlayError> {
    let rung = rung(rung_name)?;
    let symmetry = symmetry(symmetry_name)?;
    let spec = Spec {
        rung,
        shape: shape(size)?,
        variant: variant(variant_name)?,
        symmetry,
    };
    check_offered(&spec)?;
    Ok(spec)
}

/// Refuses a spec whose rung is not offered for its size and variant (the generator cannot
/// make one reliably within a new game's budget).
pub fn check_offered(spec: &Spec) -> Result<(), PlayError> {
    let rungs = offer::offered(spec.shape, spec.variant);
    if rungs.contains(&spec.rung.id) {
        return Ok(());
    }
    Err(bad(
        "rung",
        format!(
            "{} {} games are not made at the {} rung: the server cannot make one reliably in \
             time (offered: {})",
            offer::size_name(spec.shape),
            spec.variant.name(),
            spec.rung.id,
            rungs.join(", ")
        ),
    ))
}

/// The language named (`en` when none is; `zh` or `zh-CN` for Chinese).
pub fn lang(name: Option<&str>) -> Result<Lang, PlayError> {
    match name.unwrap_or("en") {
        "en" => Ok(Lang::En),
        "zh" | "zh-CN" => Ok(Lang::Zh),
        other => Err(bad("lang", format!("unknown language `{other}` (en, zh)"))),
    }
}

/// A hint's stage by number (1 when none is given).
pub fn stage(number: Option<u8>) -> Result<Stage, PlayError> {
    let number = number.unwrap_or(1);
    Stage::from_number(number)
        .ok_or_else(|| bad("stage", format!("stage {number} is not 1, 2 or 3")))
}

/// Whether a hint's style is `intuitive` (singles from the digits on the board alone)
/// rather than `logic` (the default).
pub fn intuitive(style: Option<&str>) -> Result<bool, PlayError> {
    match style {
        None | Some("logic") => Ok(false),
        Some("intuitive") => Ok(true),
        Some(other) => Err(bad(
            "style",
            format!("unknown hint style `{other}` (logic, intuitive)"),
        )),
    }
}

/// The drill named (`full_house` when none is).
pub fn drill(name: Option<&str>) -> Result<DrillKind, PlayError> {
    match name {
        None | Some("") => Ok(DrillKind::FullHouse),
        Some(text) => text.parse::<DrillKind>().map_err(|e| bad("drill", e)),
    }
}
