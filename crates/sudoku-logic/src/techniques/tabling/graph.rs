//! The implication graph: its nodes (candidates, group nodes, ALS nodes), the direct links
//! of their values in HoDoKu's order, and a path of values written as a chain.

use super::super::{Ctx, digit};
use super::index::{CandIx, CellIx, DigitIx, each_cell, each_digit};
use super::pool::{put_back, take_spare};
use crate::bits::{CellSet, two_bits};
use crate::chain::{Chain, ChainNode, LinkKind};
use crate::geometry::Kind;

/// A group node: two or three places of a digit in one line and one box.
pub(super) struct Group {
    cells: CellSet<W20>,
    d: DigitIx,
    /// The line (row or column house) and the box house.
    line: usize,
    block: usize,
    /// Cells seeing every cell of the group.
    buddies: CellSet<W20>,
}

/// Group nodes are few and small; their sets are kept at the widest width so the graph
/// needs no second width parameter.
pub(super) const W20: usize = crate::bits::MAX_WORDS;

/// An ALS node (with [`crate::Options::als_in_chains`]): "almost locked set `cells` holds no
/// `d`". It is reached from a `d` outside the set that sees every `d` in it; the set is then
/// locked on its other digits, so each of them leaves the cells outside that see all its
/// places in the set (HoDoKu's `fillTablesWithAls`).
pub(super) struct AlsNode {
    pub(super) cells: CellSet<W20>,
    pub(super) d: DigitIx,
    /// The set's digits.
    pub(super) mask: u64,
    /// Per digit: the cells outside the set with the digit that see all its places in it.
    pub(super) buddies: Vec<CellSet<W20>>,
    /// Per digit: the set's cells with the digit.
    with: Vec<CellSet<W20>>,
}

/// The implication graph: nodes are candidates (`cell * n + d`) and group nodes (after
/// them); a value is `node * 2 + 1` for "on" and `node * 2` for "off".
pub(super) struct Graph {
    pub(super) n: usize,
    /// The cell of every candidate node (`cell * n + d`): reading it spares a division by
    /// `n` each time a table entry is looked at.
    pub(super) cell_of: Vec<u16>,
    pub(super) groups: Vec<Group>,
    /// ALS nodes, after the group nodes.
    pub(super) alses: Vec<AlsNode>,
    /// The direct implications of every value, in HoDoKu's order.
    pub(super) direct: Vec<Vec<u32>>,
}

