//! The techniques, one module per family. Each family has one finder that reports every
//! instance of every technique of the family at a position; `Family::of` says which finder a
//! technique belongs to.
//!
//! Finders read a `Ctx`: the geometry, the position, the options and, computed once per
//! position, the cells of every digit. They never change the position.

use sudoku_core::{Candidate, Cell, Digit};

use crate::bits::{BitIter, CellSet, two_bits};
use crate::candidates::Candidates;
use crate::geometry::Geometry;
use crate::quick::MediumTests;
use crate::step::{Role, Step};
use crate::technique::Technique;

use std::cell::RefCell;

pub mod als;
pub mod brute_force;
mod buckets;
pub mod bug;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod franken;
pub mod intersections;
pub(crate) mod lone_digit;
pub mod remote_pairs;
pub mod single_digit;
pub mod singles;
mod sort;
pub mod subsets;
pub mod sue_de_coq;
pub mod tabling;
pub mod templates;
#[cfg(test)]
pub(crate) mod testing;
pub mod uniqueness;
pub mod wings;

/// Search options that change what some techniques accept. The defaults are HoDoKu 2.2.0's
/// solver defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Uniqueness techniques accept rectangles where a corner already lost one of the two
    /// digits (HoDoKu: `allowUniquenessMissingCandidates`, on by default).
    pub uniqueness_missing_candidates: bool,
    /// Empty rectangles whose box holds only two candidates are accepted (HoDoKu:
    /// `allowErsWithOnlyTwoCandidates`, off by default: those are kites or turbot fish).
    pub empty_rectangle_two_candidates: bool,
    /// The most fins a finned fish may have.
    pub max_fins: usize,
    /// Fish searches also report Siamese fish: two fish on the same base houses whose
    /// different covers and fins give different eliminations, told as one step with both
    /// (HoDoKu: `allowDualsAndSiamese`, off by default; never in a solve path).
    pub siamese_fish: bool,
    /// ALS links run only from an ALS to one later in the list, so ALS chains are found in
    /// one direction (HoDoKu: `allStepsAlsChainForwardOnly`, on by default and always in
    /// its solver; the ALS-XY-Chain lines of its regression library need it off, and its
    /// later tester turns it off).
    pub als_forward_only: bool,
    /// ALSs may overlap in ALS-XY-Wings, ALS chains and Death Blossoms, as long as no
    /// restricted common digit lies in the cells two linked sets share (HoDoKu:
    /// `allowAlsOverlap`, off by default and in its solver).
    pub als_overlap: bool,
    /// Grouped nice loops and AICs may pass through almost locked sets (HoDoKu:
    /// `allowAlsInTablingChains`, off by default and in its solver).
    pub als_in_chains: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            uniqueness_missing_candidates: true,
            empty_rectangle_two_candidates: false,
            max_fins: 5,
            siamese_fish: false,
            als_forward_only: true,
            als_overlap: false,
            als_in_chains: false,
        }
    }
}

/// A group of techniques found by one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Family {
    Singles,
    Intersections,
    /// Locked Pairs and Triples alone, for a solve path, which looks for them first after
    /// the singles at every position (the subset families report them too).
    Locked,
    /// Naked and hidden subsets of one size (2, 3 or 4): split by size so that the search for
    /// a Locked Pair, first in HoDoKu's order after the singles, does not pay for quadruples.
    Pairs,
    Triples,
    Quads,
    Fish,
    FinnedFish,
    SingleDigit,
    Wings,
    Uniqueness,
    RemotePairs,
    Bug,
    Coloring,
    SueDeCoq,
    Chains,
    /// Nice loops and AICs without group nodes.
    Loops,
    /// Grouped nice loops and AICs.
    GroupedLoops,
    Als,
    ForcingChains,
    ForcingNets,
    Franken,
    /// Mutant fish: only when asked for by name (HoDoKu's "all steps" stops at Franken).
    Mutant,
    /// Mutant fish of sizes 5 and 6 (Squirmbag, Whale): only when asked for by name, and
    /// apart from the smaller ones because the search is far longer.
    LargeMutant,
    /// Template Set and Delete: only when asked for by name.
    Templates,
    /// Death Blossom: only when asked for by name.
    DeathBlossom,
}

