//! The subcommands, one module each: its clap `Args` and a `run` function that returns
//! `Result<(), Failure>`. Planned: solve, count, check, rate, hint, explain, generate,
//! transform, print, bench, play, drill, serve.

pub mod xc;
