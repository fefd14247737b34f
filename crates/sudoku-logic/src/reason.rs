//! Why a step holds, in plain words: the sentence [`Step::explain`] adds after the short form,
//! for every technique. Like the short form, it is built only from the step's data (its
//! highlights, chains, sets, digits and effect), in English or Simplified Chinese; singles
//! need the reasons [`crate::Logic::explain_single`] adds from the position. Subsets, fish,
//! chains and ALS steps are told here; the small patterns in [`patterns`], the uniqueness
//! steps in [`uniqueness`].

use sudoku_core::{Candidate, Cell, Digit, House};

use crate::chain::{Chain, ChainNode};
use crate::explain::{Lang, compress_cells};
use crate::step::{Role, Step, Target};
use crate::technique::Technique;

mod chains;
mod patterns;
mod uniqueness;

/// A node as a player writes it: `4 in r1c2`, `4 in r1c23` (a group).
fn node(n: &ChainNode, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} in {}", n.digit, compress_cells(&n.cells)),
        Lang::Zh => format!(" {} 的 {} ", compress_cells(&n.cells), n.digit),
    }
}

/// The digits a step removes, as a list in the language's way (`3 and 4`, `3、4`).
fn removed_digits(step: &Step, lang: Lang) -> String {
    let mut d: Vec<_> = step.eliminations.iter().map(|c| c.digit).collect();
    d.sort();
    d.dedup();
    names(&d, lang)
}

/// Alternatives in the language's way: `3, 5 or 9`, `3、5 或 9`.
fn or_list<T: ToString>(items: &[T], lang: Lang) -> String {
    let items: Vec<String> = items.iter().map(T::to_string).collect();
    match items.split_last() {
        Some((last, head)) if !head.is_empty() => {
            let or = match lang {
                Lang::En => " or ",
                Lang::Zh => " 或 ",
            };
            let sep = match lang {
                Lang::En => ", ",
                Lang::Zh => "、",
            };
            format!("{}{or}{last}", head.join(sep))
        }
        _ => items.concat(),
    }
}

/// The English verb after a list of cells: "r7c9 loses 5", "r7c9 and r8c9 lose 5".
fn lose(count: usize) -> &'static str {
    if count == 1 { "loses" } else { "lose" }
}

/// "sees" or "see", agreeing with [`lose`]'s subject.
fn see(lose: &str) -> &'static str {
    if lose == "loses" { "sees" } else { "see" }
}