impl Family {
    /// Every family.
    pub(crate) const ALL: [Family; 26] = [
        Family::Singles,
        Family::Intersections,
        Family::Locked,
        Family::Pairs,
        Family::Triples,
        Family::Quads,
        Family::Fish,
        Family::FinnedFish,
        Family::SingleDigit,
        Family::Wings,
        Family::Uniqueness,
        Family::RemotePairs,
        Family::Bug,
        Family::Coloring,
        Family::SueDeCoq,
        Family::Chains,
        Family::Loops,
        Family::GroupedLoops,
        Family::Als,
        Family::ForcingChains,
        Family::ForcingNets,
        Family::Franken,
        Family::Mutant,
        Family::LargeMutant,
        Family::Templates,
        Family::DeathBlossom,
    ];

    /// The family whose finder reports a technique, `None` if it is not implemented yet
    /// (every technique listed in [`Technique`] is implemented now; techniques added to the
    /// list before their finder map to `None` here).
    pub(crate) fn of(t: Technique) -> Option<Family> {
        use Technique::*;
        Some(match t {
            FullHouse | NakedSingle | HiddenSingle => Family::Singles,
            LockedCandidatesPointing | LockedCandidatesClaiming => Family::Intersections,
            LockedPair | LockedTriple => Family::Locked,
            NakedPair | HiddenPair => Family::Pairs,
            NakedTriple | HiddenTriple => Family::Triples,
            NakedQuadruple | HiddenQuadruple => Family::Quads,
            XWing | Swordfish | Jellyfish => Family::Fish,
            FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish | FinnedJellyfish
            | SashimiJellyfish => Family::FinnedFish,
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | Dual2StringKite
            | DualEmptyRectangle => Family::SingleDigit,
            WWing | XyWing | XyzWing => Family::Wings,
            RemotePair => Family::RemotePairs,
            BugPlusOne => Family::Bug,
            SimpleColorsTrap | SimpleColorsWrap | MultiColors1 | MultiColors2 => Family::Coloring,
            UniquenessTest1 | UniquenessTest2 | UniquenessTest3 | UniquenessTest4
            | UniquenessTest5 | UniquenessTest6 | HiddenRectangle | AvoidableRectangle1
            | AvoidableRectangle2 => Family::Uniqueness,
            SueDeCoq => Family::SueDeCoq,
            XChain | XyChain => Family::Chains,
            ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => Family::Loops,
            GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => {
                Family::GroupedLoops
            }
            AlsXz | AlsXyWing | AlsXyChain => Family::Als,
            ForcingChainContradiction | ForcingChainVerity => Family::ForcingChains,
            ForcingNetContradiction | ForcingNetVerity => Family::ForcingNets,
            FrankenXWing
            | FrankenSwordfish
            | FrankenJellyfish
            | FinnedFrankenXWing
            | FinnedFrankenSwordfish
            | FinnedFrankenJellyfish => Family::Franken,
            MutantXWing
            | MutantSwordfish
            | MutantJellyfish
            | FinnedMutantXWing
            | FinnedMutantSwordfish
            | FinnedMutantJellyfish => Family::Mutant,
            MutantSquirmbag | MutantWhale | FinnedMutantSquirmbag | FinnedMutantWhale => {
                Family::LargeMutant
            }
            TemplateSet | TemplateDelete => Family::Templates,
            DeathBlossom => Family::DeathBlossom,
            _ => return None,
        })
    }

    /// Whether the family is one of HoDoKu's Medium searches (locked candidates, and the
    /// naked and hidden pairs and triples with the locked ones among them), whose absence
    /// [`crate::quick::MediumTests`] tell on the classic layout.
    pub(crate) fn is_medium(self) -> bool {
        matches!(
            self,
            Family::Locked | Family::Intersections | Family::Pairs | Family::Triples
        )
    }

    /// Whether [`crate::Logic::find_all_steps`] lists the family. Mutant fish, templates and
    /// Death Blossoms are searched only by name: HoDoKu's "all steps" stops at Franken fish, both searches
    /// are long, and neither is in a solve path. The locked subsets are listed by the subset
    /// families, which find them among the rest.
    pub(crate) fn in_all_steps(self) -> bool {
        !matches!(
            self,
            Family::Locked
                | Family::Mutant
                | Family::LargeMutant
                | Family::Templates
                | Family::DeathBlossom
        )
    }

    /// Whether the family is searched on grids of side `n`. The searches HoDoKu brought in
    /// for 9x9 (Sue de Coq, chains, loops, ALSs, forcing chains, Franken fish) grow
    /// exponentially with the side of the grid (ALS counts, tables of `n³` candidates, chain
    /// depth): on larger grids the path goes from colouring straight to Brute Force.
    pub(crate) fn searched_on(self, n: usize) -> bool {
        n <= 9
            || !matches!(
                self,
                Family::SueDeCoq
                    | Family::Chains
                    | Family::Loops
                    | Family::GroupedLoops
                    | Family::Als
                    | Family::ForcingChains
                    | Family::ForcingNets
                    | Family::Franken
                    | Family::Mutant
                    | Family::LargeMutant
                    | Family::Templates
                    | Family::DeathBlossom
            )
    }

