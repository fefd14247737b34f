//! Why nice loops and forcing chains hold, told link by link: what each link forces from the
//! premise, and what goes wrong (a contradiction) or what every case reaches (a verity).
//!
//! A chain's links say what their end becomes: a strong link (`=`) makes the next node true,
//! a weak one (`-`) makes it false, once the node before is what the premise makes it. So
//! the truth of every node follows from the premise's alone ([`truths`]), and the text is
//! built from the step's chains, digits and effect only.

use sudoku_core::{Cell, Digit, House};

use super::{list, names};
use crate::chain::{Chain, ChainNode, LinkKind};
use crate::explain::{Lang, compress_cells};
use crate::step::Step;

/// The truth of each node from the premise's (`first`): a strong link makes its end true,
/// a weak one false.
fn truths(chain: &Chain, first: bool) -> Vec<bool> {
    let mut out = vec![first];
    out.extend(chain.links.iter().map(|&l| l == LinkKind::Strong));
    out
}

/// A node with its truth, as a fact: `r6c5 is 1`, `r6c5 is not 9`, `1 is in r7c12`.
fn fact(n: &ChainNode, truth: bool, lang: Lang) -> String {
    let (d, cells) = (n.digit, compress_cells(&n.cells));
    match (lang, n.is_group(), truth) {
        (Lang::En, false, true) => format!("{cells} is {d}"),
        (Lang::En, false, false) => format!("{cells} is not {d}"),
        (Lang::En, true, true) => format!("{d} is in {cells}"),
        (Lang::En, true, false) => format!("{cells} hold no {d}"),
        (Lang::Zh, false, true) => format!("{cells} 是 {d}"),
        (Lang::Zh, false, false) => format!("{cells} 不是 {d}"),
        (Lang::Zh, true, true) => format!("{d} 在 {cells} 中"),
        (Lang::Zh, true, false) => format!("{cells} 中没有 {d}"),
    }
}

/// The row or column every cell lies in, if there is one.
fn common_line(cells: &[Cell]) -> Option<House> {
    let first = cells.first()?;
    if cells.iter().all(|c| c.row() == first.row()) {
        Some(House::Row(first.row() as _))
    } else if cells.iter().all(|c| c.col() == first.col()) {
        Some(House::Col(first.col() as _))
    } else {
        None
    }
}

/// Why a strong link of a loop makes its end true: the cell's other candidate, the digit's
/// other place in the house both ends share, or an almost locked set keeping its digit.
fn why_strong(from: &ChainNode, to: &ChainNode, lang: Lang) -> Option<String> {
    if from.cells == to.cells && from.digit != to.digit {
        let cells = compress_cells(&to.cells);
        return Some(match (lang, to.is_group()) {
            (Lang::En, false) => format!("the other candidate of {cells}"),
            (Lang::En, true) => format!("the almost locked set {cells} keeps its {}", to.digit),
            (Lang::Zh, false) => format!("{cells} 的另一个候选数"),
            (Lang::Zh, true) => format!("待定数组 {cells} 必留 {}", to.digit),
        });
    }
    if from.digit != to.digit {
        return None;
    }
    let d = to.digit;
    let mut both = from.cells.clone();
    both.extend(&to.cells);
    Some(match (lang, common_line(&both)) {
        (Lang::En, Some(h)) => format!("the other place for {d} in {h}"),
        (Lang::En, None) => format!("the other place for {d} in their box"),
        (Lang::Zh, Some(h)) => format!("{h} 中 {d} 的另一个位置"),
        (Lang::Zh, None) => format!("所在宫中 {d} 的另一个位置"),
    })
}