thread_local! {
    /// The link lists of dropped graphs, kept with their capacity: a solve path builds a
    /// graph or more at every hard step, and growing some 1,500 lists anew each time cost
    /// more than filling them.
    static SPARE_LINKS: std::cell::RefCell<Vec<Vec<Vec<u32>>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// Single lists, empty but with their room, from graphs longer than the next one built
    /// (a grouped graph's group nodes, when a plain graph comes next), for a longer one.
    static SPARE_LISTS: std::cell::RefCell<Vec<Vec<u32>>> =
        const { std::cell::RefCell::new(Vec::new()) };
    /// The group lists of dropped graphs, with their room: a group is some 350 bytes (its
    /// sets at the widest width), and growing the list anew for every graph copied them
    /// over and over.
    static SPARE_GROUPS: std::cell::RefCell<Vec<Vec<Group>>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// The most single lists kept in `SPARE_LISTS`.
const MAX_SPARE_LISTS: usize = 4096;

impl Drop for Graph {
    fn drop(&mut self) {
        // A plain graph's links are laid out elsewhere ([`PaddedLinks::plain`]): it has
        // no lists to give back.
        if !self.direct.is_empty() {
            put_back(&SPARE_LINKS, std::mem::take(&mut self.direct));
        }
        put_back(&SPARE_GROUPS, std::mem::take(&mut self.groups));
    }
}

impl Graph {
    /// A graph with its lists (the searches lay the plain and grouped ones out straight
    /// from the position: [`PaddedLinks::plain`], [`PaddedLinks::with_adds`]).
    ///
    /// [`PaddedLinks::plain`]: super::links::PaddedLinks::plain
    /// [`PaddedLinks::with_adds`]: super::links::PaddedLinks::with_adds
    #[cfg(test)]
    pub(super) fn new<const W: usize>(ctx: &Ctx<W>, grouped: bool) -> Graph {
        Graph::build(ctx, grouped, false, false)
    }

    /// The graph of a forcing net: each premise's direct implications are what it gives
    /// with four rounds of singles looked ahead.
    pub(super) fn net<const W: usize>(ctx: &Ctx<W>) -> Graph {
        Graph::build(ctx, true, true, false)
    }

    /// A graph: with group nodes when `grouped`, with a forcing net's links when `net`
    /// (whose scans for singles look at every cell and house when `whole_scans`, as they
    /// must where the position has a single, and which then looks ahead from every premise,
    /// none copied: the reference the tests compare with).
    pub(super) fn build<const W: usize>(
        ctx: &Ctx<W>,
        grouped: bool,
        net: bool,
        whole_scans: bool,
    ) -> Graph {
        let mut graph = Graph::nodes(ctx, grouped, net);
        graph.fill(ctx, net, whole_scans);
        graph
    }

    /// Makes the lists of a graph of nodes alone ([`Graph::nodes`]), of a forcing net where
    /// `net`.
    pub(super) fn fill<const W: usize>(&mut self, ctx: &Ctx<W>, net: bool, whole_scans: bool) {
        let graph = self;
        let mut direct = take_spare(&SPARE_LINKS);
        for list in &mut direct {
            list.clear();
        }
        let want = graph.values();
        SPARE_LISTS.with_borrow_mut(|spare| {
            if direct.len() > want {
                let room = MAX_SPARE_LISTS.saturating_sub(spare.len());
                spare.extend(direct.drain(want..).take(room));
            }
            while direct.len() < want {
                direct.push(spare.pop().unwrap_or_default());
            }
        });
        graph.direct = direct;
        if net {
            graph.net_links(ctx, whole_scans);
        } else {
            graph.plain_links(ctx);
        }
        let mut adds = Vec::new();
        graph.group_links(ctx, &mut adds);
        for (from, to) in adds {
            graph.direct[from as usize].push(to);
        }
        if !graph.alses.is_empty() {
            graph.als_links(ctx);
        }
    }

    /// A graph's nodes (with group nodes when `grouped`, and ALS nodes too where they are
    /// wanted and it is no net), without links.
    pub(super) fn nodes<const W: usize>(ctx: &Ctx<W>, grouped: bool, net: bool) -> Graph {
        let n = ctx.n();
        let groups = if grouped {
            group_nodes(ctx)
        } else {
            Vec::new()
        };
        let alses = if grouped && !net && ctx.opts.als_in_chains {
            als_nodes(ctx)
        } else {
            Vec::new()
        };
        Graph {
            n,
            cell_of: cell_of(n),
            direct: Vec::new(),
            groups,
            alses,
        }
    }

    /// Per candidate node, its place in `candidates` (where its "on" table is when the "on"
    /// tables come first); `u32::MAX` for a node that is no candidate.
    pub(super) fn candidate_index(&self, candidates: &[CandIx]) -> Vec<u32> {
        let mut index = vec![u32::MAX; self.cell_of.len()];
        for (i, c) in candidates.iter().enumerate() {
            index[c.cell.index() * self.n + c.digit.index()] = i as u32;
        }
        index
    }

    /// How many values the graph has: "on" and "off" of every candidate node (every digit
    /// of every cell), group node and ALS node.
    pub(super) fn values(&self) -> usize {
        2 * (self.cell_of.len() + self.groups.len() + self.alses.len())
    }

    /// The value of digit `d` in `cell`, "on" or "off".
    pub(super) fn normal(&self, cell: CellIx, d: DigitIx, on: bool) -> u32 {
        normal_value(self.n, cell, d, on)
    }

    /// The values of every candidate of `cell`, on and off: a range, tested without a
    /// division.
    pub(super) fn cell_values(&self, cell: CellIx) -> std::ops::Range<u32> {
        let first = 2 * cell.index() * self.n;
        first as u32..(first + 2 * self.n) as u32
    }

    pub(super) fn group(&self, g: usize, on: bool) -> u32 {
        ((self.n * self.n * self.n + g) * 2 + usize::from(on)) as u32
    }

    fn als(&self, k: usize, on: bool) -> u32 {
        self.group(self.groups.len() + k, on)
    }

    /// The ALS node of a value, if it is one.
    pub(super) fn als_of(&self, value: u32) -> Option<&AlsNode> {
        match self.node(value) {
            Err(g) if g >= self.groups.len() => Some(&self.alses[g - self.groups.len()]),
            _ => None,
        }
    }

    /// The node of a value: `Ok(candidate)` or `Err(group)`, where groups past the group
    /// nodes are ALS nodes.
    pub(super) fn node(&self, value: u32) -> Result<CandIx, usize> {
        let node = value as usize / 2;
        match self.cell_of.get(node) {
            Some(&cell) => {
                let cell = usize::from(cell);
                let d = node - cell * self.n;
                Ok(CandIx::new(CellIx::new(cell), DigitIx::new(d)))
            }
            None => Err(node - self.cell_of.len()),
        }
    }

    /// The cells of a node, ascending.
    pub(super) fn cells_of(&self, value: u32) -> impl Iterator<Item = CellIx> + '_ {
        let (cell, set) = match self.node(value) {
            Ok(c) => (Some(c.cell), None),
            Err(g) if g >= self.groups.len() => {
                (None, Some(&self.alses[g - self.groups.len()].cells))
            }
            Err(g) => (None, Some(&self.groups[g].cells)),
        };
        cell.into_iter().chain(set.into_iter().flat_map(each_cell))
    }

    /// Adds the cells of a node to `set`: a candidate's cell without going through
    /// [`Graph::cells_of`], as the lasso test of every chain found does it for each node.
    pub(super) fn insert_cells<const W: usize>(&self, value: u32, set: &mut CellSet<W>) {
        match self.node(value) {
            Ok(c) => set.insert(c.cell.index()),
            Err(_) => {
                for c in self.cells_of(value) {
                    set.insert(c.index());
                }
            }
        }
    }

    /// The first (lowest) cell of a node, which HoDoKu uses for its lasso test; for an ALS
    /// node, its first cell with the node's digit.
    pub(super) fn first_cell(&self, value: u32) -> CellIx {
        let first = match self.node(value) {
            Ok(c) => return c.cell,
            Err(g) if g >= self.groups.len() => {
                let a = &self.alses[g - self.groups.len()];
                a.with[a.d.index()].first()
            }
            Err(g) => self.groups[g].cells.first(),
        };
        CellIx::new(first.unwrap_or(0))
    }

    pub(super) fn digit_of(&self, value: u32) -> DigitIx {
        match self.node(value) {
            Ok(c) => c.digit,
            Err(g) if g >= self.groups.len() => self.alses[g - self.groups.len()].d,
            Err(g) => self.groups[g].d,
        }
    }

    /// The cells seeing every cell of a node; for an ALS node, the cells outside it seeing
    /// every place of digit `x` in it.
    pub(super) fn buddies<const W: usize>(
        &self,
        ctx: &Ctx<W>,
        value: u32,
        x: DigitIx,
    ) -> CellSet<W> {
        match self.node(value) {
            Ok(c) => *ctx.g.peers(c.cell.index()),
            Err(g) if g >= self.groups.len() => {
                self.alses[g - self.groups.len()].buddies[x.index()].resized()
            }
            Err(g) => self.groups[g].buddies.resized(),
        }
    }

    /// The direct links of every candidate ([`plain_lists`]).
    fn plain_links<const W: usize>(&mut self, ctx: &Ctx<W>) {
        let (n, direct) = (self.n, &mut self.direct);
        plain_lists(ctx, |cell, d, off, on| {
            direct[normal_value(n, cell, d, false) as usize].extend_from_slice(off);
            direct[normal_value(n, cell, d, true) as usize].extend_from_slice(on);
        });
    }

    /// The links of the group nodes, as (from, to) in the order they join the lists of
    /// their "from" values, after the candidates' links: appended to `adds`. Group links
    /// are never merged with equal ones, as in HoDoKu.
    pub(super) fn group_links<const W: usize>(&self, ctx: &Ctx<W>, adds: &mut Vec<(u32, u32)>) {
        // Kept from group to group, so that the groups' links cost no allocations.
        let mut seeing: Vec<CellIx> = Vec::new();
        // The groups of each digit, in order: a group links only to groups of its digit.
        let mut of_digit: Vec<Vec<usize>> = vec![Vec::new(); ctx.n()];
        for (j, g) in self.groups.iter().enumerate() {
            of_digit[g.d.index()].push(j);
        }
        // The groups' cells at the position's width: the pairs below test them many times,
        // and at the widest width each test reads twenty words.
        let cells: Vec<CellSet<W>> = self.groups.iter().map(|g| g.cells.resized()).collect();
        // Their line and box, read for every pair of a digit's groups: from the groups
        // themselves, some 350 bytes each, the pairs' reads missed the cache.
        let houses: Vec<(usize, usize)> = self.groups.iter().map(|g| (g.line, g.block)).collect();
        for i in 0..self.groups.len() {
            let (g_on, g_off) = (self.group(i, true), self.group(i, false));
            let gi = &self.groups[i];
            let d = gi.d;
            seeing.clear();
            let buddies: CellSet<W> = gi.buddies.resized();
            seeing.extend(each_cell(&buddies.and(&ctx.digit_cells[d.index()])));
            let (line, block) = (gi.line, gi.block);
            for &t in &seeing {
                adds.push((g_on, self.normal(t, d, false)));
                adds.push((self.normal(t, d, true), g_off));
            }
            for h in [block, line] {
                let mut inside = seeing
                    .iter()
                    .filter(|&&t| ctx.g.house_set(h).contains(t.index()));
                if let (Some(&u), None) = (inside.next(), inside.next()) {
                    adds.push((g_off, self.normal(u, d, true)));
                    adds.push((self.normal(u, d, false), g_on));
                }
            }
            let mut shared: [(usize, Option<usize>); 2] = [(0, None); 2];
            for &j in &of_digit[d.index()] {
                let (j_line, j_block) = houses[j];
                if (j_line != line && j_block != block) || j == i || cells[j].intersects(&cells[i])
                {
                    continue;
                }
                for (k, same) in [j_line == line, j_block == block].into_iter().enumerate() {
                    if same {
                        shared[k].0 += 1;
                        shared[k].1.get_or_insert(j);
                        adds.push((g_on, self.group(j, false)));
                    }
                }
            }
            for (k, h) in [line, block].into_iter().enumerate() {
                let (1, Some(j)) = shared[k] else { continue };
                let rest = ctx
                    .cells_in(h, d.index())
                    .iter()
                    .filter(|&c| !cells[i].contains(c) && !cells[j].contains(c))
                    .count();
                if rest == 0 {
                    adds.push((g_off, self.group(j, true)));
                }
            }
        }
    }
}

