//! Every premise's table of a graph, and which of them are walked.
//!
//! The tables of a position lie one after another in one arena. How they are made depends
//! on who reads them ([`Walk`]): a premise is walked, its walk cut short, its "off" table
//! copied from the one "on" table it links to, or (where the closure says its table can
//! hold nothing the search reads) its table is the premise alone.

use std::rc::Rc;

use super::super::Ctx;
use super::bfs::{Bfs, Cut, Table};
use super::forcing::Implications;
use super::graph::Graph;
use super::index::{CandIx, CellIx, DigitIx};
use super::links::PaddedLinks;
use super::pool::{put_back, take_spare};
use super::premises::PremiseReach;
use crate::bits::BitIter;

/// A graph and the table of every premise in it, "on" and "off", candidates in order (empty
/// cells, then digits).
pub(crate) struct Tables {
    pub(super) graph: Graph,
    /// Every table's entries, one after another: a position has hundreds of tables of a few
    /// dozen entries each, and one vector for all of them spares an allocation per table.
    /// Past the last table's end it holds what earlier walks left there.
    pub(super) arena: Vec<(u32, u32)>,
    /// Where each table starts in `arena`, and where the last one ends: the tables of one
    /// sign, candidates in order, then those of the other (see `on_first`).
    pub(super) bounds: Vec<u32>,
    /// Whether the "on" tables come first in `bounds` (else the "off" ones do).
    on_first: bool,
    /// What each premise reaches, where only some premises were walked ([`Walk::Wanted`],
    /// [`Walk::Reached`]): a table of one entry there may stand for a premise not walked.
    pub(super) reach: Option<PremiseReach>,
    /// The links walked (where the walks were plain): forcing chains walk a premise that
    /// was not walked along them when they need a path from it (`LaterWalks`).
    pub(super) links: Option<PaddedLinks>,
}

impl Tables {
    /// The tables of a graph with group nodes, and ALS nodes where it has them, for the
    /// forcing searches alone: without ALS nodes, what each premise implies is read from
    /// the closure, and a premise is walked only for a step's paths ([`Walk::Reached`]).
    pub(super) fn new<const W: usize>(ctx: &Ctx<W>, graph: Graph) -> Tables {
        if !graph.alses.is_empty() {
            return Tables::walked(ctx, graph, None, Walk::CopyOff);
        }
        let padded = PaddedLinks::new(&graph);
        Tables::walked(ctx, graph, Some(padded), Walk::Reached)
    }

    /// The tables of the plain graph, whose links are laid out for the walks straight
    /// from the position: no graph of lists is built to be copied over.
    ///
    /// Their "on" tables are read for loops alone, so each is cut once it holds every value
    /// of its premise's cell it can reach ([`Walk::CutOn`]).
    ///
    /// The links are kept in the [`Ctx`]: the grouped graph's lists of the candidates
    /// start with the same ones ([`PaddedLinks::with_adds`]).
    pub(super) fn plain<const W: usize>(ctx: &Ctx<W>) -> Tables {
        let graph = Graph::nodes(ctx, false, false);
        let links = PaddedLinks::plain(ctx, &graph);
        let mut tables = Tables::walked(ctx, graph, Some(links), Walk::CutOn);
        *ctx.plain_links.borrow_mut() = tables.links.take();
        tables
    }

