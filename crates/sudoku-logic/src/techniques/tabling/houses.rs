//! The places per house that the forcing checks read: where each digit may still go by the
//! placed digits alone, house by house.

use super::super::Ctx;
use super::index::DigitIx;
use crate::bits::CellSet;
use crate::geometry::Kind;

/// Every house's places of each digit that the placed digits allow ([`allowed_cells`]),
/// where there are some, for the "no place left" contradictions: rows, then columns, then
/// boxes, digit by digit, house by house (the order contradictions are looked for in). The
/// same for every premise, so made once.
pub(super) struct HousePlaces<const W: usize> {
    /// Per digit index, its allowed cells.
    pub(super) allowed: Vec<CellSet<W>>,
    pub(super) places: Vec<CellSet<W>>,
    /// Per kind of house and digit, in the order above: the digit and its range in `places`.
    /// A premise that clears none of a digit's allowed cells leaves it room in every house,
    /// so its run is passed over whole.
    pub(super) runs: Vec<(DigitIx, usize, usize)>,
    /// Where the rows, columns and boxes fit in a word, one bit each in the order above
    /// (all but the largest grids), the houses found by bytes ([`HouseBits`]).
    pub(super) bits: Option<HouseBits>,
}

/// The rows, columns and boxes of a set of cells as a word, found a byte of the set at a
/// time: one table lookup per eight cells, where testing each house's places against a
/// premise's cleared cells cost every premise of a forcing search some 250 set tests.
pub(super) struct HouseBits {
    /// Per byte of a cell set (cells `8 * j..8 * j + 8`) and its value, the houses of its cells.
    by_byte: Vec<[u64; 256]>,
    /// Per digit index, the houses where it has an allowed place.
    pub(super) with_places: Vec<u64>,
    /// Per digit index and house bit, the index of its places in `places`.
    pub(super) place_of: Vec<[u16; 64]>,
    /// Houses of one kind.
    pub(super) per_kind: usize,
}

impl HouseBits {
    /// The houses holding a cell of `set`.
    pub(super) fn of<const W: usize>(&self, set: &CellSet<W>) -> u64 {
        let mut houses = 0;
        for (j, table) in self.by_byte.iter().enumerate() {
            let byte = (set.words()[j / 8] >> (8 * (j % 8))) as u8;
            houses |= table[byte as usize];
        }
        houses
    }
}

impl<const W: usize> HousePlaces<W> {
    pub(super) fn new(ctx: &Ctx<W>) -> HousePlaces<W> {
        let allowed: Vec<CellSet<W>> = (0..ctx.n())
            .map(|d| allowed_cells(ctx, DigitIx::new(d)))
            .collect();
        let (mut places, mut runs) = (Vec::new(), Vec::new());
        let kinds = [Kind::Row, Kind::Col, Kind::Block];
        let per_kind = ctx.g.lines(Kind::Row).count();
        let fits = kinds.iter().all(|&k| ctx.g.lines(k).count() == per_kind) && 3 * per_kind <= 64;
        let mut with_places = vec![0u64; ctx.n()];
        let mut place_of = vec![[u16::MAX; 64]; ctx.n()];
        for (k, kind) in kinds.into_iter().enumerate() {
            for (d, allowed) in allowed.iter().enumerate() {
                let start = places.len();
                for (i, h) in ctx.g.lines(kind).enumerate() {
                    let bit = k * per_kind + i;
                    let here = allowed.and(ctx.g.house_set(h));
                    if !here.is_empty() {
                        if fits {
                            with_places[d] |= 1 << bit;
                            place_of[d][bit] = places.len() as u16;
                        }
                        places.push(here);
                    }
                }
                runs.push((DigitIx::new(d), start, places.len()));
            }
        }
        let bits = fits.then(|| {
            // Each cell's houses, a bit each in the order of `places`.
            let mut cell_houses = vec![0u64; ctx.g.cell_count()];
            for (bit, h) in kinds.into_iter().flat_map(|k| ctx.g.lines(k)).enumerate() {
                for c in ctx.g.house_set(h).iter() {
                    cell_houses[c] |= 1 << bit;
                }
            }
            let by_byte = (0..ctx.g.cell_count().div_ceil(8))
                .map(|j| {
                    let mut table = [0u64; 256];
                    for b in 1..256usize {
                        let c = 8 * j + b.trailing_zeros() as usize;
                        let here = cell_houses.get(c).copied().unwrap_or(0);
                        table[b] = table[b & (b - 1)] | here;
                    }
                    table
                })
                .collect();
            HouseBits {
                by_byte,
                with_places,
                place_of,
                per_kind,
            }
        });
        HousePlaces {
            allowed,
            places,
            runs,
            bits,
        }
    }
}

/// Whether two cells of one digit's set in `on` (indexed by digit) see each other: two in
/// one row, column or box are peers.
pub(super) fn sees_itself<const W: usize>(ctx: &Ctx<W>, on: &[CellSet<W>]) -> bool {
    on.iter()
        .filter(|set| set.has_two())
        .any(|set| set.iter().any(|x| ctx.g.peers(x).intersects(set)))
}

/// The empty cells where digit index `d` could go by the placed digits alone (no peer holds
/// it), whatever candidates were removed since: HoDoKu's "allowed" cells.
fn allowed_cells<const W: usize>(ctx: &Ctx<W>, d: DigitIx) -> CellSet<W> {
    let mut out = ctx.empty;
    for c in 0..ctx.g.cell_count() {
        if ctx.pos.values()[c] as usize == d.index() + 1 {
            out = out.minus(ctx.g.peers(c));
        }
    }
    out
}
