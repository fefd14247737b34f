//! Explanations: a [`Step`] rendered as one line of English or Simplified Chinese, and the
//! HoDoKu-style compressed cell lists (`r1c23`) they use.
//!
//! The text is built only from the step's data (technique, digits, highlights, effect), so the
//! two languages always say the same thing and use the same coordinates.

use std::collections::BTreeMap;

use serde::Serialize;
use sudoku_core::{Candidate, Cell, Digit, House};

use crate::step::{Role, Step};

/// The language of an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (zh-CN).
    Zh,
}

impl Step {
    /// One line saying what the step is and what it does, e.g.
    /// `Naked Pair 2,5 in r1c23: removes 2 from r1c1, r1c7`.
    pub fn explain(&self, lang: Lang) -> String {
        if let Some(first) = &self.through {
            return self.explain_through(first, lang);
        }
        let mut text = self.title(lang);
        if !self.digits.is_empty() {
            text.push(' ');
            text.push_str(&digit_list_in(&self.digits, lang));
        }
        if let Some(pattern) = self.pattern_text() {
            text.push_str(match lang {
                Lang::En => " in ",
                Lang::Zh => " 在 ",
            });
            text.push_str(&pattern);
        }
        if !self.chains.is_empty() && !self.sets.is_empty() {
            // A chain through almost locked sets names them after the chain.
            let sets: Vec<String> = self.sets.iter().map(|s| s.to_string()).collect();
            text.push_str(match lang {
                Lang::En => " with ALS ",
                Lang::Zh => " 含待定数组 ",
            });
            text.push_str(&sets.join(", "));
        }
        let fins = self.cells_with_role(Role::Fin);
        if !fins.is_empty() {
            let word = match lang {
                Lang::En if fins.len() == 1 => " fin ",
                Lang::En => " fins ",
                Lang::Zh => " 鳍 ",
            };
            text.push_str(word);
            text.push_str(&compress_cells(&fins));
        }
        text.push_str(match lang {
            Lang::En => ": ",
            Lang::Zh => "：",
        });
        text.push_str(&self.effect_text(lang));
        if let Some(reason) = self.reason(lang) {
            text.push_str(match lang {
                Lang::En => ". ",
                Lang::Zh => "。",
            });
            text.push_str(&reason);
        }
        text
    }

    /// An intuitive step (区块+排除, 区块+唯余): the single's short form, then why the locked
    /// candidates hold, then why the single does.
    fn explain_through(&self, first: &Step, lang: Lang) -> String {
        let mut text = self.title(lang);
        text.push(' ');
        text.push_str(&digit_list_in(&self.digits, lang));
        if let Some(house) = self.houses_with_role(Role::Base).first() {
            text.push_str(match lang {
                Lang::En => " in ",
                Lang::Zh => " 在 ",
            });
            text.push_str(&house.to_string());
        }
        text.push_str(match lang {
            Lang::En => ": ",
            Lang::Zh => "：",
        });
        text.push_str(&self.effect_text(lang));
        text.push_str(match lang {
            Lang::En => ".",
            Lang::Zh => "。",
        });
        // Each reason is a sentence of its own, ending in its full stop.
        for reason in [first.reason(lang), self.reason(lang)]
            .into_iter()
            .flatten()
        {
            if lang == Lang::En {
                text.push(' ');
            }
            text.push_str(&reason);
        }
        text
    }

    /// The step's name: its technique's, "Siamese" added for a Siamese fish.
    pub fn title(&self, lang: Lang) -> String {
        if self.through.is_some() {
            let hidden = self.technique == crate::Technique::HiddenSingle;
            return match (lang, hidden) {
                (Lang::En, true) => "Locked Candidates + Hidden Single",
                (Lang::En, false) => "Locked Candidates + Naked Single",
                (Lang::Zh, true) => "区块+排除",
                (Lang::Zh, false) => "区块+唯余",
            }
            .to_string();
        }
        // Chinese solvers name a hidden single after its house: 宫排除, 行排除, 列排除.
        if lang == Lang::Zh && self.technique == crate::Technique::HiddenSingle {
            match self.houses_with_role(Role::Base).first() {
                Some(House::Box(_)) => return "宫排除".into(),
                Some(House::Row(_)) => return "行排除".into(),
                Some(House::Col(_)) => return "列排除".into(),
                _ => {}
            }
        }
        match (lang, self.siamese) {
            (Lang::En, false) => self.technique.name().to_string(),
            (Lang::En, true) => format!("Siamese {}", self.technique.name()),
            (Lang::Zh, false) => self.technique.name_zh().to_string(),
            (Lang::Zh, true) => format!("连体{}", self.technique.name_zh()),
        }
    }

