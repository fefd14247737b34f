//! The replay's machinery: the players, the requests, the recording and the comparison with
//! their normalisation (ids, times and dates aside), and the compact form of a board.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::time::Duration;

use reqwest::{Client, Method};
use serde_json::{Map, Value, json};

/// The fixture, from the crate's directory.
pub(super) fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/replay/session.jsonl")
}

/// A client: its name in the fixture and its cookies (or none).
pub(super) struct Who {
    name: &'static str,
    client: Client,
}

impl Who {
    pub(super) fn new(name: &'static str, cookies: bool) -> Who {
        let client = Client::builder()
            .cookie_store(cookies)
            .timeout(Duration::from_secs(60))
            .build()
            .expect("a client");
        Who { name, client }
    }
}

/// What a request carries.
pub(super) enum Payload {
    /// No body (and no `Content-Type`).
    None,
    /// A JSON body, recorded as it is.
    Json(Value),
    /// A JSON body that depends on a random puzzle, recorded as `shown`.
    Shown(Value, Value),
    /// Text sent as `application/json` (JSON that is not, or of the wrong shape).
    Text(String),
    /// Bytes of another kind, recorded as their description.
    Bytes(Vec<u8>, String),
}

/// One request: extra headers (a `content-type` here replaces the default).
pub(super) struct Request<'a> {
    pub(super) method: Method,
    pub(super) path: String,
    pub(super) payload: Payload,
    pub(super) headers: Vec<(&'a str, String)>,
}

/// The session being recorded or compared.
pub(super) struct Replay {
    base: String,
    /// The server's `host:port`, written `<server>`.
    pub(super) host: String,
    record: bool,
    expected: Vec<Value>,
    lines: Vec<String>,
    /// Raw id to alias.
    aliases: HashMap<String, String>,
    counters: HashMap<&'static str, usize>,
    /// Aliases of games made from a random or dated puzzle.
    unpinned: HashSet<String>,
    /// The server's UTC date as a day number (days since 1970-01-01).
    pub(super) today: Option<i64>,
    /// The dates the session used, each with its token (`<today-3>`).
    dates: HashMap<String, String>,
}

impl Replay {
    pub(super) fn new(server: &crate::common::Running) -> Replay {
        let record = std::env::var("REPLAY_RECORD").is_ok_and(|v| !v.is_empty() && v != "0");
        let expected = if record {
            Vec::new()
        } else {
            let text = std::fs::read_to_string(fixture()).unwrap_or_else(|e| {
                panic!(
                    "no fixture at {} ({e}): record it with REPLAY_RECORD=1",
                    fixture().display()
                )
            });
            text.lines()
                .enumerate()
                .map(|(k, line)| {
                    serde_json::from_str(line)
                        .unwrap_or_else(|e| panic!("fixture line {}: {e}", k + 1))
                })
                .collect()
        };
        Replay {
            base: server.url.clone(),
            host: server.addr.to_string(),
            record,
            expected,
            lines: Vec::new(),
            aliases: HashMap::new(),
            counters: HashMap::new(),
            unpinned: HashSet::new(),
            today: None,
            dates: HashMap::new(),
        }
    }

    pub(super) async fn get(&mut self, who: &Who, path: &str) -> (u16, Value) {
        self.send(who, request(Method::GET, path, Payload::None))
            .await
    }

    pub(super) async fn post(&mut self, who: &Who, path: &str, body: Value) -> (u16, Value) {
        self.send(who, request(Method::POST, path, Payload::Json(body)))
            .await
    }

    /// A POST without a body (`undo`, `pause`, ...).
    pub(super) async fn bare(&mut self, who: &Who, path: &str) -> (u16, Value) {
        self.send(who, request(Method::POST, path, Payload::None))
            .await
    }

    pub(super) async fn text(&mut self, who: &Who, path: &str, text: &str) -> (u16, Value) {
        self.send(
            who,
            request(Method::POST, path, Payload::Text(text.to_string())),
        )
        .await
    }

    pub(super) async fn import(&mut self, who: &Who, body: Value) -> (u16, Value) {
        self.post(who, "/api/games/import", body).await
    }

    /// Imports a puzzle that must be accepted: the game.
    pub(super) async fn game(&mut self, who: &Who, body: Value) -> Value {
        let (status, game) = self.import(who, body).await;
        assert_eq!(status, 201, "{game}");
        game
    }

