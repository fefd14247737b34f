#!/usr/bin/env bash
# Rebuilds the font subsets the PDF output embeds, from Debian's fonts-noto-cjk (Noto Sans
# CJK SC, SIL Open Font License 1.1) with fontTools' pyftsubset:
#   apt-get install fonts-noto-cjk && pip install fonttools && crates/sudoku-print/fonts/subset.sh
# The subset holds printable ASCII, the punctuation the texts use, and every non-ASCII
# character in the Rust sources of the crates whose text is printed (logic, print, cli).
# `tests/fonts.rs` fails when a source uses a character the subset lacks: run this again.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
src=/usr/share/fonts/opentype/noto
chars="$(mktemp)"
trap 'rm -f "$chars"' EXIT
python3 - "$root" > "$chars" <<'PY'
import pathlib, sys
root = pathlib.Path(sys.argv[1])
seen = set(chr(c) for c in range(0x20, 0x7f))
seen.update("·…–—“”‘’，。：；（）、！？《》【】")
# The product's name and the words a book's title most often uses.
seen.update("数独谜题集每日周末简单中等困难专家大师答案解题步骤第页")
for crate in ("sudoku-logic", "sudoku-print", "sudoku-cli"):
    for path in (root / "crates" / crate / "src").rglob("*.rs"):
        seen.update(ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7f)
print("".join(sorted(seen)))
PY
for weight in Regular Bold; do
    pyftsubset "$src/NotoSansCJK-$weight.ttc" --font-number=2 --text-file="$chars" \
        --layout-features='*' --no-hinting \
        --output-file="$here/NotoSansSC-Sudoku-$weight.otf"
done
ls -l "$here"/*.otf
