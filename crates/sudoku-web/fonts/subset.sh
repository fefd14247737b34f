#!/usr/bin/env bash
# Rebuilds the page's Chinese web font, static/fonts/ds-han.woff2: the characters of every
# Chinese string the page can show (its own texts in static/, and the server's: the game's,
# the hints' and the explanations' Chinese from the Rust sources of sudoku-web, sudoku-game
# and sudoku-logic), cut from Debian's fonts-noto-cjk (Noto Sans CJK SC, SIL Open Font
# License 1.1, fonts/LICENSE-OFL.txt) with fontTools' pyftsubset:
#   apt-get install fonts-noto-cjk python3-fonttools python3-brotli
#   crates/sudoku-web/fonts/subset.sh
# The page uses it only where the system has no Chinese font (style.css names the common
# ones first). It also writes fonts/ds-han-chars.txt, the characters it holds:
# tests/web_font.rs fails when a source uses a Chinese character that list lacks.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
web="$here/.."
crates="$web/.."
chars="$here/ds-han-chars.txt"
/usr/bin/python3 - "$web" "$crates" > "$chars" <<'PY'
import pathlib, sys
web, crates = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
def chinese(ch):
    c = ord(ch)
    return 0x3000 <= c <= 0x303F or 0x4E00 <= c <= 0x9FFF or 0xFF00 <= c <= 0xFFEF \
        or ch in "·…—“”‘’"
seen = set("，。：；（）、！？《》【】“”")
paths = [p for p in (web / "static").rglob("*") if p.suffix in (".js", ".html", ".css")]
for crate in ("sudoku-web", "sudoku-game", "sudoku-logic"):
    paths += list((crates / crate / "src").rglob("*.rs"))
for path in paths:
    seen.update(ch for ch in path.read_text(encoding="utf-8") if chinese(ch))
print("".join(sorted(seen)))
PY
/usr/bin/python3 -m fontTools.subset /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc \
    --font-number=2 --text-file="$chars" --layout-features='*' --no-hinting \
    --flavor=woff2 --output-file="$web/static/fonts/ds-han.woff2"
ls -l "$web/static/fonts/ds-han.woff2"
wc -m "$chars"