    /// Every step of the family at the position.
    pub(crate) fn find<const W: usize>(self, ctx: &Ctx<W>, out: &mut Vec<Step>) {
        if !self.searched_on(ctx.n()) {
            return;
        }
        match self {
            Family::Singles => singles::find(ctx, out),
            Family::Intersections => intersections::find(ctx, out),
            Family::Locked => subsets::find_locked(ctx, out),
            Family::Pairs => subsets::find(ctx, 2, out),
            Family::Triples => subsets::find(ctx, 3, out),
            Family::Quads => subsets::find(ctx, 4, out),
            Family::Fish => fish::find(ctx, false, out),
            Family::FinnedFish => fish::find(ctx, true, out),
            Family::SingleDigit => single_digit::find(ctx, out),
            Family::Wings => wings::find(ctx, out),
            Family::Uniqueness => uniqueness::find(ctx, out),
            Family::RemotePairs => remote_pairs::find(ctx, out),
            Family::Bug => bug::find(ctx, out),
            Family::Coloring => coloring::find(ctx, out),
            Family::SueDeCoq => sue_de_coq::find(ctx, out),
            Family::Chains => chains::find(ctx, out),
            Family::Loops => tabling::find(ctx, false, out),
            Family::Als => als::find(ctx, out),
            Family::ForcingChains => tabling::forcing_chains(ctx, false, out),
            Family::ForcingNets => tabling::forcing_chains(ctx, true, out),
            Family::Franken => franken::find(ctx, franken::Shape::Franken, 2..=4, out),
            Family::Mutant => franken::find(ctx, franken::Shape::Mutant, 2..=4, out),
            Family::LargeMutant => franken::find(ctx, franken::Shape::Mutant, 5..=6, out),
            Family::Templates => templates::find(ctx, out),
            Family::DeathBlossom => als::death_blossoms(ctx, out),
            Family::GroupedLoops => {
                let mut found = Vec::new();
                tabling::find(ctx, true, &mut found);
                out.extend(found.into_iter().filter(|s| s.technique.order() == 5650));
            }
        }
    }
}

/// What a finder reads: the geometry, the position, the options, and the cells of each digit.
///
/// `W` is the width in words of its cell sets. Every finder is generic over it, so each is
/// compiled once per width [`crate::Logic`] uses and a 9x9 search never touches the words a
/// 35x35 grid would need.
pub(crate) struct Ctx<'a, const W: usize> {
    pub(crate) g: &'a Geometry<W>,
    pub(crate) pos: &'a Candidates,
    pub(crate) opts: &'a Options,
    /// `digit_cells[d]`: the cells with digit index `d` (digit `d + 1`) as a candidate.
    pub(crate) digit_cells: Vec<CellSet<W>>,
    /// The cells still empty.
    pub(crate) empty: CellSet<W>,
    /// Set when only the step a solve path takes is wanted: finders whose choice is HoDoKu's
    /// "first found" may stop at their first step of each technique.
    pub(crate) first_only: bool,
    /// What the solve path this search is part of remembers from its earlier searches.
    pub(crate) memo: Option<&'a RefCell<Memo<W>>>,
    /// The grouped chain tables of the position, once a search has built them
    /// ([`tabling::Tables`]).
    pub(crate) grouped_tables: RefCell<Option<std::rc::Rc<tabling::Tables>>>,
    /// The plain graph's links at the position, once the plain chain search has laid them
    /// out: the grouped graph's lists start with them.
    pub(crate) plain_links: RefCell<Option<tabling::PaddedLinks>>,
    /// The digits no single-digit pattern can touch here ([`lone_digit`]), once asked for.
    pub(crate) untouchable: std::cell::OnceCell<u64>,
    /// Whether the memo's house generations have been brought up to this position
    /// ([`Memo::houses`]).
    houses_seen: std::cell::Cell<bool>,
}

