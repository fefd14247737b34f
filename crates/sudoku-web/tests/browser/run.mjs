// Browser test of the Dancing Sudoku page: Playwright (playwright-core) driving Debian's
// Chromium against a running server.
//
//   node run.mjs http://127.0.0.1:PORT SCREENSHOT_DIR
//
// Takes a hint through its three stages and applies it (counted once), undoes and redoes,
// marks a cell and a candidate in colour, plays a past day's daily puzzle, enters letters on
// a 16x16 grid, starts a game by level and size, enters a puzzle, plays a 4x4 game to the win
// with the keyboard only (reloading half-way: the game resumes), switches language and theme,
// pauses, answers four questions of each of the three drills, checks the phone layout, and saves screenshots. No fixed
// sleeps: the page counts its requests in flight on <html data-pending>. Exits 0 when every
// check passes and neither a script error nor a console error happened.

import { mkdirSync, existsSync, rmSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [base, shotDir, workbook4] = process.argv.slice(2);
if (!base || !shotDir || !workbook4) {
  console.error('usage: node run.mjs BASE_URL SCREENSHOT_DIR WORKBOOK_4X4');
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
mkdirSync(shotDir, { recursive: true });
rmSync(join(shotDir, 'failure.png'), { force: true }); // a picture of an earlier failure misleads

// A 4x4 puzzle with one solution, and that solution.
const PUZZLE4 = '1..4.4..21.....1';
const SOLUTION4 = '1234341221434321';
// A 9x9 puzzle (unique) whose path is 29 singles, then a 2-String Kite: the hint pictures show a
// pattern, strong links and a removed candidate. Its solution's first two rows:
const KITE = '1...7.82....2.........9....8.2..7..9....3..6...9..6.4.5..34..8..14..5.......2.53.';
const KITE_TOP = '193574826675218493';
// A 9x9 puzzle (magictour top1465) whose path takes a Grouped Discontinuous Nice Loop at step 9
// and an ALS-XZ at step 12: the hint draws chain arrows and ALS groups.
const CHAINED = '3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..';
// A 16x16 puzzle (unique; digits 10-16 are A-G).
const PUZZLE16 =
  '..F.2D..E........A....E...C...6..9...46.7.38G..F2G.3.1.....5...E.5....F....C..438..GC9..F....B.6A...G.4.B9.2..7.....E7.....3..C.F.G...75.8...1........9.6EDA...G.1.6.....27.ED...3C.BG......2.....2..8......4....47..E..9.6..521....A..6G7.F.....F1......3....A.';

// The harness (tests/browser.rs) stops and starts the server on request: the script prints
// `@@server stop` or `@@server start` and waits for the harness's `done` on its stdin.
const harness = createInterface({ input: process.stdin });
const replies = [];
let waiting = null;
harness.on('line', (line) => {
  if (waiting) {
    const w = waiting;
    waiting = null;
    w(line);
  } else replies.push(line);
});
function server(command) {
  console.log(`@@server ${command}`);
  return new Promise((resolve, reject) => {
    const done = (line) => (line.trim() === 'done' ? resolve() : reject(new Error(`the harness answered ${line}`)));
    if (replies.length) done(replies.shift());
    else waiting = done;
  });
}

const started = Date.now();
let failures = 0;
function log(msg) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}`);
}
function check(cond, what) {
  if (!cond) throw new Error(`check failed: ${what}`);
  log(`ok: ${what}`);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const context = await browser.newContext({
  viewport: { width: 1280, height: 860 },
  colorScheme: 'light',
  locale: 'en-US',
  deviceScaleFactor: 1,
});
context.setDefaultTimeout(20000);
const pageErrors = [];
let expect422 = false;
let serverDown = false;
const consoleErrors = [];
function watch(p) {
  p.on('pageerror', (err) => pageErrors.push(String(err)));
  p.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    if (expect422 && /status of 422/.test(msg.text())) return; // the rejected puzzle, on purpose
    // While the server is stopped on purpose, the page's requests fail.
    if (serverDown && /ERR_CONNECTION_REFUSED|Failed to (load resource|fetch)|network error|ERR_FAILED/i.test(msg.text())) return;
    log(`console error: ${msg.text()}`);
    consoleErrors.push(msg.text());
  });
}
const page = await context.newPage();
watch(page);

/** axe-core's source, injected into the page through the debugger (the page's CSP allows no
 *  inline script). */
const AXE = readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const audited = [];

/** axe-core on the page as it is now: every violation fails the test, named with its nodes. */
async function audit(label, p = page) {
  // Colours are measured as they end, not halfway through a button's transition.
  await p.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await p.evaluate(AXE);
  const result = await p.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  check(found.length === 0, `axe-core finds no violation (${label})${found.length ? `: ${found.join('; ')}` : ''}`);
  audited.push(label);
}

async function shot(name, p = page) {
  const file = join(shotDir, `${name}.png`);
  await p.screenshot({ path: file, animations: 'disabled' });
  log(`screenshot ${file}`);
}

/** The game as the server has it (same session cookie as the page). */
async function serverGame(p = page) {
  return p.evaluate(async () => {
    const id = document.querySelector('#board').dataset.game;
    const r = await fetch(`/api/games/${id}`);
    return r.ok ? r.json() : null;
  });
}

/** The digits of the board as a string, `.` for empty. */
async function boardString(p = page) {
  return p.$$eval('#grid .cell', (cells) => cells.map((c) => c.querySelector('.digit').textContent || '.').join(''));
}

async function selectedIndex(p = page) {
  return p.$eval('#grid .cell.selected', (c) => +c.dataset.index);
}

const label = (cell, p = page) => p.getAttribute(`[data-cell="${cell}"]`, 'aria-label');
const cellOf = (n, i) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** Moves the selection to cell `target` with arrow keys / hjkl only. */
async function goTo(n, target, p = page) {
  const from = await selectedIndex(p);
  const dr = Math.floor(target / n) - Math.floor(from / n);
  const dc = (target % n) - (from % n);
  for (let k = 0; k < Math.abs(dr); k++) await p.keyboard.press(dr > 0 ? (k % 2 ? 'j' : 'ArrowDown') : k % 2 ? 'k' : 'ArrowUp');
  for (let k = 0; k < Math.abs(dc); k++) await p.keyboard.press(dc > 0 ? (k % 2 ? 'l' : 'ArrowRight') : k % 2 ? 'h' : 'ArrowLeft');
  const now = await selectedIndex(p);
  if (now !== target) throw new Error(`selection at ${now}, wanted ${target}`);
}

/** Every request of the page has answered and the page has repainted (the page counts its
 * requests on `<html data-pending>` and repaints before the count drops). */
async function waitIdle(p = page) {
  await p.waitForFunction(() => document.documentElement.dataset.pending === '0');
}

async function waitReady(p = page) {
  await p.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  await p.waitForSelector('#grid .cell');
  await waitIdle(p);
  await p.waitForFunction(() => document.querySelector('#pause-overlay').hidden);
}

const gameId = (p = page) => p.evaluate(() => document.querySelector('#board').dataset.game || '');

/** Opens a share link `#p=<puzzle>` and waits for the new game. */
async function openShared(puzzle, p = page) {
  const before = await gameId(p).catch(() => '');
  await p.goto(`${base}/#p=${puzzle}`);
  await p.waitForFunction((old) => {
    const id = document.querySelector('#board')?.dataset.game;
    return id && id !== old && !location.hash && document.documentElement.dataset.pending === '0';
  }, before);
  await waitReady(p);
  check((await boardString(p)) === puzzle.replaceAll('0', '.'), `the shared ${Math.sqrt(puzzle.length)}x${Math.sqrt(puzzle.length)} puzzle opened with its givens`);
}

/** Applies the next logical steps through the API until the stage-1 hint's technique code
 * passes `wanted`; returns that hint (or null after 80 steps). */
async function advanceUntil(wanted, p = page) {
  const id = await gameId(p);
  return p.evaluate(async ([id, src]) => {
    const wantedFn = new Function('code', `return (${src})(code);`);
    const post = async (path, body) => {
      const r = await fetch(`/api/games/${id}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) });
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return r.json();
    };
    for (let k = 0; k < 80; k++) {
      const h = await post('/hint', { stage: 1, lang: 'en' });
      if (h.kind !== 'step' || wantedFn(h.step.technique.code)) return h;
      await post('/moves', { kind: 'apply_hint' });
    }
    return null;
  }, [id, wanted.toString()]);
}

/** Applies the next logical steps through the API while they are singles; returns the first
 * other hint (stage 1). */
function advancePastSingles(p = page) {
  return advanceUntil((code) => !code.startsWith('00'), p);
}

/** Walks the hint through its three stages: button, `I` key, "Show step". */
async function hintToStage3(p = page) {
  await p.click('#btn-hint');
  await p.waitForSelector('#hint-panel[data-stage="1"]');
  await waitIdle(p);
  await p.keyboard.press('i');
  await p.waitForSelector('#hint-panel[data-stage="2"]');
  await waitIdle(p);
  await p.click('#hint-show');
  await p.waitForSelector('#hint-panel[data-stage="3"]');
  await waitIdle(p);
}

try {
  // ---------------------------------------------------------------- first visit: a 9x9 game
  log(`opening ${base} with a share link`);
  await openShared(KITE);
  check((await label('r1c1')) === 'r1c1, 1, given', 'cells have aria-labels');
  check(/^Your puzzle · /.test(await page.textContent('#level-chip')), `an entered puzzle is rated (${await page.textContent('#level-chip')})`);

  // a few entries and notes, so the light screenshot shows them with the highlights
  await page.click('[data-cell="r1c2"]');
  await page.keyboard.press(`Digit${KITE_TOP[1]}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+Digit3');
  await page.keyboard.press('Shift+Digit7');
  await page.keyboard.press('Alt+Digit8');
  await waitIdle();
  check((await label('r2c2')) === 'r2c2, notes 3 7 8', 'Shift/Alt + digit toggles notes');
  await page.keyboard.press('ArrowUp');
  await waitIdle();
  check(await page.$eval('[data-cell="r1c9"]', (c) => c.classList.contains('peer')), 'the row, column and box of the selection are highlighted');
  const nine = cellOf(9, KITE.indexOf('9'));
  check(await page.$eval(`[data-cell="${nine}"]`, (c) => c.classList.contains('same')), `cells with the same digit are highlighted (${nine})`);
  const rem9 = await page.textContent('#pad [data-digit="9"] .rem');
  const nines = [...(await boardString())].filter((c) => c === '9').length;
  check(+rem9 === 9 - nines, `the pad counts what is left of each digit (9: ${rem9})`);
  await shot('light');
  await audit('English, light');
  // Page weight and first render, reported (a time is no pass/fail on a shared machine).
  const perf = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const bytes = (e) => e.encodedBodySize || e.transferSize || 0;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      requests: res.length + 1,
      kb: Math.round((bytes(nav) + res.reduce((s, e) => s + bytes(e), 0)) / 1024),
      fcp: fcp ? Math.round(fcp.startTime) : null,
      load: Math.round(nav.loadEventEnd),
    };
  });
  check(perf.kb > 0, `page weight ${perf.kb} KB in ${perf.requests} requests; first contentful paint ${perf.fcp} ms, load ${perf.load} ms`);
  await page.keyboard.press('?');
  await page.waitForSelector('#dlg-shortcuts[open]');
  await shot('shortcuts');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-shortcuts', { state: 'hidden' });

  // ---------------------------------------------------------------- hint: three stages, apply, undo
  await page.click('#btn-fill');
  await waitIdle();
  check((await label('r3c1')).startsWith('r3c1, notes '), 'Fill notes writes the candidates');
  const kite = await advancePastSingles();
  check(kite && kite.kind === 'step', `after the singles the hint is "${kite && kite.text}"`);
  await page.reload();
  await waitReady();
  check(!(await page.$eval('#board', (b) => b.classList.contains('hidden-board'))), 'after a reload the game resumes');
  const hintsAtStart = (await serverGame()).hints;
  await hintToStage3();
  const text3 = await page.textContent('#hint-text');
  check(/Kite/.test(text3), `stage 3 text: "${text3}"`);
  const roles = await page.$$eval('#hint-legend li', (els) => els.map((e) => e.dataset.role));
  check(roles.includes('pattern') && roles.includes('removed') && roles.includes('link_strong'), `the legend names the roles: ${roles.join(', ')}`);
  check((await page.$$('.overlay .link')).length > 0, 'the links are drawn on the grid');
  // A link line passes under the candidate digits, which wear a halo while links are drawn.
  const under = await page.evaluate(() => {
    const note = document.querySelector('.cell:not(.filled):not(.given) .note:not([data-mark]), .cell:not(.filled):not(.given) .note[data-mark=""]');
    const cs = note && getComputedStyle(note.parentElement);
    return { z: cs && cs.zIndex, halo: note ? getComputedStyle(note).textShadow : 'none' };
  });
  check(under.z === '1' && under.halo !== 'none', `chain lines run under the candidates (z ${under.z}, halo ${under.halo})`);
  check((await page.$$('.note[data-mark="removed"]')).length > 0, 'the removed candidate is marked');
  check((await page.$$('.note[data-mark="pattern"], .note[data-mark="link_strong"]')).length > 0, 'the pattern is marked');
  await shot('hint');
  await audit('a hint at stage 3, English, light');
  const before = await serverGame();
  await page.click('#hint-apply');
  await page.waitForSelector('#hint-panel', { state: 'hidden' });
  await waitIdle();
  const applied = await serverGame();
  check(applied.moves === before.moves + 1, 'Apply this step made one move');
  check(JSON.stringify(applied.cells) !== JSON.stringify(before.cells), 'the step changed the position');
  // advancePastSingles asked this position's hint (stage 1) already: its stages and Apply add nothing.
  check(applied.hints === hintsAtStart, `the stages and Apply of a hint already counted add nothing (${hintsAtStart} -> ${applied.hints})`);
  check(applied.helped === true, 'a game with a hint is marked as helped');
  await page.keyboard.press('Control+z');
  await waitIdle();
  check(JSON.stringify((await serverGame()).cells) === JSON.stringify(before.cells), 'Ctrl+Z undid the step');
  await page.keyboard.press('Control+Shift+Z');
  await waitIdle();
  check(JSON.stringify((await serverGame()).cells) === JSON.stringify(applied.cells), 'Ctrl+Shift+Z redid it');
  {
    const h0 = (await serverGame()).hints;
    await hintToStage3();
    await page.click('#hint-close');
    await waitIdle();
    const h1 = (await serverGame()).hints;
    check(h1 === h0 + 1, `a new hint through its three stages counts once (${h0} -> ${h1})`);
  }

  // ---------------------------------------------------------------- colour marks
  {
    const g = await serverGame();
    const at = g.cells.findIndex((c) => !c.digit && c.notes.length >= 2);
    const name = cellOf(9, at);
    const note = g.cells[at].notes[0];
    await page.click(`[data-cell="${name}"]`);
    await page.click('[data-testid="colour-2"]');
    await waitIdle();
    await page.keyboard.press('n');
    await page.click('[data-testid="colour-5"]');
    check((await page.getAttribute('[data-testid="colour-5"]', 'aria-pressed')) === 'true', 'in notes mode a colour is a brush');
    await page.click(`[data-testid="pad-${note}"]`);
    await waitIdle();
    await page.keyboard.press('n');
    const marked = (await serverGame()).cells[at];
    check(marked.colour === 2 && marked.note_colours && marked.note_colours[note] === 5 && marked.notes.includes(note), `colour marks on ${name} and its ${note} are saved (${JSON.stringify(marked)})`);
    check((await page.getAttribute(`[data-cell="${name}"]`, 'data-colour')) === '2', 'the cell is drawn in its colour');
    check((await page.$eval(`[data-cell="${name}"] .notes`, (ns, d) => ns.children[d - 1].dataset.colour, note)) === '5', 'the candidate is drawn in its colour');
    check((await label(name)).includes('orange'), `the colour is read out: "${await label(name)}"`);
    await shot('colour-marks');
    await audit('colour marks');
  }

  // ---------------------------------------------------------------- chains and ALSs drawn
  await openShared(CHAINED);
  const loop = await advanceUntil((code) => code.startsWith('07'));
  check(loop && loop.kind === 'step', `a chain step comes: "${loop && loop.text}"`);
  await page.reload();
  await waitReady();
  await hintToStage3();
  const loopText = await page.textContent('#hint-text');
  check(/Nice Loop/.test(loopText) && /\(\d\)r\d+c\d+[=-]/.test(loopText), `the loop is told in Eureka notation: "${loopText}"`);
  const strong = (await page.$$('[data-testid="chain-link-strong"]')).length;
  const weak = (await page.$$('[data-testid="chain-link-weak"]')).length;
  check(strong > 0 && weak > 0, `the loop is drawn as arrows, ${strong} strong (solid) and ${weak} weak (dashed)`);
  check(await page.$eval('[data-testid="chain-link-weak"]', (l) => getComputedStyle(l).strokeDasharray !== 'none' && l.getAttribute('marker-end') === 'url(#arrow-weak)'), 'weak links are dashed arrows');
  await shot('hint-chain');
  await page.click('#hint-close');
  const als = await advanceUntil((code) => code.startsWith('09'));
  check(als && als.kind === 'step', `an ALS step comes: "${als && als.text}"`);
  await hintToStage3();
  const alsText = await page.textContent('#hint-text');
  check(/Almost Locked Set/.test(alsText) && /\(\d(,\d)+\)r\d/.test(alsText), `the ALSs are told as cells and digits: "${alsText}"`);
  const alsCells = await page.$$eval('[data-testid="als-set"]', (rs) => rs.map((r) => r.getAttribute('class')));
  check(alsCells.length >= 3 && new Set(alsCells).size >= 2, `the ALSs are shaded groups (${alsCells.length} cells, ${new Set(alsCells).size} groups)`);
  await shot('hint-als');
  await page.click('#hint-close');

  // ---------------------------------------------------------------- 16x16: letters for 10-16
  await openShared(PUZZLE16);
  check((await page.$$('#pad .pad-btn')).length === 16, 'the 16x16 pad has 16 digits');
  check((await page.textContent('#pad [data-digit="10"] .pd')) === 'A', 'digits above 9 are letters');
  const e16 = [...PUZZLE16].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  await page.click(`[data-cell="${cellOf(16, e16[0])}"]`);
  await page.keyboard.press('a');
  await waitIdle();
  check((await label(cellOf(16, e16[0]))) === `${cellOf(16, e16[0])}, A`, 'the key A enters 10');
  check((await serverGame()).cells[e16[0]].digit === 10, 'the server has 10');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+G');
  await page.keyboard.press('Shift+Digit3');
  await waitIdle();
  check((await label(cellOf(16, e16[0] + 1))) === `${cellOf(16, e16[0] + 1)}, notes 3 G`, 'Shift + letter writes a note');
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel[data-kind="mistakes"]');
  await waitIdle();
  check(await page.$eval(`[data-cell="${cellOf(16, e16[0])}"]`, (c) => c.classList.contains('mistake')), `with a wrong digit the hint says where: "${await page.textContent('#hint-text')}"`);
  check(await page.$eval('#mistakes-meter', (m) => m.hidden), 'with checking against the solution off, no mistakes count tells a wrong digit');
  // Reveal from the hint panel: the revealed digit is drawn apart from typed ones.
  check(await page.isEnabled('#hint-reveal'), 'the selected empty cell can be revealed');
  await page.click('#hint-reveal');
  await waitIdle();
  const at = (await serverGame()).cells.findIndex((c) => c.revealed);
  check(at === e16[0] + 1, `Reveal marks the selected cell revealed on the server (${at})`);
  check(await page.$eval(`[data-cell="${cellOf(16, at)}"]`, (c) => c.classList.contains('revealed')), 'a revealed digit is drawn as revealed');
  await shot('16x16');
  // On a large screen the board grows, and a 16x16 grid's notes are legible (12 px or more).
  await page.setViewportSize({ width: 1920, height: 1080 });
  const big = await page.evaluate(() => ({
    board: document.querySelector('#board').getBoundingClientRect().width,
    note: parseFloat(getComputedStyle(document.querySelector('#grid .cell .note')).fontSize),
  }));
  check(big.board >= 850 && big.note >= 12, `a 1920x1080 window draws the 16x16 board ${Math.round(big.board)} px wide, notes at ${big.note.toFixed(1)} px`);
  await shot('16x16-large');
  await page.setViewportSize({ width: 1280, height: 860 });
  if (await page.isVisible('#hint-close')) await page.click('#hint-close');
  await page.click('#btn-restart');
  await page.waitForSelector('#dlg-confirm[open]');
  await page.click('#confirm-yes');
  await waitIdle();
  check((await boardString()) === PUZZLE16 && !/notes/.test(await label(cellOf(16, e16[0] + 1))), 'Restart clears the entries and notes');

  // ---------------------------------------------------------------- new game by level and size
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  check((await page.$$('#new-levels input')).length === 6, 'the new-game dialog offers the six rungs');
  const oldId = await gameId();
  // The rungs offered per size and variant come from GET /api/config.
  const offered = (await (await page.request.get(`${base}/api/config`)).json()).offered;
  const enabled = async () => page.$$eval('#new-levels input', (is) => is.filter((i) => !i.disabled).map((i) => i.value));
  const noteShown = async () => page.$eval('#new-levels-note', (p) => !p.hidden);
  await page.click('#form-new label:has(input[value="classic"])');
  await page.click('#new-sizes label:has(input[value="9x9"])');
  check((await enabled()).length === 6 && !(await noteShown()), 'a 9x9 classic grid offers every rung, without the note');
  await page.click('[data-testid="rung-hard"]');
  await page.click('#new-sizes label:has(input[value="4x4"])');
  check(JSON.stringify(await enabled()) === JSON.stringify(offered['4x4'].classic) && (await noteShown()), `a 4x4 grid offers what the server lists (${await enabled()}), with the note`);
  check(await page.$eval('[data-testid="rung-easy"]', (i) => i.checked), 'a rung the size lacks moves the choice to the nearest easier one');
  await page.click('#new-sizes label:has(input[value="6x6"])');
  check(JSON.stringify(await enabled()) === JSON.stringify(offered['6x6'].classic), `a 6x6 classic grid offers what the server lists (${await enabled()})`);
  check(!(await page.$eval('[data-testid="rung-hard"]', (i) => i.disabled)), 'a 6x6 grid offers Hard');
  await page.click('[data-testid="rung-hard"]');
  await page.click('#form-new label:has(input[value="diagonal"])');
  check(JSON.stringify(await enabled()) === JSON.stringify(offered['6x6'].diagonal), `a 6x6 diagonal grid offers what the server lists (${await enabled()})`);
  check(await page.$eval('[data-testid="rung-hard"]', (i) => i.checked && !i.disabled), 'Hard stays chosen');
  await page.click('#new-sizes label:has(input[value="4x4"])');
  await shot('new-game');
  await page.click('#new-sizes label:has(input[value="6x6"])');
  await page.click('[data-testid="rung-hard"]');
  await page.click('#new-start');
  // The 16x16 game has moves: leaving it asks first.
  await page.waitForSelector('#dlg-confirm[open]');
  check(/resume/.test(await page.textContent('#confirm-text')), 'a new game asks before leaving one begun');
  await page.click('#confirm-yes');
  await page.waitForFunction((old) => document.querySelector('#board').dataset.game !== old, oldId);
  await waitReady();
  check((await page.$$('#grid .cell')).length === 36, 'a new 6x6 game');
  // Both games are in the list of unfinished games; the 16x16 resumes from there, then the 6x6.
  const sixId = await gameId();
  const resumeFromList = async (id) => {
    await page.click('#btn-games');
    await page.waitForSelector('[data-testid="games-table"]');
    const rows = await page.$$eval('[data-testid="games-table"] tbody tr', (trs) => trs.map((tr) => ({ id: tr.dataset.game, text: tr.textContent })));
    check(rows.length >= 2 && rows.some((r) => r.id === oldId) && rows.some((r) => /16×16/.test(r.text) && /%/.test(r.text)), `the games list shows the unfinished games with time and progress (${rows.length})`);
    if (id === oldId) await audit('the games list');
    await page.click(`[data-testid="games-table"] tr[data-game="${id}"] [data-testid="games-resume"]`);
    await page.waitForFunction((want) => document.querySelector('#board').dataset.game === want, id);
    await waitReady();
  };
  await resumeFromList(oldId);
  check((await page.$$('#grid .cell')).length === 256, 'the 16x16 game resumes from the list');
  await resumeFromList(sixId);
  check((await page.textContent('#level-chip')) === 'Hard', 'at the chosen level, Hard');
  check((await page.textContent('#shape-chip')) === '6×6 · Diagonal', 'in the chosen variant');
  check((await page.$$('.overlay .diag-line')).length === 2, 'the diagonals are drawn');
  await page.click('[data-cell="r3c3"]');
  await shot('diagonal-6x6');

  // ---------------------------------------------------------------- share
  await page.click('#btn-share');
  await page.waitForSelector('#dlg-share[open]');
  const shared = await page.inputValue('#share-link');
  const puzzle6 = await boardString();
  check(shared.endsWith(`#p=${puzzle6}&v=diagonal`) && (await page.inputValue('#share-string')) === puzzle6, `Share gives a link (${shared}) and the puzzle string`);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-share', { state: 'hidden' });

  // ---------------------------------------------------------------- a 4x4 game, keyboard only
  await page.click('#btn-import');
  await page.waitForSelector('#dlg-import[open]');
  await page.fill('#import-text', '1...............');
  expect422 = true;
  await page.click('#import-go');
  await page.waitForSelector('#import-error:not([hidden])');
  expect422 = false;
  check(/more than one solution/.test(await page.textContent('#import-error')), `an entered puzzle is checked: "${await page.textContent('#import-error')}"`);
  const id6 = await gameId();
  await shot('import');
  // a spreadsheet opened from the dialog: its grid is played at once
  await page.setInputFiles('#import-file', workbook4);
  await page.waitForSelector('#dlg-import', { state: 'hidden' });
  await page.waitForFunction((old) => document.querySelector('#board').dataset.game !== old, id6);
  await waitReady();
  check((await boardString()) === PUZZLE4, 'a 4x4 puzzle typed into a spreadsheet is opened and played');
  const idBook = await gameId();
  await page.click('#btn-import');
  await page.waitForSelector('#dlg-import[open]');
  await page.fill('#import-text', PUZZLE4.match(/.{4}/g).join('\n')); // a grid over four lines
  await page.click('#import-go');
  await page.waitForSelector('#dlg-import', { state: 'hidden' });
  await page.waitForFunction((old) => document.querySelector('#board').dataset.game !== old, idBook);
  await waitReady();
  check((await page.$$('#grid .cell')).length === 16 && (await boardString()) === PUZZLE4, 'the entered 4x4 puzzle is played');
  const empties = [...PUZZLE4].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  await page.focus(`[data-cell="${cellOf(4, (await selectedIndex()))}"]`);

  // notes mode (N), a wrong digit, Backspace, undo / redo by keys
  await goTo(4, empties[0]);
  await page.keyboard.press('n');
  await page.keyboard.press('Digit2');
  await page.keyboard.press('Digit3');
  await page.keyboard.press('n');
  await waitIdle();
  check((await label(cellOf(4, empties[0]))).endsWith('notes 2 3'), 'notes mode (N) writes notes');
  await page.keyboard.press('Digit4');
  await waitIdle();
  check(await page.$eval(`#grid .cell[data-index="${empties[0]}"]`, (c) => c.classList.contains('conflict')), 'a rule conflict is shown as you type');
  await page.keyboard.press('Backspace');
  await waitIdle();
  check((await boardString())[empties[0]] === '.', 'Backspace erases');
  await page.keyboard.press('Control+z');
  await waitIdle();
  check((await boardString())[empties[0]] === '4', 'Ctrl+Z brings the digit back');
  await page.keyboard.press('Control+y');
  await waitIdle();
  check((await boardString())[empties[0]] === '.', 'Ctrl+Y erases it again');

  // half the cells, then a reload: the game must come back as it was
  for (const i of empties.slice(0, 5)) {
    await goTo(4, i);
    await page.keyboard.press(`Digit${SOLUTION4[i]}`);
  }
  await waitIdle();
  const mid = await boardString();
  const midId = await gameId();
  await page.reload();
  await waitReady();
  check((await boardString()) === mid, `after a reload the game resumed with the same entries (${mid})`);
  check((await gameId()) === midId, 'the same game id');

  for (const i of empties.slice(5)) {
    await goTo(4, i);
    await page.keyboard.press(`Digit${SOLUTION4[i]}`);
  }
  await page.waitForSelector('#dlg-end[open]', { timeout: 10000 });
  check((await page.getAttribute('#dlg-end', 'data-kind')) === 'won', 'the game is won');
  check((await boardString()) === SOLUTION4, 'the board holds the solution');
  check((await serverGame()).status === 'won', 'the server has it as won');
  await shot('won');
  await page.click('#end-stats');
  await page.waitForSelector('#stats-table');
  await waitIdle();
  const statsText = await page.textContent('#stats-table');
  check(/4×4/.test(statsText), 'the statistics list the 4x4 game');
  await shot('stats');
  await audit('the statistics');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-stats', { state: 'hidden' });

  // ---------------------------------------------------------------- language and theme
  await openShared(KITE);
  const k2 = await advancePastSingles();
  check(k2 && k2.kind === 'step', 'the second kite game is at the kite');
  await page.reload();
  await waitReady();
  await page.click('#btn-lang');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  check((await page.textContent('#btn-new')).includes('新游戏'), 'after the switch a Chinese string appears');
  check(await page.evaluate(() => localStorage.getItem('ds.lang') === 'zh'), 'the language choice is kept');
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel[data-stage="1"]');
  await waitIdle();
  await page.click('#hint-more');
  await page.waitForSelector('#hint-panel[data-stage="2"]');
  await waitIdle();
  const zhHint = await page.textContent('#hint-text');
  check(/[\u4e00-\u9fff]/.test(zhHint), `the hint text comes in Chinese: "${zhHint}"`);
  await shot('zh-CN');
  await audit('Chinese, light, a hint at stage 2');
  await page.click('#btn-lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  check((await page.textContent('#btn-new')).includes('New game'), 'and back to English');
  const enHint = await page.textContent('#hint-text');
  check(enHint !== zhHint && !/[\u4e00-\u9fff]/.test(enHint) && /[a-z]{3}/.test(enHint),
    `the open hint switches with the page, without asking again: "${enHint}"`);
  check((await page.getAttribute('#hint-panel', 'data-stage')) === '2', 'and stays at its stage');
  await page.click('#hint-close');

  await page.click('#btn-theme');
  check((await page.getAttribute('html', 'data-theme')) === 'dark', 'the theme toggle switches to dark');
  await hintToStage3();
  await shot('dark');
  await audit('a hint at stage 3, English, dark');
  await page.click('#hint-close');
  await page.waitForSelector('#hint-panel', { state: 'hidden' });

  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await shot('settings-dark');
  await audit('the settings, dark');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-settings', { state: 'hidden' });

  // pause hides the board
  await page.click('#btn-pause');
  await page.waitForSelector('#pause-overlay:not([hidden])');
  await waitIdle();
  check(await page.$eval('#grid', (g) => getComputedStyle(g).visibility === 'hidden'), 'pausing hides the board');
  check((await serverGame()).paused === true, 'the server has the game paused');
  const pausedOff = await page.$$eval('#btn-share, #btn-print, #btn-print-steps', (bs) => bs.every((b) => b.disabled));
  check(pausedOff, 'while paused, Share and Print are off');
  const counts = await page.$$eval('#pad .rem', (els) => els.map((e) => e.textContent).join(''));
  check(counts === '', `while paused, the digit counts are hidden ("${counts}")`);
  await page.click('#btn-resume');
  await page.waitForSelector('#pause-overlay', { state: 'hidden' });
  await waitIdle();
  check((await serverGame()).paused === false, 'Resume starts the timer again');
  check(!(await page.$eval('#btn-print', (b) => b.disabled)), 'after Resume, Print is on again');

  // ---------------------------------------------------------------- hints without pencil marks
  await openShared(KITE);
  const setIntuitive = async (on) => {
    await page.click('#btn-settings');
    await page.waitForSelector('#dlg-settings[open]');
    if ((await page.isChecked('[data-testid="set-intuitive-hints"]')) !== on) await page.click('[data-testid="set-intuitive-hints"]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#dlg-settings', { state: 'hidden' });
  };
  await setIntuitive(true);
  const movesBefore = (await serverGame()).moves;
  await hintToStage3();
  const intuitiveText = await page.textContent('#hint-text');
  check(/Single|Full House/.test(intuitiveText) && !/removes/.test(intuitiveText), `an intuitive hint is a single: "${intuitiveText}"`);
  await page.click('#hint-apply');
  await waitIdle();
  const afterApply = await serverGame();
  check(afterApply.moves === movesBefore + 1 && afterApply.cells.filter((c) => c.digit && !c.given).length === 1, 'Apply this step places the single');
  await setIntuitive(false);

  // ---------------------------------------------------------------- the drill
  await page.click('#tab-drill');
  await page.waitForSelector('#drill-view:not([hidden])');
  // Each of the three drills: questions answered from what the board shows (the digit the
  // asked cell's row, column and box leave, or the one cell of the house no shown copy of
  // the digit sees), by key for digits and by tapping for cells; one wrong on purpose.
  const drillTotals = {};
  for (const kind of ['full_house', 'naked_single', 'hidden_single']) {
    await page.click(`[data-testid="drill-kind-${kind}"]`);
    await page.waitForFunction((k) => document.querySelector('#drill-view').dataset.drill === k
      && document.querySelector('#drill-view').dataset.state === 'asking', kind);
    let right = 0;
    for (let k = 0; k < 4; k++) {
      await page.waitForSelector('#drill-view[data-state="asking"]');
      const q = await page.evaluate(() => ({
        id: document.querySelector('#drill-view').dataset.questionId,
        cells: [...document.querySelectorAll('#drill-board .drill-cell')].map((c) => ({
          name: c.dataset.cell, text: c.textContent, focus: c.classList.contains('focus'), button: c.tagName === 'BUTTON',
        })),
        intro: document.querySelector('#drill-intro').textContent,
      }));
      check(q.cells.length === 81, `${kind}: the drill shows a 9x9 board`);
      if (k === 0) await audit(`the ${kind} drill, English, dark`);
      const rc = (name) => [+name[1] - 1, +name[3] - 1];
      const sees = (a, b) => {
        const [[ra, ca], [rb, cb]] = [rc(a), rc(b)];
        return a !== b && (ra === rb || ca === cb || (Math.floor(ra / 3) === Math.floor(rb / 3) && Math.floor(ca / 3) === Math.floor(cb / 3)));
      };
      const wrong = k === 1;
      if (kind === 'hidden_single') {
        const d = +/\d/.exec(q.intro)[0];
        const places = q.cells.filter((c) => c.button && !q.cells.some((x) => x.text === String(d) && sees(x.name, c.name)));
        check(places.length === 1, `${kind}: one place for ${d} ("${q.intro}")`);
        const other = q.cells.find((c) => c.button && c.name !== places[0].name);
        await page.click(`#drill-board [data-cell="${wrong ? other.name : places[0].name}"]`);
      } else {
        const asked = q.cells.find((c) => c.text === '?');
        const seen = new Set(q.cells.filter((c) => c.text && c.text !== '?' && sees(c.name, asked.name)).map((c) => +c.text));
        const left = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(d));
        check(left.length === 1, `${kind}: one digit left for ${asked.name}`);
        await page.keyboard.press(`Digit${wrong ? (left[0] % 9) + 1 : left[0]}`);
      }
      await page.waitForSelector(`#drill-view[data-state="${wrong ? 'wrong' : 'right'}"]`);
      if (!wrong) right++;
      if (wrong && kind !== 'full_house') await shot(`drill-${kind}`);
      if (k < 3) {
        await page.keyboard.press('Enter'); // on to the next question without waiting
        await page.waitForFunction((id) => document.querySelector('#drill-view').dataset.questionId !== id, q.id);
      }
    }
    await waitIdle();
    check((await page.textContent('#drill-answered')) === '4', `${kind}: four answers counted`);
    check((await page.textContent('#drill-accuracy')) === `${right * 25}%`, `${kind}: accuracy ${right * 25}%`);
    drillTotals[kind] = right;
  }
  const drillStats = await page.evaluate(() => fetch('/api/stats').then((r) => r.json()));
  check(drillStats.drill.answered === 12 && drillStats.drill.drills.every((d) => d.answered === 4 && d.correct === drillTotals[d.drill]),
    'the server keeps the statistics of each drill');
  await page.click('#btn-lang');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await audit('the drill, Chinese, dark');
  await page.click('#btn-lang');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  check(['English, light', 'Chinese, light, a hint at stage 2', 'a hint at stage 3, English, dark', 'the drill, Chinese, dark'].every((l) => audited.includes(l)),
    `axe-core ran in both languages and both themes: ${audited.join('; ')}`);
  await page.click('[data-testid="drill-kind-full_house"]');
  await page.click('#tab-play');
  await page.waitForSelector('#play-view:not([hidden])');
  await waitIdle();

  // ---------------------------------------------------------------- the daily puzzle
  await page.click('#btn-daily');
  await page.waitForSelector('#dlg-daily [data-testid="daily-easy"]');
  check(/Streak: 0 days/.test(await page.textContent('#daily-streak')), `the daily dialog shows the streak (${await page.textContent('#daily-streak')})`);
  await shot('daily');
  await audit('the daily puzzles');
  await page.click('[data-testid="daily-easy"]');
  await page.waitForSelector('#dlg-daily', { state: 'hidden' });
  await waitReady();
  const daily = await serverGame();
  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
  check(daily.daily === today && daily.rung === 'easy', `the daily puzzle of ${today} is played (${daily.daily}, ${daily.rung})`);
  check(/^Daily · /.test(await page.textContent('#level-chip')), `the chip says Daily (${await page.textContent('#level-chip')})`);
  // Every player gets the same puzzle on a date: another browser (another session) too.
  const other = await browser.newContext();
  const otherGame = await (await other.request.post(`${base}/api/daily`, { data: { rung: 'easy', date: today }, headers: { Origin: base } })).json();
  check(otherGame.puzzle === daily.puzzle && otherGame.id !== daily.id, 'another player gets the same daily puzzle in a game of their own');
  await other.close();
  await page.click('#btn-daily');
  await page.waitForSelector('#dlg-daily [data-testid="daily-easy"]');
  check(/In progress/.test(await page.textContent('#dlg-daily li[data-rung="easy"]')), 'the daily dialog shows today\'s easy puzzle in progress');
  await page.click('[data-testid="daily-easy"]');
  await page.waitForSelector('#dlg-daily', { state: 'hidden' });
  await waitReady();
  check((await gameId()) === daily.id, 'opening it again resumes the same game');
  // A past day's puzzle from the archive: playable, its own puzzle, no streak day.
  await page.click('#btn-daily');
  await page.waitForSelector('#dlg-daily [data-testid="daily-past-easy"]');
  const pastDay = await page.$eval('#daily-past option:nth-child(3)', (o) => o.value);
  await page.selectOption('#daily-past', pastDay);
  await page.waitForFunction(() => document.querySelectorAll('#dlg-daily [data-testid="daily-past-easy"]').length === 1);
  await page.click('[data-testid="daily-past-easy"]');
  await page.waitForSelector('#dlg-daily', { state: 'hidden' });
  await waitReady();
  const pastGame = await serverGame();
  check(pastGame.daily === pastDay && pastGame.id !== daily.id && pastGame.puzzle !== daily.puzzle, `a past daily puzzle (${pastDay}) is played from the archive`);
  await page.click('#btn-daily');
  await page.waitForSelector('#dlg-daily [data-testid="daily-easy"]');
  check(/Streak: 0 days/.test(await page.textContent('#daily-streak')), 'the archive leaves the streak alone');
  await audit('the daily puzzles with the archive');
  await page.click('[data-testid="daily-easy"]');
  await page.waitForSelector('#dlg-daily', { state: 'hidden' });
  await waitReady();
  check((await gameId()) === daily.id, 'today\'s daily puzzle resumes after the archive');

  // ---------------------------------------------------------------- digit-first input
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('[data-testid="set-digit-first"]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-settings', { state: 'hidden' });
  const dailyEmpties = daily.cells.map((c, i) => (c.digit ? -1 : i)).filter((i) => i >= 0).slice(0, 2).map((i) => cellOf(9, i));
  await page.click('#pad [data-digit="7"]');
  check((await page.getAttribute('#pad [data-digit="7"]', 'aria-pressed')) === 'true', 'digit first: the picked digit is pressed on the pad');
  await page.click(`[data-cell="${dailyEmpties[0]}"]`);
  await waitIdle();
  await page.click(`[data-cell="${dailyEmpties[1]}"]`);
  await waitIdle();
  const afterDigitFirst = await serverGame();
  check(dailyEmpties.every((c) => afterDigitFirst.cells[(+c[1] - 1) * 9 + (+c[3] - 1)].digit === 7), `digit first: tapping ${dailyEmpties.join(' and ')} places the picked 7 in both`);
  check(await page.$eval(`[data-cell="${dailyEmpties[0]}"]`, (c) => c.classList.contains('same')), 'digit first: the picked digit\'s cells are highlighted');
  await shot('digit-first');
  await page.click('#pad [data-digit="7"]');
  await page.click('#btn-settings');
  await page.waitForSelector('#dlg-settings[open]');
  await page.click('[data-testid="set-digit-first"]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-settings', { state: 'hidden' });

  // ---------------------------------------------------------------- offline, across a server restart
  await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller, null, { timeout: 20000 });
  check(true, 'the service worker controls the page');
  await openShared(KITE);
  const offlineId = await gameId();
  const emptyCells = [...KITE].map((ch, i) => (ch === '.' ? i : -1)).filter((i) => i >= 0).map((i) => cellOf(9, i));
  const [cA, cB, cC, cD, cE] = emptyCells;
  const typeAt = async (cell, key) => {
    await page.click(`[data-cell="${cell}"]`);
    await page.keyboard.press(key);
  };
  // Right digits (the solution's first row), so the game stays fit for the hints below.
  await typeAt(cA, `Digit${KITE_TOP[1]}`);
  await waitIdle();
  await page.waitForFunction((c) => document.querySelector('#announce').textContent === `${c}: 9`, cA);
  check(true, 'a move is announced to screen readers');
  const movesOnline = (await serverGame()).moves;
  await server('stop');
  serverDown = true;
  await typeAt(cB, `Digit${KITE_TOP[2]}`);
  await page.waitForSelector('#offline-banner:not([hidden])');
  await waitIdle();
  await typeAt(cC, `Shift+Digit${KITE_TOP[3]}`);
  await typeAt(cD, 'Digit9');
  await waitIdle();
  check((await page.textContent(`[data-cell="${cD}"] .digit`)) === '9', 'without the server a digit is placed on the page');
  await page.keyboard.press('Control+z'); // takes the 9 back out of the outbox
  await waitIdle();
  check((await page.textContent(`[data-cell="${cD}"] .digit`)) === '', 'undo without the server takes the waiting move back');
  check(await page.evaluate(() => document.documentElement.dataset.outbox === '2'), 'two moves wait for the server');
  check(/2 moves kept/.test(await page.textContent('#offline-banner')), `the banner says so (${await page.textContent('#offline-banner')})`);
  await shot('offline');
  await audit('offline, with the banner');
  // A reload without the server: the service worker gives the page, the page its game.
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  await page.waitForSelector('#grid .cell');
  check((await gameId()) === offlineId, 'reloaded without the server, the page opens the same game');
  check((await page.textContent(`[data-cell="${cB}"] .digit`)) === KITE_TOP[2] && (await label(cC)).endsWith(`notes ${KITE_TOP[3]}`), 'with the moves made offline');
  await typeAt(cE, `Digit${KITE_TOP[8]}`);
  await waitIdle();
  check(await page.evaluate(() => document.documentElement.dataset.outbox === '3'), 'a third move waits');
  await server('start');
  await page.waitForFunction(() => document.documentElement.dataset.outbox === '0' && document.documentElement.dataset.offline === 'false', null, { timeout: 30000 });
  await waitIdle();
  serverDown = false;
  check(await page.$eval('#offline-banner', (b) => b.hidden), 'the banner goes once the moves are sent');
  const synced = await serverGame();
  const syncedAt = (cell) => synced.cells[(+cell[1] - 1) * 9 + (+cell[3] - 1)];
  check(syncedAt(cA).digit === +KITE_TOP[1] && syncedAt(cB).digit === +KITE_TOP[2] && syncedAt(cC).notes.join() === KITE_TOP[3] && !syncedAt(cD).digit && syncedAt(cE).digit === +KITE_TOP[8],
    'the server has every move made offline, and not the one taken back');
  check(synced.moves === movesOnline + 3, `each move counted once (${synced.moves} = ${movesOnline} + 3)`);

  // ---------------------------------------------------------------- phone width
  await page.click('#btn-theme'); // back to light
  const phone = await context.newPage();
  watch(phone);
  await phone.setViewportSize({ width: 375, height: 812 });
  await phone.goto(base);
  await waitReady(phone);
  const box = await phone.$eval('#board', (b) => b.getBoundingClientRect().toJSON());
  check(box.width <= 375 && box.x >= 0, `the board fits the phone width (${Math.round(box.width)}px)`);
  const pad = await phone.$eval('#pad', (b) => b.getBoundingClientRect().toJSON());
  check(pad.y >= box.y + box.height, 'the pad is below the board');
  check(await phone.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scrolling');
  await shot('phone', phone);
  await hintToStage3(phone);
  const padAfter = await phone.$eval('#pad', (b) => b.getBoundingClientRect().toJSON());
  check(padAfter.y === pad.y, 'opening the hint moves nothing on the page');
  await shot('phone-hint', phone);

  check(pageErrors.length === 0, `no script errors${pageErrors.length ? `: ${pageErrors.join('; ')}` : ''}`);
  check(consoleErrors.length === 0, `no errors in the console${consoleErrors.length ? `: ${consoleErrors.join('; ')}` : ''}`);
} catch (err) {
  failures++;
  console.error(`FAILED: ${err.stack || err}`);
  try {
    await page.screenshot({ path: join(shotDir, 'failure.png') });
    console.error(`screenshot of the failure: ${join(shotDir, 'failure.png')}`);
  } catch {}
} finally {
  await browser.close();
}
log(failures ? 'browser test FAILED' : 'browser test passed');
process.exit(failures ? 1 : 0);