    pub(super) async fn play(&mut self, who: &Who, id: &str, mv: Value) -> (u16, Value) {
        self.post(who, &format!("/api/games/{id}/moves"), mv).await
    }

    pub(super) async fn act(&mut self, who: &Who, id: &str, action: &str) -> (u16, Value) {
        self.bare(who, &format!("/api/games/{id}/{action}")).await
    }

    pub(super) async fn hint(&mut self, who: &Who, id: &str, body: Value) -> (u16, Value) {
        self.post(who, &format!("/api/games/{id}/hint"), body).await
    }

    /// A request made but not recorded (a move on a random puzzle); it must answer 200.
    pub(super) async fn quietly(&mut self, who: &Who, path: &str, body: Value) -> Value {
        tokio::time::sleep(Duration::from_millis(2)).await;
        let response = who
            .client
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("the server answers");
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        assert_eq!(status, 200, "off the record: {path} {body}: {answer}");
        answer
    }

    /// Sends a request, records or compares it, and gives back the raw status and body.
    pub(super) async fn send(&mut self, who: &Who, req: Request<'_>) -> (u16, Value) {
        tokio::time::sleep(Duration::from_millis(2)).await;
        let url = format!("{}{}", self.base, req.path);
        let mut builder = who.client.request(req.method.clone(), url);
        let mut content_type = match &req.payload {
            Payload::None => None,
            Payload::Bytes(..) => Some("application/octet-stream".to_string()),
            _ => Some("application/json".to_string()),
        };
        let mut shown_headers = Map::new();
        for (name, value) in &req.headers {
            if name.eq_ignore_ascii_case("content-type") {
                content_type = Some(value.clone()).filter(|v| !v.is_empty());
            } else {
                builder = builder.header(*name, value);
            }
            shown_headers.insert(name.to_string(), json!(self.norm_str(value)));
        }
        if let Some(kind) = &content_type {
            builder = builder.header("content-type", kind);
        }
        let shown_body = match req.payload {
            Payload::None => Value::Null,
            Payload::Json(value) => {
                builder = builder.body(value.to_string());
                self.norm(&value)
            }
            Payload::Shown(value, shown) => {
                builder = builder.body(value.to_string());
                shown
            }
            Payload::Text(text) => {
                let shown = if text.len() > 300 {
                    format!(
                        "<{} bytes: {}...>",
                        text.len(),
                        text.get(..40).unwrap_or("")
                    )
                } else {
                    self.norm_str(&text)
                };
                builder = builder.body(text);
                json!(shown)
            }
            Payload::Bytes(bytes, what) => {
                builder = builder.body(bytes);
                json!(format!("<{what}>"))
            }
        };
        let response = builder.send().await.expect("the server answers");
        let status = response.status().as_u16();
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let bytes = response.bytes().await.expect("a body");
        let raw: Option<Value> = serde_json::from_slice(&bytes).ok();
        let path = req.path.clone();
        if let Some(raw) = &raw {
            self.learn(&req.method, &path, status, raw);
        }
        let answer = match &raw {
            Some(raw) => {
                let mut v = self.norm(raw);
                if path.starts_with("/api/drill") && status == 200 {
                    drill_placeholders(raw, &mut v);
                }
                v
            }
            None if bytes.is_empty() => Value::Null,
            None if kind.starts_with("application/pdf") => {
                assert!(bytes.starts_with(b"%PDF-"), "a PDF");
                json!("<pdf>")
            }
            None => json!(self.norm_str(&String::from_utf8_lossy(&bytes))),
        };
        let mut entry = Map::new();
        entry.insert("i".into(), json!(self.lines.len()));
        entry.insert("who".into(), json!(who.name));
        entry.insert("method".into(), json!(req.method.as_str()));
        entry.insert("path".into(), json!(self.norm_str(&path)));
        if !shown_headers.is_empty() {
            entry.insert("headers".into(), Value::Object(shown_headers));
        }
        if !shown_body.is_null() {
            entry.insert("body".into(), shown_body);
        }
        entry.insert("status".into(), json!(status));
        if !kind.is_empty() && !kind.starts_with("application/json") {
            entry.insert("type".into(), json!(kind));
        }
        entry.insert("response".into(), answer);
        self.check(&entry);
        self.lines.push(line_of(&entry));
        (status, raw.unwrap_or(Value::Null))
    }

