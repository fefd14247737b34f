#!/usr/bin/env bash
# `sudoku rate` against HoDoKu 2.2.0's batch solver on the same puzzle file, in one run:
# the two alternate for ROUNDS rounds, each timed in CPU seconds (user + system); HoDoKu's
# JVM start is excluded by subtracting its time on a file of the first puzzle alone. Prints
# each round, then the medians in ms per puzzle and the ratio HoDoKu / ours.
#
#   usage: rate_vs_hodoku.sh HODOKU_JAR PUZZLES [ROUNDS] [SUDOKU]
#
# HODOKU_JAR: hodoku/hodoku.jar of the public repository alexdej/hodoku-py (HoDoKu 2.2.0);
# it needs Java (Debian: openjdk-17-jre-headless). SUDOKU: the binary to time (default
# target/release/sudoku; build it with `cargo build --release -p sudoku-cli`).
set -euo pipefail
if [[ $# -lt 2 ]]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
jar=$(realpath "$1")
file=$2
rounds=${3:-3}
bin=${4:-target/release/sudoku}
for need in java /usr/bin/time "$bin"; do
    command -v "$need" >/dev/null || { echo "rate_vs_hodoku: $need not found" >&2; exit 1; }
done
[[ -r $jar ]] || { echo "rate_vs_hodoku: cannot read $jar" >&2; exit 1; }
n=$(grep -c . "$file")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# HoDoKu reads every argument that starts with `/` as an option: it gets relative names.
cp "$file" "$tmp/puzzles.txt"
head -n 1 "$file" > "$tmp/one.txt"

# CPU seconds of a command, its output dropped.
cpu() {
    /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > /dev/null 2>&1
    awk '{ print $1 + $2 }' "$tmp/time"
}
hodoku() { (cd "$tmp" && cpu java -Xmx2g -jar "$jar" /vp /bs "$1" /o hodoku-out.txt); }

ours=()
theirs=()
for round in $(seq "$rounds"); do
    o=$(cpu "$bin" rate "$file")
    start=$(hodoku one.txt)
    all=$(hodoku puzzles.txt)
    t=$(awk -v a="$all" -v s="$start" 'BEGIN { print a - s }')
    echo "round $round: sudoku rate $o s, HoDoKu $t s (JVM start $start s excluded)"
    ours+=("$o")
    theirs+=("$t")
done
median() {
    printf '%s\n' "$@" | sort -g |
        awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
mo=$(median "${ours[@]}")
mt=$(median "${theirs[@]}")
awk -v o="$mo" -v t="$mt" -v n="$n" -v f="$file" 'BEGIN {
    printf "%s, %d puzzles, medians of CPU time: sudoku rate %.2f ms a puzzle, HoDoKu %.2f ms a puzzle: %.1fx\n",
        f, n, 1000 * o / n, 1000 * t / n, t / o
}'