    /// Where the pattern is: the two colours, the base and cover houses of a fish, the
    /// pattern cells, or the house of a single.
    fn pattern_text(&self) -> Option<String> {
        if !self.chains.is_empty() {
            let chains: Vec<String> = self.chains.iter().map(|c| c.eureka()).collect();
            return Some(chains.join(" / "));
        }
        if !self.sets.is_empty() {
            let sets: Vec<String> = self.sets.iter().map(|s| s.to_string()).collect();
            return Some(sets.join(" + "));
        }
        let (a, b) = (
            self.cells_with_role(Role::ColorA),
            self.cells_with_role(Role::ColorB),
        );
        if !a.is_empty() && !b.is_empty() {
            return Some(format!(
                "({}) / ({})",
                compress_cells(&a),
                compress_cells(&b)
            ));
        }
        let bases = self.houses_with_role(Role::Base);
        let mut covers = self.houses_with_role(Role::Cover);
        // In order: a Siamese fish adds its second fish's covers after the first's.
        covers.sort();
        let cells = self.cells_with_role(Role::Pattern);
        if !bases.is_empty() && !covers.is_empty() {
            return Some(format!("{} {}", house_list(&bases), house_list(&covers)));
        }
        if !cells.is_empty() {
            return Some(compress_cells(&cells));
        }
        (!bases.is_empty()).then(|| house_list(&bases))
    }

    fn effect_text(&self, lang: Lang) -> String {
        let mut parts = Vec::new();
        for p in &self.placements {
            parts.push(match lang {
                Lang::En => format!("places {} in {}", p.digit, p.cell),
                Lang::Zh => format!("{} 填 {}", p.cell, p.digit),
            });
        }
        for (digit, cells) in by_digit(&self.eliminations) {
            let cells: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
            // Chinese lists take the enumeration comma.
            let cells = cells.join(match lang {
                Lang::En => ", ",
                Lang::Zh => "、",
            });
            parts.push(match lang {
                Lang::En => format!("removes {digit} from {cells}"),
                Lang::Zh => format!("删除 {cells} 的 {digit}"),
            });
        }
        if parts.is_empty() {
            return match lang {
                Lang::En => "no change".to_string(),
                Lang::Zh => "无变化".to_string(),
            };
        }
        parts.join(match lang {
            Lang::En => "; ",
            Lang::Zh => "；",
        })
    }
}

/// Digits separated by commas: `2,5`.
pub fn digit_list(digits: &[Digit]) -> String {
    let text: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    text.join(",")
}

/// Digits as a list in the language's way: `2,5` as HoDoKu writes them, `2、5` with the
/// enumeration comma every other Chinese list uses, so a Chinese text never mixes the two.
pub fn digit_list_in(digits: &[Digit], lang: Lang) -> String {
    match lang {
        Lang::En => digit_list(digits),
        Lang::Zh => {
            let text: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            text.join("、")
        }
    }
}

/// Candidates grouped by digit (ascending), cells in row-major order.
fn by_digit(candidates: &[Candidate]) -> BTreeMap<Digit, Vec<Cell>> {
    let mut map: BTreeMap<Digit, Vec<Cell>> = BTreeMap::new();
    for c in candidates {
        map.entry(c.digit).or_default().push(c.cell);
    }
    for cells in map.values_mut() {
        cells.sort();
    }
    map
}

/// Houses of one kind written together (`r26`, `c37`), others separated by commas
/// (`b1,r1`). Indices above 9 are never run together.
pub fn house_list(houses: &[House]) -> String {
    let mut groups: Vec<(char, Vec<usize>)> = Vec::new();
    for h in houses {
        match groups.last_mut() {
            Some((letter, idx)) if *letter == h.letter() => idx.push(h.index() + 1),
            _ => groups.push((h.letter(), vec![h.index() + 1])),
        }
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(letter, idx)| format!("{letter}{}", number_run(idx)))
        .collect();
    parts.join(",")
}

/// Numbers run together when all are single digits (`37`), else separated by `/` (`3/12`).
fn number_run(numbers: &[usize]) -> String {
    let text: Vec<String> = numbers.iter().map(|n| n.to_string()).collect();
    if numbers.iter().all(|&n| n <= 9) {
        text.concat()
    } else {
        text.join("/")
    }
}

