//! Tests across the pieces: each shortcut the searches take (cut, copied and skipped
//! walks, links laid out from the position, look-ahead scans, bits for houses) finds what
//! the whole search finds.

use sudoku_core::Layout;

use super::super::testing::{
    diabolical_positions, first_only_agrees, hard_and_diabolical_positions, path_positions,
};
use super::super::{Ctx, Family, Options};
use super::MAX_ENTRIES;
use super::bfs::Table;
use super::forcing::{Conclusion, Forcing, forcing_in};
use super::graph::Graph;
use super::houses::sees_itself;
use super::links::PaddedLinks;
use super::loops::find_in;
use super::premises::PremiseReach;
use super::tables::{Tables, Walk, candidate_list, grouped_tables};
use crate::bits::CellSet;
use crate::geometry::{Geometry, Kind};
use crate::step::Step;

/// The classic grid's geometry, the default options, and the positions along the solve
/// paths of `hard` top1465 and dug puzzles and of `diabolical` diabolical ones.
fn classic_positions(
    hard: usize,
    diabolical: usize,
) -> (Geometry<2>, Options, Vec<crate::candidates::Candidates>) {
    let layout = Layout::classic();
    let positions = path_positions(&layout, hard)
        .into_iter()
        .chain(diabolical_positions(&layout, diabolical))
        .map(|(pos, _)| pos)
        .collect();
    (Geometry::<2>::new(&layout), Options::default(), positions)
}

/// Where a solve path takes a forcing chain or net, the search that skips conclusions
/// ranked after the best one found ([`Ctx::first_only`]) gives the step the whole
/// search puts first; and a forcing net's links, made with scans for singles only where
/// something changed, are those that scans of every cell and house make; and the houses
/// a premise leaves without a place for a digit, found by bits, are those found house by
/// house, in the same order.
#[test]
fn forcing_steps_a_path_takes_are_those_of_the_whole_search() {
    let layout = Layout::classic();
    let (mut chains, mut nets, mut no_place_left) = (0, 0, 0);
    let families = [Family::ForcingChains, Family::ForcingNets];
    first_only_agrees(
        path_positions(&layout, 60),
        &families,
        |ctx, family, technique, first| {
            assert!(first.is_some_and(|s| s.technique == technique));
            let [by_bits, by_houses] = no_place_left_both_ways(ctx);
            assert_eq!(by_bits, by_houses);
            no_place_left += by_bits.len();
            if family == Family::ForcingNets {
                let scanned = Graph::build(ctx, true, true, false);
                let whole = Graph::build(ctx, true, true, true);
                assert_eq!(scanned.direct, whole.direct);
                nets += 1;
            } else {
                chains += 1;
            }
        },
    );
    assert!(chains >= 20 && nets >= 20, "{chains} chains, {nets} nets");
    assert!(
        no_place_left >= 50,
        "{no_place_left} houses left without a place"
    );
}

/// The "no place left" contradictions of every premise of the grouped tables at the
/// position (ranked conclusions not skipped), found by bits and house by house.
fn no_place_left_both_ways(at: &Ctx<'_, 2>) -> [Vec<(Step, Conclusion, usize)>; 2] {
    let ctx = Ctx::new(at.g, at.pos, at.opts);
    let tables = grouped_tables(&ctx);
    let graph = &tables.graph;
    let (on, off): (Vec<_>, Vec<_>) = tables.implications().into_iter().unzip();
    let premises: Vec<_> = on.into_iter().chain(off).collect();
    [true, false].map(|by_bits| {
        let mut forcing = Forcing::new(&ctx, false, &tables);
        let bits = forcing
            .places
            .bits
            .take()
            .expect("the classic grid's houses fit a word");
        for t in &premises {
            let Ok(start) = graph.node(t.premise()) else {
                continue;
            };
            let conclusion = Conclusion::of(t.premise() & 1 == 0, start);
            if by_bits {
                forcing.no_place_left_by_bits(t, conclusion, &bits);
            } else {
                forcing.no_place_left(t, conclusion);
            }
        }
        forcing.found
    })
}