    /// Takes in the ids and the date of an answer.
    pub(super) fn learn(&mut self, method: &Method, path: &str, status: u16, raw: &Value) {
        let kind = if path.starts_with("/api/drill") {
            "question"
        } else {
            "game"
        };
        self.alias_ids(raw, kind);
        if self.today.is_none()
            && *method == Method::GET
            && path.starts_with("/api/daily")
            && let Some(date) = raw["date"].as_str()
        {
            self.today = day_number(date);
            self.dates.insert(date.to_string(), "<today>".to_string());
        }
        let made = *method == Method::POST
            && (path == "/api/games" || path.starts_with("/api/daily"))
            && (status == 200 || status == 201);
        if made && let Some(id) = raw["id"].as_str() {
            let alias = self.aliases[id].clone();
            self.unpinned.insert(alias);
        }
    }

    pub(super) fn alias_ids(&mut self, v: &Value, kind: &'static str) {
        match v {
            Value::Object(map) => {
                if let Some(Value::String(id)) = map.get("id")
                    && is_id(id)
                    && !self.aliases.contains_key(id)
                {
                    let n = self.counters.entry(kind).or_insert(0);
                    *n += 1;
                    self.aliases.insert(id.clone(), format!("<{kind}-{n}>"));
                }
                map.values().for_each(|x| self.alias_ids(x, kind));
            }
            Value::Array(items) => items.iter().for_each(|x| self.alias_ids(x, kind)),
            _ => {}
        }
    }

    /// Compares an entry with the fixture's (when comparing), failing with a readable diff.
    pub(super) fn check(&self, entry: &Map<String, Value>) {
        if self.record {
            return;
        }
        let i = self.lines.len();
        let Some(Value::Object(want)) = self.expected.get(i) else {
            panic!(
                "request {i} is not in the fixture ({} lines): the script grew; record again \
                 with REPLAY_RECORD=1\n  sent: {}",
                self.expected.len(),
                line_of(entry)
            );
        };
        let request_keys = ["who", "method", "path", "headers", "body"];
        if request_keys.iter().any(|k| want.get(*k) != entry.get(*k)) {
            panic!(
                "request {i} differs from the fixture's: the script changed; record again \
                 with REPLAY_RECORD=1\n  fixture: {}\n  script:  {}",
                line_of(want),
                line_of(entry)
            );
        }
        if want == entry {
            return;
        }
        let mut paths = Vec::new();
        differences(
            &Value::Object(want.clone()),
            &Value::Object(entry.clone()),
            "",
            &mut paths,
        );
        let shown = |k: &str, m: &Map<String, Value>| {
            m.get(k).map_or("(none)".to_string(), |v| {
                serde_json::to_string_pretty(v).unwrap_or_default()
            })
        };
        panic!(
            "request {i} ({} {} {}{}) answers otherwise than recorded:\n\
             status:   expected {}, got {}\n\
             differs at: {}\n\
             expected body:\n{}\n\
             actual body:\n{}\n",
            entry["who"].as_str().unwrap_or(""),
            entry["method"].as_str().unwrap_or(""),
            entry["path"].as_str().unwrap_or(""),
            entry
                .get("body")
                .map_or(String::new(), |b| format!(" with {b}")),
            want.get("status").unwrap_or(&Value::Null),
            entry["status"],
            paths.join(", "),
            clip(&shown("response", want)),
            clip(&shown("response", entry)),
        );
    }

    /// Writes the fixture (recording) or checks that the whole of it was played.
    pub(super) fn finish(self) {
        if self.record {
            let mut text = self.lines.join("\n");
            text.push('\n');
            std::fs::create_dir_all(fixture().parent().expect("a folder")).expect("a folder");
            std::fs::write(fixture(), text).expect("the fixture is written");
            eprintln!(
                "recorded {} requests in {}",
                self.lines.len(),
                fixture().display()
            );
        } else {
            assert_eq!(
                self.lines.len(),
                self.expected.len(),
                "the script ended after {} of the fixture's {} requests: record again with \
                 REPLAY_RECORD=1",
                self.lines.len(),
                self.expected.len()
            );
        }
    }