impl Graph {
    /// The links of the ALS nodes, after every other link: into a node from each candidate
    /// of its digit outside the set that sees all the set's places of it (and from such a
    /// group), out of it to what the locked set removes (candidates, groups covered, other
    /// ALS nodes whose every place it removes) and to cells left with one digit.
    fn als_links<const W: usize>(&mut self, ctx: &Ctx<W>) {
        // Into the nodes: appended to the lists of their entries, unless there already.
        let mut entries: Vec<(u32, u32)> = Vec::new();
        let mut exits: Vec<Vec<u32>> = Vec::with_capacity(self.alses.len());
        for (k, a) in self.alses.iter().enumerate() {
            let (node, d) = (self.als(k, false), a.d);
            for x in each_cell(&a.buddies[d.index()]) {
                entries.push((self.normal(x, d, true), node));
                for (i, gr) in self.groups.iter().enumerate() {
                    if gr.d == d
                        && gr.cells.contains(x.index())
                        && !gr.cells.intersects(&a.cells)
                        && a.with[d.index()].is_subset(&gr.buddies)
                    {
                        entries.push((self.group(i, true), node));
                    }
                }
            }
            exits.push(self.als_exits(ctx, a));
        }
        for (from, to) in entries {
            let list = &mut self.direct[from as usize];
            if !list.contains(&to) {
                list.push(to);
            }
        }
        for (k, links) in exits.into_iter().enumerate() {
            let node = self.als(k, false);
            self.direct[node as usize] = links;
        }
    }