/// What a solve path remembers between its steps, to skip searches whose answer it knows.
///
/// A path searches the same position again and again, changed a little by each step: the
/// dear searches that find nothing keep finding nothing where what they read is unchanged.
#[derive(Debug, Default)]
pub(crate) struct Memo<const W: usize> {
    /// Searches of one technique on one digit that found nothing, with that digit's cells
    /// then: such a search reads nothing but those cells, so while they are the same it
    /// finds nothing again.
    barren: Vec<(Technique, usize, CellSet<W>)>,
    /// Per search of one or two houses ([`Quiet::slot`]), where it found nothing: the
    /// generation of its house ([`Memo::houses`]), and the other house it read with its
    /// generation, if it read one. While the generations are the same, so are the cells,
    /// and it finds nothing again.
    quiet: Vec<Option<QuietThen>>,
    /// Per house, its generation: the number of the look at the grid ([`Memo::looks`])
    /// that last found one of its cells changed. While it is the same, so are the cells.
    houses: Vec<u32>,
    /// Every cell (candidates and placed digit, see [`Ctx::quiet_word`]) when a position
    /// last asked about a house: the grid is compared once a position, cell by cell, however
    /// many searches ask, and only the houses of the cells that changed get a new
    /// generation.
    cells: Vec<u64>,
    /// How many times the grid has been compared with `cells` and found changed.
    looks: u32,
    /// Searches that found nothing, with every cell's candidates then (none where placed):
    /// see [`Ctx::known_barren_bivalue`] and [`Ctx::changed_since_barren`].
    barren_positions: Vec<(Technique, Vec<u64>)>,
    /// Per digit of a classic grid, its cells (candidates and placed, as column masks per
    /// row) when [`lone_digit`] last looked, and whether every one lay on a template.
    templates: Vec<([u16; 9], bool)>,
    /// Searches that found nothing, with the number of the look at the grid then
    /// ([`Memo::looks`]): see [`Ctx::houses_changed_since_barren`].
    barren_looks: Vec<(Technique, u32)>,
    /// Per house of the classic layout, what [`crate::quick::house_subsets`] said of it,
    /// with the house's generation then.
    medium_houses: Vec<Option<(u32, u8)>>,
    /// Per house, the ALSs it adds to the list ([`als::alses`]), with the house's
    /// generation when they were made.
    als_seeds: Vec<Option<(u32, Vec<als::AlsSeed<W>>)>>,
}

/// Where a search found nothing ([`Memo::quiet`]): the generation of its house, and the
/// other house it read with that one's generation, if it read one.
type QuietThen = (u32, Option<(usize, u32)>);

/// A search that reads the cells of one house or two, where [`Memo::quiet`] remembers
/// that it found nothing.
///
/// A naked subset's eliminations may lie outside its house, in the other house its cells
/// share (a box and a line): a naked search that met subsets clearing nothing read that
/// house too, and is remembered with it where its subsets share one such house at most.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Quiet {
    /// Sue de Coq on one line and one box.
    SueDeCoq { line: usize, block: usize },
    /// The naked subsets of `k` cells (2 to 4) in a house; with `locked`, the Locked Pairs
    /// and Triples among them only.
    Naked {
        house: usize,
        k: usize,
        locked: bool,
    },
    /// The hidden subsets of `k` digits (2 to 4) in a house.
    Hidden { house: usize, k: usize },
}

impl Quiet {
    /// The searches there are in a grid of `houses` houses.
    fn slots(houses: usize) -> usize {
        houses * houses + 8 * houses
    }

    /// The search's place in [`Memo::quiet`]: the pairs of houses, then per house the
    /// naked subsets of 2 to 4 cells, the hidden ones, and the locked ones of 2 and 3.
    fn slot(self, houses: usize) -> usize {
        let per_house = |kind: usize, house: usize| houses * houses + kind * houses + house;
        match self {
            Quiet::SueDeCoq { line, block } => line * houses + block,
            Quiet::Naked { house, k, locked } => per_house(k - 2 + 6 * usize::from(locked), house),
            Quiet::Hidden { house, k } => per_house(k + 1, house),
        }
    }

    /// The house whose cells the search reads first (a Sue de Coq reads its box too).
    fn house(self) -> usize {
        match self {
            Quiet::SueDeCoq { line, .. } => line,
            Quiet::Naked { house, .. } | Quiet::Hidden { house, .. } => house,
        }
    }
}

/// What a search that [`Ctx::search_unless_quiet`] may remember heard.
pub(crate) enum Heard {
    /// A step, or something the memo cannot keep: the search runs again next time.
    Something,
    /// Nothing, having read the cells of its house ([`Quiet::house`]) and of `beside`.
    Nothing { beside: Option<usize> },
}

impl Heard {
    /// What a search that read its house and `beside` alone heard, as whether it `found`
    /// anything.
    pub(crate) fn of(found: bool, beside: Option<usize>) -> Heard {
        if found {
            Heard::Something
        } else {
            Heard::Nothing { beside }
        }
    }
}

