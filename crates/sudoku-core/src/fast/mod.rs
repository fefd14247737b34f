//! A specialised solver for the classic 9x9 sudoku: bit sets per digit and band, constraint
//! propagation, and depth-first guessing. It answers the same questions as the DLX path
//! ([`crate::DlxSolver`]) — the first solution, a count up to a limit, and a verdict (none,
//! unique, several) — many times faster, for 9x9 grids only. It depends on nothing else in
//! this crate: a puzzle is 81 bytes, row-major, `0` for an empty cell and `1..=9` for givens.
//!
//! ```
//! use sudoku_core::fast::{FastSolver, Verdict};
//!
//! let line = ".93...7...14....957..8....4.8...51..1.64.....4.7.81...64..5..1.....6...9.....7.6.";
//! let mut puzzle = [0u8; 81];
//! for (cell, ch) in puzzle.iter_mut().zip(line.bytes()) {
//!     *cell = if ch == b'.' { 0 } else { ch - b'0' };
//! }
//! let mut solver = FastSolver::new();
//! let Verdict::Unique(solution) = solver.verdict(&puzzle) else { panic!("unique") };
//! assert_eq!(solution[..9], [2, 9, 3, 5, 4, 6, 7, 8, 1]);
//! assert_eq!(solver.count(&puzzle, 2), Ok(1));
//! ```
//!
//! # The bit layout
//!
//! The grid is cut into three *bands* of three rows. For each digit `d` and band `b` one
//! 32-bit *band word* holds where `d` may still go in `b`: bit `9 * r + c` stands for row `r`
//! of the band (0..3) and column `c` (0..9), 27 bits in all. A placed digit keeps its bit and
//! loses every other bit of its row, so "row `r` of the word has one bit" means "placed". A
//! separate word per band holds the cells no digit is placed in yet. 27 band words plus the
//! words as last propagated (to see which changed), the 3 unsolved masks, the 3 masks of
//! bivalue cells (for the guess near the end), a mask of the words the other rules changed
//! and the 27 words' columns as the column rule last saw them are the whole state: 352
//! bytes, copied once per guess instead of being undone.
//!
//! Why bands: placing a digit is then a handful of AND operations. Its column is one 9-bit
//! mask repeated three times (`c | c << 9 | c << 18`) and cleared in the digit's three band
//! words; its cell is cleared in the other eight digits' words of that band; its row and box
//! follow from the band rule below.
//!
//! # Propagation
//!
//! Each band row splits into three *minirows* (the three cells of the row inside one box).
//! In a band a digit sits once in each row and once in each box, so the three rows pick
//! their boxes by a permutation. The *band update* of a word collapses it to its nine
//! minirow bits (with shifts: `(a | a >> 1 | a >> 2)` masked to every third bit, folded by
//! 8 and 16 bits, which gives the nine bits column-major), keeps only the minirows that belong to some permutation
//! wholly inside the current ones (table `PERM_KEEP`, widened to 27 bits as `COMPLEX`), and
//! places the digit in each row left with one cell. One lookup so gives pointing and claiming
//! inside the band, removes a placed digit from its box (and so from its column inside the
//! band), and finds a contradiction (no permutation: a row or a box without room). Folding
//! the word over its rows gives the columns each box can use; a box confined to one column
//! clears that column from the digit's other two bands (table `POINT_OUT`), which is both
//! pointing along columns and the column of a placed digit. Band updates run until no word
//! changes; which words changed is found by comparing the state with its copy as last
//! propagated, a compare without branches, once per sweep: the sweep then updates those
//! words in turn, and as the choice of the next word never waits for the result of the last
//! update, the CPU overlaps the updates of a sweep (their table lookups are a long chain).
//! The first sweep after another rule (or a guess) changed some words needs no compare:
//! that rule marks the words it changed.
//!
//! When they are stable, slower rules run in turn, each starting the band updates again as
//! soon as it removes something:
//!
//! * naked singles and empty cells: the digits of each cell are counted bit-sliced over the
//!   nine words of a band (`twos |= ones & x; ones |= x`), so a band is done in 18 operations;
//! * the band rule turned sideways: folding a word over its rows gives the columns the digit
//!   can reach in that band, and in each stack the three bands pick their columns by a
//!   permutation too (the same table): pointing and claiming along columns, hidden singles in
//!   columns, and a column with no room is a contradiction. The 27 folds are taken in one
//!   loop (which the compiler vectorises) and compared with the folds the rule last left;
//!   only digits with a changed fold are looked at (on the hard sets one in four);
//! * triads, last, when the others are stable and 30 or more cells are unsolved: a minirow
//!   holds exactly three digits (its three cells, one row), and so does a minicolumn. For
//!   every minirow and minicolumn of the grid the digits that can reach it are counted
//!   (bit-sliced adders over the nine digits, both directions in one 64-bit word per
//!   digit), and the digits *certain* in it (alone in their row of the band, or in their
//!   column across the stack). Fewer than three reaching is a contradiction; exactly three
//!   reaching confines all three to it; three certain keep every other digit out. Hidden
//!   and naked "subsets" of minirows, which the rules above do not see, and which the guess
//!   below feeds on.
//!
//! # Guessing
//!
//! When nothing more follows, the search branches on a digit's *configuration* in a band:
//! the permutation by which its three rows pick their boxes (its minirows), or in a stack,
//! by which its three bands pick their columns (its minicolumns); at most six, usually two.
//! Of the three bands and three stacks not yet settled, it takes the most constrained, the
//! one with the fewest open (digit, minirow) pairs, which the triads pass has just counted;
//! in it, the digit with the fewest configurations (two or more, counted by a table). Each
//! branch but the last is searched in a copy of the state with the digit confined to one
//! configuration; the last needs no copy. Each copy is one *guess* in [`Stats`]. This is
//! tdoku's branching (t-dillon/tdoku, `solver_dpll_triad_simd`), learnt from its
//! description and rewritten for band words: a configuration fixes the digit's minirow in
//! three boxes at once, and the triads turn that into placements, where a cell's digit
//! fixes one cell. Neither half pays alone (figures under the seventh round below): the
//! configurations without triads, or the triads with the bivalue cells, both search more.
//!
//! A band is settled when its count is 27 (three digits per minirow, one configuration per
//! digit); when all six are, every digit's minirow and minicolumn in every box are single,
//! so the band update has placed it and the grid is solved. A fixed point that is not
//! solved therefore always has a configuration to branch on.
//!
//! Near the end, under 30 unsolved cells, the triads pass is skipped and the search
//! branches on a bivalue cell, as it did everywhere in rounds one to six below: of the first
//! bivalue cell of each band, the one whose two digits both have many candidates left in
//! their band, scored `4 * min - max` of the two counts, the digit with more candidates
//! first, and the other digit placed at once in the second branch (the first unsolved cell
//! when no cell is bivalue). There the triads rarely find anything and cost a fifth of the
//! time of the generator's uniqueness checks (figures under the seventh round).
//!
//! # Measuring, and what the numbers said
//!
//! `sudoku bench` (the CLI) runs this solver, the DLX path and the `sudoku` crate (a
//! JCZSolve port) on the same puzzle files in one process, in thread CPU time, alternating the
//! engines each round and taking medians; `cargo bench -p sudoku-core --bench fast` is the
//! criterion version on the repository's samples. The machine is a shared 2-core AMD EPYC VM
//! where run-to-run noise is ±10%, so changes were judged by A/B runs of the old and new
//! solver in one process (same rounds, alternating) and by guess counts, which are exact.
//!
//! Profile (forum hardest 11+, first solution): about two thirds of the time is band updates
//! (about 1,600 per puzzle, 13 per propagation), then the column rule (12%), naked singles
//! (9%) and the guess choice (9%); copying the state per guess is under 1%. Per puzzle there
//! are about 780 sweeps (two updates per sweep), 144 naked-singles passes (73 find
//! something) and 70 column-rule passes. After the second tuning round (`perf record -e
//! cpu-clock`, the VM has no hardware counters, lines mapped to functions): band update
//! with its lookups 41%, the sweep compare 21%, column rule 11%, naked singles 9%, guess
//! choice 5%.
//!
//! Third tuning round (guess choice; guesses are exact, first 10,000 puzzles of each set unless said):
//!
//! | score of the bivalue cell, first digit tried | forum 11+ first, two | 1106 first, two | top1465 first, two |
//! |---|---:|---:|---:|
//! | sum of the two counts, lower digit (before) | 59.6, 114.6 | 63.8, 220 | 9.85, 15.7 |
//! | sum over all three bands | 59.5, 114.9 | 61.7, 214 | 9.74, 15.6 |
//! | min of the two | 56.5, 108.8 | 59.8, 207 | 9.76, 15.1 |
//! | min, then the larger max | 57.7, 110.8 | 60.6, 210 | 9.81, 15.3 |
//! | min, then the smaller max | 56.3, 108.2 | 59.0, 205 | 9.46, 14.8 |
//! | `2 min - max` / `3 min - max` | 58.0, 112.0 / 56.2, 108.0 | 61.0, 213 / 59.3, 206 | 9.60, 15.4 / 9.37, 14.8 |
//! | `4 min - max` / `6 min - max` | 55.9, 107.5 / 56.1, 107.9 | 59.1, 205 / 59.0, 205 | 9.39, 14.8 / 9.42, 14.9 |
//! | `4 min - max` over all three bands | 58.4, 113.1 | 59.9, 211 | 9.50, 15.1 |
//! | `4 min - max`, the digit with fewer candidates first | 59.2, - | 63.8, - | 9.29, - |
//! | **`4 min - max`, the digit with more candidates first (kept)** | **54.8, 107.5** | **51.4, 205** | **9.38, 14.8** |
//! | the same, first two bivalue cells per band | 54.4, 106.2 | 54.2, 195 | 8.82, 14.4 |
//! | `4 min - max`, lower digit first, first two cells per band | 55.2, 106.2 | 60.6, 195 | 9.32, 14.4 |
//! | `4 min - max`, lower digit first, every bivalue cell | 54.2, 104.5 | 61.3, 193 | 9.18, 14.2 |
//!
//! (Ties: taking the later band, or `d1` on equal counts, changed the counts by under 1%,
//! either way. The last bivalue cell of each band instead of the first: 17-clue 0.52 and
//! 0.77, top1465 8.73 and 14.1, forum 11+ 54.8 and 107.8, but 1106 63.3 and 209: not kept,
//! the hard sets are where guesses cost.) Scoring two cells per band saves 1-5% of the guesses but cost 3-20% of the
//! time against one cell, in one A/B run of the two (5 rounds); every cell would cost more.
//! On the full sets the kept choice took, to the first solution and to count two, 0.86 and
//! 1.26 guesses per 17-clue puzzle (0.92, 1.32 before), 9.38 and 14.8 on top1465 (9.85,
//! 15.7), 55.0 and 108.1 on forum 11+ (60.6, 116.0), 51.4 and 205 on 1106 (63.8, 220).
//! In one A/B run on the full sets (old and new solver and the peer alternating, 3 rounds,
//! median): new/old 0.98 and 1.11 on 17-clue (first, count two; noise, the guesses drop
//! slightly), 1.01 and 1.03 on top1465, 1.16 and 1.05 on forum 11+, 1.24 and 1.07 on 1106
//! (a second run, first 10,000 puzzles, 5 rounds: 0.94/1.00, 0.97/1.04, 1.13/1.05,
//! 1.21/1.06; so the easy sets' first solution is flat within the noise); fast/peer in the
//! first run:
//!
//! | set, mode | old/peer | new/peer | guesses new |
//! |---|---:|---:|---:|
//! | 17-clue, first | 1.14 | 1.12 | 0.86 |
//! | 17-clue, count two | 1.05 | 1.17 | 1.26 |
//! | top1465, first | 1.08 | 1.09 | 9.38 |
//! | top1465, count two | 1.11 | 1.15 | 14.8 |
//! | forum hardest 11+, first | 1.06 | 1.23 | 55.0 |
//! | forum hardest 11+, count two | 1.02 | 1.07 | 108 |
//! | forum hardest 1106, first | 1.21 | 1.50 | 51.4 |
//! | forum hardest 1106, count two | 1.01 | 1.08 | 205 |
//!
//! `sudoku bench --engine fast,peer --rounds 3` on the full sets after the third tuning round, fast/peer:
//! 17-clue 1.17 and 1.16 (first, count two), top1465 1.15 and 1.18, forum 11+ 1.27 and
//! 1.17, 1106 1.52 and 1.02 (1106 is 375 puzzles and swings most from run to run).
//!
//! Not done in the third round, and why: a bit-sliced hidden-singles rule per row and box would find
//! nothing new, because the band update already places every hidden single of a row (a row
//! left with one cell), of a box (a box left with one minirow forces its row to it, so the
//! row loses its other minirows, and the box's minirow is then that row's one cell) and,
//! with the column rule, of a column; a limit-1 path has nothing to skip, as the search
//! already returns at the first solution and builds the grid once.
//!
//! Kept:
//! * (third round) the balanced guess score and the less settled digit first (above): 5-20%
//!   fewer guesses on the hard sets, up to 1.24 times as fast;
//! * the band update without branches on the band or the digit (the pointing mask is ANDed
//!   into the digit's other two words, found by a table; the placed cells are cleared from
//!   all nine digits and the word written back): 5-12% faster on every set;
//! * no wide loads over words just stored (second round). `perf` showed the "which words changed"
//!   compare, which the compiler had vectorised, stalling on its 16-byte loads (stores of 4
//!   bytes cannot be forwarded to them), and the pointing ANDs of the update merged into one
//!   8-byte load for the same reason. The compare is now three scalar shift chains of nine
//!   (recurrences are not vectorised; three chains, not one of 27, for a third the latency),
//!   and the pointing goes to the two other bands by index (not adjacent, so not merged):
//!   5-15% faster on the hard sets, where the compare was about a fifth of the time;
//! * setting up the state in one branch-free pass (second round): the givens are checked with one
//!   bit per digit and row, column and box, and gathered per digit and band (cells, rows and
//!   boxes, columns), with value 0 gathering the empty cells; the 27 words are then built
//!   in one go instead of clearing words given by given. With the solved grid read three
//!   bits per word (a solved word has exactly three) instead of a loop on the bits, this
//!   made the 17-clue set 15-25% faster, where set-up was a quarter of the time;
//! * the first sweep after naked singles, the column rule or a guess takes the words that
//!   rule marked instead of comparing all 27 (about a third of the sweeps; second round): 1-6%
//!   faster on every set in one A/B run, -2% to +5% in a second; kept, as it does strictly
//!   less work;
//! * one bivalue cell per band in the guess choice (above): fewer guesses and a cheaper
//!   choice, 1-10% faster.
//!
//! Full sets (`sudoku bench --engine fast,peer --rounds 3`, median of 3 rounds, puzzles per
//! CPU second; the peer is the `sudoku` crate; guesses per puzzle are ours), after the
//! changes of the second tuning round and, below, before them:
//!
//! | set, mode | fast | peer | fast/peer | guesses |
//! |---|---:|---:|---:|---:|
//! | 17-clue (49,158), first | 416k | 343k | 1.21 | 0.92 |
//! | 17-clue, count two | 364k | 325k | 1.12 | 1.32 |
//! | top1465, first | 104k | 95.3k | 1.09 | 9.85 |
//! | top1465, count two | 63.3k | 56.7k | 1.11 | 15.7 |
//! | forum hardest 11+ (48,766), first | 23.9k | 22.1k | 1.08 | 60.6 |
//! | forum hardest 11+, count two | 12.7k | 12.1k | 1.05 | 116 |
//! | forum hardest 1106 (375), first | 22.7k | 16.9k | 1.34 | 63.8 |
//! | forum hardest 1106, count two | 6.46k | 5.95k | 1.09 | 220 |
//!
//! The old and the new solver side by side in one process (3 rounds, alternating with the
//! peer; the machine's noise is about ±10% per row) gave new/old 1.25 and 1.23 on 17-clue
//! (first, count two), 1.24 and 1.05 on top1465, 1.07 and 1.13 on forum 11+, 1.17 and 1.09
//! on 1106; an earlier such run 1.32/1.27, 1.17/1.19, 1.20/1.15, 1.04/0.97.
//!
//! Before the second tuning round:
//!
//! | set, mode | fast | peer | fast/peer | guesses |
//! |---|---:|---:|---:|---:|
//! | 17-clue (49,158), first | 354k | 394k | 0.90 | 0.92 |
//! | 17-clue, count two | 294k | 301k | 0.98 | 1.32 |
//! | top1465, first | 96.8k | 92.9k | 1.04 | 9.85 |
//! | top1465, count two | 68.4k | 76.3k | 0.90 | 15.7 |
//! | forum hardest 11+ (48,766), first | 21.9k | 24.1k | 0.91 | 60.6 |
//! | forum hardest 11+, count two | 10.9k | 12.0k | 0.91 | 116 |
//! | forum hardest 1106 (375), first | 18.0k | 16.1k | 1.12 | 63.8 |
//! | forum hardest 1106, count two | 6.07k | 6.54k | 0.93 | 220 |
//!
//! So the search is small (tdoku's size, well under JCZSolve's) and each node is what costs:
//! still about two and a half times a JCZSolve node after the second tuning round. The sweep compare (a
//! fifth of the time) and the latency of the update's lookup chain (load, `SHRINK`,
//! `COMPLEX`, `POINT_OUT`) are where the next gains are.
//!
//! Tried and dropped:
//! * a dirty mask kept up to date by every elimination instead of comparing the words with
//!   their copy: it also drops the copy, shrinking the state to 136 bytes, but the compare and
//!   shift per cleared word cost more than the compare of all 27 words per sweep saved: 2-10%
//!   slower, in the lowest-dirty-first order and in sweep order alike;
//! * dropping the column rule (stacks): per guess cheaper, but 30% more guesses (forum 11+
//!   60 to 79 first, 117 to 155 count two), 1-19% slower overall;
//! * (second round) the dirty mask kept by the band update itself (pointing: two compares with
//!   the words it just loaded; the placed cells: a bit per digit that had them), taking the
//!   lowest dirty word each time: the same number of updates (1,614 against 1,576 per puzzle
//!   on forum 11+), but 3-10% slower, because each update's choice now waits on the last
//!   update's result and the updates no longer overlap. Done by sweeps instead (the next
//!   sweep's mask gathered during this one, so the choice does not wait): hard sets 3-7%
//!   faster, 17-clue 10% slower (the marking costs each update about 20 instructions, and
//!   17-clue puzzles sweep five words at a time, not two). A hybrid (pointing marked by the
//!   update, then a compare of only the bands where a digit was placed): 5-13% slower;
//! * (second round) skipping the nine-word clear when the update placed nothing new: a branch
//!   taken about half the time (812 of 1,576 updates place something on forum 11+), slower;
//! * (second round) running the column rule right after naked singles that found something,
//!   before going back to the band updates (the same fixed point and guesses, fewer sweeps
//!   that find nothing): 5-10% slower, the column rule then runs twice as often;
//! * (second round) dropping the first store of the updated word and masking the `COMPLEX` index
//!   to drop its bounds check: no difference measured. (Three compare chains of nine against
//!   one of 27 measured 1-2% faster, about the noise; kept as the shorter latency.)
//!
//! Fourth tuning round (count to two, the uniqueness check; guesses exact, time from A/B
//! runs of the old and the new solver in one process, alternating every 25 puzzles and
//! summed per round, which cut the noise from ±10% to about ±1% on forum 11+ and ±3% on
//! 1106; forum 11+ is its first 4,000 puzzles there, 15 rounds on 1106, 5 on 11+).
//!
//! Kept, new/old time ratios cumulative (count two and first solution; 1106, forum 11+):
//! * the column rule skips a digit whose three folds have not changed since it last ran
//!   (per digit, scalar): 1.02-1.03 and 1.01-1.02; 1.02 and 1.02;
//! * the second branch places the other digit of the bivalue cell at once: naked-singles
//!   passes per 1106 puzzle (count two) 534 to 401, sweeps 2,080 to 1,878: 1.08 and
//!   1.06-1.08; 1.08-1.09 and 1.07-1.08;
//! * the copy updates the other digit's word right after the guessed one, skipping one
//!   compare: 1.09-1.11 and 1.08; 1.09 and 1.09 (updating also the guessed digit's other
//!   two bands, or only those, was slower);
//! * the 27 folds of the column rule in one vectorised loop, compared with 27 cached folds:
//!   1.13-1.14 and 1.13; 1.13 and 1.13;
//! * the minirows gathered with shifts instead of three `SHRINK` lookups (alone, before the
//!   above: 1.00-1.01, so not kept then): 1.15-1.16 and 1.14; 1.15 and 1.14. On top1465
//!   1.14 and 1.12, on 17-clue 1.01 and 1.01. Guesses unchanged everywhere; verdicts, first
//!   solutions and counts up to 1,000 identical on every puzzle of the seven sample sets.
//!
//! After the round, per 1106 puzzle counting to two: 411 propagations, 205 of them ending
//! in a contradiction (193 found by a band update); 5,528 band updates, of which 38%
//! change nothing and 51% place a digit; 1,878 sweeps; 401 naked-singles passes (152 find
//! something); 245 column-rule passes looking at 2,165 digits, 1,678 of them skipped.
//!
//! Tried in the fourth round and dropped:
//! * a guess for counting only: a count searches the whole tree whatever the order, so only
//!   the cell matters. Scoring every bivalue cell with `2 min - max` took 187.9 guesses to
//!   count two on 1106 (205.4) and 102.7 on forum 11+ (first 10,000; 107.5); `k min - max`
//!   for k = 2, 3, 4, 6, 10: 187.9, 188.8, 192.6, 195.5, 198.1 and 102.7, 103.2, 104.5,
//!   106.4, 107.5; `5 min - 2 max` 187.2 and 102.8; the sum 221.9 and 115.9; the product
//!   219.2 and 114.9; the first two cells per band with `3 min - max` 193.1 and 105.5; the
//!   first four with `2 min - max` 190.8 and 103.4. But finding each cell's two digits costs
//!   more than the guesses save: every cell with `2 min - max`, new/old 0.93 and 0.91
//!   (0.95 and 1.02 with a hardware popcount);
//! * branching on a bilocal digit (two places left in a row) when it scores better than the
//!   best bivalue cell, with several estimates of what each branch removes (candidates of the
//!   cell, of the digit in the band): 198-309 guesses to count two on 1106 against 192.6 for
//!   the same bivalue cells alone, and twice the guesses to the first solution;
//! * pairs. Run at the fixed point before each guess (so once per guess, not per
//!   propagation), counted with a slow reference version (1106 and forum 11+ first 2,000,
//!   count two): none 205.4 and 106.0; naked pairs 173.7 and 92.9; hidden pairs 168.7 and
//!   91.4; both 162.3 and 87.6; with X-wings too 160.2 and 86.7 (X-wings alone 203.1 and
//!   105.0). By house, naked, hidden, both: rows 191.6, 190.5, 185.6 (1106); columns 187.7,
//!   191.5, 184.8; boxes 187.1, 184.1, 179.4. A real naked-pairs rule (the bivalue cells
//!   sharing a house compared digit by digit, about 40 instructions a pair) kept the 15%
//!   fewer guesses but ran at 0.56-0.70 times the speed: bivalue cells sharing a house are
//!   many at that point. Only near the root (counting both branches as depth): depth under
//!   6, 197.4 and 102.3 guesses but 1.01 and 0.95 against 1.09 and 1.08 without it;
//! * the words band-major (`cand[9 * b + d]`, a band's nine words adjacent, for wider
//!   clears): 1.02-1.05 against 1.06-1.09 digit-major;
//! * naked singles placed without a branch per digit (all nine words written back): 1.04-1.07
//!   against 1.06-1.09; the three bands' digit counts side by side in one vectorised loop:
//!   1.07-1.09 against 1.13; the guess's digit pass for the three bands in one 27-word loop: 1.08
//!   against 1.13 (these two load words stored shortly before, 4 bytes at a time);
//! * the column rule before naked singles (the same fixed point): 1.01-1.02 against 1.13.
//!
//! fast/peer after the fourth round (`sudoku bench --engine fast,peer --rounds 5 --max
//! 10000` on 1106 and forum 11+, four runs alternating with four of the old binary; the
//! peer's own rate swings by 20% between runs, so the runs are listed):
//!
//! | set, mode | old/peer | new/peer |
//! |---|---:|---:|
//! | forum hardest 1106, first | 1.41, 1.40, 1.49, 1.48 | 1.61, 1.62, 1.74, 1.56 |
//! | forum hardest 1106, count two | 1.09, 1.12, 1.10, 1.19 | 1.25, 1.26, 1.27, 1.32 |
//! | forum hardest 11+, first | 1.08, 1.09, 1.21, 1.08 | 1.36, 1.30, 1.35, 1.21 |
//! | forum hardest 11+, count two | 1.05, 1.12, 1.11, 1.09 | 1.18, 1.24, 1.27, 1.33 |
//!
//! (The first two new runs were of the round without the clippy-friendly form of the fold
//! loop, which measured the same.) tdoku's published ratios to JCZSolve for count two, 1.44
//! on 1106 and 1.24 on forum 11+, are reached on 11+ only; on 1106 counting takes four
//! times the guesses of the first solution (205 against 51), and the ideas above that
//! shrink the tree cost more per node than they save.
//!
//! Fifth round (count to two on 1106, nothing kept; time new/old from the same interleaved
//! harness, guesses exact):
//!
//! Where the time goes, by function (`perf record -e cpu-clock`, the five parts kept out of
//! line for the measurement): band updates 51%, the sweep compare 22%, naked singles 9.5%,
//! the guess choice 8.6%, the column rule 8%. Of the 411 propagations per puzzle, the 206
//! that reach a fixed point take 7.3 band updates each and the 205 that end in a
//! contradiction 19.6 (13.5 of them before the first naked-singles pass): refuting the
//! wrong branches is three quarters of the updates, a long cascade of placements each time,
//! not a contradiction that sits unnoticed. Checking every sweep for an empty cell would cut
//! the 19.6 to 18.3, and also for a digit with no room in a column to 16.9: not enough to
//! pay for the checks.
//!
//! Tried and dropped:
//! * more inference at the fixed point, counted with a slow reference version (guesses to
//!   count two on 1106, 205.4 without): triads in minirows, only three digits reach it
//!   198.1, three digits certain in it 197.2, both 193.5, and in minicolumns too 183.7;
//!   naked pairs 173.7, hidden pairs 168.6, both 162.3, pairs and triads 162.1. A node costs
//!   about 0.55 µs (1,600 cycles); to pay, a rule that saves a fifth of the nodes must cost
//!   under about 100 cycles per fixed point, and a scan of 27 houses for pairs cannot;
//! * branching on a digit's band configuration (the rows' permutation, tdoku's branching)
//!   when it has two left: always, by several scores of the two branches, 246-450 guesses
//!   to count two; only where no cell is bivalue, 203-217, but 93-104 to the first solution
//!   against 51.4. Without tdoku's triad propagation it does not pay;
//! * the band update taking the pointing and the placements from the word before the
//!   permutation filter (a shorter chain of lookups; the word is updated again when the filter
//!   removed something): 0.80-0.84, the filter removes something too often;
//! * skipping an update whose minirows, columns and single rows are those of the word as
//!   last stable (a no-op, 38% of the updates): 0.79-0.87, the branch costs more;
//! * the dirty mask kept by the updates below the root (the root keeps the compare, so that
//!   the easy sets lose nothing): 0.84-0.86 on the hard sets;
//! * the search compiled twice, with POPCNT and BMI1/2 chosen at run time
//!   (`is_x86_feature_detected!`): 0.95, and 0.94-0.97 on the portable path from the
//!   restructuring alone.
//!
//! Sixth round (the tree where it is widest, near the root; guesses to the first solution
//! and to count two, exact; 1106, forum 11+ first 2,000, top1465; none kept):
//! * every bivalue cell scored `2 min - max`, but only above depth 8 or 12 (counting both
//!   branches): 54.8/192.8 and 53.8/188.3 on 1106 (51.4/205.4 without), 51.1/100.5 on
//!   11+ (54.5/106.0); time new/old on 1106 counting to two 0.95-0.97 and 0.92, where the
//!   same harness with the feature off measured 0.97-1.00: the nodes near the root are a
//!   large share of a count's nodes, so the full scan costs there too;
//! * failed-literal probing (each digit of each bivalue cell propagated in a copy; one that
//!   fails is ruled out) above depth 3, 4 or 6: 200.3, 178.5 and 104.5 guesses to count two
//!   on 1106, but 37, 112 and 340 probes, each a propagation (a guess is two): 219, 235
//!   and 274 propagations' worth against 205. Taking also what both digits of a cell imply
//!   (cell forcing): 197.5, 170.9, 96.6 guesses for 52, 155, 439 probes, no better. The
//!   hard puzzles have few bivalue cells near the root, and most probes find nothing.
//!
//! Seventh round (tdoku's branching and triads; kept). Guesses first, exact, to the first
//! solution and to count two, from a slow reference version (1106; forum 11+, first 2,000;
//! top1465):
//!
//! | search | 1106 | forum 11+ | top1465 |
//! |---|---:|---:|---:|
//! | best bivalue cell, no triads (rounds one to six) | 51.4, 205.4 | 54.5, 106.0 | 9.4, 14.8 |
//! | the same with the four triad rules (three reach, three certain; both directions) | 45.8, 183.7 | 50.6, 98.0 | 6.9, 10.5 |
//! | configurations (band by fewest configurations, tdoku's choice), no triads | 69.3, 154.4 | 46.5, 85.4 | 8.7, 14.4 |
//! | configurations and the four triad rules | 50.6, 110.8 | 35.2, 63.3 | 5.9, 8.9 |
//! | configurations, "three certain" only | 51.9, 113.9 | 35.5, 63.9 | 5.9, 9.0 |
//! | the same, minirows only / minicolumns only | 60.7, 134.5 / 60.2, 132.9 | 41.0, 74.9 / 40.8, 73.7 | 7.0, 11.2 / 7.6, 11.8 |
//! | band chosen among the three bands only / the three stacks only | 56.0, 124.8 / 64.4, 126.6 | 43.8, 79.3 / 36.4, 66.5 | 6.2, 9.8 / 6.9, 10.4 |
//! | the first digit with two configurations, any band | 77.6, 179.5 | 53.6, 100.2 | 7.7, 12.4 |
//! | band by its open (digit, minirow) pairs, "three certain" | 53.1, 114.9 | 34.6, 61.1 | 5.9, 9.0 |
//! | the same, pairs counted up to four per minirow | 48.3, 118.7 | 37.9, 68.7 | 6.9, 10.7 |
//! | **band by open pairs, all triad rules (kept)** | **51.8, 112.0** | **34.4, 60.6** | **5.8, 8.8** |
//! | the same, bivalue cells under 30 unsolved cells (kept, below) | 52.6, 113.5 | 34.8, 61.4 | 5.8, 8.8 |
//!
//! tdoku itself takes 110 and 61.5 to count two on 1106 and forum 11+ (measured, below):
//! the same tree. The order of the configurations only matters to the first solution: in
//! table order 51.8 and 34.4; most candidate cells first 57.0 and 33.2; fewest first 56.8
//! and 33.7; reversed 67.6 and 32.7; table order kept.
//!
//! Cost: a first version (each digit's triads from three table lookups per band, the
//! configurations counted in a separate pass with a table) ran at new/old 0.74 and 1.22 on
//! 1106 (first, count two), 1.02 and 1.12 on forum 11+; counting two on 1106, the triads pass
//! took 12.7% of the time and the choice 10.5%. Kept: the reach counts by bit-sliced adders
//! (four 64-bit words for all 54 minirows and minicolumns), which also give each band's open
//! pairs for the choice, and the minirows and "alone in the row" masks of the 27 words in
//! loops the compiler vectorises: the triads pass 16%, the choice 6% (then 1-3% faster
//! again once the guess made each branch's masks only when it searched it). A guess costs
//! about 1.5 times what it did (1.1 µs against 0.73 µs counting two on 1106), of which the
//! two passes are a fifth and the longer cascades of placements the rest.
//!
//! Near the end, and for easy puzzles, that cost buys nothing. The generator's uniqueness
//! checks were measured on 73,085 puzzles (each given of 3,000 generated minimal puzzles
//! removed in turn; each has two solutions): counting two took 5.89 guesses per check
//! against 5.98, at new/old 0.80; `has_solution_without` 0.78; completing 20,000 random
//! full grids from three boxes, 15.2 guesses against 13.1, 0.62. Skipping the triads pass
//! (and taking the bivalue guess) under 20, 30, 40, 50 unsolved cells: counting two on the
//! checks 0.84, 0.87, 0.90, 0.94, and on 1106 113.5, 113.5, 126.5 and 175 guesses to count
//! two; under 30 the hard sets lose nothing measurable, so the default skips under 30
//! (checks 0.86 and 0.84). Skipping it whenever two, four, eight or twelve cells are
//! bivalue instead: checks 0.86-0.95, but 168-195 guesses on 1106 (bivalue cells are common
//! at fixed points of hard puzzles too). Switching the triads on only after a search's
//! first 4, 8, 16 or 32 guesses (automatic, instead of a knob): 124, 125, 129 and 134
//! guesses to count two on 1106 and 70-79 on 11+, the top of the tree is where they matter.
//! So [`FastSolver::light`] never runs the triads (the old search), and the generator and
//! the digger use it: `sudoku generate --count 20000` took 1.62-1.75 CPU seconds against
//! 1.60-1.73 before the round, three runs each alternating (with the default solver,
//! 2.21-2.36 against 1.80-1.90), and makes the same puzzles as before, seed for seed.
//!
//! The old solver and the new in one process (3 rounds, at most 10,000 puzzles spread
//! through each file, alternating every 25 puzzles), new/old, first solution and count two:
//!
//! | set | new/old | guesses old | guesses new |
//! |---|---:|---:|---:|
//! | 17-clue | 1.01, 1.05 | 0.60, 0.84 | 0.37, 0.44 |
//! | top1465 | 1.09, 1.13 | 9.38, 14.8 | 5.81, 8.84 |
//! | forum hardest 11+ | 1.06, 1.15 | 54.8, 107.5 | 35.9, 63.6 |
//! | forum hardest 1106 | 0.73, 1.29 | 51.4, 205.4 | 52.6, 113.5 |
//!
//! The one loss, 1106 to the first solution, is the file's orientation: the bivalue search
//! was lucky on the file as given (51 guesses; 95-103 under each of three permutations),
//! the new one takes 52 as given and 57-62 permuted, as tdoku does (58-62).
//!
//! `sudoku bench --rounds 3` on the four full sets after the round (2026-11-24, load about
//! 1), puzzles per CPU second, fast and the `sudoku` crate, first solution then count two:
//!
//! | set | fast | peer | fast/peer | guesses |
//! |---|---:|---:|---:|---:|
//! | 17-clue (49,158) | 478k, 466k | 326k, 356k | 1.46, 1.31 | 0.49, 0.61 |
//! | top1465 | 175k, 86.4k | 124k, 58.2k | 1.41, 1.48 | 5.81, 8.84 |
//! | forum hardest 11+ (48,766) | 31.9k, 16.4k | 22.7k, 11.1k | 1.41, 1.48 | 34.4, 61.4 |
//! | forum hardest 1106 (375) | 20.0k, 8.34k | 16.3k, 5.39k | 1.22, 1.55 | 52.6, 113.5 |
//!
//! (Before: 1.28 and 1.15, 1.27 and 1.37, 1.24 and 1.30, 1.64 and 1.30.)
//!
//! # Against tdoku, in one process
//!
//! tdoku (`solver_dpll_triad_simd`, configuration 0, built here with `g++ -O3
//! -march=native`: AVX2) was linked into a scratch harness beside this solver and the
//! `sudoku` crate, outside the repository (its code is not ours to ship), the engines
//! alternating every 25 puzzles, 5 rounds, median, thread CPU time, at most 10,000 puzzles
//! spread through each file. Its guess counts match its published ones (count two: 0.53,
//! 8.94, 61.5, 110 against 0.61, 9.05, 65.0, 113), and every solution matched ours.
//! ours/tdoku, first solution and count two, after the seventh round (2026-11-24; as given,
//! and under three random permutations of each file, as tdoku's own benchmark permutes):
//!
//! | set | as given | permuted, three seeds | guesses to count two, ours and tdoku (as given) |
//! |---|---:|---:|---:|
//! | 17-clue | 2.22, 1.86 | 2.10-2.24, 2.03-2.22 | 0.60, 0.53 |
//! | top1465 | 1.24, 1.23 | 1.31-1.44, 1.28-1.53 | 8.84, 8.94 |
//! | forum hardest 11+ | 1.33, 1.29 | 1.36-1.44, 1.32-1.44 | 61.2, 61.5 |
//! | forum hardest 1106 | 1.65, 1.28 | 1.10-1.37, 1.23-1.34 | 113.5, 110.4 |
//!
//! Earlier runs during the round (before the bivalue guess near the end) gave 1.20-1.36 on
//! 1106 counting two as given and 1.05-1.34 permuted. So the same tree as tdoku (guesses
//! within 3% on every set) at about 0.75-0.85 of its cost per node.
//!
//! Before the seventh round, ours/tdoku was 2.16 and 1.99 (17-clue), 1.40 and 1.25
//! (top1465), 1.26 and 1.12 (11+), 2.04 and 1.02 (1106), 0.92-1.08 over six runs on 1106
//! counting to two, with twice tdoku's nodes at half its cost per node. The 1106 file as
//! given was kind to the bivalue search's first-solution order (51 guesses; 95-103 under
//! each of three permutations, while tdoku stays at 58-62). tdoku's lead over the `sudoku`
//! crate measured here is smaller than the issue's table says (1106 count two 1.26-1.42 in
//! the runs above, not 1.44; 11+ count two 1.09-1.20, not 1.24). Building this solver for
//! the machine (`-C target-cpu=native`) was slower in the sixth round.
//!
//! # On an Intel Xeon with AVX-512 (eighth round, 2026-12-02)
//!
//! On a 2-core Intel Xeon (AVX-512, Sapphire Rapids class) the peer kit put ours/tdoku at
//! 1.01 counting two on 1106 and 1.09 on forum 11+ (both modes), where the AMD EPYC gave
//! 1.35-1.57: the same tree (113.5 guesses against tdoku's 110.4 on 1106), but a node only
//! about 4% cheaper than tdoku's there (0.62 µs a guess against 0.64) where it was a third
//! cheaper on the AMD machine. tdoku's nodes are vector code, which that core runs wide.
//! Tried there, each an A/B run of the old and new binaries (4 alternating runs of 5 rounds,
//! 10,000 puzzles of each set; guesses and answers identical in every variant):
//! * kept: no bounds checks on the update's word indices: 1.01-1.05 on every set and mode;
//! * the dirty mask gathered by the updates during a sweep (the next sweep's words, so the
//!   choice of the next word never waits), which drops `prev` and the compare: 0.88 on the
//!   hard sets and 0.72 on 17-clue (a compare and a shift for each of the nine words a
//!   placement clears costs more than the compare of all 27 once a sweep);
//! * the mask band-major and each sweep taking one band after another, so that an update
//!   knows its band at compile time (no division by three, fixed offsets): 0.83. Updates of
//!   one band follow each other and clear the same nine words, so each waits on the last
//!   one's stores; in word order, consecutive updates touch different bands and overlap;
//! * the band and the other two words from one 27-entry table instead of `i / 3`, `i % 3`
//!   and `OTHER`: 0.97-0.99.
//!
//! On a 2-core AMD EPYC (Zen 4) host where the kit put 1106 counting two at 0.92-1.03 of
//! tdoku (2026-12-03), the search was found to copy a configuration guess's child state
//! twice (once to make it, once more as the by-value argument: two `memcpy` calls of 352
//! bytes). Borrowing the state instead left one copy, but measured 0.98 counting two and
//! 1.00 first on 1106 (6 alternating pairs of 10-round runs), within the noise: not kept.
//!
//! Later on that host (2026-12-03, cachegrind on one round of 1106 counting two, 308M
//! instructions: 7,200 a guess, of which the sweep compare is about a fifth and the
//! placements' clears of the nine words of a band about a tenth), none kept (the guesses
//! and answers identical in all but the third):
//! * the placements gathered per band during a sweep and cleared from the other digits once
//!   at its end, the changed words marked there, so no `prev` and no compare: 11% more
//!   updates (the later updates of a sweep no longer see its placements) and 360M
//!   instructions against 308M, and slower in a plain run (instruction counts are exact,
//!   the runs of this bullet and the next were not alternated);
//! * the pointing's two words compared as they are ANDed, and the nine words of the band
//!   cleared (and compared) only when the update places a digit in a cell not placed
//!   before (27% of the updates), so again no compare: 320M instructions, a branch the
//!   processor mispredicts, and slower;
//! * ties between digits with the fewest configurations broken by the digit's candidates
//!   in the unit or in the grid, most or fewest: 110.2-124.1 guesses to count two on 1106
//!   against 113.5, but 63.7-66.9 on forum 11+ (first 3,000) against 61.6;
//! * the column rule before naked singles: the same guesses, 310M instructions.
//!
//! # Portable code, little SIMD
//!
//! The state is scalar 32-bit words and the hot loop is table lookups and ANDs. Building
//! the whole solver for the machine's own features (`-C target-cpu=native`: AVX2, BMI2,
//! POPCNT) made it slower on the benchmark machine, and vectorising the "which words
//! changed" compare made it slower too (wide loads right after narrow stores cannot be
//! forwarded), so there is one portable path and no run-time dispatch. The one loop the
//! compiler vectorises (with baseline SSE2) is the column rule's 27 folds, which runs when
//! the band updates are done and their stores have long left the store buffer.
//!
//! The same holds on a 16-core Intel Xeon with AVX-512 (the project's device machine,
//! 2026-11-28): the whole program built for x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT)
//! against the portable build, one pinned core, 5 alternating rounds, medians, puzzles per
//! CPU second: 0.92-0.95 of the portable build's on the first solution of every set and
//! 0.94-1.01 counting to two (17-clue, top1465, forum hardest 11+ every fifth puzzle, 1106,
//! unbiased); the generator's hard rung, `rate` and `xc` within 4% either way. So run-time
//! dispatch to those features would buy nothing here either.
//!
//! # Setting up
//!
//! Easy puzzles and the digger's uniqueness tests search little, so turning the 81 bytes
//! into band words is a large share of their cost. The setup works on bit planes (bit `k`
//! of eight bytes gathered by one multiplication), then on the 27 words with the same
//! branch-free operations for each, clashes included: a third fewer instructions for the
//! digger's tests than a loop over the cells (3,635 to 1,917 a test), and, alternating with
//! the loop in one run (2026-11-28, this 2-core Xeon), 8-11% more 17-clue puzzles per
//! second, 5-15% more of unbiased, 1-6% more of top1465, and the hard rung generated 6%
//! faster (0.41-0.43 against 0.44 CPU seconds per 1,000).
//!
//! # Invalid input
//!
//! A byte over 9 and two equal givens in one house are [`InputError`]s (and
//! [`Verdict::Invalid`]), never a panic and never "no solution", so that the caller can say
//! which cells are wrong, as the DLX path does. The setup names the first clash in
//! row-major order, as a plain scan over the cells would.