/// Where a solve path takes a nice loop or an AIC, plain or grouped, the search that
/// builds only the step a path takes ([`Ctx::first_only`]) gives the very step the
/// whole search, with every step built, puts first: same chain, eliminations and
/// highlights.
#[test]
fn the_loop_a_path_takes_is_the_first_of_the_whole_search() {
    let layout = Layout::classic();
    let (mut plain, mut grouped) = (0, 0);
    let positions = hard_and_diabolical_positions(&layout, 60);
    let families = [Family::Loops, Family::GroupedLoops];
    first_only_agrees(positions, &families, |_, family, technique, first| {
        assert!(first.is_some_and(|s| s.technique.order() == technique.order()));
        match family {
            Family::Loops => plain += 1,
            _ => grouped += 1,
        }
    });
    assert!(
        plain >= 100 && grouped >= 20,
        "{plain} loops, {grouped} grouped"
    );
}

/// The plain graph's links laid out straight from the position are those of the
/// graph's own lists, at positions along solve paths.
#[test]
fn plain_links_from_the_position_are_the_graphs() {
    let (g, opts, positions) = classic_positions(40, 40);
    let mut links = 0;
    for pos in positions {
        let ctx = Ctx::new(&g, &pos, &opts);
        let graph = Graph::new(&ctx, false);
        let listed = PaddedLinks::new(&graph);
        assert_eq!(PaddedLinks::plain(&ctx, &graph), listed);
        links += listed.links.len();
    }
    assert!(links > 100_000, "{links} links");
}

/// The grouped graph's links made from the plain ones and the group links are those of
/// the graph's own lists, at positions along solve paths.
#[test]
fn grouped_links_from_the_plain_ones_are_the_graphs() {
    let (g, opts, positions) = classic_positions(40, 40);
    let (mut links, mut groups) = (0, 0);
    for pos in positions {
        let ctx = Ctx::new(&g, &pos, &opts);
        let graph = Graph::new(&ctx, true);
        let listed = PaddedLinks::new(&graph);
        let mut adds = Vec::new();
        graph.group_links(&ctx, &mut adds);
        let plain = PaddedLinks::plain(&ctx, &Graph::nodes(&ctx, false, false));
        assert_eq!(plain.with_adds(graph.values(), &adds), listed);
        links += listed.links.len();
        groups += adds.len();
    }
    assert!(
        links > 200_000 && groups > 20_000,
        "{links} links, {groups} group links"
    );
}

/// The "off" tables copied from the table of their one link are those their walks
/// give, in the plain and the grouped graph, at positions along solve paths.
#[test]
fn copied_off_tables_are_the_walked_ones() {
    let (g, opts, positions) = classic_positions(30, 30);
    let mut single = 0;
    for pos in positions {
        let ctx = Ctx::new(&g, &pos, &opts);
        for grouped in [false, true] {
            let tables = |derive| {
                let graph = Graph::new(&ctx, grouped);
                let links = PaddedLinks::new(&graph);
                let walk = if derive { Walk::CopyOff } else { Walk::Whole };
                Tables::walked(&ctx, graph, Some(links), walk)
            };
            let (walked, copied) = (tables(false), tables(true));
            assert_eq!(copied.bounds, walked.bounds);
            let end = *walked.bounds.last().unwrap() as usize;
            assert_eq!(copied.arena[..end], walked.arena[..end]);
            let plain = 2 * walked.graph.cell_of.len() as u32;
            single += walked
                .off()
                .filter(|t| {
                    let links = &walked.graph.direct[t.entries[0].0 as usize];
                    links.len() == 1 && links[0] & 1 == 1 && links[0] < plain
                })
                .count();
        }
    }
    assert!(single >= 1000, "{single} tables with one link");
}