    /// An answer or request body with ids, times, dates and random puzzles aside.
    pub(super) fn norm(&self, v: &Value) -> Value {
        match v {
            Value::String(s) => json!(self.norm_str(s)),
            Value::Array(items) => Value::Array(items.iter().map(|x| self.norm(x)).collect()),
            Value::Object(map) => {
                let unpinned = map
                    .get("id")
                    .and_then(Value::as_str)
                    .and_then(|id| self.aliases.get(id))
                    .is_some_and(|alias| self.unpinned.contains(alias));
                let n = map.get("n").and_then(Value::as_u64);
                let mut out = Map::new();
                for (k, x) in map {
                    let y = match (k.as_str(), x) {
                        ("created" | "updated" | "ended", Value::String(_)) => json!("<time>"),
                        (k, Value::Number(_)) if k == "ms" || k.ends_with("_ms") => json!("<ms>"),
                        ("cells", Value::Array(cells)) if n.is_some() => {
                            let n = n.unwrap_or(0) as usize;
                            if unpinned {
                                summary(cells, n)
                            } else {
                                compact(cells, n)
                            }
                        }
                        ("puzzle", Value::String(p)) if unpinned => {
                            let n = n.unwrap_or(0) as usize;
                            assert_eq!(p.chars().count(), n * n, "a puzzle of n*n cells: {p}");
                            json!("<puzzle>")
                        }
                        ("score", Value::Number(_)) if unpinned => json!("<score>"),
                        ("moves", Value::Number(_)) if unpinned => json!("<moves>"),
                        ("progress", Value::Number(p)) if unpinned => {
                            assert!(p.as_u64().is_some_and(|p| p <= 100), "a percent: {p}");
                            json!("<progress>")
                        }
                        _ => self.norm(x),
                    };
                    out.insert(k.clone(), y);
                }
                Value::Object(out)
            }
            other => other.clone(),
        }
    }

    /// A text with ids, timestamps, dates and the server's address aside.
    pub(super) fn norm_str(&self, s: &str) -> String {
        if is_timestamp(s) {
            return "<time>".to_string();
        }
        let s = s.replace(&self.host, "<server>");
        let b = s.as_bytes();
        let mut out = String::with_capacity(s.len());
        let mut i = 0;
        while i < b.len() {
            let boundary = i == 0 || !b[i - 1].is_ascii_alphanumeric();
            if boundary && i + 32 <= b.len() && b[i..i + 32].iter().all(u8::is_ascii_hexdigit) {
                let end = i + 32;
                let token = &s[i..end];
                if (end == b.len() || !b[end].is_ascii_alphanumeric())
                    && let Some(alias) = self.aliases.get(token)
                {
                    out.push_str(alias);
                    i = end;
                    continue;
                }
            }
            if boundary
                && (i + 10 == b.len() || b.get(i + 10).is_some_and(|c| !c.is_ascii_digit()))
                && let Some(token) = s.get(i..i + 10).and_then(|d| self.dates.get(d))
            {
                out.push_str(token);
                i += 10;
                continue;
            }
            let ch = s[i..].chars().next().expect("a char");
            out.push(ch);
            i += ch.len_utf8();
        }
        out
    }
}

impl Replay {
    /// The server's date moved by `days`, written as the API writes dates; it reads
    /// `<today+1>`, `<today-3>` in the fixture.
    pub(super) fn day(&mut self, days: i64) -> String {
        let today = self.today.expect("the server's date is known");
        let date = shifted(today, days);
        let token = match days {
            0 => "<today>".to_string(),
            d if d > 0 => format!("<today+{d}>"),
            d => format!("<today{d}>"),
        };
        self.dates.insert(date.clone(), token);
        date
    }

    /// A date before the archive (8 or 9 days back), read `<too-old>` in the fixture. Its
    /// day is never the date the server's messages give as an example (`2026-11-27`), which
    /// would then read as a token on one day and as itself on the others.
    pub(super) fn too_old(&mut self) -> String {
        let today = self.today.expect("the server's date is known");
        let days = if shifted(today, -8) == "2026-11-27" {
            -9
        } else {
            -8
        };
        let date = shifted(today, days);
        self.dates.insert(date.clone(), "<too-old>".to_string());
        date
    }
}

pub(super) fn request<'a>(method: Method, path: &str, payload: Payload) -> Request<'a> {
    Request {
        method,
        path: path.to_string(),
        payload,
        headers: Vec::new(),
    }
}

