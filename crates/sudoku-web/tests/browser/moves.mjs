// The page's own rules against the shared test vectors: run by tests/browser.rs
// (`the_page_plays_the_shared_move_vectors`).
//
//   node moves.mjs http://127.0.0.1:PORT path/to/moves.json
//
// Opens the page, imports its `offline.js` and `board.js` as the page does, and plays every
// case of `crates/sudoku-game/tests/data/moves.json` (the file `sudoku-game` is tested with,
// described in its SOURCES.md) through `applyLocally`, `takeBack` and `conflictCells`: the
// board after the moves (entries, notes, note colours, revealed cells, conflicts and the
// givens they clash with) must be the file's, a move the game refuses must be refused, and a
// move the page leaves to the server must be left to it. Prints one line per failing case,
// named, and exits 0 when every case holds.

import { existsSync, readFileSync } from 'node:fs';

const [base, vectorsPath] = process.argv.slice(2);
if (!base || !vectorsPath) {
  console.error('usage: node moves.mjs BASE_URL MOVES_JSON');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`error: ${CHROMIUM} is missing: install Chromium (apt-get install -y chromium)`);
  process.exit(3);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (err) {
  console.error(`error: playwright-core is missing: run \`npm ci\` in ${new URL('.', import.meta.url).pathname} (${err.message})`);
  process.exit(3);
}

const vectors = JSON.parse(readFileSync(vectorsPath, 'utf8'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
let outcome;
try {
  const page = await browser.newPage();
  await page.goto(base);
  outcome = await page.evaluate(playAll, vectors);
} finally {
  await browser.close();
}
for (const line of outcome.failures) console.log(line);
console.log(`${outcome.cases} cases of ${vectorsPath}: ${outcome.failures.length} fail`);
process.exit(outcome.failures.length || outcome.cases === 0 ? 1 : 0);

/** Runs in the page: every case through the page's modules; the failures, each named. */
async function playAll({ puzzles, cases }) {
  const { applyLocally, takeBack } = await import(new URL('offline.js', location.href).href);
  const { conflictCells } = await import(new URL('board.js', location.href).href);
  const digitOf = (ch) => parseInt(ch, 36);
  const charOf = (d) => d.toString(36).toUpperCase();
  const nameOf = (n, i) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
  const indexOf = (n, name) => {
    const [, r, c] = /^r(\d+)c(\d+)$/.exec(name);
    return (r - 1) * n + (c - 1);
  };
  // JSON with its object keys sorted, to compare values whatever their key order.
  const canon = (v) =>
    JSON.stringify(v, (_, x) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x));

  /** The game view the server would send for the case's starting position. */
  function start(p, c) {
    const n = p.box_rows * p.box_cols;
    const cells = [...p.puzzle].map((ch) => ({ digit: ch === '.' ? null : digitOf(ch), given: ch !== '.', revealed: false, notes: [] }));
    for (const [name, d] of Object.entries(c.entries || {})) cells[indexOf(n, name)].digit = d;
    for (const name of c.revealed || []) {
      const i = indexOf(n, name);
      cells[i].digit = digitOf(p.solution[i]);
      cells[i].revealed = true;
    }
    for (const [name, ds] of Object.entries(c.notes || {})) cells[indexOf(n, name)].notes = [...ds].map(digitOf).sort((a, b) => a - b);
    for (const [name, colours] of Object.entries(c.note_colours || {})) cells[indexOf(n, name)].note_colours = { ...colours };
    return {
      n,
      size: `${n}x${n}`,
      box_rows: p.box_rows,
      box_cols: p.box_cols,
      variant: p.variant,
      status: 'playing',
      moves: 0,
      can_undo: false,
      can_redo: false,
      cells,
    };
  }

  /** The board in the form of a case's `expect`. */
  function boardOf(game) {
    const { n } = game;
    const entries = {};
    const notes = {};
    const revealed = [];
    const noteColours = {};
    game.cells.forEach((c, i) => {
      const name = nameOf(n, i);
      if (c.digit && !c.given) entries[name] = c.digit;
      if (c.digit && c.revealed) revealed.push(name);
      if (c.notes.length) notes[name] = c.notes.map(charOf).join('');
      const shown = {};
      for (const d of c.notes) if (c.note_colours && c.note_colours[d]) shown[String(d)] = c.note_colours[d];
      if (Object.keys(shown).length) noteColours[name] = shown;
    });
    const marked = [...conflictCells(game)].sort((a, b) => a - b);
    const out = {
      entries,
      notes,
      conflicts: marked.filter((i) => !game.cells[i].given).map((i) => nameOf(n, i)),
      clashing_givens: marked.filter((i) => game.cells[i].given).map((i) => nameOf(n, i)),
    };
    if (revealed.length) out.revealed = revealed;
    if (Object.keys(noteColours).length) out.note_colours = noteColours;
    return out;
  }

  function play(c) {
    const p = puzzles[c.puzzle];
    if (!p) return `no puzzle ${c.puzzle}`;
    let game = start(p, c);
    const taken = []; // the `before` of each move that changed something, as the outbox keeps them
    for (const [k, move] of c.moves.entries()) {
      const last = k === c.moves.length - 1;
      const said = JSON.stringify(move);
      if (move.kind === 'undo') {
        if (!taken.length) return `move ${k}: nothing to undo`;
        game = takeBack(game, taken.pop());
        continue;
      }
      const was = JSON.stringify(game);
      const done = applyLocally(game, { ...move });
      if (JSON.stringify(game) !== was) return `move ${k} ${said} changed the game it was given`;
      if (done === null) {
        if (last && c.page === 'needs_server') return null;
        if (last && c.refused) break;
        return `move ${k} ${said} was refused by the page (or left to the server), but the game plays it`;
      }
      if (last && c.refused) return `move ${k} ${said} was played by the page, but the game refuses it (${c.refused})`;
      if (last && c.page === 'needs_server') return `move ${k} ${said} was played by the page, but the vectors say the page leaves it to the server`;
      if (done.before.length) taken.push(done.before);
      game = done.game;
    }
    const got = boardOf(game);
    if (canon(got) !== canon(c.expect)) return `\n   expected ${canon(c.expect)}\n        got ${canon(got)}`;
    return null;
  }

  const failures = [];
  for (const c of cases) {
    let why;
    try {
      why = play(c);
    } catch (err) {
      why = `threw ${err && err.stack ? err.stack : err}`;
    }
    if (why) failures.push(`case \`${c.name}\`: ${why}`);
  }
  return { cases: cases.length, failures };
}
