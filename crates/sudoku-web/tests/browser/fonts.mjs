// The page's Chinese on a system with no Chinese font: run by tests/web_font.rs with a
// fontconfig that holds only a Latin font, so Chromium has no Chinese glyph but the page's
// web font (static/fonts/ds-han.woff2).
//
//   node fonts.mjs http://127.0.0.1:PORT
//
// Loads the page in Chinese twice: with the web font, every Chinese character of its visible
// labels must be drawn as its own glyph; with the font's request blocked, they must collapse
// into the one empty box (which shows the check can fail, and that no system font stood in).
// Prints one JSON line per look and exits 0 when both hold.

import { existsSync } from 'node:fs';

const [base] = process.argv.slice(2);
if (!base) {
  console.error('usage: node fonts.mjs BASE_URL');
  process.exit(2);
}
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`error: ${CHROMIUM} is missing: install Chromium (apt-get install -y chromium)`);
  process.exit(3);
}
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });

async function look(blockFont) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('ds.lang', 'zh'));
  let fetched = 0;
  page.on('request', (r) => { if (r.url().endsWith('/fonts/ds-han.woff2')) fetched += 1; });
  if (blockFont) await page.route('**/fonts/ds-han.woff2', (route) => route.abort());
  await page.goto(base);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  const seen = await page.evaluate(async () => {
    await document.fonts.ready.catch(() => {});
    const labels = [...document.querySelectorAll('h1, h2, button, label, a, span, p')]
      .filter((e) => e.offsetParent !== null)
      .map((e) => e.textContent)
      .join('');
    const han = [...new Set([...labels].filter((c) => /[\u4e00-\u9fff]/.test(c)))];
    const family = getComputedStyle(document.body).fontFamily;
    // Blocked, the web font fails to load: the characters are drawn with what is left.
    await document.fonts.load(`40px ${family}`, han.join('')).catch(() => {});
    const canvas = document.createElement('canvas');
    canvas.width = 48;
    canvas.height = 48;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.font = `40px ${family}`;
    const picture = (ch) => {
      ctx.clearRect(0, 0, 48, 48);
      ctx.fillText(ch, 4, 40);
      return ctx.getImageData(0, 0, 48, 48).data.join(',');
    };
    const face = [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'DS Han');
    return {
      characters: han.length,
      distinct: new Set(han.map(picture)).size,
      face: face ? face.status : 'none',
      sample: han.slice(0, 12).join(''),
    };
  });
  await context.close();
  return { ...seen, fetched };
}

const withFont = await look(false);
const blocked = await look(true);
await browser.close();
console.log(JSON.stringify({ look: 'with the web font', ...withFont }));
console.log(JSON.stringify({ look: 'font blocked', ...blocked }));
const failures = [];
if (withFont.characters < 10) failures.push(`only ${withFont.characters} Chinese characters on the page`);
if (withFont.face !== 'loaded') failures.push(`the web font is ${withFont.face}, not loaded`);
if (withFont.distinct !== withFont.characters) {
  failures.push(`${withFont.characters} characters drawn as ${withFont.distinct} pictures with the web font`);
}
if (blocked.distinct > blocked.characters / 2) {
  failures.push(`without the web font ${blocked.distinct} of ${blocked.characters} characters still had glyphs: a system font stood in`);
}
for (const f of failures) console.error(`FAIL ${f}`);
process.exit(failures.length ? 1 : 0);