/// A cell list in HoDoKu's compressed form: cells of one row share `r1c23`, rows with the
/// same columns share `r12c3`; groups are separated by commas. Grids larger than 9x9 (two-digit
/// coordinates) are listed cell by cell.
///
/// ```
/// use sudoku_core::Cell;
/// use sudoku_logic::explain::compress_cells;
///
/// let cells = [Cell::new(0, 1), Cell::new(0, 2), Cell::new(4, 4)];
/// assert_eq!(compress_cells(&cells), "r1c23,r5c5");
/// let column = [Cell::new(0, 2), Cell::new(1, 2)];
/// assert_eq!(compress_cells(&column), "r12c3");
/// ```
pub fn compress_cells(cells: &[Cell]) -> String {
    if cells.iter().any(|c| c.row() >= 9 || c.col() >= 9) {
        let text: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
        return text.join(",");
    }
    let mut rows: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for c in cells {
        rows.entry(c.row() + 1).or_default().push(c.col() + 1);
    }
    let mut groups: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    for (row, mut cols) in rows {
        cols.sort();
        cols.dedup();
        match groups.iter_mut().find(|(_, c)| *c == cols) {
            Some((rs, _)) => rs.push(row),
            None => groups.push((vec![row], cols)),
        }
    }
    if groups.iter().all(|(_, cols)| cols.len() == 1) && groups.len() > 1 {
        return by_columns(cells);
    }
    let parts: Vec<String> = groups
        .iter()
        .map(|(rs, cs)| format!("r{}c{}", number_run(rs), number_run(cs)))
        .collect();
    parts.join(",")
}

/// Cells that are alone in their rows, grouped by column instead (`r12c3,r5c7`), groups in
/// order of their first row.
fn by_columns(cells: &[Cell]) -> String {
    let mut cols: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for c in cells {
        cols.entry(c.col() + 1).or_default().push(c.row() + 1);
    }
    let mut groups: Vec<(usize, usize, String)> = cols
        .iter_mut()
        .map(|(&col, rows)| {
            rows.sort();
            rows.dedup();
            (rows[0], col, format!("r{}c{col}", number_run(rows)))
        })
        .collect();
    groups.sort();
    let parts: Vec<String> = groups.into_iter().map(|(_, _, text)| text).collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::Technique;

    fn cand(d: usize, r: usize, c: usize) -> Candidate {
        Candidate {
            cell: Cell::new(r - 1, c - 1),
            digit: Digit::new(d).unwrap(),
        }
    }

    #[test]
    fn fish_text_names_houses_and_fins() {
        let mut step = Step::new(Technique::FinnedXWing, vec![Digit::new(4).unwrap()]);
        step.add_house(House::Row(1), Role::Base);
        step.add_house(House::Row(5), Role::Base);
        step.add_house(House::Col(2), Role::Cover);
        step.add_house(House::Col(6), Role::Cover);
        step.add_candidate(cand(4, 2, 8), Role::Fin);
        step.eliminate(cand(4, 1, 7));
        assert_eq!(
            step.explain(Lang::En),
            "Finned X-Wing 4 in r26 c37 fin r2c8: removes 4 from r1c7. Each of r2 and r6 needs \
             its 4 in c3 or c7, unless a fin (r2c8) holds it: either way 4 leaves the cells of c3 \
             and c7 outside the fish that also see every fin."
        );
        assert_eq!(
            step.explain(Lang::Zh),
            "鳍X翼 4 在 r26 c37 鳍 r2c8：删除 r1c7 的 4。r2、r6 的 4 都落在 c3、c7 中，除非鳍（r2c8）\
             为真：无论哪种情况，c3、c7 中鱼外且能看到所有鳍的格删除 4。"
        );
    }

    #[test]
    fn compressed_lists() {
        let cells = [
            Cell::new(0, 2),
            Cell::new(0, 6),
            Cell::new(5, 2),
            Cell::new(5, 6),
        ];
        assert_eq!(compress_cells(&cells), "r16c37");
        assert_eq!(compress_cells(&[Cell::new(9, 0)]), "r10c1");
        assert_eq!(
            compress_cells(&[Cell::new(2, 3), Cell::new(0, 5)]),
            "r1c6,r3c4"
        );
        assert_eq!(house_list(&[House::Box(0), House::Row(0)]), "b1,r1");
    }
}
