//! Our grades against HoDoKu 2.2.0's on a sample of the project's paired ratings (every tenth
//! puzzle of each set; see tests/data/SOURCES.md): on the puzzles we grade, the level agrees on
//! at least 95% and the score on at least 90%, and a puzzle is "beyond" only where HoDoKu rates
//! it Unfair or Extreme. The table is printed (`cargo test -p sudoku-logic --test ratings --
//! --nocapture`).

mod agreement;

#[test]
fn grades_agree_with_hodoku() {
    let text = include_str!("data/paired-ratings-sample.tsv");
    let table = agreement::Table::grade(text, 20);
    for m in &table.mismatches {
        println!("{m}");
    }
    println!("{}", table.render());
    let all = table.all();
    assert!(all.total > 400, "{}", all.total);
    assert!(all.graded > 150, "{}", all.graded);
    assert!(all.level_pct() >= 95.0, "{}", table.render());
    assert!(all.score_pct() >= 90.0, "{}", table.render());
    assert_eq!(all.beyond_ok, all.total - all.graded, "{}", table.render());
}
