#!/usr/bin/env bash
# Rebuilds the font subsets the PDF output embeds, with fontTools' subsetter, from two
# Debian packages (both SIL Open Font License 1.1, see LICENSE-OFL.txt):
#   apt-get install fonts-noto-cjk fonts-noto-core python3-fonttools
#   crates/sudoku-print/fonts/subset.sh
# Built from fonts-noto-cjk 1:20220127 (Noto Sans CJK SC 2.004) and fonts-noto-core 20201225
# (Noto Sans 2.004).
#
# NotoSansSC-Sudoku-{Regular,Bold}.otf (Noto Sans CJK SC, the first font a character is
# looked up in): printable ASCII (so digits and plain English keep the look they always
# had), every character of GB 2312 from U+2000 up (its 6,763 hanzi, CJK punctuation and
# symbols, fullwidth forms), the punctuation the texts use, and every non-ASCII character in
# the Rust sources of the crates whose text is printed (logic, print, cli).
#
# NotoSans-Sudoku-{Regular,Bold}.ttf (Noto Sans, for what the first lacks): the Latin
# alphabets (Latin-1, Latin Extended-A and -B, Latin Extended Additional: French, German,
# Polish, Czech, Turkish, Vietnamese, ...), Greek and Coptic, Cyrillic and its supplement,
# general punctuation and the currency signs.
#
# Only the layout features horizontal text needs are kept (kerning, ligatures, marks): all
# of them ('*') pulled in Noto Sans CJK's Japanese, Korean and vertical forms and doubled
# the file. Without hinting, as a PDF is printed or zoomed rather than shown on a pixel grid.
#
# `tests/fonts.rs` fails when a source uses a character neither subset has: run this again.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
cjk=/usr/share/fonts/opentype/noto
core=/usr/share/fonts/truetype/noto
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 - "$root" "$work" <<'PY'
import pathlib, sys
root, work = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
cjk = set(chr(c) for c in range(0x20, 0x7f))
cjk.update("·…–—“”‘’，。：；（）、！？《》【】")
for c in range(0x2000, 0x10000):
    try:
        chr(c).encode("gb2312")
    except UnicodeEncodeError:
        continue
    cjk.add(chr(c))
for crate in ("sudoku-logic", "sudoku-print", "sudoku-cli"):
    for path in (root / "crates" / crate / "src").rglob("*.rs"):
        cjk.update(ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7f)
(work / "cjk.txt").write_text("".join(sorted(cjk)), encoding="utf-8")
ranges = ["U+00A0-024F", "U+0370-03FF", "U+0400-052F", "U+1E00-1EFF", "U+2000-206F",
          "U+20A0-20C0"]
(work / "core.txt").write_text(",".join(ranges))
PY
for weight in Regular Bold; do
    /usr/bin/python3 -m fontTools.subset "$cjk/NotoSansCJK-$weight.ttc" --font-number=2 \
        --text-file="$work/cjk.txt" --layout-features='kern,liga' --no-hinting \
        --output-file="$here/NotoSansSC-Sudoku-$weight.otf"
    /usr/bin/python3 -m fontTools.subset "$core/NotoSans-$weight.ttf" \
        --unicodes="$(cat "$work/core.txt")" --layout-features='kern,liga,ccmp,mark,mkmk' \
        --no-hinting \
        --output-file="$here/NotoSans-Sudoku-$weight.ttf"
done
ls -l "$here"/*.otf "$here"/*.ttf