mod solver;
mod tables;

use std::fmt;

use solver::{NO_TRIADS, Search, SetupError, State, TRIADS_FROM};

/// Why a puzzle cannot be searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputError {
    /// A cell holds a byte over 9.
    Value {
        /// The cell, 0..81, row-major.
        cell: usize,
        /// The byte found there.
        value: u8,
    },
    /// Two givens repeat a digit in a row, a column or a box.
    Conflict {
        /// The digit, 1..=9.
        digit: u8,
        /// The earlier cell, 0..81, row-major.
        first: usize,
        /// The later cell.
        second: usize,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        match *self {
            InputError::Value { cell, value } => {
                write!(f, "{} holds {value}, not a digit 0-9", name(cell))
            }
            InputError::Conflict {
                digit,
                first,
                second,
            } => {
                write!(
                    f,
                    "{digit} is given twice in one house: {} and {}",
                    name(first),
                    name(second)
                )
            }
        }
    }
}

impl std::error::Error for InputError {}

impl From<SetupError> for InputError {
    fn from(e: SetupError) -> InputError {
        match e {
            SetupError::Value { cell, value } => InputError::Value { cell, value },
            SetupError::Conflict {
                digit,
                first,
                second,
            } => InputError::Conflict {
                digit,
                first,
                second,
            },
        }
    }
}

