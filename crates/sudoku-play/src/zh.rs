//! The play flows' words in Chinese, in one place: the sentence for each error code, why an
//! imported puzzle does not read, givens that clash, and (from `sudoku-game`) houses and
//! refused moves. The front ends show these; they write no Chinese of their own for errors.
//! Cells keep their notation (`r1c3`), as the hints write them.

use sudoku_core::Conflict;
use sudoku_core::format::ParseErrorKind;
pub use sudoku_game::zh::{game_error, house};

use crate::Code;

/// The sentence for an error code that has no sentence of its own.
pub fn generic(code: Code, field: Option<&str>) -> String {
    match code {
        Code::BadJson => "请求内容不是有效的数据。".into(),
        Code::BadField => match field.map(field_name) {
            Some(name) => format!("{name}的值有误。"),
            None => "请求中有一项的值有误。".into(),
        },
        Code::NotFound => "找不到要找的对象（可能已被删除）。".into(),
        Code::MethodNotAllowed => "这个地址不接受这种请求。".into(),
        Code::TooLarge => "请求内容太大。".into(),
        Code::UnsupportedMediaType => "不支持这种文件类型。".into(),
        Code::BadOrigin => "请求来自其他网站，已拒绝。".into(),
        Code::Timeout => "请求内容没有及时送达。".into(),
        Code::TooManyRequests => "请求太频繁，请稍后再试。".into(),
        Code::Conflict => "这一步与本局的状态不符。".into(),
        Code::NoSolution => "这道题无解。".into(),
        Code::SeveralSolutions => "这道题有多个解。".into(),
        Code::TooHard => "在限定的搜索步数内无法确认这道题只有一个解。".into(),
        Code::Unavailable => "服务器暂时忙不过来，请稍后再试。".into(),
        Code::Internal => "服务器内部出错。".into(),
    }
}

/// A request field's name as the page shows it.
pub fn field_name(field: &str) -> &'static str {
    match field {
        "rung" => "难度",
        "size" => "尺寸",
        "variant" => "变体",
        "symmetry" => "对称方式",
        "puzzle" => "题目",
        "workbook" => "表格文件",
        "cell" => "格子",
        "digit" => "数字",
        "kind" => "操作类型",
        "stage" => "提示阶段",
        "lang" => "语言",
        "style" => "提示方式",
        "drill" => "练习类型",
        "date" => "日期",
        "key" => "操作编号",
        _ => "请求中的一项",
    }
}

/// Why an imported puzzle does not read (the page adds the line and column).
pub fn parse_error(kind: &ParseErrorKind) -> String {
    match kind {
        ParseErrorKind::BadChar { ch, cell, .. } => {
            format!("{}“{ch}”不是数字，也不是空格记号。", at(*cell))
        }
        ParseErrorKind::DigitTooLarge {
            written,
            cell,
            size,
            ..
        } => {
            let digits = if *size <= 9 {
                format!("1到{size}")
            } else {
                let top = char::from(b'A' + (*size - 10) as u8);
                format!("1到9和A到{top}")
            };
            format!(
                "{}“{written}”不是{size}×{size}盘面的数字（应为{digits}；空格写“.”或“0”）。",
                at(*cell)
            )
        }
        ParseErrorKind::BadToken { token, .. } => format!("“{token}”不是数字，也不是空格记号。"),
        ParseErrorKind::Length {
            found,
            expected: Some(e),
        } => format!("有{found}个格子，应为{e}个。"),
        ParseErrorKind::Length { found, .. } => {
            format!("{found}个格子拼不成本程序能读的正方形盘面（16、36、64、81、144、256个格子）。")
        }
        ParseErrorKind::RowLength {
            row,
            found,
            expected,
        } => format!("第{row}行有{found}个格子，应为{expected}个。"),
        ParseErrorKind::IncompleteGrid { rows, expected } => {
            format!("盘面只有{rows}行，应为{expected}行。")
        }
        ParseErrorKind::UnknownShape { size } => {
            format!("边长为{size}的盘面没有常用的宫形。")
        }
        ParseErrorKind::Json { .. } => "数据格式有误，读不出题目。".into(),
        ParseErrorKind::Variant(_) => "变体的区域拼不成盘面。".into(),
        ParseErrorKind::Grid(_) => "这些数字拼不成盘面。".into(),
        ParseErrorKind::NoPuzzle => "文本中没有找到题目。".into(),
        ParseErrorKind::SecondPuzzle => "这里只要一道题，却又出现了一道。".into(),
        ParseErrorKind::Io(_) => "读取输入时出错。".into(),
        // A kind added later still gets a Chinese sentence.
        #[allow(unreachable_patterns)]
        _ => "题目读不出来。".into(),
    }
}

