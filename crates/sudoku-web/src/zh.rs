//! Error messages in Chinese, for the `message_zh` of every error answer: the page shows it
//! when it speaks Chinese, so a Chinese player never reads an English sentence.
//!
//! The errors a player meets (a puzzle that does not read, a clash among the givens, a move
//! the game refuses) and the sentence for each code come from `sudoku_play::zh`, shared with
//! the terminal; what is here is the server's own: quotas, limits on bodies, stopping.

/// 429: too many new sessions from one address.
pub fn too_many_sessions(limit: u32, wait: u32) -> String {
    format!("同一地址每分钟最多开始 {limit} 个新会话。请保留会话 Cookie，或 {wait} 秒后再试。")
}

/// 429: too many new games and drill questions, in a session or from one address.
pub fn too_many_new(limit: u32, wait: u32, per_address: bool) -> String {
    let who = if per_address {
        "同一地址"
    } else {
        "本会话"
    };
    format!("{who}每分钟最多开始 {limit} 局新游戏或练习题，请 {wait} 秒后再试。")
}

/// 429: too many moves and other changes, in a session or from one address.
pub fn too_many_changes(limit: u32, wait: u32, per_address: bool) -> String {
    let who = if per_address {
        "同一地址"
    } else {
        "本会话"
    };
    format!("{who}每分钟最多提交 {limit} 次操作，请 {wait} 秒后再试。")
}

/// 429: a session holds as many games (or drill questions) as one may.
pub fn too_many_held(count: u64, limit: u64, games: bool) -> String {
    if games {
        format!("本会话已有 {count} 局游戏，达到了每个会话的上限（{limit} 局）。")
    } else {
        format!("本会话已有 {count} 道练习题，达到了每个会话的上限（{limit} 道）。")
    }
}

/// 413: a body larger than the endpoint takes (`size` as `16 KiB`, `2 MiB`).
pub fn too_large(size: &str) -> String {
    format!("请求内容超过了 {size} 的上限。")
}

/// 408: a body that did not arrive whole in time.
pub fn body_too_slow(received: u64, waited: u64, limit: u64, rate: u32) -> String {
    format!(
        "请求内容没有及时送达：{waited} 秒只收到 {received} 字节（必须在 {limit} 秒内全部送达，\
         且每秒至少 {rate} 字节）。"
    )
}

/// 503: a body cut off because the server is stopping.
pub fn stopping() -> String {
    "服务器正在关闭，请稍后重新发送。".into()
}

/// The sentence for an error code that has no sentence of its own.
pub fn generic(code: &str, field: Option<&str>) -> String {
    sudoku_play::zh::generic(
        sudoku_play::Code::parse(code).unwrap_or(sudoku_play::Code::Internal),
        field,
    )
}
