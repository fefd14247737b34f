//! Why the uniqueness steps hold: four corners that could end up holding only the same two
//! digits would let those digits swap, a second solution (the deadly pattern); a puzzle with
//! one solution never gets there, and each test turns that into eliminations. The digits
//! that keep the corners out of the pattern are "extra" candidates, never "fins".

use sudoku_core::{Cell, Digit, House};

use super::names;
use crate::explain::Lang;
use crate::step::{Role, Step};
use crate::technique::Technique;

/// The deadly pattern the step avoids, then what the test makes of it.
pub(super) fn uniqueness(step: &Step, lang: Lang) -> Option<String> {
    let corners = step.cells_with_role(Role::Pattern);
    let [a, b] = step.digits[..] else {
        return None;
    };
    if corners.len() < 4 {
        return None;
    }
    let four = names(&corners[..4], lang);
    let avoidable = matches!(
        step.technique,
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2
    );
    let deadly = match (lang, avoidable) {
        (Lang::En, false) => format!(
            "If {four} held only {a} and {b}, the two digits could swap in them, giving a \
             second solution (a deadly pattern); the puzzle has one solution, so that cannot \
             happen."
        ),
        (Lang::Zh, false) => format!(
            "若 {four} 只有 {a}、{b}，这两个数可以互换，得到第二个解（致命模式）；本题只有一个解，\
             所以这不会发生。"
        ),
        (Lang::En, true) => format!(
            "The solved corners of {four} were found, not given: if the rectangle ended with \
             only {a} and {b}, they could swap, giving a second solution (a deadly pattern)."
        ),
        (Lang::Zh, true) => format!(
            "{four} 中已解的角是解出的而非题目给出的：若矩形最后只有 {a}、{b}，它们可以互换，\
             得到第二个解（致命模式）。"
        ),
    };
    let then = test(step, lang, (a, b))?;
    Some(match lang {
        Lang::En => format!("{deadly} {then}"),
        Lang::Zh => format!("{deadly}{then}"),
    })
}

/// What each test concludes.
fn test(step: &Step, lang: Lang, (a, b): (Digit, Digit)) -> Option<String> {
    use Technique::*;
    let removed = step.eliminations.first()?;
    let (z, target) = (removed.digit, removed.cell);
    let mut targets: Vec<Cell> = step.eliminations.iter().map(|c| c.cell).collect();
    targets.sort();
    targets.dedup();
    let lose = super::lose(targets.len());
    let targets = names(&targets, lang);
    let extra = names(&step.cells_with_role(Role::Extra), lang);
    let houses = names(&step.houses_with_role(Role::Base), lang);
    let other = if z == a { b } else { a };
    Some(match (lang, step.technique) {
        (Lang::En, UniquenessTest1) => format!(
            "{target} is the only corner with other candidates, so it must take one of them: it \
             loses {a} and {b}."
        ),
        (Lang::Zh, UniquenessTest1) => {
            format!("只有 {target} 这个角还有其他候选数，它必须填其中之一：删除 {a}、{b}。")
        }
        (Lang::En, UniquenessTest2 | UniquenessTest5 | AvoidableRectangle2) => format!(
            "The corners {extra} hold the extra candidate {z}, and one of them must be {z} to \
             avoid it: cells that see all of them lose {z}."
        ),
        (Lang::Zh, UniquenessTest2 | UniquenessTest5 | AvoidableRectangle2) => format!(
            "角 {extra} 都有额外候选数 {z}，为避免致命模式，其中必有一个是 {z}：同时看到它们的格删除 {z}。"
        ),
        (Lang::En, UniquenessTest3) => format!(
            "So the corners with extra candidates hold one of them; acting as one cell with \
             those digits, they make a naked subset with {extra} in {houses}, whose other cells \
             lose {}.",
            super::removed_digits(step, lang)
        ),
        (Lang::Zh, UniquenessTest3) => format!(
            "所以有额外候选数的角必填其中之一；把它们看作一格，与 {extra} 在 {houses} 中组成显性数组，\
             {houses} 的其他格删除 {}。",
            super::removed_digits(step, lang)
        ),
        (Lang::En, UniquenessTest4) => {
            let x = other;
            format!(
                "In {houses}, {x} can go only in two corners, so one of them is {x}; if the \
                 other were {z}, the corners would hold only {a} and {b}: so {targets} {lose} {z}."
            )
        }
        (Lang::Zh, UniquenessTest4) => {
            let x = other;
            format!(
                "{houses} 中 {x} 只能填在两个角中，所以其中一个是 {x}；若另一个是 {z}，四个角就只有 \
                 {a}、{b}：所以 {targets} 删除 {z}。"
            )
        }
        (Lang::En, UniquenessTest6) => format!(
            "In both rows and both columns of the rectangle, {z} can go only in its corners, so \
             it fills one diagonal. On the diagonal of {targets}, the other two corners would \
             hold {other}: the deadly pattern. So {targets} {lose} {z}."
        ),
        (Lang::Zh, UniquenessTest6) => format!(
            "矩形的两行两列中，{z} 都只能填在角上，所以 {z} 占一条对角线。若占 {targets} 这条，\
             另两个角就是 {other}，构成致命模式。所以 {targets} 删除 {z}。"
        ),
        (Lang::En, HiddenRectangle) => {
            let (row, col) = lines_of(target);
            format!(
                "In {row} and {col}, {other} can go only in corners of the rectangle. If \
                 {target} were {z}, {other} would fill the two corners beside it and the corner \
                 across, holding only {a} and {b}, would be {z}: the deadly pattern. So {target} \
                 loses {z}."
            )
        }
        (Lang::Zh, HiddenRectangle) => {
            let (row, col) = lines_of(target);
            format!(
                "{row} 和 {col} 中 {other} 只能填在矩形的角上。若 {target} 是 {z}，{other} 就占它两旁的角，\
                 对角只有 {a}、{b}，只能是 {z}，构成致命模式。所以 {target} 删除 {z}。"
            )
        }
        (Lang::En, _) => format!(
            "{target} would complete it with {z}, the other corners being solved: so {target} \
             loses {z}."
        ),
        (Lang::Zh, _) => {
            format!("其他角都已解出，{target} 若填 {z} 就构成致命模式：所以 {target} 删除 {z}。")
        }
    })
}

/// A cell's row and column.
fn lines_of(cell: Cell) -> (House, House) {
    (House::Row(cell.row() as _), House::Col(cell.col() as _))
}
