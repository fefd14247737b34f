//! The embedded PDF fonts cover every character the project prints: each non-ASCII character
//! in the sources whose text is printed (logic, print, cli) has a glyph. When this fails, a
//! new word was written: run `fonts/subset.sh` to rebuild the subsets. They also cover what a
//! user's title or label is written in: the Latin, Greek and Cyrillic alphabets and the
//! 6,763 hanzi of GB 2312.

use skrifa::{FontRef, MetadataProvider};

#[test]
fn the_font_subset_has_every_character_the_texts_use() {
    let fonts: Vec<FontRef<'_>> = sudoku_print::FONTS_REGULAR
        .iter()
        .map(|data| FontRef::new(data).expect("an embedded font reads"))
        .collect();
    let has = |c: char| fonts.iter().any(|f| f.charmap().map(c).is_some());
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
                        if !has(c) {
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

/// A user's title or label prints out of the box in the Latin, Greek and Cyrillic alphabets
/// and in Chinese: every letter of those alphabets and each of GB 2312's 6,763 hanzi
/// (`tests/data/gb2312-hanzi.txt`) has a glyph, so titles such as "Café Sudoku — Noël",
/// "Für Oma" and "春节谜题集" print.
#[test]
fn titles_in_latin_greek_cyrillic_and_chinese_have_glyphs() {
    for text in [
        "Café Sudoku — Noël",
        "Für Oma",
        "春节谜题集",
        "Łódź, Straße, Ærøskøbing, İstanbul, Ελληνικά, Ωμέγα, Русский, Україна, Tiếng Việt",
    ] {
        assert_eq!(sudoku_print::lacking(text, None), [], "{text}");
    }
    let letters: String = (0x00C0..=0x024F)
        .chain(0x0386..=0x03CE)
        .chain(0x0400..=0x045F)
        .chain(0x1EA0..=0x1EF9)
        .filter_map(char::from_u32)
        .filter(|c| c.is_alphabetic())
        .collect();
    assert_eq!(sudoku_print::lacking(&letters, None), [], "letters");
    let hanzi = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/gb2312-hanzi.txt"
    ))
    .expect("tests/data/gb2312-hanzi.txt");
    assert_eq!(hanzi.chars().filter(|c| !c.is_whitespace()).count(), 6763);
    assert_eq!(sudoku_print::lacking(&hanzi, None), [], "GB 2312");
    // Beyond them, a character is named.
    assert_eq!(sudoku_print::lacking("かな אב ☃", None), ['א', 'ב', '☃']);
}