    /// The tables of every premise of `graph`, walked along `padded` where the walk is
    /// plain, along the graph's lists with HoDoKu's distances where it has ALS nodes: the
    /// tables of one sign, candidates in order, then those of the other, in the order and
    /// with the cuts and copies `walk` says.
    pub(super) fn walked<const W: usize>(
        ctx: &Ctx<W>,
        graph: Graph,
        padded: Option<PaddedLinks>,
        walk: Walk,
    ) -> Tables {
        let mut bfs = Bfs::new(graph.values());
        // A spare arena is not cleared: a plain walk writes its table in place, past the
        // tables before it, and needs the room there to be no more than written over.
        let mut arena = take_spare(&SPARE_ARENAS);
        let mut end = 0;
        let mut bounds = vec![0];
        let candidates = candidate_list(ctx);
        let index = graph.candidate_index(&candidates);
        let on_first = walk != Walk::CutOn;
        let reach = match (&padded, walk) {
            (Some(links), Walk::CutOn | Walk::Wanted | Walk::Reached) => {
                Some(PremiseReach::new(&graph, links, candidates.clone(), &index))
            }
            _ => None,
        };
        for on in [on_first, !on_first] {
            for (i, &c) in candidates.iter().enumerate() {
                let premise = graph.normal(c.cell, c.digit, on);
                end = match &padded {
                    Some(links) => {
                        let derived = (walk == Walk::CopyOff && !on)
                            .then(|| {
                                let done = Done {
                                    bounds: &bounds,
                                    index: &index,
                                };
                                Tables::derive_off(links, premise, done, &mut arena, end)
                            })
                            .flatten();
                        let wanted = match &reach {
                            Some(reach) if walk == Walk::Wanted => {
                                let whole =
                                    reach.walk(ctx, i, on).is_some() || reach.past_cap(i, on);
                                whole.then_some(u32::MAX)
                            }
                            Some(reach) if walk == Walk::Reached => {
                                reach.past_cap(i, on).then_some(u32::MAX)
                            }
                            Some(reach) => reach.walk(ctx, i, on),
                            None => Some(u32::MAX),
                        };
                        match (derived, wanted) {
                            (Some(to), _) => to,
                            (None, None) => Tables::premise_alone(&mut arena, end, premise),
                            (None, Some(u32::MAX)) => {
                                bfs.run(links, premise, &mut arena, end, None).0
                            }
                            (None, Some(wanted)) => {
                                let range = graph.cell_values(c.cell);
                                let cut = Some(Cut { range, wanted });
                                bfs.run(links, premise, &mut arena, end, cut).0
                            }
                        }
                    }
                    None => {
                        arena.truncate(end);
                        bfs.run_weighted(&graph, premise, &mut arena);
                        arena.len()
                    }
                };
                bounds.push(end as u32);
            }
        }
        bfs.give_back();
        // What lies past `end` stays: the arena goes back to the pool as long as it grew,
        // and the next position's walks write over it without making it longer again.
        Tables {
            graph,
            arena,
            bounds,
            on_first,
            reach: reach.filter(|_| walk != Walk::CutOn),
            links: padded,
        }
    }

    /// A table of the premise alone, written into `arena` at `end`: for a premise whose
    /// walk [`PremiseReach`] finds nothing in. Gives where it ends.
    fn premise_alone(arena: &mut Vec<(u32, u32)>, end: usize, premise: u32) -> usize {
        if arena.len() <= end {
            arena.resize(end + 1, (0, 0));
        }
        arena[end] = (premise, 0);
        end + 1
    }

    /// What the premise of every candidate implies, "on" and "off": read from its table,
    /// or, where it may not have been walked ([`Walk::Wanted`]), from what it reaches.
    pub(super) fn implications<'t, const W: usize>(
        &'t self,
    ) -> Vec<(Implications<'t, W>, Implications<'t, W>)> {
        let n = self.graph.n;
        let mut by_component = Vec::new();
        let mut of = |i: usize, table: Table<'t>, on: bool| match &self.reach {
            Some(reach) if table.entries.len() == 1 => {
                let sets = reach.implied(i, on, 2 * n, &mut by_component);
                Implications { table, sets }
            }
            _ => Implications::new(&self.graph, table),
        };
        (self.on().zip(self.off()).enumerate())
            .map(|(i, (on, off))| (of(i, on, true), of(i, off, false)))
            .collect()
    }

    fn table(&self, k: usize) -> Table<'_> {
        let (from, to) = (self.bounds[k] as usize, self.bounds[k + 1] as usize);
        Table {
            entries: &self.arena[from..to],
        }
    }

    /// The tables of the "on" premises, candidates in order.
    pub(super) fn on(&self) -> impl Iterator<Item = Table<'_>> {
        let n = self.candidates();
        let from = if self.on_first { 0 } else { n };
        (from..from + n).map(|k| self.table(k))
    }

    /// The tables of the "off" premises, candidates in order.
    pub(super) fn off(&self) -> impl Iterator<Item = Table<'_>> {
        let n = self.candidates();
        let from = if self.on_first { n } else { 0 };
        (from..from + n).map(|k| self.table(k))
    }

    /// How many candidates have tables.
    fn candidates(&self) -> usize {
        (self.bounds.len() - 1) / 2
    }

    /// The table of an "off" premise with a single link, to the "on" value of a candidate
    /// `t`, copied from `t`'s table, written into `arena` from `end` on: gives where it
    /// ends, or `None` where it cannot be copied (the link goes elsewhere, or the premise
    /// is not among `t`'s direct implications).
    ///
    /// `t` implies the premise directly, which implies nothing but `t`: so the premise's
    /// walk is the premise, then `t`'s walk without the premise (met already where `t`'s
    /// walk meets it, and adding nothing there), cut at the same length. The copy moves
    /// each entry and the entry it came from one place on, those past the premise's place
    /// in `t`'s table back to where they were. Some tenth of a position's walks are such.
    fn derive_off(
        links: &PaddedLinks,
        premise: u32,
        done: Done<'_>,
        arena: &mut Vec<(u32, u32)>,
        end: usize,
    ) -> Option<usize> {
        let v = premise as usize;
        let &[t, a, b, c] = links.list(v) else {
            return None;
        };
        if [a, b, c] != [links.filler; 3] || t & 1 == 0 {
            return None;
        }
        let i = *done.index.get(t as usize / 2)? as usize;
        let (from, to) = (
            *done.bounds.get(i)? as usize,
            *done.bounds.get(i + 1)? as usize,
        );
        let source = arena.get(from..to)?;
        // The direct implications come first, each from position 0.
        let r = 1 + source[1..]
            .iter()
            .take_while(|e| e.1 == 0)
            .position(|e| e.0 == premise)?;
        let len = to - from;
        if arena.len() < end + len {
            arena.resize(end + len, (0, 0));
        }
        let (before, after) = arena.split_at_mut(end);
        let (source, copy) = (&before[from..to], &mut after[..len]);
        copy[0] = (premise, 0);
        copy[1] = (t, 0);
        let moved = |(value, from): (u32, u32)| (value, from + u32::from((from as usize) < r));
        for (slot, &entry) in copy[2..r + 1].iter_mut().zip(&source[1..r]) {
            *slot = moved(entry);
        }
        for (slot, &entry) in copy[r + 1..].iter_mut().zip(&source[r + 1..]) {
            *slot = moved(entry);
        }
        Some(end + len)
    }
}

