//! Explanations that say why: a single names what its cell sees (a Naked Single) or what
//! keeps its digit out of the rest of its house (a Hidden Single), in English and in the
//! Chinese words Chinese solvers use; no Chinese text carries English words; and the
//! glossary in the repository lists every technique under the names the program uses.

use sudoku_core::{Grid, Layout};
use sudoku_logic::{Lang, Logic, Stage, Technique};

/// The explained steps of a puzzle's path, each single with its reasons.
fn explained(puzzle: &str) -> Vec<sudoku_logic::Step> {
    let grid: Grid = puzzle.parse().unwrap();
    let layout = Layout::new(grid.shape());
    let logic = Logic::new(&layout);
    let mut pos = logic.start(&grid).unwrap();
    let mut steps = logic.solve_path(&grid).unwrap().steps;
    for step in &mut steps {
        logic.explain_single(&pos, step);
        pos.apply(&layout, step);
    }
    steps
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn a_naked_single_names_what_its_cell_sees() {
    let steps = explained(EASY);
    let first = &steps[0];
    assert_eq!(first.technique, Technique::NakedSingle);
    // r5c6 of this puzzle: 7 and 8 in its row, 2, 3, 5, 6 and 9 in its column, 1 in its box.
    assert_eq!(
        first.explain(Lang::En),
        "Naked Single 4: places 4 in r5c6. r5c6 sees 7, 8 in r5, 2, 3, 5, 6, 9 in c6 and 1 in \
         b5: only 4 is left."
    );
    assert_eq!(
        first.explain(Lang::Zh),
        "唯一余数 4：r5c6 填 4。r5c6 同行 r5 有 7、8，同列 c6 有 2、3、5、6、9，同宫 b5 有 1，只剩 4。"
    );
}

#[test]
fn a_hidden_single_names_its_house_and_what_blocks_the_rest() {
    let logic = Logic::new(&Layout::classic());
    let grid: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let hint = logic.hint(&logic.start(&grid).unwrap(), Stage::Step);
    assert_eq!(
        hint.text(Lang::En),
        "Hidden Single 1 in b8: places 1 in r8c6. 1 has one place left in b8, r8c6: the 1s in \
         r6c5 and r9c1 see every other empty cell of b8."
    );
    assert_eq!(
        hint.text(Lang::Zh),
        "宫排除 1 在 b8：r8c6 填 1。b8 中 1 只剩 r8c6 一个位置：r6c5、r9c1 的 1 排除了 b8 的其余空格。"
    );
    // Stage 2 names the house and the technique, not the cell.
    let hint = logic.hint(&logic.start(&grid).unwrap(), Stage::Where);
    let text = hint.text(Lang::En);
    assert!(text.contains("b8") && !text.contains("r8c6"), "{text}");
}

/// Every Chinese text of a path, with its singles explained, keeps English out: the only
/// Latin letters left are in cell and house names (`r5c6`, `b4`) and in the notation of the
/// techniques named after letters (X翼, XY链).
#[test]
fn chinese_texts_carry_no_english() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    for puzzle in [EASY, hard] {
        for step in explained(puzzle) {
            assert_no_english(&step.explain(Lang::Zh));
        }
    }
}

/// Fails when a Chinese text has Latin letters outside cell names and technique names.
fn assert_no_english(text: &str) {
    let mut rest = text.to_string();
    for t in Technique::ALL {
        rest = rest.replace(t.name_zh(), "");
    }
    assert!(
        !strip_cells(&rest).chars().any(|c| c.is_ascii_alphabetic()),
        "English left in: {text}"
    );
}

/// The subsets (naked, hidden and locked), which say which cells hold which digits.
fn is_subset(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        NakedPair
            | NakedTriple
            | NakedQuadruple
            | LockedPair
            | LockedTriple
            | HiddenPair
            | HiddenTriple
            | HiddenQuadruple
    )
}

/// The text with cell and house names (`r5c6`, `r5`, `c6`, `b4`, `r4c12`) and Eureka chain
/// notation letters taken out.
fn strip_cells(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        let next_digit = chars.get(k + 1).is_some_and(char::is_ascii_digit);
        if matches!(c, 'r' | 'c' | 'b' | 'd') && next_digit {
            k += 1;
            while chars.get(k).is_some_and(char::is_ascii_digit) {
                k += 1;
            }
            continue;
        }
        out.push(c);
        k += 1;
    }
    out
}

