//! What a package installs beside the binary, made by the binary itself: `--version` with the
//! commit, a man page per command (`sudoku man`), and shell completions (`sudoku
//! completions`), so that none of them can drift from `--help`.

mod common;

use std::process::Command;

use common::{assert_contains, sudoku};

/// The commands `sudoku --help` lists (the lines of its Commands section).
fn commands() -> Vec<String> {
    let help = sudoku(&["--help"], None).stdout;
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_version_names_the_commit_it_was_built_from() {
    let run = sudoku(&["--version"], None);
    assert_eq!(run.code, Some(0));
    let head = Command::new("git")
        .args(["rev-parse", "--short=10", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    let commit = head.unwrap_or_else(|| "unknown".into());
    assert_eq!(
        run.stdout.trim(),
        format!("sudoku {} (commit {commit})", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn every_command_has_a_man_page_that_matches_its_help() {
    let names = commands();
    assert!(names.len() >= 15, "{names:?}");
    let dir = tempfile::tempdir().unwrap();
    let run = sudoku(&["man", "--dir", dir.path().to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut written: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    let mut wanted: Vec<String> = names.iter().map(|n| format!("sudoku-{n}.1")).collect();
    wanted.push("sudoku.1".into());
    wanted.sort();
    assert_eq!(written, wanted);
    for name in &names {
        let page = std::fs::read_to_string(dir.path().join(format!("sudoku-{name}.1"))).unwrap();
        assert_contains(&page, &format!(".TH sudoku-{name} 1"));
        // Every long option of the command's --help is on its page.
        let help = sudoku(&[name, "--help"], None).stdout;
        for option in help.split_whitespace().filter(|w| w.starts_with("--")) {
            let option = option.trim_end_matches([',', '.', ')', '=']);
            if option.len() > 2
                && option
                    .chars()
                    .skip(2)
                    .all(|c| c.is_ascii_lowercase() || c == '-')
            {
                assert_contains(&page, &option.replace('-', "\\-"));
            }
        }
    }
    let solve = sudoku(&["man", "solve"], None);
    assert_eq!(
        solve.stdout,
        std::fs::read_to_string(dir.path().join("sudoku-solve.1")).unwrap()
    );
    let unknown = sudoku(&["man", "solv"], None);
    assert_eq!(unknown.code, Some(2));
    assert_contains(&unknown.stderr, "no command `solv` (commands: xc, solve");
}

#[test]
fn completions_load_in_bash_and_are_made_for_the_other_shells() {
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let loaded = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source <('{bin}' completions bash) && complete -p sudoku && \
             COMP_WORDS=(sudoku so) COMP_CWORD=1 && _sudoku sudoku so sudoku && echo \"${{COMPREPLY[@]}}\""
        ))
        .output()
        .expect("bash runs");
    let out = String::from_utf8_lossy(&loaded.stdout);
    assert!(
        loaded.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&loaded.stderr)
    );
    assert_contains(&out, "-F _sudoku sudoku");
    assert_contains(&out, "solve");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let run = sudoku(&["completions", shell], None);
        assert_eq!(run.code, Some(0), "{shell}");
        assert_contains(&run.stdout, "generate");
    }
    let bad = sudoku(&["completions", "tcsh"], None);
    assert_eq!(bad.code, Some(2));
}

/// The systemd units of `packaging/` pass `systemd-analyze verify` (with the binary and its
/// man pages where the units name them), and the server's unit has its own user, its state
/// under /var/lib and the hardening a service should have.
#[test]
fn the_service_units_verify() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_sudoku");
    let man = dir.path().join("man/man1");
    let pages = sudoku(&["man", "--dir", man.to_str().unwrap()], None);
    assert_eq!(pages.code, Some(0), "{}", pages.stderr);
    let mut units = Vec::new();
    for name in [
        "sudoku.service",
        "sudoku-backup.service",
        "sudoku-backup.timer",
    ] {
        let text = std::fs::read_to_string(root.join("packaging").join(name)).unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text.replace("/usr/bin/sudoku", bin)).unwrap();
        units.push(path);
    }
    let verify = Command::new("systemd-analyze")
        .arg("verify")
        .args(&units)
        .env("MANPATH", dir.path().join("man"))
        .output()
        .expect("systemd-analyze runs (apt-get install systemd)");
    let stderr = String::from_utf8_lossy(&verify.stderr);
    assert!(
        verify.status.success() && stderr.trim().is_empty(),
        "{stderr}"
    );
    let service = std::fs::read_to_string(root.join("packaging/sudoku.service")).unwrap();
    for line in [
        "User=sudoku",
        "StateDirectory=sudoku",
        "--db /var/lib/sudoku/games.sqlite3",
        "Restart=on-failure",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "PrivateTmp=yes",
    ] {
        assert_contains(&service, line);
    }
}