impl Step {
    /// The plain-words reason for a step of the techniques this module covers, `None` for
    /// the others.
    pub fn reason(&self, lang: Lang) -> Option<String> {
        use Technique::*;
        let chain = self.chains.first();
        if self.siamese {
            return Some(siamese(self, lang));
        }
        Some(match self.technique {
            XChain | XyChain | Aic | GroupedAic => end_to_end(self, chain?, lang),
            DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop => {
                let chain = chain?;
                chains::discontinuous(self, chain, lang)
                    .unwrap_or_else(|| discontinuous(self, chain, lang))
            }
            ContinuousNiceLoop | GroupedContinuousNiceLoop => match lang {
                Lang::En => "The loop closes on itself with strong and weak links alternating, so \
                             every weak link in it is strong too: each link's digit must be at \
                             one of its two ends, and cells that see both ends of a link lose it."
                    .to_string(),
                Lang::Zh => {
                    "这个环首尾相接、强弱链交替，所以环中每条弱链也是强链：每条链的数字必在\
                             其两端之一，同时看到两端的格删除该数。"
                        .to_string()
                }
            },
            AlsXz | AlsXyWing | AlsXyChain => als(self, lang),
            SueDeCoq => sue_de_coq(self, lang),
            ForcingChainContradiction | ForcingNetContradiction => {
                chains::contradiction(self, lang)
            }
            ForcingChainVerity | ForcingNetVerity => chains::verity(self, lang),
            BruteForce => match lang {
                Lang::En => "No technique applies here: this digit is the solution's, found by \
                             trying (a guess, not a deduction)."
                    .to_string(),
                Lang::Zh => "这里没有可用的技巧：此数是试出的答案（试数，不是推理）。".to_string(),
            },
            FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish
            | MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | MutantSquirmbag
            | MutantWhale
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish
            | FinnedMutantSquirmbag
            | FinnedMutantWhale
            | KrakenFish1
            | KrakenFish2 => fish(self, lang).unwrap_or_else(|| franken(self, lang)),
            XWing | Swordfish | Jellyfish | FinnedXWing | SashimiXWing | FinnedSwordfish
            | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish => fish(self, lang)?,
            NakedPair | NakedTriple | NakedQuadruple | LockedPair | LockedTriple => {
                naked_subset(self, lang)?
            }
            HiddenPair | HiddenTriple | HiddenQuadruple => hidden_subset(self, lang)?,
            LockedCandidatesPointing | LockedCandidatesClaiming => locked(self, lang)?,
            NakedSingle if self.has_role(Role::Seen) => naked_single(self, lang)?,
            HiddenSingle if self.has_role(Role::Seen) => hidden_single(self, lang)?,
            FullHouse => patterns::full_house(self, lang)?,
            Skyscraper | TwoStringKite | TurbotFish => patterns::two_links(self, lang)?,
            EmptyRectangle => patterns::empty_rectangle(self, lang)?,
            Dual2StringKite | DualEmptyRectangle => patterns::dual(self, lang),
            WWing => patterns::w_wing(self, lang)?,
            XyWing | XyzWing => patterns::wing(self, lang)?,
            RemotePair => patterns::remote_pair(self, lang),
            BugPlusOne => patterns::bug(self, lang)?,
            SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => {
                patterns::colors(self, lang)?
            }
            TemplateSet | TemplateDelete => patterns::template(self, lang)?,
            DeathBlossom => patterns::death_blossom(self, lang)?,
            UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4
            | UniquenessTest5 | UniquenessTest6 | HiddenRectangle | AvoidableRectangle1
            | AvoidableRectangle2 => uniqueness::uniqueness(self, lang)?,
            NakedSingle | HiddenSingle => return None,
        })
    }

    fn has_role(&self, role: Role) -> bool {
        self.with_role(role).next().is_some()
    }
}

/// A Franken or Mutant fish without its houses: the rule in general.
fn franken(step: &Step, lang: Lang) -> String {
    let d = names(&step.digits, lang);
    match lang {
        Lang::En => format!(
            "Each base house needs its {d} in a cover house, and the covers can take only as \
             many as there are bases, so {d} leaves the rest of the covers (with fins: only \
             where every fin is seen)."
        ),
        Lang::Zh => format!(
            "每个底线区域的 {d} 都必须落在覆盖区域中，覆盖区域只能容纳与底线区域同样多的 \
             {d}，所以覆盖区域的其余格删除 {d}（有鳍时，只删除能看到所有鳍的格）。"
        ),
    }
}

/// A list in the language's way: `1, 3 and 4` or `1、3、4`.
fn list(items: &[String], lang: Lang) -> String {
    match (lang, items) {
        (Lang::Zh, _) => items.join("、"),
        (Lang::En, [.., last]) if items.len() > 1 => {
            format!("{} and {last}", items[..items.len() - 1].join(", "))
        }
        (Lang::En, _) => items.join(", "),
    }
}