impl MediumTests {
    /// Whether the Medium family's search may find a step ([`Family::is_medium`]; any
    /// other family may).
    pub(crate) fn admits(&mut self, family: Family) -> bool {
        match family {
            Family::Locked => self.naked(),
            Family::Intersections => self.locked_candidates(),
            Family::Pairs => self.pairs(),
            Family::Triples => self.triples(),
            _ => true,
        }
    }
}

impl<const W: usize> Ctx<'_, W> {
    /// The bit-board tests of [`crate::quick::MediumTests`] at the position, which must be
    /// on the classic layout. A solve path keeps each house's subsets while its cells are
    /// unchanged ([`Memo::medium_houses`]).
    pub(crate) fn medium_tests(&self) -> MediumTests {
        let words = self.digit_cells.iter().map(|s| {
            let w = s.words();
            (w[0], w.get(1).copied().unwrap_or(0))
        });
        let bands = crate::quick::bands(words);
        let masks = self.pos.masks();
        let subsets = |h| crate::quick::house_subsets(masks, &bands, h);
        let houses = match self.memo {
            None => std::array::from_fn(subsets),
            Some(memo) => {
                let memo = &mut *memo.borrow_mut();
                memo.medium_houses.resize(27, None);
                std::array::from_fn(|h| {
                    let generation = self.house_generation(memo, h);
                    match memo.medium_houses[h] {
                        Some((then, found)) if then == generation => found,
                        _ => {
                            let found = subsets(h);
                            memo.medium_houses[h] = Some((generation, found));
                            found
                        }
                    }
                })
            }
        };
        MediumTests::new(bands, houses)
    }

    /// Whether a single-digit pattern (a fish of any shape, a Skyscraper and its kin,
    /// colouring, an X-Chain) might eliminate something on digit index `d` here: `false`
    /// when every candidate of the digit lies on one of its templates ([`lone_digit`]).
    pub(crate) fn lone_digit_may_act(&self, d: usize) -> bool {
        let untouchable = self
            .untouchable
            .get_or_init(|| lone_digit::untouchable_digits(self));
        untouchable & 1 << d == 0
    }

    /// Whether the search for `technique` on digit index `d` is known to find nothing here.
    pub(crate) fn known_barren(&self, technique: Technique, d: usize) -> bool {
        self.lost_since_barren(technique, d)
            .is_some_and(|lost| lost.is_empty())
    }

    /// The cells digit index `d` lost since the search for `technique` on it last found
    /// nothing, if it did and the digit has lost cells only (always so along a solve path):
    /// empty when nothing changed. A fish search uses it to try only the fish one of those
    /// cells could have spoiled (see [`franken`]).
    pub(crate) fn lost_since_barren(&self, technique: Technique, d: usize) -> Option<CellSet<W>> {
        let memo = self.memo?.borrow();
        let now = &self.digit_cells[d];
        memo.barren
            .iter()
            .find(|&&(t, e, _)| t == technique && e == d)
            .filter(|(_, _, then)| now.minus(then).is_empty())
            .map(|(_, _, then)| then.minus(now))
    }

    /// The digits (bit `d`) whose search for `technique` is known to find nothing here.
    pub(crate) fn barren_digits(&self, technique: Technique) -> u64 {
        (0..self.n())
            .filter(|&d| self.known_barren(technique, d))
            .fold(0, |m, d| m | 1 << d)
    }

    /// Notes that the search for `technique` found nothing on every digit but those of
    /// `known` (bit `d`: skipped, or found something).
    pub(crate) fn note_barren_but(&self, technique: Technique, known: u64) {
        for d in (0..self.n()).filter(|&d| known & 1 << d == 0) {
            self.note_barren(technique, d);
        }
    }

    /// Notes that the search for `technique` on digit index `d` found nothing here.
    pub(crate) fn note_barren(&self, technique: Technique, d: usize) {
        if let Some(memo) = self.memo {
            let barren = &mut memo.borrow_mut().barren;
            let cells = self.digit_cells[d];
            match barren
                .iter_mut()
                .find(|(t, e, _)| *t == technique && *e == d)
            {
                Some(entry) => entry.2 = cells,
                None => barren.push((technique, d, cells)),
            }
        }
    }
}

