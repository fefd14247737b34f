//! [`Geometry`]: the tables of a [`Layout`] the techniques read, as cell sets.
//!
//! `Layout` lists houses and peers as index slices, which is what the solvers want. Human
//! techniques instead ask set questions ("which cells see all of these?", "are these cells in
//! one box?"), so this module turns the layout into [`CellSet`]s once and keeps them for
//! every step of a solve.
//!
//! The sets are `W` words wide ([`CellSet`]); [`crate::Logic`] builds the geometry at the
//! narrowest width that holds the layout, so the techniques, generic over `W`, do no work on
//! words that are always empty.

use sudoku_core::{Cell, House, Layout};

use crate::bits::{CellSet, MAX_WORDS};

/// What kind of house a house is, for the techniques that care (fish use rows and columns,
/// locked candidates intersect a box-like house with a line).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A box or a jigsaw region.
    Block,
    /// A diagonal or an extra region.
    Other,
}

/// Precomputed house and peer sets of a layout, as cell sets of `W` words (the default, the
/// widest, holds any layout; a narrower `W` must hold every cell of it).
#[derive(Debug, Clone)]
pub struct Geometry<const W: usize = MAX_WORDS> {
    layout: Layout,
    n: usize,
    houses: Vec<House>,
    kinds: Vec<Kind>,
    house_cells: Vec<Vec<usize>>,
    house_sets: Vec<CellSet<W>>,
    peers: Vec<CellSet<W>>,
    /// For every cell: its row, column and block house positions.
    rcb: Vec<[usize; 3]>,
    /// Every rectangle that could be a deadly pattern (see [`Geometry::rectangles`]).
    rectangles: Vec<[usize; 4]>,
    /// The house positions of each kind (rows, columns, blocks, others), in index order.
    by_kind: [Vec<usize>; 4],
    plain: bool,
    /// Whether the layout is the classic 9x9 one (3x3 boxes, no variant houses).
    classic: bool,
    /// Per rectangle, the houses of its corners (bit `h`), where the layout has 64 houses
    /// at most; empty otherwise.
    rectangle_houses: Vec<u64>,
}

impl<const W: usize> Geometry<W> {
    /// The tables of a layout.
    ///
    /// # Panics
    ///
    /// If the layout has more cells than sets of `W` words hold.
    pub fn new(layout: &Layout) -> Geometry<W> {
        let n = layout.size();
        assert!(
            n * n <= W * 64,
            "{n}x{n} cells do not fit cell sets of {W} words"
        );
        let houses = layout.houses().to_vec();
        let kinds: Vec<Kind> = houses.iter().map(|&h| kind_of(h)).collect();
        let house_cells: Vec<Vec<usize>> = (0..houses.len())
            .map(|h| layout.house_cells(h).iter().map(|&c| c as usize).collect())
            .collect();
        let house_sets: Vec<CellSet<W>> = house_cells
            .iter()
            .map(|cells| CellSet::from_indices(cells.iter().copied()))
            .collect();
        let peers = (0..n * n)
            .map(|i| CellSet::from_indices(layout.peers(i).iter().map(|&p| p as usize)))
            .collect();
        let rcb = (0..n * n)
            .map(|i| block_triple(layout, &houses, i))
            .collect();
        let plain = *layout.variant() == sudoku_core::Variant::default();
        let by_kind = [Kind::Row, Kind::Col, Kind::Block, Kind::Other]
            .map(|k| (0..houses.len()).filter(|&h| kinds[h] == k).collect());
        let mut geometry = Geometry {
            layout: layout.clone(),
            n,
            houses,
            kinds,
            house_cells,
            house_sets,
            peers,
            rcb,
            rectangles: Vec::new(),
            by_kind,
            plain,
            classic: *layout == Layout::classic(),
            rectangle_houses: Vec::new(),
        };
        geometry.rectangles = geometry.find_rectangles();
        if geometry.houses.len() <= 64 {
            geometry.rectangle_houses = (geometry.rectangles.iter())
                .map(|corners| geometry.houses_mask(corners))
                .collect();
        }
        geometry
    }

