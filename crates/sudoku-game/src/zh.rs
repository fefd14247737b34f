//! The game's words in Chinese, shared by the front ends: houses as Chinese solvers name
//! them, and why a move was refused (the web's `message_zh`, the terminal's messages).

use sudoku_core::House;

use crate::{GameError, Status};

/// A house as Chinese solvers name it: 第3行, 第5列, 第2宫.
pub fn house(h: House) -> String {
    let k = h.index() + 1;
    match h {
        House::Row(_) => format!("第{k}行"),
        House::Col(_) => format!("第{k}列"),
        House::Box(_) => format!("第{k}宫"),
        House::Diagonal(_) => format!("第{k}条对角线"),
        House::Region(_) => format!("第{k}区"),
        House::Extra(_) => format!("第{k}个附加区域"),
    }
}

/// Why a move or action was refused.
pub fn game_error(e: &GameError) -> String {
    match e {
        GameError::CellOutside { cell, n } => format!("格子{cell}不在{n}×{n}的盘面内。"),
        GameError::BadDigit { digit, n } => {
            format!("{digit}不是{n}×{n}盘面的数字（应为1到{n}）。")
        }
        GameError::Given(cell) => format!("{cell}是题目给出的数字，不能修改。"),
        GameError::Filled(cell) => format!("{cell}已经填了数字；先擦掉它，再写候选数。"),
        GameError::Finished(status) => format!("本局已经{}，不能再走棋。", status_name(*status)),
        GameError::NothingToUndo => "没有可以撤销的步骤。".into(),
        GameError::NothingToRedo => "没有可以重做的步骤。".into(),
        GameError::Mistakes(_) => "盘面上有错误，请先改正，再求提示。".into(),
        GameError::Stuck => "本程序已知的技巧都用不上了。".into(),
        GameError::Full => "盘面已经填满了。".into(),
        GameError::Invalid(_) => "题目和答案对不上，无法开局。".into(),
        GameError::BadLimit => "错误上限至少为1次。".into(),
        GameError::BadColour(c) => format!("{c}不是可用的颜色（应为1到6，0表示清除）。"),
        GameError::UnderLimit { mistakes, limit } => {
            format!("错误{mistakes}次，还没到{limit}次的上限，本局继续。")
        }
    }
}

fn status_name(status: Status) -> &'static str {
    match status {
        Status::Playing => "进行中",
        Status::Won => "完成",
        Status::GaveUp => "放弃",
        Status::Lost => "失败",
    }
}