/// What each link of a loop forces from its premise, node by node after the first: `r6c5
/// is 1 (the other place for 1 in r6), r6c5 is not 9, …`.
fn walk(chain: &Chain, first: bool, lang: Lang) -> Vec<String> {
    let t = truths(chain, first);
    (1..chain.nodes.len())
        .map(|k| {
            let (from, to) = (&chain.nodes[k - 1], &chain.nodes[k]);
            let mut text = fact(to, t[k], lang);
            if chain.links[k - 1] == LinkKind::Strong
                && let Some(why) = why_strong(from, to, lang)
            {
                text.push_str(&match lang {
                    Lang::En => format!(" ({why})"),
                    Lang::Zh => format!("（{why}）"),
                });
            }
            text
        })
        .collect()
}

/// A discontinuous nice loop: the premise at its start, what each link forces, and how the
/// loop comes back to the start cell to contradict the premise (or to rule a digit out
/// either way).
pub(super) fn discontinuous(step: &Step, chain: &Chain, lang: Lang) -> Option<String> {
    let (start, last) = (chain.nodes.first()?, chain.nodes.last()?);
    let (first_link, last_link) = (*chain.links.first()?, *chain.links.last()?);
    let cell = compress_cells(&start.cells);
    let (c, e) = (start.digit, last.digit);
    // A weak first link leaves the start: the premise is that the start holds its digit.
    let premise = first_link == LinkKind::Weak;
    let end = last_link == LinkKind::Strong;
    let steps = walk(chain, premise, lang);
    let supposed = fact(start, premise, lang);
    let told = match lang {
        // English joins the last fact with "and".
        Lang::En => match steps.split_last() {
            Some((last, head)) if !head.is_empty() => format!("{}, and {last}", head.join(", ")),
            _ => steps.join(""),
        },
        Lang::Zh => steps.join("，"),
    };
    let others = step.eliminations.len() > 1 && step.eliminations.iter().all(|x| x.digit != c);
    Some(match (lang, premise, end, c == e) {
        (Lang::En, false, true, true) => format!(
            "Suppose {supposed}. Then {told}: the supposition contradicts itself, so {cell} \
             is {c}{}.",
            if others {
                ", and its other digits go"
            } else {
                ""
            }
        ),
        (Lang::En, true, false, true) => format!(
            "Suppose {supposed}. Then {told}: a {c} there would rule itself out, so {c} goes \
             from {cell}."
        ),
        (Lang::En, false, false, false) => format!(
            "Suppose {supposed}. Then {told}. And if {cell} is {c}, it is not {e} either: \
             either way {e} goes from {cell}."
        ),
        (Lang::En, true, true, false) => format!(
            "Suppose {supposed}. Then {told}: a cell cannot hold both {c} and {e}, so {c} goes \
             from {cell}."
        ),
        (Lang::Zh, false, true, true) => format!(
            "假设 {supposed}：{told}。假设不成立（推出了它的反面），所以 {cell} 是 {c}{}。",
            if others {
                "，删除其他候选数"
            } else {
                ""
            }
        ),
        (Lang::Zh, true, false, true) => {
            format!("假设 {supposed}：{told}。{cell} 若是 {c} 就会排除自己，所以 {cell} 删除 {c}。")
        }
        (Lang::Zh, false, false, false) => format!(
            "假设 {supposed}：{told}。而若 {cell} 是 {c}，它当然也不是 {e}：两种情况下它都不是 \
             {e}，所以 {cell} 删除 {e}。"
        ),
        (Lang::Zh, true, true, false) => {
            format!("假设 {supposed}：{told}。一格不能同时是 {c} 和 {e}，所以 {cell} 删除 {c}。")
        }
        _ => return None,
    })
}

/// What a forcing chain's branches run into.
#[derive(Debug, PartialEq)]
enum Clash {
    /// A candidate made both true and false.
    Both(ChainNode),
    /// A cell made to hold two digits.
    TwoDigits(Vec<Cell>, Vec<Digit>),
    /// A digit placed twice in a house (its row or column, else its box).
    Twice(Digit, Vec<Cell>),
    /// A cell left without a candidate.
    NoCandidate(Vec<Cell>, Vec<Digit>),
    /// A house left without a place for a digit.
    NoPlace(Digit, Vec<Cell>),
}

