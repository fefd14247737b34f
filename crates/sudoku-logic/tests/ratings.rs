//! Our grades against HoDoKu 2.2.0's on a sample of the project's paired ratings (every tenth
//! puzzle of each set; see tests/data/SOURCES.md): every puzzle gets a complete path, Brute
//! Force (a guess) exactly where HoDoKu needs it; the level agrees on at least 99%, the score on
//! at least 96% and the hardest technique on at least 95%. The tables, per set and per HoDoKu
//! level, are printed (`cargo test -p sudoku-logic --test ratings -- --nocapture`).

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
    assert_eq!(all.graded, all.total, "{}", table.render());
    assert_eq!(all.guess_differs, 0, "{}", table.render());
    assert_eq!(all.with_hardest, all.total, "{}", table.render());
    assert!(all.level_pct() >= 99.0, "{}", table.render());
    assert!(all.score_pct() >= 96.0, "{}", table.render());
    assert!(all.hardest_pct() >= 95.0, "{}", table.render());
}
