//! Why a command ended unsuccessfully, and which exit code that means.

use std::io;

/// A reason to stop a command early. `main` prints it (as `error: ...`) and exits with its code.
#[derive(Debug)]
pub enum Failure {
    /// The arguments make no sense together (exit 2); clap's own errors exit 2 too.
    Usage(String),
    /// The input is malformed or cannot be read (exit 2). The message names the file and,
    /// for a parse error, the line, column and token.
    Input(String),
    /// Standard output could not be written (exit 2), except for a closed pipe (see
    /// [`Failure::message`]).
    Output(io::Error),
    /// The command ran to the end and has already said what went wrong (per-puzzle
    /// diagnostics of a batch); only the exit code is left to give.
    Quiet(u8),
    /// A request that could not be met after a bounded effort (a generator asked for an
    /// impossible combination): exit 1, with the reason.
    Unmet(String),
    /// Ctrl-C stopped the command (exit 130, as a shell expects); what it had written stays.
    Interrupted,
}

impl Failure {
    /// The text to print after `error: `, or `None` when the failure should end the program
    /// quietly: a reader that closed the pipe early (as `sudoku xc ... | head` does) has simply
    /// seen all it wanted.
    pub fn message(&self) -> Option<String> {
        match self {
            Failure::Usage(message) => {
                Some(format!("{message}\n\nFor more information, try '--help'."))
            }
            Failure::Input(message) => Some(message.clone()),
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
            Failure::Output(e) => Some(format!("cannot write the output: {e}")),
            Failure::Quiet(_) => None,
            Failure::Unmet(message) => Some(message.clone()),
            Failure::Interrupted => Some("interrupted".into()),
        }
    }

    /// The process exit code for this failure: 0 for a closed pipe, a quiet failure's own code,
    /// otherwise 2.
    pub fn exit_code(&self) -> u8 {
        match self {
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
            Failure::Quiet(code) => *code,
            Failure::Unmet(_) => 1,
            Failure::Interrupted => crate::stop::INTERRUPTED_EXIT,
            _ => 2,
        }
    }
}

impl From<io::Error> for Failure {
    /// An I/O error while writing results.
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}