/// The end of each branch with its truth (a branch of no link ends on its premise).
fn ends(step: &Step, premise: bool) -> Vec<(ChainNode, bool)> {
    step.chains
        .iter()
        .filter_map(|c| {
            let last = c.nodes.last()?.clone();
            Some((
                last,
                c.links.last().map_or(premise, |&l| l == LinkKind::Strong),
            ))
        })
        .collect()
}

/// The contradiction the branches of a forcing chain reach, read from their ends.
fn clash(step: &Step, premise: bool) -> Option<Clash> {
    let ends = ends(step, premise);
    let start = step.chains.first()?.nodes.first()?.clone();
    // A candidate both true and false (the premise's own counts: a branch may come back
    // to it).
    let mut all = ends.clone();
    all.push((start, premise));
    for (i, (a, ta)) in all.iter().enumerate() {
        if all[i + 1..].iter().any(|(b, tb)| a == b && ta != tb) {
            return Some(Clash::Both(a.clone()));
        }
    }
    let (first, truth) = ends.first()?;
    let same_truth = ends.iter().all(|(_, t)| t == truth);
    let same_cells = ends.iter().all(|(n, _)| n.cells == first.cells);
    let same_digit = ends.iter().all(|(n, _)| n.digit == first.digit);
    let mut cells: Vec<Cell> = ends.iter().flat_map(|(n, _)| n.cells.clone()).collect();
    cells.sort();
    cells.dedup();
    let mut digits: Vec<Digit> = ends.iter().map(|(n, _)| n.digit).collect();
    digits.sort();
    digits.dedup();
    // One branch alone names a clash only on one cell (its last candidate).
    if !same_truth || (ends.len() < 2 && first.is_group()) {
        return None;
    }
    Some(match (truth, same_cells, same_digit) {
        (true, true, false) => Clash::TwoDigits(cells, digits),
        (true, false, true) => Clash::Twice(first.digit, cells),
        (false, true, false) => Clash::NoCandidate(cells, digits),
        (false, false, true) => Clash::NoPlace(first.digit, cells),
        // One branch ending on a cell's candidate made false: the cell's last one.
        (false, true, true) => Clash::NoCandidate(cells, digits),
        _ => return None,
    })
}

/// The house that holds all the cells, named (its row or column), or `None` for a box.
fn house_of(cells: &[Cell], lang: Lang) -> String {
    match (common_line(cells), lang) {
        (Some(h), _) => h.to_string(),
        (None, Lang::En) => "their box".to_string(),
        (None, Lang::Zh) => "所在宫".to_string(),
    }
}

impl Clash {
    /// What the branches would make of the grid, after "would make" / "会推出".
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Clash::Both(n), Lang::En) if n.is_group() => format!(
                "{} both hold {} and hold none at once",
                compress_cells(&n.cells),
                n.digit
            ),
            (Clash::Both(n), Lang::En) => {
                format!(
                    "{} both {} and not {} at once",
                    compress_cells(&n.cells),
                    n.digit,
                    n.digit
                )
            }
            (Clash::Both(n), Lang::Zh) if n.is_group() => format!(
                "{} 中既有 {d} 同时又没有 {d}",
                compress_cells(&n.cells),
                d = n.digit
            ),
            (Clash::Both(n), Lang::Zh) => format!(
                "{} 既是 {d} 同时又不是 {d}",
                compress_cells(&n.cells),
                d = n.digit
            ),
            (Clash::TwoDigits(cells, digits), Lang::En) => format!(
                "{} hold both {}",
                compress_cells(cells),
                names(digits, lang)
            ),
            (Clash::TwoDigits(cells, digits), Lang::Zh) => {
                let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
                format!("{} 同时是 {}", compress_cells(cells), digits.join(" 和 "))
            }
            (Clash::Twice(d, cells), Lang::En) => format!(
                "{d} appear twice in {} ({})",
                house_of(cells, lang),
                names(cells, lang)
            ),
            (Clash::Twice(d, cells), Lang::Zh) => format!(
                "{} 中出现两个 {d}（{}）",
                house_of(cells, lang),
                names(cells, lang)
            ),
            (Clash::NoCandidate(cells, digits), Lang::En) => format!(
                "{} lose every candidate ({} all gone)",
                compress_cells(cells),
                names(digits, lang)
            ),
            (Clash::NoCandidate(cells, digits), Lang::Zh) => format!(
                "{} 没有候选数可填（{} 都被删除）",
                compress_cells(cells),
                names(digits, lang)
            ),
            (Clash::NoPlace(d, cells), Lang::En) => format!(
                "{d} have no place left in {} ({} lose it)",
                house_of(cells, lang),
                names(cells, lang)
            ),
            (Clash::NoPlace(d, cells), Lang::Zh) => format!(
                "{} 中 {d} 无处可填（{} 的 {d} 都被删除）",
                house_of(cells, lang),
                names(cells, lang)
            ),
        }
    }
}

