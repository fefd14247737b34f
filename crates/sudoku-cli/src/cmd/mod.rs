//! The subcommands, one module each: its clap `Args` and a `run` function that returns
//! `Result<(), Failure>`.

pub mod backup;
pub mod bench;
pub mod bench_generate;
pub mod check;
pub mod completions;
pub mod count;
pub mod drill;
pub mod explain;
pub mod generate;
pub mod hint;
pub mod man;
pub mod play;
pub mod print;
pub mod rate;
pub mod serve;
pub mod solve;
pub mod transform;
pub mod xc;
