//! Puzzle links read as f-puzzles and SudokuPad write them: a real f-puzzles link with killer
//! cages, the same data as a SudokuPad link and bare, and links that carry what is not read
//! (a SudokuPad id, SudokuPad's own format, a broken stream, another site) refused, saying
//! why, on the line they are on.

use sudoku_core::constraint::{count, verdict};
use sudoku_core::format::{ReadOptions, read_str};
use sudoku_core::{Grid, Layout, Verdict};

const LINKS: &str = include_str!("data/killer-links.txt");

/// The killer's solution, as `sudoku solve` finds it; checked here against the cages and the
/// houses, independently of any solver.
const SOLUTION: &str =
    "714562398286493517953178426578241963362985741149637285435826179821759634697314852";

fn options() -> ReadOptions {
    ReadOptions {
        constraints: true,
        ..ReadOptions::default()
    }
}

fn data() -> &'static str {
    LINKS.trim().split_once("?load=").unwrap().1
}

#[test]
fn an_f_puzzles_killer_link_reads_in_every_form_and_has_one_solution() {
    let forms = [
        LINKS.trim().to_string(),
        format!("https://sudokupad.app/fpuzzles{}", data()),
        format!(
            "https://sudokupad.app/?puzzleid=fpuzzles{}",
            data().replace('+', "%2B")
        ),
        format!("fpuzzles{}", data()),
    ];
    let entries: Vec<_> = forms
        .iter()
        .map(|form| {
            let mut read: Vec<_> = read_str(form, options()).collect();
            assert_eq!(read.len(), 1, "{form}");
            read.pop()
                .unwrap()
                .unwrap_or_else(|e| panic!("{form}: {e}"))
        })
        .collect();
    for entry in &entries[1..] {
        assert_eq!(entry.grid, entries[0].grid, "every form is the same puzzle");
        assert_eq!(entry.constraints, entries[0].constraints);
    }
    let entry = &entries[0];
    assert_eq!(entry.constraints.cages().count(), 17);
    assert_eq!(entry.grid.givens().count(), 0, "a killer with no givens");

    // The solution fits the houses and every cage: distinct digits summing to its sum.
    let solution: Grid = SOLUTION.parse().unwrap();
    let layout = Layout::classic();
    assert!(solution.is_full() && layout.conflict(&solution).is_none());
    for cage in entry.constraints.cages() {
        let digits: Vec<usize> = cage
            .cells
            .iter()
            .map(|&c| solution.get(c).unwrap().get())
            .collect();
        let mut distinct = digits.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), digits.len(), "{cage:?}");
        assert_eq!(Some(digits.iter().sum::<usize>() as u32), cage.sum);
    }
    // From no givens, the cages alone leave that solution and no other.
    let counted = count(
        &layout,
        &entry.grid,
        &entry.constraints,
        2,
        &Default::default(),
    );
    assert_eq!(counted.unwrap(), Some(1));
    let found = verdict(
        &layout,
        &entry.grid,
        &entry.constraints,
        &Default::default(),
    );
    assert_eq!(found.unwrap(), Some(Verdict::Unique(solution)));
}

#[test]
fn a_link_s_cages_are_refused_where_cages_are_not_read() {
    let e = read_str(LINKS, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().contains("killer"), "{e}");
}

#[test]
fn links_that_carry_nothing_readable_say_why() {
    let cases = [
        (
            "https://sudokupad.app/abc123xyz",
            "kept on SudokuPad's server",
        ),
        (
            "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA5",
            "SudokuPad's own format",
        ),
        (
            "https://www.f-puzzles.com/?id=2zhcfzeg",
            "without `?load=` data",
        ),
        ("https://example.com/?load=N4Ig", "example.com"),
        (
            "https://www.f-puzzles.com/?load=N4IgzglgXg",
            "does not decompress",
        ),
        (
            "https://www.f-puzzles.com/?load=N4I*zglgXg",
            "not a character",
        ),
        // `{"x":3}`: JSON, but no puzzle.
        ("fpuzzlesN4IgHiBcDMC+Q===", "not an f-puzzles puzzle"),
    ];
    for (link, said) in cases {
        let text = format!("# a comment\n{link}\n");
        let e = read_str(&text, options()).next().unwrap().unwrap_err();
        let message = e.to_string();
        assert!(message.contains(said), "{link}: {message}");
        assert!(message.contains("line 2"), "{link}: {message}");
    }
}