/// The branches of a forcing step, as the text calls them.
fn branches(step: &Step, lang: Lang) -> String {
    match (lang, step.chains.len()) {
        (Lang::En, 1) => "the chain shown".to_string(),
        (Lang::En, k) => format!("the {k} chains shown"),
        (Lang::Zh, 1) => "这条链".to_string(),
        (Lang::Zh, k) => format!("这 {k} 条链"),
    }
}

/// A premise whose branches run into a contradiction, named: a candidate both true and
/// false, a cell with two digits or none, a digit twice in a house or nowhere in it.
pub(super) fn contradiction(step: &Step, lang: Lang) -> String {
    let (cell, d, placed) = match (step.placements.first(), step.eliminations.first()) {
        (Some(p), _) => (p.cell, p.digit, true),
        (None, Some(e)) => (e.cell, e.digit, false),
        (None, None) => return String::new(),
    };
    let branches = branches(step, lang);
    // An elimination's premise is the candidate itself; a placement's, its absence.
    let clash = clash(step, !placed);
    let what = match (&clash, lang) {
        (Some(c), Lang::En) => format!("make {}", c.text(lang)),
        (Some(c), Lang::Zh) => format!("推出 {}，矛盾", c.text(lang)),
        (None, Lang::En) => "contradict each other".to_string(),
        (None, Lang::Zh) => "互相矛盾".to_string(),
    };
    match (lang, placed) {
        (Lang::En, false) => format!("If {cell} were {d}, {branches} would {what}: so it is not."),
        (Lang::En, true) => {
            format!("If {cell} were not {d}, {branches} would {what}: so it is {d}.")
        }
        (Lang::Zh, false) => format!("若 {cell} 是 {d}，{branches}会{what}：所以它不是 {d}。"),
        (Lang::Zh, true) => format!("若 {cell} 不是 {d}，{branches}会{what}：所以它是 {d}。"),
    }
}