/// What a Naked Single's cell sees, house by house: `r5c1 sees 1, 3 and 4 in r5, 2 in c1
/// and 7 and 8 in b4: only 9 is left`.
fn naked_single(step: &Step, lang: Lang) -> Option<String> {
    let placed = step.placements.first()?;
    let cell = placed.cell;
    let houses = step.houses_with_role(Role::Seen);
    // Seen candidates in the cell itself are digits earlier steps ruled out there.
    let (earlier, seen): (Vec<Candidate>, Vec<Candidate>) = step
        .with_role(Role::Seen)
        .filter_map(|t| match t {
            Target::Candidate(c) => Some(c),
            _ => None,
        })
        .partition(|c| c.cell == cell);
    // Each seen digit goes to the first of the cell's houses (as listed) that holds it: its
    // row or column by position, else the remaining house (the box, or a diagonal).
    let in_house = |c: &Candidate, h: &House| match *h {
        House::Row(r) => c.cell.row() == r as usize && cell.row() == r as usize,
        House::Col(k) => c.cell.col() == k as usize && cell.col() == k as usize,
        _ => true,
    };
    let mut parts = Vec::new();
    let mut left = seen;
    for h in &houses {
        let (here, rest): (Vec<Candidate>, Vec<Candidate>) =
            left.into_iter().partition(|c| in_house(c, h));
        left = rest;
        let mut digits: Vec<Digit> = here.iter().map(|c| c.digit).collect();
        if digits.is_empty() {
            continue;
        }
        digits.sort();
        let ds: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
        parts.push(match lang {
            Lang::En => format!("{} in {h}", ds.join(", ")),
            Lang::Zh => format!("{}{h} 有 {}", same_house_zh(h), list(&ds, lang)),
        });
    }
    let earlier: Vec<String> = earlier.iter().map(|c| c.digit.to_string()).collect();
    let d = placed.digit;
    Some(match lang {
        Lang::En if earlier.is_empty() => {
            format!("{cell} sees {}: only {d} is left.", list(&parts, lang))
        }
        Lang::En => format!(
            "{cell} sees {}, and {} {} ruled out by {}: only {d} is left.",
            list(&parts, lang),
            list(&earlier, lang),
            if earlier.len() == 1 { "was" } else { "were" },
            ruled_out_by(step, lang)
        ),
        Lang::Zh if earlier.is_empty() => {
            format!("{cell} {}，只剩 {d}。", parts.join("，"))
        }
        Lang::Zh => format!(
            "{cell} {}，{} 已被{}排除，只剩 {d}。",
            parts.join("，"),
            list(&earlier, lang),
            ruled_out_by(step, lang)
        ),
    })
}

/// What ruled out the candidates a single's cell or house lacks beyond the placed digits:
/// earlier steps, or in an intuitive step the locked candidates seen first.
fn ruled_out_by(step: &Step, lang: Lang) -> &'static str {
    match (lang, step.through.is_some()) {
        (Lang::En, false) => "earlier steps",
        (Lang::En, true) => "the locked candidates",
        (Lang::Zh, false) => "此前的步骤",
        (Lang::Zh, true) => "区块",
    }
}

/// `同行`, `同列`, `同宫` or `同区`: the house a Chinese solver says a cell shares.
fn same_house_zh(h: &House) -> &'static str {
    match h {
        House::Row(_) => "同行 ",
        House::Col(_) => "同列 ",
        House::Box(_) => "同宫 ",
        _ => "同区 ",
    }
}

/// The names of cells, digits or houses as a list in the language's way.
fn names<T: ToString>(items: &[T], lang: Lang) -> String {
    let names: Vec<String> = items.iter().map(T::to_string).collect();
    list(&names, lang)
}