impl<const W: usize> Ctx<'_, W> {
    /// Whether the search for `technique`, which reads the bivalue cells only and
    /// eliminates a digit where it is a candidate, is known to find nothing here.
    ///
    /// So it is where the search found nothing at a position whose every cell held at
    /// least the candidates it holds now, and where every cell bivalue now was bivalue
    /// then with the same two digits: every chain of bivalue cells here was one there, with
    /// the same links, and what it eliminates here it eliminated there. A cell that became
    /// bivalue since may make a new chain, and then the search runs.
    pub(crate) fn known_barren_bivalue(&self, technique: Technique) -> bool {
        self.changed_since_barren(technique)
            .is_some_and(|changed| changed.iter().all(|c| !two_bits(self.mask(c))))
    }

    /// The cells whose candidates changed since the search for `technique` last found
    /// nothing along this path, where every cell then held at least the candidates it holds
    /// now (always so along a path); `None` where it has not found nothing yet.
    ///
    /// A search whose instances are made of sets of cells, and eliminate from cells that
    /// see them a subset of what they eliminated when those sets' cells held what they
    /// hold now (the ALS searches), need only look at instances with a changed cell: one
    /// without was there then, and eliminated nothing.
    pub(crate) fn changed_since_barren(&self, technique: Technique) -> Option<CellSet<W>> {
        let memo = self.memo?.borrow();
        let (_, then) = memo
            .barren_positions
            .iter()
            .find(|(t, _)| *t == technique)?;
        let now = self.pos.masks();
        if now.len() != then.len() || now.iter().zip(then).any(|(&m, &t)| m & !t != 0) {
            return None;
        }
        let mut changed = CellSet::EMPTY;
        for (c, (&m, &t)) in now.iter().zip(then).enumerate() {
            if m != t {
                changed.insert(c);
            }
        }
        Some(changed)
    }

    /// Notes that the search for `technique` ([`Ctx::changed_since_barren`],
    /// [`Ctx::known_barren_bivalue`]) found nothing here.
    pub(crate) fn note_barren_position(&self, technique: Technique) {
        if let Some(memo) = self.memo {
            let barren = &mut memo.borrow_mut().barren_positions;
            let now = self.pos.masks();
            match barren.iter_mut().find(|(t, _)| *t == technique) {
                Some((_, then)) => {
                    then.clear();
                    then.extend_from_slice(now);
                }
                None => barren.push((technique, now.to_vec())),
            }
        }
    }
}

impl<const W: usize> Ctx<'_, W> {
    /// The generation of house `h` in `memo` ([`Memo::houses`]), every house's brought up
    /// to this position the first time it asks.
    fn house_generation(&self, memo: &mut Memo<W>, h: usize) -> u32 {
        if !self.houses_seen.replace(true) {
            let cells = self.g.cell_count();
            if memo.cells.len() != cells {
                // No word of a cell is all ones: every cell differs the first time.
                memo.cells = vec![u64::MAX; cells];
                memo.houses = vec![0; self.g.house_count()];
            }
            let mut changed = false;
            for c in 0..cells {
                let now = self.quiet_word(c);
                if memo.cells[c] != now {
                    if !changed {
                        changed = true;
                        memo.looks += 1;
                    }
                    memo.cells[c] = now;
                    for &x in self.g.houses_of(c) {
                        memo.houses[x as usize] = memo.looks;
                    }
                }
            }
        }
        memo.houses[h]
    }

    /// The houses (bit `h`; a layout of 64 houses at most) whose cells changed since the
    /// search for `technique` last found nothing along this path, `None` where it has not
    /// (or the layout has more houses). A search whose instances each read and clear the
    /// cells of a few houses alone need only look at the instances with a house changed:
    /// the others were there then, the same, and found nothing.
    pub(crate) fn houses_changed_since_barren(&self, technique: Technique) -> Option<u64> {
        let memo = &mut *self.memo?.borrow_mut();
        let houses = self.g.house_count();
        let &(_, then) = memo.barren_looks.iter().find(|(t, _)| *t == technique)?;
        if houses > 64 {
            return None;
        }
        self.house_generation(memo, 0);
        Some((0..houses).fold(0, |m, h| m | u64::from(memo.houses[h] > then) << h))
    }

    /// Notes that the search for `technique` ([`Ctx::houses_changed_since_barren`]) found
    /// nothing here.
    pub(crate) fn note_barren_look(&self, technique: Technique) {
        if let Some(memo) = self.memo {
            let memo = &mut *memo.borrow_mut();
            self.house_generation(memo, 0);
            let now = memo.looks;
            match memo.barren_looks.iter_mut().find(|(t, _)| *t == technique) {
                Some(entry) => entry.1 = now,
                None => memo.barren_looks.push((technique, now)),
            }
        }
    }

    /// Whether `search` found nothing along this path when the cells it read were as
    /// they are now.
    pub(crate) fn known_quiet(&self, search: Quiet) -> bool {
        let Some(memo) = self.memo else { return false };
        let memo = &mut *memo.borrow_mut();
        let k = search.slot(self.g.house_count());
        let Some(&Some((first, beside))) = memo.quiet.get(k) else {
            return false;
        };
        self.house_generation(memo, search.house()) == first
            && beside.is_none_or(|(b, then)| self.house_generation(memo, b) == then)
    }

    /// A cell as [`Memo::houses`] keeps it: its candidates, and its digit (from bit 48) if
    /// it is placed.
    fn quiet_word(&self, c: usize) -> u64 {
        self.mask(c) | u64::from(self.pos.values()[c]) << 48
    }

    /// Runs `search` (which says what it heard) unless it is known to find nothing here,
    /// and notes when it found nothing.
    pub(crate) fn search_unless_quiet(&self, search: Quiet, run: impl FnOnce() -> Heard) {
        if self.known_quiet(search) {
            return;
        }
        if let Heard::Nothing { beside } = run() {
            self.note_quiet(search, beside);
        }
    }

    /// Notes that `search` found nothing, having read its house and `beside`.
    fn note_quiet(&self, search: Quiet, beside: Option<usize>) {
        if let Some(memo) = self.memo {
            let memo = &mut *memo.borrow_mut();
            let houses = self.g.house_count();
            if memo.quiet.len() < Quiet::slots(houses) {
                memo.quiet.resize(Quiet::slots(houses), None);
            }
            let first = self.house_generation(memo, search.house());
            let beside = beside.map(|b| (b, self.house_generation(memo, b)));
            memo.quiet[search.slot(houses)] = Some((first, beside));
        }
    }
}

