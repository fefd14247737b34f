//! Why the small patterns hold: Full House, the single-digit patterns (Skyscraper, 2-String
//! Kite, Turbot Fish, Empty Rectangle and their duals), the wings, Remote Pairs, colouring,
//! BUG+1, templates and the Death Blossom. Each sentence names the cells and houses the step
//! highlights, so a player can follow it on the board.

use sudoku_core::{Cell, Digit, House};

use super::{list, names, removed_digits};
use crate::explain::Lang;
use crate::step::{Role, Step, Target};
use crate::technique::Technique;

/// The cells of a role in the order the finder added them (a wing's pivot first, a
/// two-link pattern's ends from one end to the other).
fn cells_in_order(step: &Step, role: Role) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for t in step.with_role(role) {
        let cell = match t {
            Target::Cell(c) => c,
            Target::Candidate(c) => c.cell,
            Target::House(_) => continue,
        };
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// The digit a step removes (the first one, for steps that remove one digit).
fn removed_digit(step: &Step) -> Option<Digit> {
    step.eliminations.first().map(|c| c.digit)
}

/// The cells a step removes candidates from.
fn removed_cells(step: &Step) -> Vec<Cell> {
    let mut cells: Vec<Cell> = step.eliminations.iter().map(|c| c.cell).collect();
    cells.sort();
    cells.dedup();
    cells
}

/// The line two cells share, if they share one.
fn shared_line(a: Cell, b: Cell) -> Option<House> {
    if a.row() == b.row() {
        Some(House::Row(a.row() as _))
    } else if a.col() == b.col() {
        Some(House::Col(a.col() as _))
    } else {
        None
    }
}

/// A Full House: the house's last empty cell takes its last digit.
pub(super) fn full_house(step: &Step, lang: Lang) -> Option<String> {
    let placed = step.placements.first()?;
    let house = step.houses_with_role(Role::Base).first().copied()?;
    let (cell, d) = (placed.cell, placed.digit);
    Some(match lang {
        Lang::En => {
            format!("{cell} is the last empty cell of {house}, and {d} the only digit it lacks.")
        }
        Lang::Zh => format!("{cell} 是 {house} 最后一个空格，{house} 只缺 {d}。"),
    })
}

/// Two strong links joined by a weak one (Skyscraper, 2-String Kite, Turbot Fish): one of
/// the outer ends holds the digit, so cells that see both lose it.
pub(super) fn two_links(step: &Step, lang: Lang) -> Option<String> {
    let [y1, x1, x2, y2] = cells_in_order(step, Role::Pattern)[..] else {
        return None;
    };
    let [ha, hb] = step.houses_with_role(Role::Base)[..] else {
        return None;
    };
    let d = step.digits.first()?;
    let links = match lang {
        Lang::En => {
            format!("{d} has two places in {ha}, {y1} and {x1}, and two in {hb}, {x2} and {y2}.")
        }
        Lang::Zh => format!("{ha} 中 {d} 只有 {y1}、{x1} 两个位置，{hb} 中只有 {x2}、{y2}。"),
    };
    let join = match (lang, step.technique, shared_line(x1, x2)) {
        (Lang::En, Technique::Skyscraper, Some(line)) => format!(
            "The base, {x1} and {x2}, shares {line}, so at most one of them is {d}: the roof, \
             {y1} or {y2}, holds {d}, and cells that see both lose it."
        ),
        (Lang::Zh, Technique::Skyscraper, Some(line)) => format!(
            "楼底 {x1}、{x2} 同在 {line}，至多一个是 {d}，所以楼顶 {y1}、{y2} 至少一个是 {d}，\
             同时看到两者的格删除 {d}。"
        ),
        (Lang::En, Technique::TwoStringKite, _) => format!(
            "{x1} and {x2} share a box, so at most one of them is {d}: {y1} or {y2} is, and \
             cells that see both lose it."
        ),
        (Lang::Zh, Technique::TwoStringKite, _) => format!(
            "{x1}、{x2} 同宫，至多一个是 {d}，所以 {y1}、{y2} 至少一个是 {d}，同时看到两者的格删除 {d}。"
        ),
        (Lang::En, _, _) => format!(
            "{x1} and {x2} see each other, so at most one of them is {d}: {y1} or {y2} is, and \
             cells that see both lose it."
        ),
        (Lang::Zh, _, _) => format!(
            "{x1}、{x2} 互相看到，至多一个是 {d}，所以 {y1}、{y2} 至少一个是 {d}，同时看到两者的格删除 {d}。"
        ),
    };
    Some(match lang {
        Lang::En => format!("{links} {join}"),
        Lang::Zh => format!("{links}{join}"),
    })
}

/// An Empty Rectangle: the box's digit lies on one of its row and column; a strong link
/// outside the box that starts on one of them removes the digit where its other end and the
/// other line cross.
pub(super) fn empty_rectangle(step: &Step, lang: Lang) -> Option<String> {
    let b = step.houses_with_role(Role::Base).first().copied()?;
    let box_cells = cells_in_order(step, Role::Pattern);
    let [p, q] = cells_in_order(step, Role::LinkStrong)[..] else {
        return None;
    };
    let e = step.eliminations.first()?;
    let (d, e) = (e.digit, e.cell);
    // The box's line through the link's first end, and its crossing line through the target.
    let (line, cross) = if box_cells.iter().any(|c| c.row() == p.row()) {
        (House::Row(p.row() as _), House::Col(e.col() as _))
    } else {
        (House::Col(p.col() as _), House::Row(e.row() as _))
    };
    let link = shared_line(p, q)?;
    Some(match lang {
        Lang::En => format!(
            "Every {d} of {b} lies on {line} or {cross}, and {d} has two places in {link}, {p} \
             and {q}. If {e} were {d}, {q} would not be, so {p} would: then {b} could hold {d} \
             neither on {line} nor on {cross}. So {e} loses {d}."
        ),
        Lang::Zh => format!(
            "{b} 的 {d} 都在 {line} 或 {cross} 上；{link} 中 {d} 只有 {p}、{q} 两个位置。\
             若 {e} 是 {d}，则 {q} 不是、{p} 是 {d}，{b} 的 {d} 在 {line} 和 {cross} 上都无处可放。\
             所以 {e} 删除 {d}。"
        ),
    })
}

/// A Dual 2-String Kite or Dual Empty Rectangle: two patterns on the same box cells.
pub(super) fn dual(step: &Step, lang: Lang) -> String {
    let cells = names(&step.cells_with_role(Role::Pattern), lang);
    let houses = names(&step.houses_with_role(Role::Base), lang);
    match lang {
        Lang::En => format!(
            "Two patterns of this kind are built on {cells} (in {houses}), each sound on its \
             own, so the step takes the eliminations of both."
        ),
        Lang::Zh => {
            format!("两个同类结构都建在 {cells}（{houses}）上，各自成立，所以两者的删除都成立。")
        }
    }
}

/// A W-Wing: two cells with the same two digits, joined by a strong link on one of them.
pub(super) fn w_wing(step: &Step, lang: Lang) -> Option<String> {
    let [c1, c2] = cells_in_order(step, Role::Pattern)[..] else {
        return None;
    };
    let [p, q] = cells_in_order(step, Role::LinkStrong)[..] else {
        return None;
    };
    let house = step.houses_with_role(Role::Base).first().copied()?;
    let y = removed_digit(step)?;
    let x = step.digits.iter().copied().find(|&d| d != y)?;
    Some(match lang {
        Lang::En => format!(
            "{c1} and {c2} both hold only {x} and {y}, and they are connected by {x} in {house} \
             ({p} and {q}), whose ends each see one of them. One end is {x}, so the cell it sees \
             is not {x} and holds {y}: {c1} or {c2} is {y}, and cells that see both lose {y}."
        ),
        Lang::Zh => format!(
            "{c1}、{c2} 都只有 {x}、{y}，由 {house} 的 {x}（{p}、{q}）相连，两端各看到其中一格。\
             必有一端是 {x}，它看到的那格就不是 {x}、只能是 {y}：{c1}、{c2} 至少一个是 {y}，\
             同时看到两者的格删除 {y}。"
        ),
    })
}

/// An XY-Wing or XYZ-Wing: whatever the pivot takes, it or a pincer holds the wing's digit.
pub(super) fn wing(step: &Step, lang: Lang) -> Option<String> {
    let [pivot, a, b] = cells_in_order(step, Role::Pattern)[..] else {
        return None;
    };
    let z = removed_digit(step)?;
    let others: Vec<Digit> = step.digits.iter().copied().filter(|&d| d != z).collect();
    let (xy, xyz) = (names(&others, lang), names(&step.digits, lang));
    Some(match (lang, step.technique) {
        (Lang::En, Technique::XyzWing) => format!(
            "The pivot {pivot} holds {xyz}, and the pincers {a} and {b} each hold {z} and \
             one of the pivot's other digits: whatever the pivot takes, it or a pincer is {z}. \
             Cells that see all three lose {z}."
        ),
        (Lang::Zh, Technique::XyzWing) => format!(
            "枢纽 {pivot} 有 {xyz}，两翼 {a}、{b} 各有 {z} 和枢纽的另一个数：无论枢纽填什么，\
             它或某一翼必是 {z}。同时看到这三格的格删除 {z}。"
        ),
        (Lang::En, _) => format!(
            "The pivot {pivot} holds only {xy}, and each pincer ({a}, {b}) holds one of them and \
             {z}: whichever the pivot takes, the pincer that shares it is left with {z}. So {a} \
             or {b} is {z}, and cells that see both lose {z}."
        ),
        (Lang::Zh, _) => format!(
            "枢纽 {pivot} 只有 {xy}，两翼 {a}、{b} 各有其中一个数和 {z}：无论枢纽填哪个数，\
             与它同数的那一翼只剩 {z}。所以 {a}、{b} 至少一个是 {z}，同时看到两翼的格删除 {z}。"
        ),
    })
}

/// A Remote Pair: a chain of cells with the same two digits, each seeing the next.
pub(super) fn remote_pair(step: &Step, lang: Lang) -> String {
    let cells = names(&cells_in_order(step, Role::Pattern), lang);
    let pair = names(&step.digits, lang);
    match lang {
        Lang::En => format!(
            "{cells} all hold only {pair} and form a chain, each seeing the next, so the two \
             digits alternate along it. Two cells an odd number of links apart hold one digit \
             each: a cell that sees both loses {pair}."
        ),
        Lang::Zh => format!(
            "{cells} 都只有 {pair}，且依次互相看到，形成一条链，两个数沿链交替。相隔奇数步的两格\
             各是其中一个数：同时看到这两格的格删除 {pair}。"
        ),
    }
}

/// BUG+1: every other cell is bivalue, so the extra cell must take the digit that breaks
/// the grave.
pub(super) fn bug(step: &Step, lang: Lang) -> Option<String> {
    let Target::Candidate(c) = step.with_role(Role::Pattern).next()? else {
        return None;
    };
    let (cell, d) = (c.cell, c.digit);
    Some(match lang {
        Lang::En => format!(
            "Every other unsolved cell holds two candidates, and every digit has two places in \
             each house except {d} in the houses of {cell}. If {cell} were not {d}, the grid \
             would be a Bivalue Universal Grave, which cannot have one solution: so {cell} is \
             {d} and loses its other candidates."
        ),
        Lang::Zh => format!(
            "其余未解格都只有两个候选数，每个数在每个区域都有两个位置，只有 {cell} 所在区域的 {d} \
             例外。若 {cell} 不是 {d}，盘面就成了全双值坟墓，不可能只有一个解：所以 {cell} 是 \
             {d}，删除其他候选数。"
        ),
    })
}

/// Simple and multi colouring: strong links colour a digit's candidates two ways, and one
/// colour of each cluster is all true.
pub(super) fn colors(step: &Step, lang: Lang) -> Option<String> {
    let d = step.digits.first()?;
    let a = names(&step.cells_with_role(Role::ColorA), lang);
    let b = names(&step.cells_with_role(Role::ColorB), lang);
    let lose = super::lose(removed_cells(step).len());
    let removed = names(&removed_cells(step), lang);
    let intro = match (lang, step.technique) {
        (Lang::En, Technique::SimpleColorsTrap | Technique::SimpleColorsWrap) => format!(
            "The {d}s are joined by strong links (houses with two {d}s), which colour them two \
             ways: either all of {a} or all of {b} are {d}."
        ),
        (Lang::Zh, Technique::SimpleColorsTrap | Technique::SimpleColorsWrap) => format!(
            "{d} 由强链（只有两个 {d} 的区域）相连，染成两色：要么 {a} 全是 {d}，要么 {b} 全是 {d}。"
        ),
        (Lang::En, _) => format!(
            "The {d}s make two clusters of strong links, each coloured two ways as shown: one \
             colour of each cluster is all {d}."
        ),
        (Lang::Zh, _) => format!("{d} 形成两组强链，每组如图染成两色：每组必有一色全是 {d}。"),
    };
    let then = match (lang, step.technique) {
        (Lang::En, Technique::SimpleColorsTrap) => {
            format!(
                "One colour is {d}, so {removed}, which {} both colours, {lose} {d}.",
                super::see(lose)
            )
        }
        (Lang::Zh, Technique::SimpleColorsTrap) => {
            format!("两色必有一色是 {d}，所以同时看到两色的 {removed} 删除 {d}。")
        }
        (Lang::En, Technique::SimpleColorsWrap) => format!(
            "Two cells of {removed} see each other, so that colour cannot be {d}: its cells \
             lose {d}."
        ),
        (Lang::Zh, Technique::SimpleColorsWrap) => {
            format!("{removed} 中有两格互相看到，这一色不可能是 {d}：这些格删除 {d}。")
        }
        (Lang::En, Technique::MultiColors1) => format!(
            "A colour of one cluster sees a colour of the other, so those two are not both \
             {d}: one of their opposite colours is, and {removed}, which {} both, {lose} {d}.",
            super::see(lose)
        ),
        (Lang::Zh, Technique::MultiColors1) => format!(
            "一组的某色看到另一组的某色，两者不能都是 {d}，所以它们的反色至少一个是 {d}，\
             同时看到这两色的 {removed} 删除 {d}。"
        ),
        (Lang::En, _) => format!(
            "The colour of {removed} sees both colours of the other cluster, one of which is \
             all {d}: so it cannot be {d}, and its cells lose {d}."
        ),
        (Lang::Zh, _) => format!(
            "{removed} 这一色同时看到另一组的两色，而其中一色必全是 {d}：所以这一色不能是 {d}，\
             这些格删除 {d}。"
        ),
    };
    Some(match lang {
        Lang::En => format!("{intro} {then}"),
        Lang::Zh => format!("{intro}{then}"),
    })
}

/// Template Set and Delete: every way to place all of a digit that fits the candidates.
pub(super) fn template(step: &Step, lang: Lang) -> Option<String> {
    let d = step.digits.first()?;
    Some(match (lang, step.technique) {
        (Lang::En, Technique::TemplateSet) => {
            let cells: Vec<Cell> = step.placements.iter().map(|c| c.cell).collect();
            format!(
                "Every way to place all the {d}s that fits the candidates (a template) puts one \
                 in {}: they take {d}.",
                names(&cells, lang)
            )
        }
        (Lang::Zh, Technique::TemplateSet) => {
            let cells: Vec<Cell> = step.placements.iter().map(|c| c.cell).collect();
            format!(
                "所有符合候选数的 {d} 的填法（模板）都在 {} 填 {d}：所以这些格填 {d}。",
                names(&cells, lang)
            )
        }
        (Lang::En, _) => format!(
            "No way to place all the {d}s that fits the candidates (a template) uses {}: they \
             lose {d}.",
            names(&removed_cells(step), lang)
        ),
        (Lang::Zh, _) => format!(
            "没有一种符合候选数的 {d} 的填法（模板）用到 {}：这些格删除 {d}。",
            names(&removed_cells(step), lang)
        ),
    })
}

/// A Death Blossom: each of the stem's digits locks one petal, so one petal holds the
/// removed digit whatever the stem takes.
pub(super) fn death_blossom(step: &Step, lang: Lang) -> Option<String> {
    let stem = cells_in_order(step, Role::Pattern).first().copied()?;
    let petals: Vec<String> = step.sets.iter().map(|s| s.to_string()).collect();
    let (digits, removed) = (names(&step.digits, lang), removed_digits(step, lang));
    Some(match lang {
        Lang::En => format!(
            "The stem {stem} holds {digits}, and each digit links it to a petal ({}), an almost \
             locked set holding that digit. Whatever the stem takes, its petal loses that digit \
             and is locked, so it holds {removed}: cells that see every {removed} of the petals \
             lose it.",
            list(&petals, lang)
        ),
        Lang::Zh => format!(
            "茎 {stem} 有 {digits}，每个数把它连到一片花瓣（{}），即含这个数的待定数组。无论茎填\
             什么，对应的花瓣失去这个数而被锁定，必含 {removed}：看到各花瓣中所有 {removed} 的格删除 {removed}。",
            list(&petals, lang)
        ),
    })
}