    /// What ALS node `a` implies: each other digit off where the set removes it, groups it
    /// covers off, ALS nodes whose every place it removes, then cells (not bivalue) left
    /// with one digit on.
    fn als_exits<const W: usize>(&self, ctx: &Ctx<W>, a: &AlsNode) -> Vec<u32> {
        let d = a.d;
        let removed = || each_digit(a.mask & !d.bit()).map(|z| (z, &a.buddies[z.index()]));
        let mut links = Vec::new();
        for (z, cells) in removed() {
            links.extend(each_cell(cells).map(|c| self.normal(c, z, false)));
            for (i, gr) in self.groups.iter().enumerate() {
                if gr.d == z && gr.cells.is_subset(cells) {
                    links.push(self.group(i, false));
                }
            }
        }
        for (j, b) in self.alses.iter().enumerate() {
            if b.d != d
                && a.mask & b.d.bit() != 0
                && !b.cells.intersects(&a.cells)
                && !a.buddies[b.d.index()].is_empty()
                && b.with[b.d.index()].is_subset(&a.buddies[b.d.index()])
            {
                links.push(self.als(j, false));
            }
        }
        let outside = removed().fold(CellSet::<W20>::EMPTY, |s, (_, cells)| s.or(cells));
        for c in each_cell(&outside) {
            let m = ctx.mask(c.index());
            if two_bits(m) {
                continue;
            }
            let rest = removed()
                .filter(|(_, cells)| cells.contains(c.index()))
                .fold(m, |m, (z, _)| m & !z.bit());
            if rest.count_ones() == 1 {
                let only = DigitIx::new(rest.trailing_zeros() as usize);
                links.push(self.normal(c, only, true));
            }
        }
        links
    }
}