/// `docs/GLOSSARY.md` is the table of every technique's names that the program uses, so a
/// term is the same in hints, walkthroughs, the drill and the page. Regenerate it with
/// `UPDATE_GLOSSARY=1 cargo test -p sudoku-logic --test teach`.
#[test]
fn the_glossary_lists_every_technique_by_the_names_in_use() {
    let mut text = String::from(
        "# Glossary of techniques\n\n\
         Every technique the solver knows, with the English name (HoDoKu's) and the Chinese \
         name that hints, walkthroughs, the drill and the page use, one term per technique. \
         A Hidden Single is told in Chinese by its house: 宫排除 (box), 行排除 (row), 列排除 \
         (column). Generated from `crates/sudoku-logic/src/technique.rs` and checked by \
         `crates/sudoku-logic/tests/teach.rs`.\n\n\
         | code | English | 中文 | level | 难度 |\n|---|---|---|---|---|\n",
    );
    for t in Technique::ALL {
        text += &format!(
            "| {} | {} | {} | {} | {} |\n",
            t.code(),
            t.name(),
            t.name_zh(),
            t.level(),
            t.level().name_zh()
        );
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/GLOSSARY.md");
    if std::env::var_os("UPDATE_GLOSSARY").is_some() {
        std::fs::write(path, &text).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == text,
        "docs/GLOSSARY.md is out of date: see this test's doc"
    );
}

/// Subsets and locked candidates say which cells hold which digits and why the others go:
/// every such step of a few paths names its cells, digits and houses in both languages.
#[test]
fn subsets_and_locked_candidates_say_why() {
    use Technique::*;
    use sudoku_logic::Role;
    let puzzles = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
        "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    ];
    let mut kinds = std::collections::BTreeSet::new();
    for puzzle in puzzles {
        for step in explained(puzzle) {
            let subset = is_subset(step.technique);
            let locked = matches!(
                step.technique,
                LockedCandidatesPointing | LockedCandidatesClaiming
            );
            if !subset && !locked {
                continue;
            }
            kinds.insert(step.technique);
            let (en, zh) = (step.explain(Lang::En), step.explain(Lang::Zh));
            // The reason follows the short form, after its full stop.
            let (en_why, zh_why) = (
                en.split_once(". ").map(|x| x.1).unwrap_or(""),
                zh.split_once('。').map(|x| x.1).unwrap_or(""),
            );
            for cell in step.cells_with_role(Role::Pattern) {
                let name = cell.to_string();
                assert!(en_why.contains(&name), "{en}");
                assert!(zh_why.contains(&name), "{zh}");
            }
            for house in step.houses_with_role(Role::Base) {
                assert!(en_why.contains(&house.to_string()), "{en}");
            }
            for d in &step.digits {
                assert!(en_why.contains(&d.to_string()), "{en}");
            }
        }
    }
    assert!(kinds.len() >= 3, "a few kinds met: {kinds:?}");
}

/// The regression library, for a position where each technique applies.
const REGLIB: &str = include_str!("data/hodoku-reglib-1.3.txt");
/// Hard puzzles whose paths meet the techniques the library has no line for (forcing chains
/// and nets, Franken and Mutant fish).
const TOP1465: &str = include_str!("data/magictour_top1465.txt");

/// Every technique says why, in both languages: a step of each, found at the first position
/// of HoDoKu's regression library that has one (else on the path of a hard puzzle), carries a
/// reason after its short form; the reason names the houses the step is built on and, for
/// the patterns told cell by cell (subsets, single-digit patterns, wings, uniqueness, BUG+1),
/// every cell of the pattern and of its strong links; uniqueness steps call nothing a fin;
/// and the Chinese text keeps English out.
#[test]
fn every_technique_says_why_in_both_languages() {
    use sudoku_logic::Options;
    use sudoku_logic::reglib::parse_str;
    let layout = Layout::classic();
    let options = Options {
        als_forward_only: false,
        als_overlap: true,
        empty_rectangle_two_candidates: true,
        ..Options::default()
    };
    let logic = Logic::with_options(&layout, options);
    let mut untold: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| t.is_implemented())
        .collect();
    let tell = |pos: &sudoku_logic::Candidates, untold: &mut Vec<Technique>| {
        untold.retain(|&t| {
            let Some(mut step) = logic.find_steps(pos, t).into_iter().next() else {
                return true;
            };
            logic.explain_single(pos, &mut step);
            check_reason(&step);
            check_where(&logic, &step);
            false
        });
    };
    for line in parse_str(REGLIB).into_iter().flatten() {
        let Some(technique) = Technique::from_code(&line.code) else {
            continue;
        };
        if !line.is_fail_case() && untold.contains(&technique) {
            let mut one = vec![technique];
            tell(&line.position(&layout).unwrap(), &mut one);
            untold.retain(|t| *t != technique || !one.is_empty());
        }
    }
    // The paths themselves are HoDoKu's (overlapping ALSs are slow and off there).
    let default = Logic::new(&layout);
    for puzzle in TOP1465.lines().take(60) {
        if untold.is_empty() {
            break;
        }

        let grid: Grid = puzzle.trim().parse().unwrap();
        let mut pos = default.start(&grid).unwrap();
        for step in default.solve_path(&grid).unwrap().steps {
            tell(&pos, &mut untold);
            pos.apply(&layout, &step);
        }
    }
    assert!(untold.is_empty(), "no step met for {untold:?}");
}