    /// Every rectangle (corners r1c1, r1c2, r2c1, r2c2 in that order) whose corners lie in
    /// exactly two boxes and where every house holds none of the corners or exactly one side
    /// (two corners in a row or a column): the rectangles whose two digits could be swapped,
    /// which the uniqueness techniques look at.
    pub fn rectangles(&self) -> &[[usize; 4]] {
        &self.rectangles
    }

    /// Per rectangle of [`Geometry::rectangles`], the houses its corners lie in (bit `h`
    /// for house `h`), where the layout has 64 houses at most (`None` otherwise): every
    /// cell a uniqueness test reads or clears lies in them.
    pub(crate) fn rectangle_houses(&self) -> Option<&[u64]> {
        (!self.rectangle_houses.is_empty()).then_some(&self.rectangle_houses[..])
    }

    /// The houses of `cells` as a mask (bit `h` for house `h`, which must be below 64).
    fn houses_mask(&self, cells: &[usize]) -> u64 {
        (cells.iter())
            .flat_map(|&c| self.houses_of(c))
            .fold(0, |m, &h| m | 1 << h)
    }

    fn find_rectangles(&self) -> Vec<[usize; 4]> {
        let n = self.n;
        let mut out = Vec::new();
        for r1 in 0..n {
            for r2 in r1 + 1..n {
                for c1 in 0..n {
                    for c2 in c1 + 1..n {
                        let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                        if self.swappable(corners) {
                            out.push(corners);
                        }
                    }
                }
            }
        }
        out
    }