/// One fixture line, its keys in reading order.
pub(super) fn line_of(entry: &Map<String, Value>) -> String {
    let order = [
        "i", "who", "method", "path", "headers", "body", "status", "type", "response",
    ];
    let parts: Vec<String> = order
        .iter()
        .filter_map(|k| entry.get(*k).map(|v| format!("{}:{v}", json!(k))))
        .collect();
    format!("{{{}}}", parts.join(","))
}

pub(super) fn clip(text: &str) -> String {
    const MAX: usize = 6000;
    if text.len() <= MAX {
        return text.to_string();
    }
    let mut end = MAX;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}\n... ({} bytes more)", &text[..end], text.len() - end)
}

/// The JSON paths at which two values differ (at most 20).
pub(super) fn differences(a: &Value, b: &Value, at: &str, out: &mut Vec<String>) {
    if out.len() >= 20 || a == b {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                let (p, q) = (
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                );
                if x.contains_key(k) != y.contains_key(k) {
                    out.push(format!(
                        "{at}/{k} (only in {})",
                        if x.contains_key(k) {
                            "the fixture"
                        } else {
                            "the answer"
                        }
                    ));
                } else {
                    differences(p, q, &format!("{at}/{k}"), out);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (k, (p, q)) in x.iter().zip(y).enumerate() {
                differences(p, q, &format!("{at}/{k}"), out);
            }
        }
        _ => out.push(format!("{at}: {a} != {b}").chars().take(300).collect()),
    }
}

pub(super) fn is_id(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `2026-12-05T07:17:15Z` (with or without fractions of a second).
pub(super) fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 20
        && s.get(..10).and_then(day_number).is_some()
        && b[10] == b'T'
        && b[13] == b':'
        && b[16] == b':'
        && b.ends_with(b"Z")
}