fn at(cell: Option<sudoku_core::Cell>) -> String {
    cell.map_or_else(String::new, |c| format!("{c}："))
}

/// Two givens with one digit in one house.
pub fn conflict(c: &Conflict) -> String {
    format!(
        "给出的数字互相冲突：{}有两个{}，在{}和{}。",
        house(c.house),
        c.digit,
        c.cells[0],
        c.cells[1]
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_game::{GameError, Status};

    /// What the page must never show a Chinese reader: Latin letters outside cell names.
    fn latin_outside_cells(text: &str) -> Option<String> {
        let mut rest = text.to_string();
        // Drop cell names (r1c3) first.
        let mut out = String::new();
        let chars: Vec<char> = rest.drain(..).collect();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == 'r' && i + 1 < chars.len() && chars[i + 1].is_ascii_digit() {
                let mut j = i + 1;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                if j < chars.len() && chars[j] == 'c' {
                    j += 1;
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                    i = j;
                    continue;
                }
            }
            out.push(chars[i]);
            i += 1;
        }
        out.chars().any(|c| c.is_ascii_alphabetic()).then_some(out)
    }

    #[test]
    fn every_generic_sentence_is_chinese() {
        for code in Code::ALL {
            for field in [None, Some("rung"), Some("puzzle"), Some("nonsense")] {
                let text = generic(code, field);
                assert!(latin_outside_cells(&text).is_none(), "{code}: {text}");
            }
        }
    }

    #[test]
    fn a_bad_import_is_told_in_chinese_with_its_facts() {
        let err = sudoku_core::format::read_str("1..4.4..21.x...1", Default::default())
            .next()
            .expect("an entry")
            .expect_err("a bad character");
        let text = parse_error(&err.kind);
        assert!(text.contains("“x”"), "{text}");
        assert!(
            latin_outside_cells(&text.replace("“x”", "")).is_none(),
            "{text}"
        );

        let grid: sudoku_core::Grid = "11..............".parse().expect("a 4x4 grid");
        let layout = sudoku_core::Layout::new(grid.shape());
        let clash = layout.conflict(&grid).expect("a clash");
        let text = conflict(&clash);
        assert!(
            text.contains("第1行") && text.contains("r1c1") && text.contains("r1c2"),
            "{text}"
        );
        assert!(latin_outside_cells(&text).is_none(), "{text}");
    }

    #[test]
    fn every_refused_move_is_told_in_chinese() {
        let cell = sudoku_core::Cell::new(0, 2);
        for e in [
            GameError::CellOutside { cell, n: 4 },
            GameError::BadDigit { digit: 7, n: 4 },
            GameError::Given(cell),
            GameError::Filled(cell),
            GameError::Finished(Status::Won),
            GameError::NothingToUndo,
            GameError::NothingToRedo,
            GameError::Mistakes("r1c3".into()),
            GameError::Stuck,
            GameError::Full,
            GameError::Invalid("x".into()),
        ] {
            let text = game_error(&e);
            assert!(latin_outside_cells(&text).is_none(), "{e}: {text}");
        }
    }
}