/// The plain search walks only the premises whose tables can hold a loop or an AIC's
/// end ([`PremiseReach`]), and cuts an "on" table once it holds every value of the
/// premise's cell it can reach: a table walked is the whole table or its first entries
/// with every such value, one passed over is its premise alone, and the loops and
/// AICs found are those found in the whole tables, every one, in order.
#[test]
fn cut_tables_find_what_whole_ones_do() {
    let (g, opts, positions) = classic_positions(30, 40);
    let (mut cut, mut skipped, mut walked, mut found) = (0, 0, 0, 0);
    for pos in positions {
        for first_only in [false, true] {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.first_only = first_only;
            let tables = |cut_on| {
                let graph = Graph::nodes(&ctx, false, false);
                let links = PaddedLinks::plain(&ctx, &graph);
                let walk = if cut_on { Walk::CutOn } else { Walk::CopyOff };
                Tables::walked(&ctx, graph, Some(links), walk)
            };
            let (whole, short) = (tables(false), tables(true));
            assert_eq!(whole.bounds.len(), short.bounds.len());
            let pairs = whole.on().zip(short.on()).map(|p| (true, p));
            for (on, (w, s)) in pairs.chain(whole.off().zip(short.off()).map(|p| (false, p))) {
                assert_eq!(s.entries[0], w.entries[0]);
                if w.entries.len() == 1 {
                    continue;
                }
                if s.entries.len() == 1 {
                    skipped += 1;
                    continue;
                }
                walked += 1;
                if !on {
                    assert_eq!(w.entries, s.entries);
                    continue;
                }
                assert_eq!(w.entries[..s.entries.len()], *s.entries);
                let cell = whole
                    .graph
                    .cell_values(whole.graph.first_cell(w.entries[0].0));
                let in_cell =
                    |t: Table<'_>| t.entries.iter().filter(|e| cell.contains(&e.0)).count();
                assert_eq!(in_cell(w), in_cell(s));
                cut += usize::from(s.entries.len() < w.entries.len());
            }
            let (mut from_whole, mut from_short) = (Vec::new(), Vec::new());
            find_in(&ctx, &whole, false, &mut from_whole);
            find_in(&ctx, &short, false, &mut from_short);
            assert_eq!(from_whole, from_short);
            found += from_whole.len();
        }
    }
    assert!(cut >= 5_000, "{cut} tables cut");
    // Most premises start nothing: the search must pass most of them over.
    assert!(
        skipped > 4 * walked,
        "{skipped} passed over, {walked} walked, {cut} cut"
    );
    assert!(found >= 1_000, "{found} steps found");
}

/// The grouped search walks only the premises whose tables can hold a loop or an AIC's
/// end ([`Walk::Wanted`]), and forcing chains take what the others imply from what
/// they reach, walking them for their paths: the grouped loops and AICs and the forcing
/// chains found are those found in every premise's table, every one, in order, and a
/// table walked is the whole table. So too the forcing nets, whose premises are walked
/// only for a step's paths ([`Walk::Reached`]).
#[test]
fn wanted_tables_find_what_whole_ones_do() {
    let (g, opts, positions) = classic_positions(30, 40);
    let mut counts = WantedCounts::default();
    for pos in positions {
        for first_only in [false, true] {
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.first_only = first_only;
            wanted_agrees_with_whole(&ctx, &mut counts);
        }
    }
    let WantedCounts {
        skipped,
        walked,
        loops,
        forcing,
        nets,
    } = counts;
    assert!(
        skipped > 4 * walked,
        "{skipped} passed over, {walked} walked"
    );
    assert!(
        loops >= 500 && forcing >= 5_000 && nets >= 5_000,
        "{loops} loops, {forcing} forcing, {nets} nets"
    );
}

/// A premise's table, walked whole, holds what the closure says it reaches (itself
/// and the values in its set), which is what [`PremiseReach::past_cap`] counts: at
/// positions along solve paths, in the grouped graph, with every value kept.
#[test]
fn tables_hold_what_premises_reach() {
    let (g, opts, positions) = classic_positions(20, 20);
    let mut premises = 0;
    for pos in positions {
        let ctx = Ctx::new(&g, &pos, &opts);
        let graph = Graph::new(&ctx, true);
        let links = PaddedLinks::new(&graph);
        let tables = Tables::walked(&ctx, graph, Some(links), Walk::CopyOff);
        let (candidates, links) = (candidate_list(&ctx), tables.links.as_ref().unwrap());
        let index = tables.graph.candidate_index(&candidates);
        let reach = PremiseReach::build(&tables.graph, links, candidates, &index, true);
        let signs = [
            (true, tables.on().collect::<Vec<_>>()),
            (false, tables.off().collect()),
        ];
        for (on, list) in signs {
            for (i, table) in list.into_iter().enumerate() {
                assert!(table.entries.len() < MAX_ENTRIES);
                assert_eq!(reach.reached(i, on), table.entries.len());
                premises += 1;
            }
        }
    }
    assert!(premises > 50_000, "{premises} premises");
}

