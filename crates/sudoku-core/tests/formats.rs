//! Reading batches (line, multi-line grid, JSON, comments, labels, errors with positions) and
//! writing every format, through the public API.

use sudoku_core::format::{OutputFormat, ReadOptions, csv, json, read_buf, read_str};
use sudoku_core::{Grid, ParseErrorKind, Shape};

const PUZZLE: &str =
    ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.";

#[test]
fn a_mixed_batch_keeps_going_after_errors() {
    let pretty = PUZZLE.parse::<Grid>().unwrap().to_pretty();
    let text = format!(
        "# comment\n{PUZZLE}\tSE 7.2\n\
         {bad}\n\
         \n\
         {pretty}\
         {{\"grid\": \"{PUZZLE}\", \"label\": \"json\"}}\n\
         {short}\n\
         {PUZZLE}\n",
        bad = PUZZLE.replacen('.', "?", 1),
        short = &PUZZLE[..80],
    );
    let results: Vec<_> = read_str(&text, ReadOptions::default()).collect();
    assert_eq!(results.len(), 6, "{results:?}");
    let ok = |k: usize| results[k].as_ref().unwrap();
    let err = |k: usize| results[k].as_ref().unwrap_err();
    assert_eq!((ok(0).line, ok(0).label.as_str()), (2, "SE 7.2"));
    assert_eq!(err(1).line, 3);
    assert_eq!(
        err(1).to_string(),
        "line 3, column 1 (r1c1): `?` is not a digit or an empty-cell mark"
    );
    assert_eq!(ok(2).line, 5);
    assert_eq!(ok(2).grid, ok(0).grid);
    assert_eq!((ok(3).line, ok(3).label.as_str()), (16, "json"));
    assert_eq!(err(4).line, 17);
    assert!(matches!(
        err(4).kind,
        ParseErrorKind::Length { found: 80, .. }
    ));
    assert_eq!(ok(5).line, 18);
}

#[test]
fn box_shape_option_is_enforced() {
    let opts = ReadOptions {
        shape: Some(Shape::new(2, 2).unwrap()),
        ..ReadOptions::default()
    };
    let r: Vec<_> = read_str(&format!("{PUZZLE}\n.4..............\n"), opts).collect();
    assert!(matches!(
        r[0].as_ref().unwrap_err().kind,
        ParseErrorKind::Length {
            found: 81,
            expected: Some(16)
        }
    ));
    assert_eq!(r[1].as_ref().unwrap().grid.size(), 4);
    // 6x6 written on one line needs the box shape only to pick 2x3 or 3x2: 2x3 by default.
    let six = "1.....".repeat(6);
    let g: Grid = six.parse().unwrap();
    assert_eq!(g.shape(), Shape::new(2, 3).unwrap());
    let opts = ReadOptions {
        shape: Some(Shape::new(3, 2).unwrap()),
        ..ReadOptions::default()
    };
    let e = read_str(&six, opts).next().unwrap().unwrap();
    assert_eq!(e.grid.shape(), Shape::new(3, 2).unwrap());
}

#[test]
fn digits_above_nine_are_letters() {
    let shape = Shape::new(4, 4).unwrap();
    let g = Grid::pattern(shape);
    let line = g.to_line();
    assert!(line.starts_with("123456789ABCDEFG"));
    assert_eq!(line.parse::<Grid>().unwrap(), g);
    let e = ".H".to_string() + &".".repeat(254);
    let e = read_str(&e, ReadOptions::default())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 2 (r1c2): `H` is not a digit of a 16x16 grid (1-9, A-G; `.` or `0` for an empty cell)"
    );
    // Ten letters read as the first row of a 10x10 grid, whose one letter is `A`.
    let e = read_str("hello world", ReadOptions::default())
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1 (r1c1): `H` is not a digit of a 10x10 grid (1-9, A; `.` or `0` for an empty cell)"
    );
    let g25 = Grid::pattern(Shape::new(5, 5).unwrap());
    assert_eq!(g25.to_line().parse::<Grid>().unwrap(), g25);
    assert_eq!(
        sudoku_core::format::grid::parse_grid(&g25.to_pretty(), None).unwrap(),
        g25
    );
}

#[test]
fn writers() {
    let g: Grid = PUZZLE.parse().unwrap();
    assert_eq!(
        OutputFormat::Line.write(&g, "", None),
        format!("{PUZZLE}\n")
    );
    let pretty = OutputFormat::Grid.write(&g, "x", None);
    assert!(pretty.starts_with("# x\n. 9 3 | . . . | 7 . .\n"));
    assert_eq!(pretty.lines().count(), 1 + 9 + 2);
    let j = OutputFormat::Json.write(&g, "x", None);
    let back = json::parse_json(&j, None).unwrap();
    assert_eq!((back.grid, back.label.as_str()), (g.clone(), "x"));
    let mut value = json::to_value(&g, "", None);
    value["verdict"] = "unique".into();
    assert!(json::parse_json(&value.to_string(), None).is_ok());
    assert_eq!(csv::grid_rows(&g).lines().count(), 9);
    assert_eq!(
        OutputFormat::Csv.write(&g, "a\"b", None),
        format!("{PUZZLE},\"a\"\"b\"\n")
    );
    for name in ["line", "grid", "pretty", "json", "csv"] {
        let f: OutputFormat = name.parse().unwrap();
        let text = f.write(&g, "", None);
        if f != OutputFormat::Csv {
            let back: Vec<_> = read_str(&text, ReadOptions::default()).collect();
            assert_eq!(back.len(), 1, "{name}");
            assert_eq!(back[0].as_ref().unwrap().grid, g, "{name}");
        }
    }
    assert!("xml".parse::<OutputFormat>().is_err());
}

#[test]
fn streams_and_crlf() {
    let text = format!("{PUZZLE}\r\n\r\n{PUZZLE}  label  \r\n");
    let r: Vec<_> = read_buf(text.as_bytes(), ReadOptions::default()).collect();
    assert_eq!(r.len(), 2);
    assert_eq!(r[1].as_ref().unwrap().label, "label");
    assert_eq!(r[1].as_ref().unwrap().line, 3);
}

#[test]
fn sdk_sections_and_incomplete_grids() {
    let rows = "2..7.5..1\n".to_string() + &".........\n".repeat(8);
    let text = format!("[Puzzle]\n{rows}[State]\n{rows}");
    let r: Vec<_> = read_str(&text, ReadOptions::default()).collect();
    assert_eq!(r.len(), 1);
    let text = ".........\n.........\n\n.4..............\n";
    let r: Vec<_> = read_str(text, ReadOptions::default()).collect();
    assert_eq!(r.len(), 2);
    assert_eq!(
        r[0].as_ref().unwrap_err().to_string(),
        "line 1: the grid ends after 2 of 9 rows"
    );
    assert_eq!(r[1].as_ref().unwrap().line, 4);
}