/// A fish (rows and columns, Franken or Mutant), told with its houses: each base line needs the digit in one
/// of the cover lines, and as many bases fill as many covers, so the digit leaves the rest of
/// the covers (with fins: only where every fin is seen as well).
fn fish(step: &Step, lang: Lang) -> Option<String> {
    let bases = step.houses_with_role(Role::Base);
    let covers = step.houses_with_role(Role::Cover);
    if bases.is_empty() || covers.is_empty() {
        return None;
    }
    let fins = step.cells_with_role(Role::Fin);
    let (b, c, d) = (
        names(&bases, lang),
        names(&covers, lang),
        names(&step.digits, lang),
    );
    let or_covers = match lang {
        Lang::En => {
            let names: Vec<String> = covers.iter().map(ToString::to_string).collect();
            names.join(" or ")
        }
        Lang::Zh => names(&covers, lang),
    };
    let fins_text = names(&fins, lang);
    Some(match (lang, fins.is_empty()) {
        (Lang::En, true) => format!(
            "Each of {b} needs its {d} in {or_covers}: the {d}s of {b} take {c}, so {d} leaves \
             their other cells."
        ),
        (Lang::En, false) => format!(
            "Each of {b} needs its {d} in {or_covers}, unless a fin ({fins_text}) holds it: \
             either way {d} leaves the cells of {c} outside the fish that also see every fin."
        ),
        (Lang::Zh, true) => {
            format!("{b} 的 {d} 都只能落在 {c} 中：它们占满 {c}，所以 {c} 的其他格删除 {d}。")
        }
        (Lang::Zh, false) => format!(
            "{b} 的 {d} 都落在 {c} 中，除非鳍（{fins_text}）为真：无论哪种情况，{c} 中鱼外且能看到所有鳍的格删除 {d}。"
        ),
    })
}

/// A naked subset: `k` cells holding only `k` digits between them fill with those digits, so
/// the digits leave the rest of every house the cells share.
fn naked_subset(step: &Step, lang: Lang) -> Option<String> {
    let cells = step.cells_with_role(Role::Pattern);
    let houses = step.houses_with_role(Role::Base);
    if cells.is_empty() || houses.is_empty() {
        return None;
    }
    let (c, d, h, k) = (
        names(&cells, lang),
        names(&step.digits, lang),
        names(&houses, lang),
        cells.len(),
    );
    Some(match lang {
        Lang::En => format!(
            "{c} hold only {d} between them, so those {k} digits fill those {k} cells and \
             leave the other cells of {h}."
        ),
        Lang::Zh => format!(
            "{c} 合起来只有 {d} 这 {k} 个候选数，所以这 {k} 个数占满这 {k} 格，{h} 的其他格删除它们。"
        ),
    })
}

/// A hidden subset: `k` digits with only the same `k` cells left in a house take those
/// cells, so the cells lose every other candidate.
fn hidden_subset(step: &Step, lang: Lang) -> Option<String> {
    let cells = step.cells_with_role(Role::Pattern);
    let house = step.houses_with_role(Role::Base).first().copied()?;
    let (c, d, k) = (names(&cells, lang), names(&step.digits, lang), cells.len());
    Some(match lang {
        Lang::En => format!(
            "In {house}, {d} can go only in {c}: those {k} digits take those {k} cells, which \
             lose every other candidate."
        ),
        Lang::Zh => {
            format!("{house} 中 {d} 只能填在 {c}：这 {k} 个数占满这 {k} 格，这些格删除其他候选数。")
        }
    })
}

