//! Nice loops, AICs, forcing chains and forcing nets, found by tabling as HoDoKu finds them.
//!
//! Tabling turns the chain searches into table look-ups. Every candidate gives two
//! premises, "the digit is in the cell" (its "on" value) and "it is not" (its "off"
//! value). For a premise, its table lists every value it implies in breadth-first order,
//! each entry naming the entry it was reached from, so the chain to any implication is read
//! back from the table. The searches then read the tables: a chain that comes back to its
//! premise's cell is a nice loop, one from an "off" premise to an "on" value that sees the
//! start is an AIC (`loops`); a premise that implies a contradiction is false, and what
//! every case of a candidate, a cell or a house implies is true (`forcing`). Both are
//! checked, ranked and told as HoDoKu does, so that a solve path takes HoDoKu's step.
//!
//! The pieces, from the position to a step:
//!
//! - `graph`: the implication graph. Its nodes are the candidates, group nodes (two or
//!   three places of a digit where a line meets a box) and, with
//!   [`crate::Options::als_in_chains`], ALS nodes; each has an "on" and an "off" value,
//!   whose direct implications are listed in HoDoKu's order. It also writes a path of
//!   values as the [`crate::chain::Chain`] a step shows.
//! - `lookahead`: a forcing net's direct implications, which are what a premise gives
//!   on a copy of the position with four rounds of singles looked ahead.
//! - `links`: a graph's lists laid out one after another in fours, for the walks.
//! - `bfs`: the breadth-first walk that writes one premise's table, and the weighted walk
//!   of a graph with ALS nodes (HoDoKu's distances, where an ALS costs more than a link).
//! - `reach` and `premises`: the transitive closure of the graph, which says which
//!   premises' tables can hold anything a search reads (the others are not walked) and
//!   what a premise not walked implies (all the forcing checks read until a step needs its
//!   paths).
//! - `tables`: every premise's table of a graph in one arena, walked, cut, copied or
//!   passed over as the search needs; the grouped tables are built once per position and
//!   shared by the grouped loops and the forcing chains through the `Ctx`.
//! - `loops` and `forcing`: the searches; `houses` holds the places per house that
//!   the forcing "no place left" check reads.
//! - `pool`: the thread's spare vectors, which keep their room from position to position
//!   (a solve path builds graphs and tables at every hard step).
//!
//! Values are numbers: a node's values are `2 * node` ("off") and `2 * node + 1` ("on"),
//! and a candidate's node is `cell * n + digit index`. Cells, digits and candidates are
//! typed (`index::CellIx`, `index::DigitIx`, `index::CandIx`) where they pass from
//! one piece to another; the walks and the per-digit sets inside a piece keep plain
//! indices, converted at the boundary.

mod bfs;
mod forcing;
mod graph;
mod houses;
mod index;
mod links;
mod lookahead;
mod loops;
mod pool;
mod premises;
mod reach;
mod tables;
#[cfg(test)]
mod tests;

pub(crate) use forcing::forcing_chains;
pub(crate) use links::PaddedLinks;
pub(crate) use loops::find;
pub(crate) use tables::Tables;

/// HoDoKu's capacity of one table: implications past it are dropped.
const MAX_ENTRIES: usize = 1000;
