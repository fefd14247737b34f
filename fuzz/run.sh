#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600) with cargo-fuzz on the nightly toolchain,
# one after the other, starting from its corpus (fuzz/corpus/<target>, made as it goes) and
# the kept findings; copies any new crash or timeout into fuzz/regressions/<target>/ (which
# the stable test suite replays: crates/fuzz-harness/tests/replay.rs) and prints each
# target's runs and coverage.
#   fuzz/run.sh [SECONDS] [TARGET...]
# Needs: rustup's nightly toolchain and `cargo install cargo-fuzz`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
seconds=${1:-600}
shift || true
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    targets=(xc_format puzzle_formats positions game_moves saved_games api_bodies)
fi
command -v cargo-fuzz >/dev/null || { echo "run.sh: cargo-fuzz missing: cargo install cargo-fuzz" >&2; exit 1; }
cd "$here"
found=0
for t in "${targets[@]}"; do
    rm -rf "artifacts/$t"
    mkdir -p "corpus/$t" "regressions/$t" "artifacts/$t"
    log=$(mktemp)
    # -rss_limit_mb and -timeout make memory hogs and slow inputs findings too.
    if ! cargo +nightly fuzz run "$t" "corpus/$t" "regressions/$t" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="artifacts/$t/" -print_final_stats=1 > "$log" 2>&1; then
        found=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
    echo "$t: $runs runs, coverage $cov edges, ${seconds} s"
    for f in "artifacts/$t"/*; do
        [[ -e $f ]] || continue
        cp "$f" "regressions/$t/"
        echo "  finding kept: regressions/$t/$(basename "$f")"
        found=1
    done
    rm -f "$log"
done
exit $found