/// Locked candidates: all of a house's places for the digit lie in a second house, so the
/// digit is in their intersection and leaves the rest of the second house. Seen without
/// pencil marks (an intuitive step), it also says what keeps the digit out of the base
/// house's other empty cells: the placed copies they see ([`crate::Logic::intuitive_step`]).
fn locked(step: &Step, lang: Lang) -> Option<String> {
    let base = step.houses_with_role(Role::Base).first().copied()?;
    let cover = step.houses_with_role(Role::Cover).first().copied()?;
    let d = names(&step.digits, lang);
    let cells = names(&step.cells_with_role(Role::Pattern), lang);
    let (blockers, earlier) = seen_cells(step);
    let why = match (lang, blockers.is_empty(), earlier.is_empty()) {
        (_, true, true) => String::new(),
        (Lang::En, false, true) => format!(
            ", since {} every other empty cell of {base}",
            copies_see(&d, &blockers)
        ),
        (Lang::En, false, false) => format!(
            ", since {} the other empty cells of {base} but {}, where {d} was ruled out before",
            copies_see(&d, &blockers),
            names(&earlier, lang)
        ),
        (Lang::En, true, false) => format!(
            ", since {d} was ruled out of {} before",
            names(&earlier, lang)
        ),
        (Lang::Zh, false, true) => format!(
            "{} 的 {d} 排除了 {base} 的其他空格，",
            names(&blockers, lang)
        ),
        (Lang::Zh, false, false) => format!(
            "{} 的 {d} 排除了 {base} 的其他空格（{} 的 {d} 此前已排除），",
            names(&blockers, lang),
            names(&earlier, lang)
        ),
        (Lang::Zh, true, false) => format!("{} 的 {d} 此前已排除，", names(&earlier, lang)),
    };
    Some(match lang {
        Lang::En => format!(
            "Every {d} of {base} is in {cover} ({cells}){why}: the {d} of {base} is there, so \
             no other cell of {cover} can hold {d}."
        ),
        Lang::Zh => format!(
            "{why}{base} 的 {d} 都在 {cover} 上（{cells}）：{base} 的 {d} 必在这里，所以 {cover} 的其他格删除 {d}。"
        ),
    })
}

/// What keeps a Hidden Single's digit out of the other cells of its house: `9 has one place
/// left in b4, r5c1: the 9s in r4c7, r9c2 and r8c1 see its other empty cells`.
fn hidden_single(step: &Step, lang: Lang) -> Option<String> {
    let placed = step.placements.first()?;
    let house = step.houses_with_role(Role::Base).first().copied()?;
    // Seen candidates are the placed copies of the digit; seen cells, empty cells of the
    // house that earlier steps ruled out.
    let (blockers, earlier) = seen_cells(step);
    let (d, cell) = (placed.digit, placed.cell);
    let see = copies_see(&d.to_string(), &blockers);
    let cells = |cells: &[Cell]| (!cells.is_empty()).then(|| names(cells, lang));
    let (blockers, earlier) = (cells(&blockers), cells(&earlier));
    let by = ruled_out_by(step, lang);
    Some(match (lang, blockers, earlier) {
        (Lang::En, Some(_), None) => format!(
            "{d} has one place left in {house}, {cell}: {see} every other empty cell of \
             {house}."
        ),
        (Lang::En, Some(_), Some(e)) => format!(
            "{d} has one place left in {house}, {cell}: {see} the other empty cells of {house} \
             but {e}, where {by} ruled {d} out."
        ),
        (Lang::En, None, Some(e)) => {
            format!("{d} has one place left in {house}, {cell}: {by} ruled it out of {e}.")
        }
        (Lang::Zh, Some(b), None) => {
            format!("{house} 中 {d} 只剩 {cell} 一个位置：{b} 的 {d} 排除了 {house} 的其余空格。")
        }
        (Lang::Zh, Some(b), Some(e)) => format!(
            "{house} 中 {d} 只剩 {cell} 一个位置：{b} 的 {d} 排除了其余空格，{e} 的 {d} \
             已被{by}排除。"
        ),
        (Lang::Zh, None, Some(e)) => {
            format!("{house} 中 {d} 只剩 {cell} 一个位置：{e} 的 {d} 已被{by}排除。")
        }
        (_, None, None) => return None,
    })
}

/// The placed copies of a digit and their verb, agreeing: `the 9 in r3c3 sees`, `the 9s
/// in r3c3 and r5c1 see`.
fn copies_see(d: &str, cells: &[Cell]) -> String {
    match cells {
        [one] => format!("the {d} in {one} sees"),
        _ => format!("the {d}s in {} see", names(cells, Lang::En)),
    }
}