impl<'a, const W: usize> Ctx<'a, W> {
    pub(crate) fn new(g: &'a Geometry<W>, pos: &'a Candidates, opts: &'a Options) -> Ctx<'a, W> {
        let n = g.size();
        let digit_cells = pos.digit_cells();
        let empty = (0..n * n).filter(|&i| pos.values()[i] == 0).collect();
        Ctx {
            g,
            pos,
            opts,
            digit_cells,
            empty,
            first_only: false,
            memo: None,
            grouped_tables: RefCell::default(),
            plain_links: RefCell::default(),
            untouchable: std::cell::OnceCell::new(),
            houses_seen: std::cell::Cell::new(false),
        }
    }

    /// `N`.
    pub(crate) fn n(&self) -> usize {
        self.g.size()
    }

    /// The candidate mask of a cell (bit `d` for digit index `d`).
    pub(crate) fn mask(&self, cell: usize) -> u64 {
        self.pos.masks()[cell]
    }

    /// Whether digit index `d` is a candidate of `cell`.
    pub(crate) fn has(&self, cell: usize, d: usize) -> bool {
        self.mask(cell) & (1 << d) != 0
    }

    /// The cells of house `h` with digit index `d` as a candidate.
    pub(crate) fn cells_in(&self, h: usize, d: usize) -> CellSet<W> {
        self.digit_cells[d].and(self.g.house_set(h))
    }

    /// The cell with a row-major index.
    pub(crate) fn cell(&self, i: usize) -> Cell {
        self.g.cell(i)
    }

    /// The candidate (digit index `d`) of a cell.
    pub(crate) fn cand(&self, cell: usize, d: usize) -> Candidate {
        Candidate {
            cell: self.g.cell(cell),
            digit: digit(d),
        }
    }

    /// The bivalue cells (exactly two candidates).
    pub(crate) fn bivalue_cells(&self) -> Vec<usize> {
        self.empty
            .iter()
            .filter(|&c| two_bits(self.mask(c)))
            .collect()
    }
}

/// The digit with index `d` (from 0).
pub(crate) fn digit(d: usize) -> Digit {
    match Digit::new(d + 1) {
        Some(digit) => digit,
        None => unreachable!("digit indices are below the grid size"),
    }
}

/// The digits of a mask.
pub(crate) fn digits(mask: u64) -> Vec<Digit> {
    BitIter(mask).map(digit).collect()
}

/// Adds eliminations of digit index `d` from every cell of `cells` and reports whether any
/// were added.
pub(crate) fn eliminate_all<const W: usize>(
    ctx: &Ctx<W>,
    step: &mut Step,
    cells: &CellSet<W>,
    d: usize,
) -> bool {
    let mut any = false;
    for c in cells.and(&ctx.digit_cells[d]).iter() {
        step.eliminate(ctx.cand(c, d));
        any = true;
    }
    any
}

/// Highlights every candidate of digit index `d` in `cells` with `role`.
pub(crate) fn mark_all<const W: usize>(
    ctx: &Ctx<W>,
    step: &mut Step,
    cells: &CellSet<W>,
    d: usize,
    role: Role,
) {
    for c in cells.and(&ctx.digit_cells[d]).iter() {
        step.add_candidate(ctx.cand(c, d), role);
    }
}

/// Pushes a step if it does something and no equal step (same technique, digits and effect)
/// is there already.
pub(crate) fn push_unique(out: &mut Vec<Step>, mut step: Step) {
    if !step.is_productive() {
        return;
    }
    step.normalize();
    let same = |s: &Step| {
        s.technique == step.technique
            && s.digits == step.digits
            && s.siamese == step.siamese
            && s.placements == step.placements
            && s.eliminations == step.eliminations
    };
    if !out.iter().any(same) {
        out.push(step);
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::testing::{first_only_agrees, found, hard_and_diabolical_positions};
    use super::{Ctx, Family, Options};
    use crate::geometry::Geometry;
    use sudoku_core::Layout;

    /// Where the bit-board tests rule out a Medium search, it finds nothing, at every
    /// position past the singles along hard and diabolical paths (and they say the same
    /// with the houses a memo kept from the positions before); and they rule out most
    /// (four fifths) of the searches that find nothing there.
    #[test]
    fn medium_searches_ruled_out_find_nothing() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let families = [
            Family::Locked,
            Family::Intersections,
            Family::Pairs,
            Family::Triples,
        ];
        let (mut barren, mut ruled_out) = (0, 0);
        let positions = hard_and_diabolical_positions(&layout, 60);
        let memo = RefCell::default();
        for (pos, _) in positions {
            let ctx = Ctx::new(&g, &pos, &opts);
            let mut tests = ctx.medium_tests();
            // A memo kept over every position before says the same.
            let mut kept = Ctx::new(&g, &pos, &opts);
            kept.memo = Some(&memo);
            let mut kept = kept.medium_tests();
            for family in families {
                assert_eq!(kept.admits(family), tests.admits(family));
                let steps = found(family, &ctx);
                if !tests.admits(family) {
                    assert!(steps.is_empty(), "{family:?} at {:?}", pos.masks());
                    ruled_out += 1;
                }
                barren += usize::from(steps.is_empty());
            }
        }
        assert!(ruled_out * 5 >= barren * 4, "{ruled_out} of {barren}");
        assert!(ruled_out > 1_000, "{ruled_out}");
    }

    /// The searches of locked candidates and subsets that stop at their first step for a
    /// solve path put first the step the whole search puts first, which is the path's.
    #[test]
    fn medium_searches_stop_at_the_paths_step() {
        let layout = Layout::classic();
        let families = [
            Family::Intersections,
            Family::Pairs,
            Family::Triples,
            Family::Quads,
        ];
        let positions = hard_and_diabolical_positions(&layout, 60);
        let mut seen = std::collections::BTreeSet::new();
        let checked = first_only_agrees(positions, &families, |_, _, technique, first| {
            assert_eq!(first.map(|s| s.technique), Some(technique));
            seen.insert(technique);
        });
        assert!(checked >= 300 && seen.len() >= 5, "{checked} {seen:?}");
    }

    /// Along solve paths, the uniqueness search that passes over rectangles whose houses
    /// are unchanged since it last found nothing finds what the whole search finds; and it
    /// passes over some.
    #[test]
    fn uniqueness_of_changed_houses_finds_what_the_whole_search_does() {
        let layout = Layout::classic();
        let g = Geometry::<2>::new(&layout);
        let opts = Options::default();
        let memo = RefCell::default();
        let (mut steps, mut passed) = (0, 0);
        let positions = hard_and_diabolical_positions(&layout, 60);
        for (pos, _) in positions {
            let whole = found(Family::Uniqueness, &Ctx::new(&g, &pos, &opts));
            let mut ctx = Ctx::new(&g, &pos, &opts);
            ctx.memo = Some(&memo);
            let changed = ctx.houses_changed_since_barren(crate::Technique::UniquenessTest1);
            let houses = g.rectangle_houses().unwrap();
            passed += changed.map_or(0, |c| houses.iter().filter(|&&h| h & c == 0).count());
            assert_eq!(found(Family::Uniqueness, &ctx), whole);
            steps += whole.len();
        }
        assert!(steps > 100 && passed > 10_000, "{steps} {passed}");
    }
}
