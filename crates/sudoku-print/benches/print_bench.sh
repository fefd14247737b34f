#!/usr/bin/env bash
# Times `sudoku print`: a 100-page book (400 puzzles, four a page) with its answer keys, and
# the walkthrough of an Extreme puzzle, as PDF; CPU time (user + system), median of ROUNDS
# runs, and the file sizes.
#   crates/sudoku-print/benches/print_bench.sh PUZZLES [ROUNDS] [SUDOKU]
# PUZZLES: a file of at least 400 puzzles with one solution each, the first Extreme (the
# shared magictour_top1465.txt is); SUDOKU: the binary (target/release/sudoku by default).
set -euo pipefail
file=${1:?usage: print_bench.sh PUZZLES [ROUNDS] [SUDOKU]}
rounds=${2:-5}
sudoku=${3:-target/release/sudoku}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -400 "$file" > "$work/book.txt"
head -1 "$file" > "$work/one.txt"
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
run() {
    local name=$1 out=$2; shift 2
    local times=()
    for _ in $(seq "$rounds"); do
        times+=("$( { /usr/bin/time -f "%U %S" "$@" -o "$out" > /dev/null; } 2>&1 | awk '{ print $1 + $2 }')")
    done
    local m
    m=$(printf '%s\n' "${times[@]}" | median)
    printf '%-44s %8s s CPU (median of %s)  %9s bytes  %s pages\n' "$name" "$m" "$rounds" \
        "$(stat -c %s "$out")" "$(pdfinfo "$out" | awk '/^Pages:/ { print $2 }')"
}
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
run "book: 400 puzzles, 4 a page, with answers" "$work/book.pdf" \
    "$sudoku" print "$work/book.txt" --per-page 4 --answers
run "walkthrough of $(cut -c1-12 "$work/one.txt")..." "$work/walk.pdf" \
    "$sudoku" print --walkthrough "$work/one.txt"
