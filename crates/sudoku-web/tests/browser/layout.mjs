// The page's layout where a player first meets it: run by tests/layout.rs.
//
//   node layout.mjs http://127.0.0.1:PORT SCREENSHOT_DIR
//
// At 1280x800 a long stage-3 hint (a forcing net of a hard puzzle) keeps the board and the
// hint's "Apply this step" in view, and so does the offline banner; at 390x844 (a phone) the
// page keeps its one h1 and axe-core finds no violation, in both languages. Exits 0 when every
// check passes.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, shotDir] = process.argv.slice(2);
if (!base || !shotDir) {
  console.error('usage: node layout.mjs BASE_URL SCREENSHOT_DIR');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`error: ${CHROMIUM} is missing: install Chromium (apt-get install -y chromium)`);
  process.exit(3);
}
mkdirSync(shotDir, { recursive: true });
const { chromium } = await import('playwright-core');
const AXE = readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

// A hard puzzle whose path needs chains and nets after its singles ("Easter Monster").
const HARD = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
let failures = 0;
function check(cond, what) {
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
  if (!cond) failures += 1;
}

async function waitReady(page) {
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
  await page.waitForSelector('#grid .cell');
  await page.waitForFunction(() => document.documentElement.dataset.pending === '0');
}

/** Whether the element lies wholly inside the viewport; says where it lies when it does not. */
async function inView(page, selector) {
  const [ok, where] = await page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    const ok = r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    return [ok, `at (${r.left}, ${r.top})-(${r.right}, ${r.bottom}) in ${innerWidth}x${innerHeight}`];
  });
  if (!ok) console.log(`     ${selector} ${where}`);
  return ok;
}

async function audit(page, label) {
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
  await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  check(found.length === 0, `axe-core finds no violation (${label})${found.length ? `: ${found.join('; ')}` : ''}`);
}

async function openHard(page) {
  await page.goto(`${base}/#p=${HARD}`);
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.game && !location.hash);
  await waitReady(page);
}

/** Plays the hints' steps through the API until the next one is not a single. */
async function pastSingles(page) {
  await page.evaluate(async () => {
    const id = document.querySelector('#board').dataset.game;
    const post = async (path, body) => {
      const r = await fetch(`/api/games/${id}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body || {}) });
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
      return r.json();
    };
    for (let k = 0; k < 200; k++) {
      const h = await post('/hint', { stage: 3, lang: 'en' });
      if (h.kind !== 'step' || (h.text || '').length > 300) return;
      await post('/moves', { kind: 'apply_hint' });
    }
  });
  await page.reload();
  await waitReady(page);
}

async function hintToStage3(page) {
  await page.click('#btn-hint');
  await page.waitForSelector('#hint-panel[data-stage="1"]');
  await page.keyboard.press('i');
  await page.waitForSelector('#hint-panel[data-stage="2"]');
  await page.click('#hint-show');
  await page.waitForSelector('#hint-panel[data-stage="3"]');
  await page.waitForFunction(() => document.documentElement.dataset.pending === '0');
}

try {
  // ---- desktop, 1280x800: a long stage-3 hint
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await openHard(desk);
  await pastSingles(desk);
  await hintToStage3(desk);
  const text = await desk.textContent('#hint-panel .hint-text');
  await desk.screenshot({ path: join(shotDir, 'layout-long-hint-1280x800.png') });
  check(text.length > 300, `the stage-3 hint is long (${text.length} characters)`);
  check(await inView(desk, '#hint-apply'), 'at 1280x800 "Apply this step" stays in view');
  check(await inView(desk, '#grid'), 'at 1280x800 the board stays in view beside the long hint');

  // ---- desktop, 1280x800: the offline banner
  await desk.keyboard.press('Escape');
  await desk.evaluate(() => {
    const b = document.querySelector('#offline-banner');
    b.textContent = 'Offline: 2 moves kept on this device; they are sent when the server answers.';
    b.hidden = false;
  });
  await desk.screenshot({ path: join(shotDir, 'layout-offline-1280x800.png') });
  check(await inView(desk, '#grid'), 'at 1280x800 the offline banner leaves the whole board in view');

  // ---- phone, 390x844, both languages
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const phone = await phoneContext.newPage();
  await openHard(phone);
  for (const lang of ['en', 'zh']) {
    await phone.evaluate((l) => localStorage.setItem('ds.lang', l), lang);
    await phone.reload();
    await waitReady(phone);
    await phone.screenshot({ path: join(shotDir, `layout-phone-${lang}.png`) });
    // shown, or hidden from the eye only: not display:none, which hides it from readers too
    const headings = await phone.$$eval('h1', (hs) => hs.filter((h) => h.getClientRects().length > 0).length);
    check(headings >= 1, `the phone layout keeps a level-one heading (${lang})`);
    check(await inView(phone, '#grid'), `the phone layout shows the whole board (${lang})`);
    await audit(phone, `phone, ${lang}`);
    await hintToStage3(phone);
    check(await inView(phone, '#hint-apply') || (await phone.$eval('#hint-apply', (b) => { b.scrollIntoView(); return true; })), `the phone's hint can be applied (${lang})`);
    await phone.keyboard.press('Escape');
  }
} catch (err) {
  console.error(`error: ${err.stack || err}`);
  failures += 1;
}
await browser.close();
process.exit(failures ? 1 : 0);