/// Cases one of which must hold, each leading to the same result: the cases (both values
/// of one candidate, every candidate of a cell, every place of a digit in a house) and the
/// result they share, named.
pub(super) fn verity(step: &Step, lang: Lang) -> String {
    let effect = match (step.placements.first(), step.eliminations.first()) {
        (Some(p), _) => ChainNode::cell(p.cell, p.digit),
        (None, Some(e)) => ChainNode::cell(e.cell, e.digit),
        (None, None) => return String::new(),
    };
    let result = fact(&effect, !step.placements.is_empty(), lang);
    let starts: Vec<&ChainNode> = step.chains.iter().filter_map(|c| c.nodes.first()).collect();
    let k = starts.len();
    let same = |f: &dyn Fn(&ChainNode) -> bool| starts.iter().all(|n| f(n));
    let first = starts.first().copied();
    let cases = match first {
        Some(f) if k == 2 && starts[1] == f => Some(match lang {
            Lang::En => format!("Whether or not {},", fact(f, true, lang)),
            Lang::Zh => format!("无论 {} 与否，", fact(f, true, lang)),
        }),
        Some(f) if k > 1 && !f.is_group() && same(&|n| n.cells == f.cells) => {
            let digits: Vec<Digit> = starts.iter().map(|n| n.digit).collect();
            let cell = compress_cells(&f.cells);
            Some(match lang {
                Lang::En => format!(
                    "{cell} must be {}, and in each case",
                    super::or_list(&digits, lang)
                ),
                Lang::Zh => format!("{cell} 必是 {} 之一，每种情况下", names(&digits, lang)),
            })
        }
        Some(f) if k > 1 && same(&|n| n.digit == f.digit) => {
            let mut cells: Vec<Cell> = starts.iter().flat_map(|n| n.cells.clone()).collect();
            cells.sort();
            let (d, house) = (f.digit, house_of(&cells, lang));
            let places: Vec<String> = starts.iter().map(|n| compress_cells(&n.cells)).collect();
            Some(match lang {
                Lang::En => format!(
                    "The {d} of {house} must be in {}, and in each case",
                    places.join(" or ")
                ),
                Lang::Zh => format!(
                    "{house} 的 {d} 必在 {} 之一，每种情况下",
                    list(&places, lang)
                ),
            })
        }
        _ => None,
    };
    match (lang, cases) {
        (Lang::En, Some(cases)) => {
            format!("{cases} a chain shown leads to the same result, {result}: so it holds.")
        }
        (Lang::Zh, Some(cases)) => {
            format!("{cases}沿所示的链都推出同一结论：{result}。所以结论成立。")
        }
        (Lang::En, None) => format!(
            "Each of the {k} cases shown (one of them must hold) leads to {result}: so it holds."
        ),
        (Lang::Zh, None) => format!("这 {k} 种情况必有一种成立，且都推出 {result}：所以结论成立。"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::Technique;
    use sudoku_core::Candidate;

    fn d(v: usize) -> Digit {
        Digit::new(v).unwrap()
    }

    /// The loop of the issue that explained itself in a circle: each link is now told.
    #[test]
    fn a_discontinuous_loop_tells_every_link() {
        // (1)r6c4=(1-9)r6c5=(9-2)r3c5=(2-1)r3c4=(1)r6c4: r6c4 is 1.
        let mut chain = Chain::start(ChainNode::cell(Cell::new(5, 3), d(1)));
        chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(5, 4), d(1)));
        chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(5, 4), d(9)));
        chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(2, 4), d(9)));
        chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(2, 4), d(2)));
        chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(2, 3), d(2)));
        chain.push(LinkKind::Weak, ChainNode::cell(Cell::new(2, 3), d(1)));
        chain.push(LinkKind::Strong, ChainNode::cell(Cell::new(5, 3), d(1)));
        let mut step = Step::new(Technique::DiscontinuousNiceLoop, vec![d(2), d(3)]);
        for x in [2, 3] {
            step.eliminate(Candidate {
                cell: Cell::new(5, 3),
                digit: d(x),
            });
        }
        step.chains.push(chain);
        assert_eq!(
            step.reason(Lang::En).unwrap(),
            "Suppose r6c4 is not 1. Then r6c5 is 1 (the other place for 1 in r6), r6c5 is not \
             9, r3c5 is 9 (the other place for 9 in c5), r3c5 is not 2, r3c4 is 2 (the other \
             place for 2 in r3), r3c4 is not 1, and r6c4 is 1 (the other place for 1 in c4): \
             the supposition contradicts itself, so r6c4 is 1, and its other digits go."
        );
        assert_eq!(
            step.reason(Lang::Zh).unwrap(),
            "假设 r6c4 不是 1：r6c5 是 1（r6 中 1 的另一个位置），r6c5 不是 9，r3c5 是 9（c5 中 9 \
             的另一个位置），r3c5 不是 2，r3c4 是 2（r3 中 2 的另一个位置），r3c4 不是 1，r6c4 是 \
             1（c4 中 1 的另一个位置）。假设不成立（推出了它的反面），所以 r6c4 是 1，删除其他候选数。"
        );
    }
}