    fn swappable(&self, corners: [usize; 4]) -> bool {
        if self.block_of(corners[0]) == self.block_of(corners[3]) {
            return false;
        }
        let set = CellSet::from_indices(corners);
        corners.iter().all(|&c| {
            self.houses_of(c).iter().all(|&h| {
                let inside = self.house_sets[h as usize].and(&set);
                let mut it = inside.iter();
                match (inside.len(), it.next(), it.next()) {
                    (2, Some(a), Some(b)) => {
                        self.row_of(a) == self.row_of(b) || self.col_of(a) == self.col_of(b)
                    }
                    _ => false,
                }
            })
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// `N`.
    pub fn size(&self) -> usize {
        self.n
    }

    /// `N * N`.
    pub fn cell_count(&self) -> usize {
        self.n * self.n
    }

    /// Number of houses.
    pub fn house_count(&self) -> usize {
        self.houses.len()
    }

    /// The house at position `h`.
    pub fn house(&self, h: usize) -> House {
        self.houses[h]
    }

    pub(crate) fn kind(&self, h: usize) -> Kind {
        self.kinds[h]
    }

    /// The cells (row-major indices) of house `h`, in the house's order.
    pub fn house_cells(&self, h: usize) -> &[usize] {
        &self.house_cells[h]
    }

    /// The cells of house `h` as a set.
    pub fn house_set(&self, h: usize) -> &CellSet<W> {
        &self.house_sets[h]
    }

    /// The peers of a cell as a set.
    pub fn peers(&self, cell: usize) -> &CellSet<W> {
        &self.peers[cell]
    }

    /// The positions of a cell's houses in HoDoKu's order: row, column, box, then any other
    /// (a diagonal, a window).
    pub fn houses_in_order(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let first = [self.row_of(cell), self.col_of(cell), self.block_of(cell)];
        let others = self
            .houses_of(cell)
            .iter()
            .map(|&h| h as usize)
            .filter(move |h| !first.contains(h));
        first.into_iter().chain(others)
    }

    /// The positions of the houses holding a cell.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        self.layout.houses_of(cell)
    }

    /// The row house of a cell.
    pub fn row_of(&self, cell: usize) -> usize {
        self.rcb[cell][0]
    }

    /// The column house of a cell.
    pub fn col_of(&self, cell: usize) -> usize {
        self.rcb[cell][1]
    }

    /// The box (or jigsaw region) house of a cell.
    pub fn block_of(&self, cell: usize) -> usize {
        self.rcb[cell][2]
    }

    /// Whether the layout has only rows, columns and boxes (no variant houses): the
    /// uniqueness techniques need to know every house a rectangle touches.
    pub fn is_plain(&self) -> bool {
        self.plain
    }

    /// Whether the layout is the classic 9x9 one, where bit-board shortcuts apply.
    pub(crate) fn is_classic(&self) -> bool {
        self.classic
    }

    /// Whether the layout has diagonals or extra regions (houses that are not rows, columns or
    /// boxes/regions).
    pub(crate) fn has_other_houses(&self) -> bool {
        self.kinds.contains(&Kind::Other)
    }

    /// Whether two cells share a house.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a].contains(b)
    }

    /// The cells that see every cell of `cells` (none of `cells` itself).
    pub fn common_peers(&self, cells: impl IntoIterator<Item = usize>) -> CellSet<W> {
        let mut out: Option<CellSet<W>> = None;
        for c in cells {
            out = Some(match out {
                None => self.peers[c],
                Some(set) => set.and(&self.peers[c]),
            });
        }
        out.unwrap_or_default()
    }

    /// The houses (positions) that hold every cell of `cells` (every house for no cell).
    pub fn common_houses(&self, cells: &CellSet<W>) -> Vec<usize> {
        if cells.is_empty() {
            return (0..self.houses.len()).collect();
        }
        self.houses_holding(cells).collect()
    }

    /// The houses (positions) that hold every cell of `cells`, in index order, none for no
    /// cell: looked for among the first cell's houses (three on a plain grid) rather than
    /// among them all, as the searches ask it of many small sets.
    pub(crate) fn houses_holding<'a>(
        &'a self,
        cells: &'a CellSet<W>,
    ) -> impl Iterator<Item = usize> + 'a {
        let first = cells.first().map_or(&[][..], |c| self.houses_of(c));
        first
            .iter()
            .map(|&h| usize::from(h))
            .filter(move |&h| cells.is_subset(&self.house_sets[h]))
    }

    /// Whether the cells (row-major indices) all lie in one row or all in one column.
    pub fn shares_a_line(&self, cells: &[usize]) -> bool {
        let first = cells[0];
        cells.iter().all(|&c| self.row_of(c) == self.row_of(first))
            || cells.iter().all(|&c| self.col_of(c) == self.col_of(first))
    }

    /// The cell with a row-major index.
    pub fn cell(&self, i: usize) -> Cell {
        Cell::from_index(i, self.n)
    }

    /// The house positions in HoDoKu's search order for subsets and locked candidates:
    /// boxes (or regions) first, then rows, columns and any other houses.
    pub(crate) fn blocks_first(&self) -> impl Iterator<Item = usize> + '_ {
        [Kind::Block, Kind::Row, Kind::Col, Kind::Other]
            .into_iter()
            .flat_map(move |k| self.lines(k))
    }

    /// The house positions of one kind, in index order.
    pub(crate) fn lines(&self, kind: Kind) -> impl Iterator<Item = usize> + '_ {
        self.houses_of_kind(kind).iter().copied()
    }

    /// The house positions of one kind, in index order, as a slice.
    pub(crate) fn houses_of_kind(&self, kind: Kind) -> &[usize] {
        &self.by_kind[kind as usize]
    }
}

fn kind_of(h: House) -> Kind {
    match h {
        House::Row(_) => Kind::Row,
        House::Col(_) => Kind::Col,
        House::Box(_) | House::Region(_) => Kind::Block,
        House::Diagonal(_) | House::Extra(_) => Kind::Other,
    }
}

fn block_triple(layout: &Layout, houses: &[House], cell: usize) -> [usize; 3] {
    let mut out = [0; 3];
    for &h in layout.houses_of(cell) {
        match kind_of(houses[h as usize]) {
            Kind::Row => out[0] = h as usize,
            Kind::Col => out[1] = h as usize,
            Kind::Block => out[2] = h as usize,
            Kind::Other => {}
        }
    }
    out
}