#[derive(Default)]
struct WantedCounts {
    skipped: usize,
    walked: usize,
    loops: usize,
    forcing: usize,
    nets: usize,
}

/// Compares the grouped tables walked whole and as [`Walk::Wanted`] walks them at the
/// position, and what the grouped nice-loop and forcing-chain searches find in each.
fn wanted_agrees_with_whole<const W: usize>(ctx: &Ctx<W>, counts: &mut WantedCounts) {
    let tables = |wanted| {
        let graph = Graph::new(ctx, true);
        let links = PaddedLinks::new(&graph);
        let walk = if wanted { Walk::Wanted } else { Walk::CopyOff };
        Tables::walked(ctx, graph, Some(links), walk)
    };
    let (whole, some) = (tables(false), tables(true));
    assert!(some.reach.is_some() && whole.reach.is_none());
    let pairs = whole.on().zip(some.on());
    for (w, s) in pairs.chain(whole.off().zip(some.off())) {
        assert_eq!(s.entries[0], w.entries[0]);
        if s.entries.len() == 1 && w.entries.len() > 1 {
            counts.skipped += 1;
        } else {
            counts.walked += usize::from(w.entries.len() > 1);
            assert_eq!(w.entries, s.entries);
        }
    }
    let (mut from_whole, mut from_some) = (Vec::new(), Vec::new());
    find_in(ctx, &whole, true, &mut from_whole);
    find_in(ctx, &some, true, &mut from_some);
    assert_eq!(from_whole, from_some);
    counts.loops += from_whole.len();
    let (mut from_whole, mut from_some) = (Vec::new(), Vec::new());
    forcing_in(ctx, false, &whole, &mut from_whole);
    forcing_in(ctx, false, &some, &mut from_some);
    assert_eq!(from_whole, from_some);
    counts.forcing += from_whole.len();
    // A forcing net's tables: every one walked, and none ([`Walk::Reached`]).
    let links = PaddedLinks::new(&Graph::net(ctx));
    let whole = Tables::walked(ctx, Graph::net(ctx), Some(links), Walk::CopyOff);
    let none = Tables::new(ctx, Graph::net(ctx));
    assert!(none.on().chain(none.off()).all(|t| t.entries.len() == 1));
    let (mut from_whole, mut from_none) = (Vec::new(), Vec::new());
    forcing_in(ctx, true, &whole, &mut from_whole);
    forcing_in(ctx, true, &none, &mut from_none);
    assert_eq!(from_whole, from_none);
    counts.nets += from_whole.len();
}

/// The quick test for a digit placed twice says yes exactly when some row, column or
/// box holds two cells of one digit's set (random sets of every size).
#[test]
fn a_digit_placed_twice_is_seen_by_its_peers() {
    let layout = Layout::classic();
    let g = Geometry::<2>::new(&layout);
    let opts = Options::default();
    let pos = path_positions(&layout, 1).remove(0).0;
    let ctx = Ctx::new(&g, &pos, &opts);
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let (mut yes, mut no) = (0, 0);
    for round in 0..3000 {
        let mut on = vec![CellSet::<2>::EMPTY; 9];
        for _ in 0..round % 12 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            on[(x % 9) as usize].insert((x >> 8) as usize % 81);
        }
        let by_houses = on.iter().any(|set| {
            [Kind::Row, Kind::Col, Kind::Block]
                .into_iter()
                .flat_map(|k| g.lines(k))
                .any(|h| set.and(g.house_set(h)).len() > 1)
        });
        assert_eq!(sees_itself(&ctx, &on), by_houses, "{on:?}");
        if by_houses {
            yes += 1;
        } else {
            no += 1;
        }
    }
    assert!(yes > 300 && no > 300, "{yes} with, {no} without");
}