/// What a puzzle is: the answer to "solve it, and is the answer unique?".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution.
    Unique([u8; 81]),
    /// Two or more solutions; here is the first found.
    Multiple([u8; 81]),
    /// No solution.
    NoSolution,
    /// The input is not a puzzle (see [`InputError`]).
    Invalid(InputError),
}

impl Verdict {
    /// A solution, if there is any (the first found when there are several).
    pub fn solution(&self) -> Option<&[u8; 81]> {
        match self {
            Verdict::Unique(g) | Verdict::Multiple(g) => Some(g),
            _ => None,
        }
    }
}

/// Counters of the last search, to compare strategies and solvers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Branches searched: each places a digit in a copy of the state.
    pub guesses: u64,
    /// Solutions found (at most the limit).
    pub solutions: u64,
}

/// The result of [`FastSolver::count_or_stop`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counted {
    /// The solutions found: all of them up to the limit, unless `stopped`.
    pub solutions: u64,
    /// Whether the stop hook cut the count short (then `solutions` is a lower bound).
    pub stopped: bool,
}

/// The fast 9x9 solver. It holds no buffers, only the counters of its last search, so it is
/// cheap to make; keep one to read [`FastSolver::stats`].
#[derive(Debug, Clone)]
pub struct FastSolver {
    stats: Stats,
    /// The triads pass runs at fixed points with at least this many unsolved cells.
    triads_from: u32,
}