/// The `Seen` highlights of a Hidden Single or of locked candidates seen without marks: the
/// cells of the placed copies of the digit that keep it out of the house's other cells, and
/// the cells of the house that earlier steps ruled it out of.
fn seen_cells(step: &Step) -> (Vec<Cell>, Vec<Cell>) {
    let mut blockers = Vec::new();
    let mut earlier = Vec::new();
    for t in step.with_role(Role::Seen) {
        match t {
            Target::Candidate(c) => blockers.push(c.cell),
            Target::Cell(c) => earlier.push(c),
            Target::House(_) => {}
        }
    }
    (blockers, earlier)
}

/// Two fish on the same base houses: each holds on its own, so both sets of eliminations do.
fn siamese(step: &Step, lang: Lang) -> String {
    let d = names(&step.digits, lang);
    match lang {
        Lang::En => format!(
            "Two fish share these base houses and differ in their covers and fins; each \
             removes {d} from the cover cells that see all of its fins, and the step takes \
             what both remove."
        ),
        Lang::Zh => format!(
            "两条鱼共用这些底线区域，覆盖区域和鳍不同；每条鱼都从能看到其所有鳍的覆盖格中删除 \
             {d}，此步合并两者的删除。"
        ),
    }
}

/// A chain with strong links at both ends: one end is true.
fn end_to_end(step: &Step, chain: &Chain, lang: Lang) -> String {
    let (first, last) = (chain.nodes.first(), chain.nodes.last());
    let (Some(first), Some(last)) = (first, last) else {
        return String::new();
    };
    let removed = removed_digits(step, lang);
    match lang {
        Lang::En => format!(
            "If {} is false, the chain makes {} true; so one of them is true, and what sees both \
             loses {removed}.",
            node(first, lang),
            node(last, lang)
        ),
        Lang::Zh => format!(
            "若{}不成立，沿链可推出{}成立；两者必有一个成立，同时看到两者的格删除 {removed}。",
            node(first, lang),
            node(last, lang)
        ),
    }
}

/// A loop that comes back to its start in contradiction or confirmation.
fn discontinuous(step: &Step, chain: &Chain, lang: Lang) -> String {
    let Some(start) = chain.nodes.first() else {
        return String::new();
    };
    let cell = compress_cells(&start.cells);
    let d = start.digit;
    let removed = removed_digits(step, lang);
    let forces = step.eliminations.len() > 1;
    let same = step.eliminations.iter().all(|c| c.digit == d);
    match (lang, forces, same) {
        (Lang::En, true, _) => format!(
            "If {cell} were not {d}, the loop would make it {d}: so it is {d}, and its other \
             digits go."
        ),
        (Lang::En, false, true) => {
            format!("If {cell} were {d}, the loop would take {d} out of {cell}: so {d} goes.")
        }
        (Lang::En, false, false) => format!(
            "If {cell} is not {d}, the loop shows it is not {removed} either: so {removed} goes."
        ),
        (Lang::Zh, true, _) => {
            format!("若 {cell} 不是 {d}，沿环可推出它是 {d}：所以它就是 {d}，删除其他数。")
        }
        (Lang::Zh, false, true) => {
            format!("若 {cell} 是 {d}，沿环会推出 {cell} 不是 {d}：所以删除 {d}。")
        }
        (Lang::Zh, false, false) => {
            format!("若 {cell} 不是 {d}，沿环可推出它也不是 {removed}：所以删除 {removed}。")
        }
    }
}