/// The candidates of the position in order: empty cells, then digits.
pub(super) fn candidate_list<const W: usize>(ctx: &Ctx<W>) -> Vec<CandIx> {
    ctx.empty
        .iter()
        .flat_map(|c| {
            BitIter(ctx.mask(c)).map(move |d| CandIx::new(CellIx::new(c), DigitIx::new(d)))
        })
        .collect()
}

/// How [`Tables::walked`] walks.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Walk {
    /// Every table walked whole, the "on" tables first.
    #[cfg(test)]
    Whole,
    /// As [`Walk::Whole`], with an "off" table copied where it can be
    /// ([`Tables::derive_off`]).
    CopyOff,
    /// Only the premises whose tables can hold a loop or an AIC's end are walked (the
    /// others' tables are the premise alone), the "off" tables first; an "on" table is cut
    /// once it holds every value of its premise's cell that the premise reaches. What each
    /// premise reaches tells both ([`PremiseReach`]). The plain nice-loop search reads
    /// nothing else.
    CutOn,
    /// The premises [`Walk::CutOn`] walks, and those whose tables would pass the cap
    /// ([`PremiseReach::past_cap`]), walked whole, the "on" tables first: for the grouped
    /// graph, whose tables forcing chains read too. What a premise not walked implies is
    /// what it reaches, which they read from the closure ([`Tables::implications`]); they
    /// walk it only for the paths of a step (`LaterWalks`).
    Wanted,
    /// As [`Walk::Wanted`] for tables no nice-loop search reads (a forcing net's): only
    /// those that would pass the cap are walked.
    Reached,
}

/// The tables walked so far: their bounds, and per candidate node the place of its "on"
/// table (`u32::MAX` for none).
#[derive(Clone, Copy)]
struct Done<'a> {
    bounds: &'a [u32],
    index: &'a [u32],
}

/// The grouped graph's tables at the position: the grouped nice-loop search and the
/// forcing-chain search read the same ones (HoDoKu fills them the same way for both), and a
/// solve path that finds no grouped loop goes on to forcing chains at the same position, so
/// they are built once per position and kept in the [`Ctx`].
pub(super) fn grouped_tables<const W: usize>(ctx: &Ctx<W>) -> Rc<Tables> {
    if let Some(tables) = ctx.grouped_tables.borrow().as_ref() {
        return Rc::clone(tables);
    }
    let mut graph = Graph::nodes(ctx, true, false);
    let tables = if graph.alses.is_empty() {
        let plain = ctx.plain_links.take().unwrap_or_else(|| {
            let nodes = Graph::nodes(ctx, false, false);
            PaddedLinks::plain(ctx, &nodes)
        });
        let mut adds = Vec::new();
        graph.group_links(ctx, &mut adds);
        let padded = plain.with_adds(graph.values(), &adds);
        Tables::walked(ctx, graph, Some(padded), Walk::Wanted)
    } else {
        graph.fill(ctx, false, false);
        Tables::new(ctx, graph)
    };
    let tables = Rc::new(tables);
    *ctx.grouped_tables.borrow_mut() = Some(Rc::clone(&tables));
    tables
}

thread_local! {
    /// The arenas of dropped tables, kept with their capacity: the tables of a position
    /// take some hundred kilobytes, and growing an arena anew each time copied them over
    /// and over.
    pub(super) static SPARE_ARENAS: std::cell::RefCell<Vec<Vec<(u32, u32)>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Tables {
    fn drop(&mut self) {
        put_back(&SPARE_ARENAS, std::mem::take(&mut self.arena));
    }
}