impl Default for FastSolver {
    fn default() -> FastSolver {
        FastSolver::new()
    }
}

impl FastSolver {
    /// A solver.
    pub fn new() -> FastSolver {
        FastSolver {
            stats: Stats::default(),
            triads_from: TRIADS_FROM,
        }
    }

    /// A solver without the triads pass, branching on bivalue cells everywhere (the search
    /// before the seventh round): cheaper per node, for many checks of easy puzzles. A
    /// generator's uniqueness checks (a given taken from a minimal puzzle) take as many
    /// guesses either way, and run at about 1.15 times the speed of [`FastSolver::new`]'s;
    /// on hard puzzles it searches up to twice the nodes (see the module documentation).
    pub fn light() -> FastSolver {
        FastSolver {
            stats: Stats::default(),
            triads_from: NO_TRIADS,
        }
    }

    /// The counters of the last search.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    fn run<'s>(
        &mut self,
        puzzle: &[u8; 81],
        limit: u64,
        stop: Option<&'s mut dyn FnMut() -> bool>,
    ) -> Result<Search<'s>, InputError> {
        let state = State::new(puzzle)?;
        let mut search = Search::new(limit, self.triads_from);
        if let Some(stop) = stop {
            search = search.with_stop(stop);
        }
        if limit > 0 {
            search.run(state);
        }
        self.stats = Stats {
            guesses: search.guesses,
            solutions: search.solutions,
        };
        Ok(search)
    }

    /// The first solution, or `None` if there is none.
    pub fn first(&mut self, puzzle: &[u8; 81]) -> Result<Option<[u8; 81]>, InputError> {
        Ok(self.run(puzzle, 1, None)?.first)
    }

    /// Counts the solutions, stopping at `limit` (`2` answers "is it unique?").
    pub fn count(&mut self, puzzle: &[u8; 81], limit: u64) -> Result<u64, InputError> {
        Ok(self.run(puzzle, limit, None)?.solutions)
    }

    /// Counts as [`FastSolver::count`] does, asking `stop` every few thousand guesses (a few
    /// milliseconds) whether to give up. For counts with a high limit, which are otherwise
    /// unbounded work (the empty grid has billions of solutions).
    pub fn count_or_stop(
        &mut self,
        puzzle: &[u8; 81],
        limit: u64,
        stop: &mut dyn FnMut() -> bool,
    ) -> Result<Counted, InputError> {
        let search = self.run(puzzle, limit, Some(stop))?;
        Ok(Counted {
            solutions: search.solutions,
            stopped: search.stopped,
        })
    }

    /// Whether the puzzle has a solution in which `cell` (0..81, row-major) does not hold
    /// `digit` (1..=9). The digger's uniqueness test: a unique puzzle with solution `s`
    /// stays unique when a given is emptied exactly when no solution puts another digit
    /// there, and looking for one solution of a narrower puzzle costs less than counting
    /// two (no first solution to find, no whole tree to exhaust when there is a second).
    pub fn has_solution_without(
        &mut self,
        puzzle: &[u8; 81],
        cell: usize,
        digit: u8,
    ) -> Result<bool, InputError> {
        let mut state = State::new(puzzle)?;
        state.exclude(cell % 81, digit);
        let mut search = Search::new(1, self.triads_from);
        search.run(state);
        self.stats = Stats {
            guesses: search.guesses,
            solutions: search.solutions,
        };
        Ok(search.solutions > 0)
    }

    /// Solves and checks uniqueness (a search limited to two solutions).
    pub fn verdict(&mut self, puzzle: &[u8; 81]) -> Verdict {
        match self.run(puzzle, 2, None) {
            Err(e) => Verdict::Invalid(e),
            Ok(s) => match (s.first, s.solutions) {
                (Some(g), 1) => Verdict::Unique(g),
                (Some(g), _) => Verdict::Multiple(g),
                (None, _) => Verdict::NoSolution,
            },
        }
    }
}