/// The checks of [`every_technique_says_why_in_both_languages`] on one step.
fn check_reason(step: &sudoku_logic::Step) {
    use Technique::*;
    use sudoku_logic::Role;
    let technique = step.technique;
    let told_by_cells = is_subset(technique)
        || matches!(
            technique,
            Skyscraper
                | TwoStringKite
                | TurbotFish
                | WWing
                | XyWing
                | XyzWing
                | RemotePair
                | BugPlusOne
                | UniquenessTest1
                | UniquenessTest2
                | UniquenessTest3
                | UniquenessTest4
                | UniquenessTest5
                | UniquenessTest6
                | HiddenRectangle
                | AvoidableRectangle1
                | AvoidableRectangle2
        );
    let (en, zh) = (step.explain(Lang::En), step.explain(Lang::Zh));
    let (Some(en_why), Some(zh_why)) = (step.reason(Lang::En), step.reason(Lang::Zh)) else {
        panic!("{technique:?} gives no reason: {en}");
    };
    assert!(en.ends_with(&en_why) && zh.ends_with(&zh_why), "{en}\n{zh}");
    for house in step.houses_with_role(Role::Base) {
        assert!(en_why.contains(&house.to_string()), "{house} not in: {en}");
        assert!(zh_why.contains(&house.to_string()), "{house} not in: {zh}");
    }
    if told_by_cells {
        let mut cells = step.cells_with_role(Role::Pattern);
        cells.extend(step.cells_with_role(Role::LinkStrong));
        for cell in cells {
            assert!(en_why.contains(&cell.to_string()), "{cell} not in: {en}");
            assert!(zh_why.contains(&cell.to_string()), "{cell} not in: {zh}");
        }
    }
    if technique.name().contains("Uniqueness") || technique.name().contains("Rectangle") {
        assert!(!en.contains(" fin") && !zh.contains('鳍'), "{en}\n{zh}");
    }
    assert_no_english(&zh);
    check_words(step, &en, &zh);
    check_chain_reason(step, &en_why, &zh_why);
    if std::env::var_os("SHOW_REASONS").is_some() {
        println!("{en}\n{zh}\n");
    }
}

/// One way of writing: a Chinese text lists digits with 、 only (`2,5` is left to the
/// notation in brackets, Eureka chains and almost locked sets) and says 在, not the bookish
/// 于; an English verb agrees with one cell (`r7c9 loses 5`).
fn check_words(step: &sudoku_logic::Step, en: &str, zh: &str) {
    let mut plain = String::new();
    let mut depth = 0;
    for c in zh.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let chars: Vec<char> = plain.chars().collect();
    let comma_list = chars
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == ',' && w[2].is_ascii_digit());
    assert!(!comma_list, "a digit list with ',' in: {zh}");
    assert!(!zh.contains(" 于 ") && !zh.contains("所示的 1 "), "{zh}");
    let mut cells: Vec<_> = step.eliminations.iter().map(|c| c.cell).collect();
    cells.dedup();
    if let [one] = cells.as_slice() {
        let slips = [format!("so {one} lose "), format!(" {one}, which see ")];
        assert!(!slips.iter().any(|x| en.contains(x.as_str())), "{en}");
    }
}

/// Chains say what they run into: a forcing chain names its contradiction (a candidate
/// both true and false, a cell with two digits or none, a digit twice in a house or with no
/// place in it) or, for a verity, the result every case reaches; a discontinuous nice loop
/// tells every node from its premise (it does not go from the premise straight back to it).
fn check_chain_reason(step: &sudoku_logic::Step, en: &str, zh: &str) {
    use Technique::*;
    let effect = |lang: Lang| {
        let (c, placed) = match (step.placements.first(), step.eliminations.first()) {
            (Some(p), _) => (p, true),
            (None, Some(e)) => (e, false),
            _ => panic!("no effect: {en}"),
        };
        match (lang, placed) {
            (Lang::En, true) => format!("{} is {}", c.cell, c.digit),
            (Lang::En, false) => format!("{} is not {}", c.cell, c.digit),
            (Lang::Zh, true) => format!("{} 是 {}", c.cell, c.digit),
            (Lang::Zh, false) => format!("{} 不是 {}", c.cell, c.digit),
        }
    };
    match step.technique {
        ForcingChainContradiction | ForcingNetContradiction => {
            let named = [
                "at once",
                "hold both",
                "appear twice",
                "lose every",
                "no place left",
            ]
            .iter()
            .any(|w| en.contains(w));
            let named_zh = ["同时又", "同时是", "出现两个", "没有候选数", "无处可填"]
                .iter()
                .any(|w| zh.contains(w));
            assert!(named && named_zh, "no contradiction named:\n{en}\n{zh}");
        }
        ForcingChainVerity | ForcingNetVerity => {
            assert!(en.contains(&effect(Lang::En)), "no common result: {en}");
            assert!(zh.contains(&effect(Lang::Zh)), "no common result: {zh}");
        }
        DiscontinuousNiceLoop | GroupedDiscontinuousNiceLoop => {
            let chain = &step.chains[0];
            for node in &chain.nodes[1..chain.nodes.len() - 1] {
                let cells = sudoku_logic::explain::compress_cells(&node.cells);
                assert!(
                    en.contains(&cells) && zh.contains(&cells),
                    "{cells} untold:\n{en}\n{zh}"
                );
            }
            assert!(
                en.starts_with("Suppose ") && zh.starts_with("假设 "),
                "{en}\n{zh}"
            );
        }
        _ => {}
    }
}