/// Days since 1970-01-01 of a date `YYYY-MM-DD` (proleptic Gregorian).
pub(super) fn day_number(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        b[r].iter().try_fold(0i64, |acc, &c| {
            c.is_ascii_digit().then(|| acc * 10 + i64::from(c - b'0'))
        })
    };
    let (y, m, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// A game's cells as rows of tokens (see the module's documentation), or as they are when a
/// cell does not fit the encoding.
pub(super) fn compact(cells: &[Value], n: usize) -> Value {
    let tokens: Option<Vec<String>> = cells.iter().map(token).collect();
    match tokens {
        Some(tokens) if n > 0 && tokens.len() == n * n => Value::Array(
            tokens
                .chunks(n)
                .map(|row| Value::String(row.join(" ")))
                .collect(),
        ),
        _ => Value::Array(cells.to_vec()),
    }
}

pub(super) fn token(cell: &Value) -> Option<String> {
    let map = cell.as_object()?;
    let known = [
        "digit",
        "given",
        "revealed",
        "notes",
        "colour",
        "note_colours",
    ];
    if map.keys().any(|k| !known.contains(&k.as_str())) {
        return None;
    }
    let given = map.get("given")?.as_bool()?;
    let revealed = map.get("revealed")?.as_bool()?;
    let mut out = match (map.get("digit")?, given, revealed) {
        (Value::Null, false, false) => ".".to_string(),
        (Value::Number(d), true, false) => format!("{}", d.as_u64()?),
        (Value::Number(d), false, false) => format!("+{}", d.as_u64()?),
        (Value::Number(d), false, true) => format!("!{}", d.as_u64()?),
        _ => return None,
    };
    let notes: Vec<u64> = map
        .get("notes")?
        .as_array()?
        .iter()
        .map(Value::as_u64)
        .collect::<Option<_>>()?;
    let colours = match map.get("note_colours") {
        None => Map::new(),
        Some(Value::Object(c)) if !c.is_empty() => c.clone(),
        Some(_) => return None,
    };
    if colours
        .keys()
        .any(|k| !notes.iter().any(|d| d.to_string() == *k))
    {
        return None;
    }
    if !notes.is_empty() {
        let marks: Vec<String> = notes
            .iter()
            .map(|d| match colours.get(&d.to_string()) {
                Some(c) => c.as_u64().map(|c| format!("{d}:{c}")),
                None => Some(d.to_string()),
            })
            .collect::<Option<_>>()?;
        out.push_str(&format!("[{}]", marks.join(",")));
    }
    match map.get("colour") {
        None => {}
        Some(c) => out.push_str(&format!("#{}", c.as_u64()?)),
    }
    Some(out)
}

/// The cells of a game of a random puzzle: checked for their shape, then summarised by what
/// does not depend on the puzzle.
pub(super) fn summary(cells: &[Value], n: usize) -> Value {
    assert_eq!(cells.len(), n * n, "n*n cells");
    for c in cells {
        let keys: Vec<&str> = c
            .as_object()
            .expect("a cell")
            .keys()
            .map(String::as_str)
            .collect();
        assert!(
            ["digit", "given", "revealed", "notes"]
                .iter()
                .all(|k| keys.contains(k)),
            "a cell: {c}"
        );
    }
    let filled = cells.iter().filter(|c| !c["digit"].is_null()).count();
    let entered = cells
        .iter()
        .filter(|c| !c["digit"].is_null() && c["given"] == false)
        .count();
    let state = if filled == cells.len() {
        "full"
    } else if entered > 0 {
        "some entered"
    } else {
        "none entered"
    };
    json!(format!("<{} cells: {state}>", cells.len()))
}

/// A drill question or answer: what depends on the random question becomes a placeholder.
pub(super) fn drill_placeholders(raw: &Value, v: &mut Value) {
    let Some(map) = v.as_object_mut() else { return };
    if let Some(grid) = raw.get("grid").and_then(Value::as_array) {
        assert_eq!(grid.len(), 81, "a 9x9 grid");
        map.insert("grid".into(), json!("<grid of 81>"));
        for k in ["house", "cell", "digit"] {
            if map.contains_key(k) {
                map.insert(k.into(), json!(format!("<{k}>")));
            }
        }
    }
    if map.contains_key("answer") {
        map.insert("answer".into(), json!("<answer>"));
    }
}

/// The answer to a drill question from what is shown (as `api.rs` works it out).
pub(super) fn drill_answer(q: &Value) -> Value {
    let grid: Vec<Option<u64>> = q["grid"]
        .as_array()
        .expect("a grid")
        .iter()
        .map(Value::as_u64)
        .collect();
    let sees = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = ((a / 9, a % 9), (b / 9, b % 9));
        a != b && (ra == rb || ca == cb || (ra / 3, ca / 3) == (rb / 3, cb / 3))
    };
    let index = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    if let Some(cell) = q["cell"].as_str() {
        let c = index(cell);
        let left: Vec<u64> = (1..=9)
            .filter(|&d| !(0..81).any(|x| sees(c, x) && grid[x] == Some(d)))
            .collect();
        assert_eq!(left.len(), 1, "one digit is left for {cell}: {q}");
        return json!(left[0]);
    }
    let d = q["digit"].as_u64().expect("a digit");
    let house = q["house"].as_str().expect("a house");
    let k = usize::from(house.as_bytes()[1] - b'1');
    let in_house = |i: usize| match house.as_bytes()[0] {
        b'r' => i / 9 == k,
        b'c' => i % 9 == k,
        _ => (i / 27) * 3 + (i % 9) / 3 == k,
    };
    let places: Vec<usize> = (0..81)
        .filter(|&i| in_house(i) && grid[i].is_none())
        .filter(|&i| !(0..81).any(|x| sees(i, x) && grid[x] == Some(d)))
        .collect();
    assert_eq!(places.len(), 1, "one place for {d} in {house}: {q}");
    json!(format!("r{}c{}", places[0] / 9 + 1, places[0] % 9 + 1))
}

pub(super) fn id(game: &Value) -> String {
    crate::common::id_of(game)
}

/// `date` moved by `days`, as the API writes dates.
pub(super) fn shifted(today: i64, days: i64) -> String {
    // Civil from days (Howard Hinnant's algorithm).
    let z = today + days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

pub(super) fn place(cell: &str, digit: u64) -> Value {
    json!({ "kind": "place", "cell": cell, "digit": digit })
}

/// The workbook of a 9x9 puzzle typed into cells (A2:I10 below a title), with a `?` in D4
/// when `bad`.
pub(super) fn workbook(puzzle: &str, bad: bool) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "Mine").expect("a cell");
    for (i, ch) in puzzle.chars().take(81).enumerate() {
        if let Some(d) = ch.to_digit(10).filter(|&d| d > 0) {
            let (r, c) = (1 + (i / 9) as u32, (i % 9) as u16);
            sheet.write_number(r, c, f64::from(d)).expect("a cell");
        }
    }
    if bad {
        sheet.write_string(3, 3, "?").expect("a cell");
    }
    book.save_to_buffer().expect("the workbook")
}
