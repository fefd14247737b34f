//! Standard output for results: buffered, because solvers can print millions of lines, and
//! flushed explicitly so that every write error (a closed pipe above all) is seen and handled.

use std::io::{self, BufWriter, IsTerminal, StdoutLock, Write};

/// Buffered standard output. Write to it with `write!`/`writeln!` and call
/// [`Output::flush`] at the end; a write error becomes a [`crate::failure::Failure::Output`].
pub struct Output {
    inner: BufWriter<StdoutLock<'static>>,
    terminal: bool,
}

impl Output {
    /// Locks standard output for the rest of the command.
    pub fn stdout() -> Output {
        let stdout = io::stdout();
        let terminal = stdout.is_terminal();
        Output {
            inner: BufWriter::with_capacity(1 << 16, stdout.lock()),
            terminal,
        }
    }

    /// Whether standard output is a terminal (then progress drawing must not interleave
    /// with results, so results are flushed as they come).
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