/// A puzzle's candidates once its givens are placed, in the solver's band words (see the
/// module documentation): `cand[3 * d + b]` holds where digit `d + 1` may go in band `b`
/// and the cells where it is given, `empty[b]` the band's empty cells. Nothing is
/// propagated: a cell loses a digit only to a given in its row, column or box.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandWords {
    /// Per digit (0..9) and band (0..3), bit `9 * row of the band + column`.
    pub cand: [u32; 27],
    /// Per band, the cells without a given.
    pub empty: [u32; 3],
}

/// [`BandWords`] of a puzzle, made by the solver's own branch-free setup (a few hundred
/// instructions, where placing the givens one by one costs about forty each): for other
/// bit-board code on the classic grid, such as the logic crate's quick checks.
pub fn band_words(puzzle: &[u8; 81]) -> Result<BandWords, InputError> {
    let state = State::new(puzzle)?;
    Ok(BandWords {
        cand: state.cand_words(),
        empty: state.unsolved_cells(),
    })
}

/// The verdict on a puzzle (see [`FastSolver::verdict`]).
pub fn solve(puzzle: &[u8; 81]) -> Verdict {
    FastSolver::new().verdict(puzzle)
}

/// Counts the solutions of a puzzle up to `limit` (see [`FastSolver::count`]).
pub fn count(puzzle: &[u8; 81], limit: u64) -> Result<u64, InputError> {
    FastSolver::new().count(puzzle, limit)
}

#[cfg(test)]
mod tests;