/// Stage 2 of a hint points somewhere for every technique: it names and highlights (as
/// `base`) a house: the step's own, a region, or the box where its chain starts; never a
/// cell the step places in or clears; a single's never names its digit either (that is the
/// answer).
fn check_where(logic: &Logic, step: &sudoku_logic::Step) {
    use sudoku_logic::{Role, Target};
    if step.technique == Technique::BruteForce {
        return;
    }
    let mut hinted = step.clone();
    logic.point(&mut hinted);
    let bases: Vec<Target> = hinted.with_role(Role::Base).collect();
    assert!(!bases.is_empty(), "{:?} points nowhere", step.technique);
    let mut effect: Vec<String> = step.placements.iter().map(|c| c.cell.to_string()).collect();
    effect.extend(step.eliminations.iter().map(|c| c.cell.to_string()));
    for lang in [Lang::En, Lang::Zh] {
        let text = hinted.hint_text(Stage::Where, lang);
        // Houses, which every front end tints at stage 2; no cell.
        assert!(
            bases.iter().all(|t| matches!(t, Target::House(_))),
            "{bases:?}"
        );
        assert!(
            bases.iter().any(|t| text.contains(&t.to_string())),
            "stage 2 names none of {bases:?}: {text}"
        );
        for cell in &effect {
            assert!(
                !text.contains(cell.as_str()),
                "stage 2 gives {cell} away: {text}"
            );
        }
        let single = matches!(
            step.technique,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        );
        if single {
            let bare = strip_cells(&text);
            assert!(
                !bare.chars().any(|c| c.is_ascii_digit()),
                "the digit given away: {text}"
            );
        }
    }
}

/// Every forcing step on the paths of hard puzzles names what its branches run into (or,
/// for a verity, the result every case reaches), in both languages.
#[test]
fn forcing_steps_name_their_contradiction() {
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let mut kinds = std::collections::BTreeSet::new();
    for puzzle in TOP1465.lines().take(60) {
        let grid: Grid = puzzle.trim().parse().unwrap();
        for step in logic.solve_path(&grid).unwrap().steps {
            if step.technique.name().starts_with("Forcing") {
                let (en, zh) = (
                    step.reason(Lang::En).unwrap(),
                    step.reason(Lang::Zh).unwrap(),
                );
                check_chain_reason(&step, &en, &zh);
                check_words(&step, &step.explain(Lang::En), &step.explain(Lang::Zh));
                kinds.insert(step.technique);
            }
        }
    }
    assert!(kinds.len() >= 2, "forcing steps met: {kinds:?}");
}

/// A doubly linked ALS-XZ (two restricted commons) says why its eliminations hold: both
/// links, and each set locked, not the single link's rule.
#[test]
fn a_doubly_linked_als_xz_explains_the_double_link() {
    use sudoku_logic::reglib::parse_str;
    let layout = Layout::classic();
    let logic = Logic::new(&layout);
    let mut told = 0;
    for line in parse_str(REGLIB).into_iter().flatten() {
        if line.code != "0901" || line.is_fail_case() {
            continue;
        }
        let pos = line.position(&layout).unwrap();
        for step in logic.find_steps(&pos, Technique::AlsXz) {
            if step.digits.len() != 2 {
                continue;
            }
            let (en, zh) = (
                step.reason(Lang::En).unwrap(),
                step.reason(Lang::Zh).unwrap(),
            );
            let (x, y) = (step.digits[0], step.digits[1]);
            assert!(
                en.contains("doubly linked")
                    && en.contains(&format!("{x} and {y} are both restricted commons"))
                    && en.contains("both are locked"),
                "{en}"
            );
            assert!(
                zh.contains("双重相连") && zh.contains(&format!("{x} 和 {y} 都是受限公共数")),
                "{zh}"
            );
            told += 1;
        }
    }
    assert!(told > 0, "no doubly linked ALS-XZ met");
}
