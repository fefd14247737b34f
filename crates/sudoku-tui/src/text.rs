//! The terminal's words in English and Chinese (the Chinese in the words the page and the
//! hints use: 候选数, 提示, 唯余, 排除 ...).

use sudoku_logic::Lang;

/// A sentence of the terminal front end; each variant is named for what it says (see
/// [`say`]).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Say {
    Title,
    /// The day's puzzle, in the title.
    Daily,
    Level,
    Time,
    Mistakes,
    Hints,
    NotesMode,
    On,
    Off,
    Paused,
    PausedText,
    GaveUp,
    Lost,
    Help,
    HelpTitle,
    Stats,
    StatsEmpty,
    NewGame,
    NewGameHelp,
    Rung,
    Size,
    Variant,
    Classic,
    Diagonal,
    DiagonalShort,
    Generating,
    MakingGivenUp,
    TooSmall,
    NothingToUndo,
    NothingToRedo,
    CheckOk,
    CheckBad,
    HintNone,
    Imported,
    Saved,
    Played,
    Solved,
    WinRate,
    Best,
    Average,
    Helped,
    BestHelped,
    Drill,
    Compact,
    Selected,
    NotesOf,
    Answered,
    Right,
    Accuracy,
    AverageSeconds,
}

/// The sentence in the language.
pub fn say(lang: Lang, what: Say) -> &'static str {
    use Say::*;
    let zh = lang == Lang::Zh;
    match what {
        Title => pick(zh, "Dancing Sudoku", "舞蹈数独"),
        Daily => pick(zh, "Daily", "每日一题"),
        Level => pick(zh, "Level", "难度"),
        Time => pick(zh, "Time", "用时"),
        Mistakes => pick(zh, "Mistakes", "错误"),
        Hints => pick(zh, "Hints", "提示"),
        NotesMode => pick(zh, "Notes", "候选数模式"),
        On => pick(zh, "on", "开"),
        Off => pick(zh, "off", "关"),
        Paused => pick(zh, "Paused", "已暂停"),
        PausedText => pick(
            zh,
            "The board is hidden while the timer is stopped. P: go on",
            "计时暂停时盘面隐藏。按 P 继续",
        ),
        GaveUp => pick(
            zh,
            "Ended: the solution is shown.",
            "已结束：显示的是答案。",
        ),
        Lost => pick(zh, "Lost: too many mistakes.", "失败：错误太多。"),
        HelpTitle => pick(zh, "Keys", "按键"),
        Help => pick(
            zh,
            "Arrows, h j k l   move\n\
             1-9, A-G          place a digit\n\
             Alt + digit       one note\n\
             N                 notes mode\n\
             Backspace, 0      erase\n\
             F                 fill every cell's candidates\n\
             u, Ctrl-Z         undo\n\
             Ctrl-R, Ctrl-Y    redo\n\
             I                 hint (again: the next stage)\n\
             Enter             apply the hint's step\n\
             R                 reveal the cell\n\
             C                 check against the solution\n\
             P                 pause\n\
             S                 statistics\n\
             G                 new game\n\
             O                 the games being played\n\
             V                 colour the cell (again: next colour);\n\
             \x20                 in notes mode: a brush, digits colour candidates\n\
             M / X / K         auto notes / clashes / check as you go\n\
             L                 English / 中文\n\
             ?                 this help\n\
             Q                 quit (the game is saved)\n\
             Mouse             select a cell\n\
             On 16×16, A-G are digits: Alt + C, F, G check, fill, new game",
            "方向键、h j k l   移动\n\
             1-9、A-G          填数字\n\
             Alt + 数字        单个候选数\n\
             N                 候选数模式\n\
             退格、0           擦除\n\
             F                 填上全部候选数\n\
             u、Ctrl-Z         撤销\n\
             Ctrl-R、Ctrl-Y    重做\n\
             I                 提示（再按：下一阶段）\n\
             回车              应用提示的这一步\n\
             R                 揭示本格\n\
             C                 对照答案检查\n\
             P                 暂停\n\
             S                 统计\n\
             G                 新游戏\n\
             O                 未完成的游戏\n\
             V                 给格子标颜色（再按：换下一种）；\n\
             \x20                 候选数模式下为画笔，按数字给候选数标颜色\n\
             M / X / K         自动删候选数 / 显示冲突 / 随时检查\n\
             L                 English / 中文\n\
             ?                 本帮助\n\
             Q                 退出（游戏已保存）\n\
             鼠标              选择格子\n\
             16×16 盘面上 A-G 是数字：检查、填候选数、新游戏按 Alt + C、F、G",
        ),
        Stats => pick(zh, "Statistics", "统计"),
        StatsEmpty => pick(zh, "No games yet.", "还没有玩过。"),
        NewGame => pick(zh, "New game", "新游戏"),
        NewGameHelp => pick(
            zh,
            "Up/Down: choose a line  Left/Right: change  Enter: start  Esc: back",
            "上下：选择行  左右：更改  回车：开始  Esc：返回",
        ),
        Rung => pick(zh, "Level", "难度"),
        Size => pick(zh, "Size", "尺寸"),
        Variant => pick(zh, "Variant", "变体"),
        Classic => pick(zh, "Classic", "标准"),
        Diagonal => pick(zh, "Diagonal", "对角线"),
        DiagonalShort => pick(zh, "diag.", "对角"),
        Generating => pick(zh, "Making a puzzle…", "正在出题……"),
        MakingGivenUp => pick(
            zh,
            "New game given up: this one goes on.",
            "已取消出题，继续当前这局。",
        ),
        TooSmall => pick(
            zh,
            "The terminal is too small for this board.",
            "终端太小，放不下这个盘面。",
        ),
        NothingToUndo => pick(zh, "Nothing to undo.", "没有可撤销的操作。"),
        NothingToRedo => pick(zh, "Nothing to redo.", "没有可重做的操作。"),
        CheckOk => pick(zh, "Everything entered is right.", "填入的数字全部正确。"),
        CheckBad => pick(
            zh,
            "Marked in red: wrong or clashing.",
            "红色标出的数字有错或冲突。",
        ),
        HintNone => pick(zh, "No hint now.", "现在没有提示。"),
        Imported => pick(zh, "Your puzzle", "自选题目"),
        Saved => pick(zh, "Saved.", "已保存。"),
        Played => pick(zh, "Played", "已玩"),
        Solved => pick(zh, "Solved", "完成"),
        WinRate => pick(zh, "Win%", "胜率"),
        Best => pick(zh, "Best", "最佳"),
        Average => pick(zh, "Average", "平均"),
        Helped => pick(zh, "Help", "用提示"),
        BestHelped => pick(zh, "Best+help", "最佳(提示)"),
        Drill => pick(zh, "Singles drill", "直观技巧练习"),
        Compact => pick(
            zh,
            "Compact layout: notes of the selected cell below.",
            "紧凑布局：所选格子的候选数见下方。",
        ),
        Selected => pick(zh, "Cell", "格子"),
        NotesOf => pick(zh, "notes", "候选数"),
        Answered => pick(zh, "Answered", "已答"),
        Right => pick(zh, "Right", "答对"),
        Accuracy => pick(zh, "Accuracy", "正确率"),
        AverageSeconds => pick(zh, "Avg s", "平均秒"),
    }
}