/// An ALS step: singly linked sets (a restricted common between each two, so the end
/// sets cannot both lack the digit removed), or a doubly linked ALS-XZ (two restricted
/// commons, which lock both sets).
fn als(step: &Step, lang: Lang) -> String {
    if step.technique == Technique::AlsXz && step.digits.len() == 2 && step.sets.len() == 2 {
        return doubly_linked(step, lang);
    }
    let sets: Vec<String> = step.sets.iter().map(|s| s.to_string()).collect();
    let removed = removed_digits(step, lang);
    let links = names(&step.digits, lang);
    let one = step.digits.len() == 1;
    let intro = match lang {
        Lang::En => format!(
            "{} are almost locked sets (each holds one digit more than it has cells).",
            list(&sets, lang)
        ),
        Lang::Zh => format!("{} 都是待定数组（每组的数比格多一个）。", sets.join("、")),
    };
    let linked = match (lang, one) {
        (Lang::En, true) => format!(
            "Linked by {links} (a restricted common: it can be in only one of the two sets), \
             the two sets cannot both lack {removed}: cells that see every {removed} of both \
             lose it."
        ),
        (Lang::En, false) => format!(
            "Each two sets in a row are linked by a restricted common ({links}: each can be \
             in only one of the two sets it links), so the two end sets cannot both lack \
             {removed}: cells that see every {removed} of both lose it."
        ),
        (Lang::Zh, true) => format!(
            "两组由 {links} 相连（受限公共数：它只能在两组之一），两组不能都不含 {removed}：\
             看到两组中所有 {removed} 的格删除 {removed}。"
        ),
        (Lang::Zh, false) => format!(
            "相邻两组由受限公共数相连（{links}，每个数只能在它所连的两组之一），两端的组不能都不含 \
             {removed}：看到两端组中所有 {removed} 的格删除 {removed}。"
        ),
    };
    match lang {
        Lang::En => format!("{intro} {linked}"),
        Lang::Zh => format!("{intro}{linked}"),
    }
}

/// A doubly linked ALS-XZ: both `x` and `y` are restricted commons, so each lies in at most
/// one set; each set can lack only one digit, so one lacks `x`, the other `y`, and both are
/// locked sets: every other digit of a set lies in it, and `x` and `y` each lie in one of
/// the two sets.
fn doubly_linked(step: &Step, lang: Lang) -> String {
    let (a, b) = (step.sets[0].to_string(), step.sets[1].to_string());
    let (x, y) = (step.digits[0], step.digits[1]);
    let removed = removed_digits(step, lang);
    match lang {
        Lang::En => format!(
            "{a} and {b} are almost locked sets (each holds one digit more than it has cells), \
             doubly linked: {x} and {y} are both restricted commons (the {x}s of the two sets \
             see each other, and so do the {y}s), so each can be in only one of the sets. A set \
             can lack only one of its digits, so one set lacks {x} and the other {y}: both are \
             locked. Every other digit of each set is then in that set, and {x} and {y} are \
             each in one of the two: a cell that sees every place of such a digit in a set (for \
             {x} and {y}, in both sets) loses it, which removes {removed} here."
        ),
        Lang::Zh => format!(
            "{a}、{b} 都是待定数组（每组的数比格多一个），且双重相连：{x} 和 {y} 都是受限公共数\
             （两组中的 {x} 互相看到，{y} 也一样），各自只能在两组之一。每组最多缺一个数，所以一组缺 \
             {x}、另一组缺 {y}：两组都成为锁定的数组。因此每组的其他数都必在本组内，{x}、{y} 也各在\
             两组之一：看到某数在组内（{x}、{y} 为两组内）所有位置的格删除该数，这里删除 {removed}。"
        ),
    }
}

fn sue_de_coq(step: &Step, lang: Lang) -> String {
    let sets: Vec<String> = step.sets.iter().map(|s| s.to_string()).collect();
    let [meet, line, block] = match sets.as_slice() {
        [a, b, c] => [a.as_str(), b.as_str(), c.as_str()],
        _ => return String::new(),
    };
    match lang {
        Lang::En => format!(
            "The intersection {meet}, the line cells {line} and the box cells {block} hold \
             exactly as many digits as cells: each digit is locked in them, the line's in the \
             line and the box's in the box."
        ),
        Lang::Zh => format!(
            "交叉格 {meet}、行列格 {line} 与宫格 {block} 的数字个数正好等于格数：这些数被锁定其中，\
             行列部分的数锁在行列内，宫部分的数锁在宫内。"
        ),
    }
}
