// A new game and an entered puzzle: the new-game dialog, the import dialog and its file.

import { api, ApiError } from '../api.js';
import { t, pick } from '../i18n.js';
import { prefs } from '../settings.js';
import { $, state } from './state.js';
import { errorText, confirmBox } from './toasts.js';
import { startGame } from './games.js';

/** A new game; generation is bounded on the server, so a 503 is tried again a few times
 * (each try is a fresh random start). */
export async function makeGame(choice) {
  for (let k = 0; ; k++) {
    try {
      return await api.newGame(choice);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 503 || k >= 4) throw err;
    }
  }
}

/** The rungs the server offers for a size and variant (`offered` of `GET /api/config`):
 * those it can make reliably on demand. Every rung when the server does not say. */
function rungsFor(size, variant) {
  const ladder = (state.config && state.config.ladder) || [];
  const offered = state.config && state.config.offered;
  if (!offered) return ladder.map((r) => r.id);
  return (offered[size] && offered[size][variant]) || [];
}

/** Enables the rungs the chosen size and variant offer, moving the choice to the nearest
 * easier one (or the easiest offered). */
function syncRungs() {
  const form = $('#form-new');
  const allowed = rungsFor(form.elements.size.value, form.elements.variant.value);
  const inputs = [...$('#new-levels').querySelectorAll('input')];
  for (const input of inputs) {
    input.disabled = !allowed.includes(input.value);
    input.closest('label').classList.toggle('disabled', input.disabled);
  }
  const k = inputs.findIndex((i) => i.checked);
  if (k >= 0 && inputs[k].disabled) {
    const easier = inputs.slice(0, k).filter((i) => !i.disabled);
    const ok = easier.length ? easier : inputs.filter((i) => !i.disabled);
    if (ok.length) ok[ok.length - 1].checked = true;
  }
  $('#new-levels-note').hidden = inputs.every((i) => !i.disabled);
}

export function newGamePrefs() {
  return prefs.get('newGame', { rung: 'medium', size: '9x9', variant: 'classic' });
}

export function openNewGame() {
  const p = newGamePrefs();
  const form = $('#form-new');
  const levels = $('#new-levels');
  levels.replaceChildren();
  const ladder = (state.config && state.config.ladder) || [];
  for (const rung of ladder) {
    const label = document.createElement('label');
    label.className = 'level';
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = 'rung';
    input.value = rung.id;
    input.dataset.testid = `rung-${rung.id}`;
    input.checked = rung.id === (p.rung || 'medium');
    const name = document.createElement('span');
    name.className = 'level-name';
    name.textContent = pick(rung.name);
    label.append(input, name);
    levels.append(label);
  }
  if (!levels.querySelector('input:checked') && levels.querySelector('input')) levels.querySelector('input').checked = true;
  for (const el of form.elements.size) el.checked = el.value === p.size;
  for (const el of form.elements.variant) el.checked = el.value === p.variant;
  syncRungs();
  $('#new-error').hidden = true;
  $('#new-start').disabled = false;
  $('#dlg-new').showModal();
}

$('#new-sizes').addEventListener('change', syncRungs);
$('#new-variants').addEventListener('change', syncRungs);

$('#form-new').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const choice = {
    rung: form.elements.rung ? form.elements.rung.value || undefined : undefined,
    size: form.elements.size.value,
    variant: form.elements.variant.value,
  };
  prefs.set('newGame', choice);
  // Leaving a game begun asks first; it stays in the list of games, to resume.
  const g = state.game;
  if (g && g.status === 'playing' && g.moves > 0 && !(await confirmBox(t('confirm_leave'), t('new_game')))) return;
  const btn = $('#new-start');
  btn.disabled = true;
  btn.classList.add('busy');
  $('#board-loading-text').textContent = t('generating');
  try {
    $('#dlg-new').close();
    await startGame(makeGame(choice));
  } catch (err) {
    $('#dlg-new').showModal();
    const e = $('#new-error');
    e.textContent = t('new_game_failed', { msg: errorText(err) });
    e.hidden = false;
  } finally {
    btn.disabled = false;
    btn.classList.remove('busy');
    $('#board-loading-text').textContent = t('loading');
  }
});

export function openImport(text = '', variant = 'classic') {
  $('#import-text').value = text;
  $('#import-variant').value = variant;
  $('#import-size').value = '';
  $('#import-error').hidden = true;
  $('#dlg-import').showModal();
  $('#import-text').focus();
}

export function showImportError(err) {
  const e = $('#import-error');
  // The server's sentence names the line and column itself, in each language.
  e.textContent = errorText(err);
  e.hidden = false;
  // put the caret at the error's place when the parser says where
  const ta = $('#import-text');
  if (err instanceof ApiError && err.line != null) {
    const lines = ta.value.split('\n');
    let pos = 0;
    for (let k = 0; k < err.line - 1 && k < lines.length; k++) pos += lines[k].length + 1;
    pos += Math.max(0, (err.column || 1) - 1);
    ta.focus();
    ta.setSelectionRange(pos, pos + 1);
  }
}

export async function importPuzzle(puzzle, variant, size) {
  const body = { puzzle, variant };
  if (size) body.size = size;
  return startGame(api.importGame(body));
}

$('#form-import').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  const text = $('#import-text').value.trim();
  if (!text) return;
  const btn = $('#import-go');
  btn.disabled = true;
  try {
    const g = await api.importGame({ puzzle: text, variant: $('#import-variant').value, ...($('#import-size').value ? { size: $('#import-size').value } : {}) });
    $('#dlg-import').close();
    await startGame(Promise.resolve(g));
  } catch (err) {
    showImportError(err);
  } finally {
    btn.disabled = false;
  }
});

// A file for the import: text goes into the box to be checked and played; a spreadsheet is
// sent to the server, which reads its first puzzle.
$('#import-file').addEventListener('change', async (ev) => {
  const file = ev.target.files && ev.target.files[0];
  ev.target.value = '';
  if (!file) return;
  $('#import-error').hidden = true;
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const workbook = /\.(xlsx|xlsm|xls|ods)$/i.test(file.name) || (head[0] === 0x50 && head[1] === 0x4b) || (head[0] === 0xd0 && head[1] === 0xcf);
  if (!workbook) {
    $('#import-text').value = await file.text();
    return;
  }
  const opts = { variant: $('#import-variant').value };
  if ($('#import-size').value) opts.size = $('#import-size').value;
  try {
    const g = await api.importWorkbook(file, opts);
    $('#dlg-import').close();
    await startGame(Promise.resolve(g));
  } catch (err) {
    showImportError(err);
  }
});