/// The cell of every candidate node (`cell * n + d`) of a grid of `n` digits.
fn cell_of(n: usize) -> Vec<u16> {
    let mut out = Vec::with_capacity(n * n * n);
    for cell in 0..n * n {
        out.resize(out.len() + n, cell as u16);
    }
    out
}

/// The value of a candidate, "on" or "off", in a grid of `n` digits.
fn normal_value(n: usize, cell: CellIx, d: DigitIx, on: bool) -> u32 {
    ((cell.index() * n + d.index()) * 2 + usize::from(on)) as u32
}

/// The direct links of every candidate, candidates in order (cells, then digits), given to
/// `emit(cell, d, off, on)` as the lists of its "off" and "on" values.
///
/// On: the cell's other digits off, then the digit's other places in the cell's houses
/// off (row, column, box, then a variant's other houses). Off: the cell's other digit on if
/// it is bivalue, then the digit's other place on in each house where it has two. A peer can share two houses
/// with the cell (a row and a box): it is linked once, where it is first met, as a list
/// that skipped repeats would have it; the cells already linked are kept as a set instead
/// of searching the list (which made building the graph quadratic in its links).
pub(super) fn plain_lists<const W: usize>(
    ctx: &Ctx<W>,
    mut emit: impl FnMut(CellIx, DigitIx, &[u32], &[u32]),
) {
    let n = ctx.n();
    let (mut on_list, mut off_list) = (Vec::new(), Vec::new());
    for cell in each_cell(&ctx.empty) {
        let m = ctx.mask(cell.index());
        let bivalue = two_bits(m);
        for d in each_digit(m) {
            on_list.clear();
            off_list.clear();
            for x in each_digit(m & !d.bit()) {
                on_list.push(normal_value(n, cell, x, false));
                if bivalue {
                    off_list.push(normal_value(n, cell, x, true));
                }
            }
            let (mut weak, mut strong) = (CellSet::<W>::EMPTY, CellSet::<W>::EMPTY);
            weak.insert(cell.index());
            for h in ctx.g.houses_in_order(cell.index()) {
                let places = ctx.cells_in(h, d.index());
                if !places.has_two() {
                    continue;
                }
                on_list
                    .extend(each_cell(&places.minus(&weak)).map(|k| normal_value(n, k, d, false)));
                weak = weak.or(&places);
                if places.is_pair() {
                    let other = each_cell(&places).find(|&k| k != cell).unwrap_or(cell);
                    if !strong.contains(other.index()) {
                        strong.insert(other.index());
                        off_list.push(normal_value(n, other, d, true));
                    }
                }
            }
            emit(cell, d, &off_list, &on_list);
        }
    }
}

