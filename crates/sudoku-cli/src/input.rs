//! Reading a command's input: a file named on the command line, or `-` for standard input.

use std::io::Read;
use std::path::Path;

use crate::failure::Failure;

/// The name that stands for standard input on the command line.
pub const STDIN: &str = "-";

/// An input read whole into memory, with the name to use for it in messages.
#[derive(Debug)]
pub struct Input {
    /// The path as given, or `<stdin>`; it starts every diagnostic about the input.
    pub name: String,
    /// The contents.
    pub text: String,
}

/// Reads `path` (or standard input for `-`) whole, as bytes: the name for messages and the
/// contents. Any failure is an input failure that names the path and the operating system's
/// reason.
pub fn read_bytes(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    let mut bytes = Vec::new();
    if path.as_os_str() == STDIN {
        let name = "<stdin>".to_string();
        return match std::io::stdin().lock().read_to_end(&mut bytes) {
            Ok(_) => Ok((name, bytes)),
            Err(e) => Err(Failure::Input(format!("{name}: cannot read: {e}"))),
        };
    }
    let name = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => Ok((name, bytes)),
        Err(e) => Err(Failure::Input(format!("{name}: cannot read: {e}"))),
    }
}

/// Reads `path` (or standard input for `-`) as UTF-8 text.
pub fn read(path: &Path) -> Result<Input, Failure> {
    let (name, bytes) = read_bytes(path)?;
    let text = text(&name, bytes)?;
    Ok(Input { name, text })
}

/// The bytes as UTF-8 text, or an input failure that says where they stop being text.
pub fn text(name: &str, bytes: Vec<u8>) -> Result<String, Failure> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        Failure::Input(format!(
            "{name}: not UTF-8 text (byte {} is not valid UTF-8)",
            at + 1
        ))
    })
}
