//! Names the commit the binary is built from, for `sudoku --version`: `SUDOKU_COMMIT` if the
//! builder sets it (a package built from a tarball), else `git rev-parse --short HEAD` in the
//! checkout, else `unknown`.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8(out.stdout).ok()?.trim().to_string())
}

fn main() {
    println!("cargo:rerun-if-env-changed=SUDOKU_COMMIT");
    let commit = std::env::var("SUDOKU_COMMIT").ok().or_else(|| {
        let hash = git(&["rev-parse", "--short=10", "HEAD"])?;
        // Rebuilt when HEAD moves (a commit, a checkout).
        if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
            println!("cargo:rerun-if-changed={dir}/HEAD");
            println!("cargo:rerun-if-changed={dir}/logs/HEAD");
        }
        Some(hash)
    });
    println!(
        "cargo:rustc-env=SUDOKU_COMMIT={}",
        commit.unwrap_or_else(|| "unknown".into())
    );
}