/// The ALS nodes (see [`AlsNode`]) in HoDoKu's order: ALSs of two cells or more as
/// [`super::super::als::alses`] lists them, each with every digit whose loss removes something.
fn als_nodes<const W: usize>(ctx: &Ctx<W>) -> Vec<AlsNode> {
    let wide = |s: &CellSet<W>| s.resized::<W20>();
    let mut out = Vec::new();
    for a in super::super::als::alses(ctx)
        .iter()
        .filter(|a| a.cells.len() >= 2)
    {
        let buddies: Vec<CellSet<W20>> = a.buddies.iter().map(wide).collect();
        let with: Vec<CellSet<W20>> = a.with.iter().map(wide).collect();
        for d in each_digit(a.mask) {
            if each_digit(a.mask & !d.bit()).all(|z| buddies[z.index()].is_empty()) {
                continue;
            }
            out.push(AlsNode {
                cells: wide(&a.cells),
                d,
                mask: a.mask,
                buddies: buddies.clone(),
                with: with.clone(),
            });
        }
    }
    out
}

/// The group nodes in HoDoKu's order: rows, then columns; per line every digit, per digit
/// every box where the line holds two or more of its places.
fn group_nodes<const W: usize>(ctx: &Ctx<W>) -> Vec<Group> {
    let mut out = take_spare(&SPARE_GROUPS);
    out.clear();
    for kind in [Kind::Row, Kind::Col] {
        for line in ctx.g.lines(kind) {
            for d in 0..ctx.n() {
                let places = ctx.cells_in(line, d);
                if places.is_empty() {
                    continue;
                }
                for block in ctx.g.lines(Kind::Block) {
                    let cells = places.and(ctx.g.house_set(block));
                    if !cells.has_two() {
                        continue;
                    }
                    let buddies = ctx.g.common_peers(cells.iter());
                    out.push(Group {
                        cells: cells.resized(),
                        d: DigitIx::new(d),
                        line,
                        block,
                        buddies: buddies.resized(),
                    });
                }
            }
        }
    }
    out
}

/// A table path as a chain: the link into an "on" value is strong, into an "off" one weak.
///
/// An ALS node is written as the set's two digits joined strongly, `(5=8)r4c23` in Eureka
/// notation: entered weakly on its digit, it holds the digit of the link that leaves it.
pub(super) fn chain_of<const W: usize>(g: &Graph, ctx: &Ctx<W>, path: &[u32]) -> Chain {
    let mut chain = Chain::start(node_of(g, ctx, path[0]));
    for (k, &v) in path.iter().enumerate().skip(1) {
        if let Some(a) = g.als_of(path[k - 1])
            && v & 1 == 0
        {
            let cells = a.cells.iter().map(|c| ctx.cell(c)).collect();
            let exit = ChainNode::group(cells, digit(g.digit_of(v).index()));
            chain.push(LinkKind::Strong, exit);
        }
        let link = if v & 1 == 1 {
            LinkKind::Strong
        } else {
            LinkKind::Weak
        };
        chain.push(link, node_of(g, ctx, v));
    }
    chain
}

fn node_of<const W: usize>(g: &Graph, ctx: &Ctx<W>, value: u32) -> ChainNode {
    let cells = g.cells_of(value).map(|c| ctx.cell(c.index()));
    ChainNode::group(cells.collect(), digit(g.digit_of(value).index()))
}
