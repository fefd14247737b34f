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

/// Reads `path` (or standard input for `-`) as UTF-8 text. Any failure is an input failure
/// that names the path and the operating system's reason.
pub fn read(path: &Path) -> Result<Input, Failure> {
    if path.as_os_str() == STDIN {
        let name = "<stdin>".to_string();
        let mut text = String::new();
        return match std::io::stdin().lock().read_to_string(&mut text) {
            Ok(_) => Ok(Input { name, text }),
            Err(e) => Err(Failure::Input(format!("{name}: cannot read: {e}"))),
        };
    }
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Input { name, text }),
        Err(e) => Err(Failure::Input(format!("{name}: cannot read: {e}"))),
    }
}
