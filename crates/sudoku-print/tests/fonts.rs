//! The embedded PDF font covers every character the project prints: each non-ASCII character
//! in the sources whose text is printed (logic, print, cli) has a glyph. When this fails, a
//! new word was written: run `fonts/subset.sh` to rebuild the subset.

use skrifa::{FontRef, MetadataProvider};

#[test]
fn the_font_subset_has_every_character_the_texts_use() {
    let font = FontRef::new(sudoku_print::FONT_REGULAR).expect("the embedded font reads");
    let charmap = font.charmap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut missing = std::collections::BTreeMap::new();
    let mut checked = 0;
    for krate in ["sudoku-logic", "sudoku-print", "sudoku-cli"] {
        let mut stack = vec![root.join(krate).join("src")];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("a source folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    for c in text.chars().filter(|c| !c.is_ascii()) {
                        checked += 1;
                        if charmap.map(c).is_none() {
                            missing
                                .entry(c)
                                .or_insert_with(|| path.display().to_string());
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "only {checked} characters checked");
    assert!(
        missing.is_empty(),
        "no glyph (run fonts/subset.sh): {missing:?}"
    );
}
