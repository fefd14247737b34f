//! Running the built `sudoku` binary from the integration tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// What a run of the binary gave.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Starts `sudoku ARGS` with its three streams piped.
pub fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sudoku binary starts")
}

/// Runs `sudoku ARGS`, feeding `stdin` (or nothing) to it.
pub fn sudoku(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = spawn(args);
    let mut input = child.stdin.take().expect("stdin is piped");
    if let Some(text) = stdin {
        // A command that refuses its arguments exits before reading its input: the pipe is
        // then closed, which is no failure of the test (what it printed is checked below).
        if let Err(e) = input.write_all(text.as_bytes()) {
            assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "stdin: {e}");
        }
    }
    drop(input);
    let output = child.wait_with_output().expect("the sudoku binary runs");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "the binary panicked:\n{}",
        run.stderr
    );
    run
}

/// Asserts that `text` contains `part`, showing the whole text when it does not.
#[track_caller]
pub fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "`{part}` is missing from:\n{text}");
}