fn pick(zh: bool, en: &'static str, chinese: &'static str) -> &'static str {
    if zh { chinese } else { en }
}

/// A rung's name in the language.
pub fn rung_name(lang: Lang, id: &str) -> String {
    match sudoku_logic::ladder::Rung::by_id(id) {
        Some(r) if lang == Lang::Zh => r.name_zh.to_string(),
        Some(r) => r.name_en.to_string(),
        None if id == "import" => say(lang, Say::Imported).to_string(),
        None => id.to_string(),
    }
}

/// `m:ss` or `h:mm:ss`.
pub fn clock(ms: u64) -> String {
    let s = ms / 1000;
    let (h, m, s) = (s / 3600, s / 60 % 60, s % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The line under a won board: the time, the mistakes and the hints, and whether the time
/// counts as a best time (a game with hints or revealed cells has no best time).
pub fn won_line(lang: Lang, ms: u64, mistakes: u32, hints: u32, helped: bool) -> String {
    let time = clock(ms);
    match lang {
        Lang::Zh => {
            let help = if helped {
                "（用了提示，不计最佳）"
            } else {
                ""
            };
            format!("完成！用时 {time}，错误 {mistakes} 次，提示 {hints} 次{help}。")
        }
        _ => {
            let m = if mistakes == 1 { "mistake" } else { "mistakes" };
            let h = if hints == 1 { "hint" } else { "hints" };
            let help = if helped {
                " (with help: no best time)"
            } else {
                ""
            };
            format!("Solved in {time}: {mistakes} {m}, {hints} {h}{help}. Well done.")
        }
    }
}

/// A colour mark's name (`1..=6`).
pub fn colour_name(lang: Lang, colour: u8) -> &'static str {
    let names = match lang {
        Lang::Zh => ["红色", "橙色", "黄色", "绿色", "蓝色", "紫色"],
        _ => ["red", "orange", "yellow", "green", "blue", "purple"],
    };
    names[usize::from(colour.clamp(1, 6) - 1)]
}

/// The brush beside the notes mode (`  brush: red`), empty when none.
pub fn brush(lang: Lang, brush: u8) -> String {
    match (brush, lang) {
        (0, _) => String::new(),
        (k, Lang::Zh) => format!("  画笔：{}", colour_name(lang, k)),
        (k, _) => format!("  brush: {}", colour_name(lang, k)),
    }
}

/// The message while a new game is being made: the seconds so far, and how to give it up.
pub fn making(lang: Lang, secs: u64) -> String {
    let what = say(lang, Say::Generating);
    match (lang, secs) {
        (Lang::Zh, 0) => format!("{what}（按 Esc 取消）"),
        (Lang::Zh, _) => format!("{what}{secs} 秒（按 Esc 取消）"),
        (_, 0) => format!("{what} (Esc gives it up)"),
        (_, _) => format!("{what} {secs} s (Esc gives it up)"),
    }
}
