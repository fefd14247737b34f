// The page: game state, input (mouse, touch, keyboard), dialogs, timer, and the views.

import { api, ApiError, busy } from './api.js';
import { t, pick, getLang, setLang, onLangChange, translatePage } from './i18n.js';
import { Board, digitChar, charDigit, conflictCells, cellIndex } from './board.js';
import { HintPanel } from './hint.js';
import { Drill } from './drill.js';
import { settings, saveSettings, prefs } from './settings.js';
import { Outbox, applyLocally, takeBack, moveKey, snapshot, savedConfig } from './offline.js';

const $ = (sel) => document.querySelector(sel);

const state = {
  config: null,
  game: null,
  syncAt: 0, // performance.now() when `game` arrived (the timer counts on from there)
  selected: -1,
  notesMode: false,
  wrong: new Map(), // index → digit found wrong by /check (until the entry changes)
  autoPaused: false,
  lost: false,
  offline: false, // the server did not answer the last request
  digit: 0, // digit-first input: the digit picked on the pad (0: none)
  brush: 0, // colour marks: the colour that digits paint on candidates in notes mode (0: none)
};

/** Moves waiting for the server (offline.js). */
const outbox = new Outbox();

// ---------------------------------------------------------------- toasts and confirmations

function toast(text, kind = 'info') {
  const box = $('#toasts');
  const el = document.createElement('div');
  el.className = `toast ${kind}`;
  el.textContent = text;
  box.append(el);
  setTimeout(() => el.classList.add('out'), 2600);
  setTimeout(() => el.remove(), 3000);
}

function errorText(err) {
  if (err instanceof ApiError) {
    if (err.code === 'network') return t('err_network');
    // The server says it in both languages (a sentence of its own, or one for its code).
    if (getLang() === 'zh') return err.messageZh || t('err_http', { status: err.status });
    return err.message;
  }
  return t('err_generic', { msg: err && err.message ? err.message : String(err) });
}

/** Says a change to screen readers (a polite live region, not shown). */
function announce(text) {
  const el = $('#announce');
  // Emptied first, so the same words twice are read twice.
  el.textContent = '';
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

/** A move in words, for the live region ("r3c4: 5", "r3c4: note 5 off"). */
function moveWords(before, after, move) {
  const i = move.cell ? cellIndex(after.n, move.cell) : -1;
  const cell = i >= 0 ? after.cells[i] : null;
  switch (move.kind) {
    case 'place':
    case 'reveal':
      return cell && cell.digit ? t('say_placed', { cell: move.cell, digit: digitChar(cell.digit) }) : t('say_erased', { cell: move.cell });
    case 'erase':
      return t('say_erased', { cell: move.cell });
    case 'note': {
      const on = cell && (cell.notes || []).includes(move.digit);
      return t(on ? 'say_note_on' : 'say_note_off', { cell: move.cell, digit: digitChar(move.digit) });
    }
    case 'fill_notes':
      return t('say_filled');
    case 'apply_hint':
      return t('say_hint_applied');
    default:
      return '';
  }
}

function confirmBox(text, okLabel) {
  const dlg = $('#dlg-confirm');
  $('#confirm-text').textContent = text;
  $('#confirm-yes').textContent = okLabel || 'OK';
  dlg.returnValue = '';
  dlg.showModal();
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'), { once: true });
  });
}

// ---------------------------------------------------------------- the board and its view

const board = new Board($('#board'), { onCellPointer });
const hints = new HintPanel($('#hint-panel'), {
  request: (stage) => requestHint(stage),
  // An intuitive hint names the one digit to place; the others are applied by the server.
  apply: () => {
    const place = hints.hint && hints.hint.data.place;
    if (place) sendMove({ kind: 'place', cell: place.cell, digit: place.digit, auto_notes: !!settings.autoNotes }, { keepHint: false });
    else sendMove({ kind: 'apply_hint' }, { keepHint: false });
  },
  reveal: () => revealSelected(),
  eraseMistakes: (cells) => eraseCells(cells),
  close: () => closeHint(),
  canReveal: () => canReveal(),
  redraw: () => render(),
});
const drill = new Drill($('#drill-view'), { toast });

function playing() {
  const g = state.game;
  return !!g && g.status === 'playing' && !g.paused && !state.lost;
}

function canReveal() {
  const g = state.game;
  return playing() && state.selected >= 0 && !g.cells[state.selected].given && !g.cells[state.selected].digit;
}

function render() {
  const g = state.game;
  if (!g) return;
  const overlay = hints.overlay(g.n);
  const conflicts = settings.showConflicts ? conflictCells(g) : new Set();
  const wrong = new Set();
  for (const [i, d] of state.wrong) if (g.cells[i].digit === d) wrong.add(i);
  board.render({
    game: g,
    digit: settings.digitFirst ? state.digit : 0,
    selected: state.selected,
    conflicts,
    wrong,
    hint: overlay.hint,
    mistakes: overlay.mistakes,
    settings,
  });
  $('#board').classList.toggle('finished', g.status !== 'playing');
  renderPad();
  renderPalette();
  renderBar();
  hints.render();
}

function renderPad() {
  const g = state.game;
  const pad = $('#pad');
  if (pad.childElementCount !== g.n) {
    pad.replaceChildren();
    pad.dataset.n = g.n;
    for (let d = 1; d <= g.n; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pad-btn';
      b.dataset.digit = d;
      b.dataset.testid = `pad-${d}`;
      // The name read out is the digit and how many are left ("1, 9 left"): the small count
      // is hidden from screen readers, which read the sentence instead.
      b.innerHTML = `<span class="pd">${digitChar(d)}</span><span class="rem" aria-hidden="true"></span><span class="sr-only"></span>`;
      b.addEventListener('click', () => {
        if (settings.digitFirst) {
          // Digit first: the digit stays picked, and each cell tapped takes it.
          state.digit = state.digit === d ? 0 : d;
          render();
          return;
        }
        input(d, state.notesMode);
        if (state.selected >= 0) board.focusCell(state.selected);
      });
      pad.append(b);
    }
  }
  const counts = new Array(g.n + 1).fill(0);
  for (const c of g.cells) if (c.digit) counts[c.digit]++;
  const sel = state.selected >= 0 ? g.cells[state.selected].digit : 0;
  // While paused the board is hidden, and so are the counts (they would give it away).
  const hidden = g.paused && g.status === 'playing';
  pad.classList.toggle('notes-mode', state.notesMode);
  for (const b of pad.children) {
    const d = +b.dataset.digit;
    const left = Math.max(0, g.n - counts[d]);
    b.querySelector('.rem').textContent = hidden ? '' : left;
    b.classList.toggle('done', !hidden && left === 0);
    b.classList.toggle('current', settings.digitFirst ? d === state.digit : d === sel);
    if (settings.digitFirst) b.setAttribute('aria-pressed', String(d === state.digit));
    else b.removeAttribute('aria-pressed');
    b.querySelector('.sr-only').textContent = hidden ? '' : `, ${t('remaining', { n: left })}`;
    b.disabled = !playing();
  }
}

/** Colour marks, six colours as Good Sudoku and HoDoKu have, saved with the game. With notes
 * off a colour paints the selected cell (the same colour again takes it off); with notes on it
 * becomes the brush, and each digit then paints that candidate of the selected cell. */
const COLOURS = 6;

function renderPalette() {
  const g = state.game;
  const pal = $('#palette');
  if (!pal.childElementCount) {
    for (let k = 1; k <= COLOURS; k++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'swatch';
      b.dataset.colour = k;
      b.dataset.testid = `colour-${k}`;
      b.addEventListener('click', () => paint(k));
      pal.append(b);
    }
  }
  if (!state.notesMode) state.brush = 0;
  const sel = g && state.selected >= 0 ? g.cells[state.selected] : null;
  for (const b of pal.children) {
    const k = +b.dataset.colour;
    const name = t(`colour_${k}`);
    const what = state.notesMode ? t('colour_brush', { colour: name }) : t('colour_cell', { colour: name });
    if (b.getAttribute('aria-label') !== what) {
      b.setAttribute('aria-label', what);
      b.title = what;
    }
    const on = state.notesMode ? state.brush === k : !!sel && sel.colour === k;
    b.setAttribute('aria-pressed', String(on));
    b.disabled = !playing();
  }
}

function paint(k) {
  if (!playing()) return;
  if (state.notesMode) {
    state.brush = state.brush === k ? 0 : k;
    render();
    return;
  }
  const i = state.selected;
  if (i < 0) return;
  const name = board.cellEls[i].dataset.cell;
  sendMove((g) => ({ kind: 'colour', cell: name, colour: g.cells[i].colour === k ? 0 : k }));
}

/** The level of a game as the chip shows it: the rung's name, or for a puzzle the player
 * entered, "Your puzzle · <the rung of its level>". */
function levelName(g) {
  const ladder = (state.config && state.config.ladder) || [];
  const rung = ladder.find((r) => r.id === g.rung);
  if (rung) return pick(rung.name);
  const same = ladder.filter((r) => r.level === g.level);
  const byScore = same.find((r) => g.score != null && g.score >= r.scores[0] && g.score <= r.scores[1]);
  const byLevel = byScore || same[same.length - 1];
  const level = byLevel ? pick(byLevel.name) : g.level === 'beyond' ? t('level_beyond') : g.level;
  return level ? t('imported_level', { level }) : t('imported');
}

function renderBar() {
  const g = state.game;
  $('#level-chip').textContent = g.daily ? `${t('daily_chip')} · ${levelName(g)}` : levelName(g);
  $('#shape-chip').textContent = `${g.size.replace('x', '×')}${g.variant === 'diagonal' ? ` · ${t('variant_diagonal')}` : ''}`;
  const chip = $('#status-chip');
  const st = state.lost ? 'lost' : g.status;
  chip.hidden = st === 'playing';
  chip.textContent = st === 'playing' ? '' : t(`status_${st}`);
  chip.dataset.status = st;
  const limit = +settings.mistakeLimit;
  $('#mistakes-count').textContent = limit ? `${g.mistakes}/${limit}` : String(g.mistakes);
  $('#mistakes-meter').classList.toggle('bad', g.mistakes > 0);
  // The count tells a wrong but legal digit from a right one: shown only when the player
  // asked for checking against the solution, or set a mistake limit.
  $('#mistakes-meter').hidden = !settings.autoCheck && !limit;
  $('#btn-undo').disabled = !g.can_undo || !playing();
  $('#btn-redo').disabled = !g.can_redo || !playing();
  for (const id of ['#btn-erase', '#btn-notes', '#btn-fill', '#btn-check', '#btn-hint', '#btn-restart', '#btn-giveup']) {
    $(id).disabled = g.status !== 'playing' || state.lost || (g.paused && id !== '#btn-restart');
  }
  $('#btn-notes').setAttribute('aria-pressed', String(state.notesMode));
  $('#notes-badge').textContent = t(state.notesMode ? 'badge_on' : 'badge_off');
  $('#btn-notes').title = t(state.notesMode ? 'notes_on' : 'notes_off');
  const paused = g.paused && g.status === 'playing';
  // Print and Share would show the hidden board: off while paused.
  for (const id of ['#btn-share', '#btn-print', '#btn-print-steps']) $(id).disabled = paused;
  $('#pause-overlay').hidden = !paused;
  $('#board').classList.toggle('hidden-board', paused);
  const pb = $('#btn-pause');
  pb.disabled = g.status !== 'playing';
  pb.querySelector('use').setAttribute('href', paused ? '#i-play' : '#i-pause');
  pb.setAttribute('aria-label', t(paused ? 'resume' : 'pause'));
  pb.title = t(paused ? 'resume' : 'pause');
  $('#timer-wrap').hidden = !settings.showTimer;
  tick();
}

function elapsed() {
  const g = state.game;
  if (!g) return 0;
  const running = g.status === 'playing' && !g.paused && !state.lost;
  return g.elapsed_ms + (running ? performance.now() - state.syncAt : 0);
}

function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

function tick() {
  const el = $('#timer');
  const text = formatTime(elapsed());
  if (el.textContent !== text) el.textContent = text;
}
setInterval(tick, 250);

// ---------------------------------------------------------------- game state from the server

function setGame(game, { keepHint = false } = {}) {
  const prev = state.game;
  const same = prev && prev.id === game.id;
  if (!same) {
    state.wrong.clear();
    state.lost = false;
    state.selected = -1;
    hints.clear();
    localStorage.setItem('ds.gameId', game.id);
  } else if (!keepHint) {
    hints.clear();
  }
  state.game = game;
  state.syncAt = performance.now();
  snapshot.save(game);
  $('#board').dataset.game = game.id;
  $('#board-empty').hidden = true;
  if (state.selected < 0 || state.selected >= game.n * game.n) state.selected = firstEmpty(game);
  render();
  if (same && prev.status === 'playing' && game.status === 'won') {
    board.celebrate();
    setTimeout(() => showEnd('won'), 900);
  } else if (same && prev.status === 'playing' && game.status === 'playing') {
    checkLimit();
  }
}

function firstEmpty(game) {
  const i = game.cells.findIndex((c) => !c.digit);
  return i < 0 ? 0 : i;
}

/** The mistake limit: reaching it ends the game (the solution is shown). */
async function checkLimit() {
  const limit = +settings.mistakeLimit;
  const g = state.game;
  if (!limit || state.lost || g.status !== 'playing' || g.mistakes < limit) return;
  state.lost = true;
  render();
  try {
    const solved = await api.solve(g.id, limit);
    state.game = solved;
    state.syncAt = performance.now();
    render();
  } catch (err) {
    toast(errorText(err), 'error');
  }
  showEnd('lost');
}

let queue = Promise.resolve();

/** Runs server calls one after another, so fast typing keeps its order. */
function enqueue(fn) {
  busy(1);
  const run = queue.then(fn, fn).finally(() => busy(-1));
  queue = run.catch(() => {});
  return run;
}

function handleError(err) {
  if (err instanceof ApiError && err.status === 404 && state.game) {
    toast(errorText(err), 'error');
    loadCurrent();
    return;
  }
  toast(errorText(err), 'error');
}

/** Whether an error means the server did not answer (rather than refusing). */
function unreachable(err) {
  return err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 504 || (err.status === 503 && err.code !== 'unavailable'));
}

function sendMove(move, opts = {}) {
  return enqueue(async () => {
    const g = state.game;
    if (!g) return;
    const m = typeof move === 'function' ? move(g) : move;
    if (!m) return;
    // The key makes the move safe to send again: the server applies a key once.
    const keyed = { ...m, key: moveKey() };
    if (state.offline || outbox.holds(g.id)) {
      playLocally(g, keyed);
      return;
    }
    try {
      const next = await api.move(g.id, keyed);
      setGame(next, opts);
      announce(moveWords(g, next, m));
      if (settings.autoCheck && m.kind === 'place') await runCheck({ quiet: true });
    } catch (err) {
      if (unreachable(err)) {
        // It may or may not have arrived: it waits with its key, and is applied once.
        goOffline();
        playLocally(g, keyed);
        return;
      }
      handleError(err);
    }
  });
}

// ---------------------------------------------------------------- without the server

/** Applies a move on the page and keeps it for the server. */
function playLocally(g, move) {
  const done = applyLocally(g, move);
  if (!done) {
    toast(t('offline_needs_server'));
    return;
  }
  if (!done.before.length) return;
  outbox.push({ game: g.id, key: move.key, move, before: done.before });
  // The clock runs on from where it is.
  done.game.elapsed_ms = elapsed();
  setGame(done.game);
  announce(moveWords(g, done.game, move));
  renderOffline();
  scheduleSync(1000);
}

function goOffline() {
  if (!state.offline) {
    state.offline = true;
    renderOffline();
  }
}

let syncTimer = 0;
let syncDelay = 1000;

/** Tries the server again after `ms` (the waits grow to 8 s while it stays away). */
function scheduleSync(ms = syncDelay) {
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => enqueue(sync), ms);
}

/**
 * Sends the waiting moves in order; a move the server refuses (the game ended meanwhile, say)
 * is dropped and said. When everything is sent the page takes the server's game again.
 */
async function sync() {
  if (!outbox.size && !state.offline) return;
  renderOffline(true);
  let latest = null;
  while (outbox.size) {
    const e = outbox.first();
    try {
      const view = await api.move(e.game, e.move);
      outbox.shift();
      if (state.game && view.id === state.game.id) latest = view;
    } catch (err) {
      if (unreachable(err)) return retryLater();
      outbox.shift();
      toast(t('offline_refused', { msg: errorText(err) }), 'error');
    }
  }
  try {
    // Nothing was waiting for this game: ask for it, which also tells whether the server is back.
    if (!latest && state.game) latest = await api.game(state.game.id);
    else if (!latest) await api.config();
  } catch (err) {
    if (unreachable(err)) return retryLater();
  }
  state.offline = false;
  syncDelay = 1000;
  if (latest) setGame(latest, { keepHint: true });
  renderOffline();
}

/** The server is still away: try again after a longer wait. */
function retryLater() {
  goOffline();
  renderOffline();
  syncDelay = Math.min(8000, syncDelay * 2);
  scheduleSync();
}

/** The banner over the board: offline, and how many moves wait. */
function renderOffline(sending = false) {
  const el = $('#offline-banner');
  const g = state.game;
  const waiting = g ? outbox.count(g.id) : outbox.size;
  const show = state.offline || outbox.size > 0;
  el.hidden = !show;
  document.documentElement.dataset.offline = state.offline ? 'true' : 'false';
  document.documentElement.dataset.outbox = String(outbox.size);
  if (!show) return;
  el.textContent = sending && !state.offline ? t('offline_sending', { n: waiting }) : waiting ? t('offline_waiting', { n: waiting }) : t('offline_banner');
}

window.addEventListener('online', () => scheduleSync(0));

function gameCall(fn, opts = {}) {
  return enqueue(async () => {
    const g = state.game;
    if (!g) return;
    try {
      setGame(await fn(g.id), opts);
      if (opts.say) announce(opts.say);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        toast(err.message, 'info');
        return;
      }
      handleError(err);
    }
  });
}

async function runCheck({ quiet = false } = {}) {
  const g = state.game;
  if (!g) return;
  try {
    const res = await api.check(g.id);
    state.wrong.clear();
    for (const name of res.wrong || []) {
      const i = cellIndex(g.n, name);
      if (i >= 0) state.wrong.set(i, state.game.cells[i].digit);
    }
    render();
    if (!quiet) {
      const nw = (res.wrong || []).length;
      const nc = (res.conflicts || []).length;
      if (!nw && !nc) toast(t('check_ok'), 'good');
      else toast([nw ? t('check_wrong', { n: nw }) : '', nc ? t('check_conflicts', { n: nc }) : ''].filter(Boolean).join(' '), 'error');
    }
  } catch (err) {
    handleError(err);
  }
}

// ---------------------------------------------------------------- input

function select(i, focus = true) {
  state.selected = i;
  render();
  if (focus) board.focusCell(i);
}

function onCellPointer(i, ev) {
  if (ev.button && ev.button !== 0) return;
  ev.preventDefault();
  select(i);
  // Digit first: the picked digit goes into the cell tapped (a note in notes mode); tapping
  // a cell that holds it takes it out again, as typing it does.
  if (settings.digitFirst && state.digit && state.game && !state.game.cells[i].given) input(state.digit, state.notesMode);
}

function moveSelection(dr, dc) {
  const g = state.game;
  if (!g) return;
  const n = g.n;
  const i = state.selected < 0 ? 0 : state.selected;
  const r = (Math.floor(i / n) + dr + n) % n;
  const c = ((i % n) + dc + n) % n;
  select(r * n + c);
}

/** The selected cell, if the player may change it (a given shakes instead): `{ i, cell }`. */
function editable() {
  const i = state.selected;
  if (!playing() || i < 0) return null;
  const cell = state.game.cells[i];
  if (cell.given) {
    shake(i);
    return null;
  }
  return { i, cell };
}

/** A digit from the pad or the keyboard: a placement, or a note in notes mode. */
function input(d, asNote) {
  const target = editable();
  if (!target) return;
  const { i, cell } = target;
  if (asNote) {
    if (cell.digit) {
      shake(i);
      return;
    }
    const name = board.cellEls[i].dataset.cell;
    if (state.brush && (cell.notes || []).includes(d)) {
      // The brush paints the candidate (the same colour again takes it off).
      const k = state.brush;
      sendMove((g) => ({ kind: 'colour', cell: name, digit: d, colour: ((g.cells[i].note_colours || {})[d] || 0) === k ? 0 : k }));
      return;
    }
    sendMove({ kind: 'note', cell: name, digit: d });
    return;
  }
  const name = board.cellEls[i].dataset.cell;
  sendMove((g) => (g.cells[i].digit === d ? { kind: 'erase', cell: name } : { kind: 'place', cell: name, digit: d, auto_notes: !!settings.autoNotes }));
}

function erase() {
  const target = editable();
  if (!target) return;
  const { i, cell } = target;
  if (!cell.digit && !(cell.notes && cell.notes.length)) return;
  sendMove({ kind: 'erase', cell: board.cellEls[i].dataset.cell });
}

function eraseCells(cells) {
  for (const name of cells) sendMove({ kind: 'erase', cell: name });
}

function revealSelected() {
  if (!canReveal()) {
    toast(t('hint_reveal_need'));
    return;
  }
  sendMove({ kind: 'reveal', cell: board.cellEls[state.selected].dataset.cell });
}

function shake(i) {
  const el = board.cellEls[i];
  el.classList.remove('shake');
  void el.offsetWidth;
  el.classList.add('shake');
}

function toggleNotesMode() {
  state.notesMode = !state.notesMode;
  render();
}

function undo() {
  if (!state.game || !playing()) return;
  const id = state.game.id;
  if (outbox.holds(id)) {
    // A move still waiting for the server is simply taken back out.
    enqueue(async () => {
      const e = outbox.popLast(id);
      if (e && state.game && state.game.id === id) {
        const back = takeBack(state.game, e.before);
        back.elapsed_ms = elapsed();
        setGame(back);
        announce(t('say_undone'));
      }
      renderOffline();
    });
    return;
  }
  if (state.offline) return toast(t('offline_needs_server'));
  if (!state.game.can_undo) return toast(t('nothing_to_undo'));
  gameCall(api.undo, { say: t('say_undone') });
}

function redo() {
  if (!state.game || !playing()) return;
  if (state.offline || outbox.holds(state.game.id)) return toast(t('offline_needs_server'));
  if (!state.game.can_redo) return toast(t('nothing_to_redo'));
  gameCall(api.redo, { say: t('say_redone') });
}

// ---------------------------------------------------------------- hints

async function requestHint(stage) {
  const g = state.game;
  if (!g || !playing()) return;
  await enqueue(async () => {
    try {
      const data = await api.hint(g.id, stage, getLang(), settings.intuitiveHints ? 'intuitive' : 'logic');
      // The server's count: a hint counts once through its stages.
      if (typeof data.hints === 'number') state.game.hints = data.hints;
      hints.set(stage, data);
      render();
    } catch (err) {
      handleError(err);
    }
  });
}

function hintButton() {
  if (hints.open && hints.kind === 'step' && hints.stage < 3) requestHint(hints.stage + 1);
  else if (!hints.open) requestHint(1);
}

function closeHint() {
  hints.clear();
  render();
}

// ---------------------------------------------------------------- pause and the timer

/** Without the server the clock stops and starts on the page alone. */
function pauseLocally(paused) {
  setGame({ ...state.game, paused, elapsed_ms: elapsed() }, { keepHint: true });
}

async function pause() {
  const g = state.game;
  if (!g || g.status !== 'playing' || g.paused) return;
  if (state.offline) return pauseLocally(true);
  await gameCall(api.pause, { keepHint: true });
}

async function resume() {
  const g = state.game;
  if (!g || g.status !== 'playing' || !g.paused) return;
  state.autoPaused = false;
  if (state.offline) {
    pauseLocally(false);
    if (state.selected >= 0) board.focusCell(state.selected);
    return;
  }
  await gameCall(api.resume, { keepHint: true });
  if (state.selected >= 0) board.focusCell(state.selected);
}

function togglePause() {
  const g = state.game;
  if (!g) return;
  if (g.paused) resume();
  else pause();
}

document.addEventListener('visibilitychange', () => {
  const g = state.game;
  if (!g || g.status !== 'playing') return;
  if (document.hidden && !g.paused) {
    state.autoPaused = true;
    pause();
  } else if (!document.hidden && state.autoPaused && !isDialogOpen()) {
    resume();
  }
});

window.addEventListener('pagehide', () => {
  const g = state.game;
  if (g && g.status === 'playing' && !g.paused) api.pauseBeacon(g.id);
});

// ---------------------------------------------------------------- games: new, import, share, end

async function startGame(promise, { resumeAfter = true } = {}) {
  const loading = $('#board-loading');
  loading.hidden = false;
  try {
    const g = await promise;
    setGame(g);
    if (resumeAfter && g.status === 'playing' && g.paused && !document.hidden) await resume();
    return g;
  } finally {
    loading.hidden = true;
  }
}

/** The list of unfinished games, each with its size, rung, time and progress, to resume. */
async function openGames() {
  const body = $('#games-body');
  body.replaceChildren();
  $('#dlg-games').showModal();
  let games;
  try {
    ({ games } = await api.games());
  } catch (err) {
    handleError(err);
    return;
  }
  const playing = (games || []).filter((g) => g.status === 'playing');
  if (!playing.length) {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = t('games_none');
    body.append(p);
    return;
  }
  const table = document.createElement('table');
  table.className = 'stats-table';
  table.dataset.testid = 'games-table';
  const head = table.createTHead().insertRow();
  for (const k of ['games_col_game', 'games_col_time', 'games_col_progress', 'games_col_started', 'games_col_action']) {
    const th = document.createElement('th');
    const label = document.createElement('span');
    label.textContent = t(k);
    // The buttons' column needs no visible heading, but a heading to be read out.
    if (k === 'games_col_action') label.className = 'sr-only';
    th.append(label);
    head.append(th);
  }
  const tbody = table.createTBody();
  for (const g of playing) {
    const tr = tbody.insertRow();
    tr.dataset.game = g.id;
    const variant = g.variant === 'diagonal' ? ` · ${t('variant_diagonal')}` : '';
    const cells = [
      `${levelName(g)} · ${g.size.replace('x', '×')}${variant}`,
      formatTime(g.elapsed_ms),
      g.progress != null ? `${g.progress}%` : '–',
      new Date(g.created).toLocaleString(getLang() === 'zh' ? 'zh-CN' : 'en'),
    ];
    cells.forEach((v, k) => {
      const td = tr.insertCell();
      td.textContent = v;
      if (k === 1 || k === 2) td.className = 'num';
    });
    const td = tr.insertCell();
    if (state.game && state.game.id === g.id) {
      td.textContent = t('games_current');
    } else {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('games_resume');
      b.dataset.testid = 'games-resume';
      b.addEventListener('click', async () => {
        $('#dlg-games').close();
        hints.clear();
        await startGame(api.game(g.id));
      });
      td.append(b);
    }
  }
  body.append(table);
}

/** Resumes the game played last (looked up in the list, so that having none is not
 * an error in the browser's console). */
async function loadCurrent() {
  try {
    const { games } = await api.games();
    const playing = (games || []).filter((g) => g.status === 'playing');
    // the one touched last (`updated` is RFC 3339, so the text sorts as the time)
    const newest = playing.reduce((a, g) => (!a || g.updated > a.updated ? g : a), null);
    if (!newest) return false;
    await startGame(api.game(newest.id));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    if (unreachable(err)) return openSnapshot();
    toast(errorText(err), 'error');
    return false;
  }
}

/** Without the server: the game as the page last had it (with the moves still waiting). */
function openSnapshot() {
  goOffline();
  const kept = snapshot.load();
  if (!kept || kept.status !== 'playing') return false;
  kept.paused = false;
  setGame(kept);
  scheduleSync();
  return true;
}

/** A new game; generation is bounded on the server, so a 503 is tried again a few times
 * (each try is a fresh random start). */
async function makeGame(choice) {
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

function newGamePrefs() {
  return prefs.get('newGame', { rung: 'medium', size: '9x9', variant: 'classic' });
}

function openNewGame() {
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

function openImport(text = '', variant = 'classic') {
  $('#import-text').value = text;
  $('#import-variant').value = variant;
  $('#import-size').value = '';
  $('#import-error').hidden = true;
  $('#dlg-import').showModal();
  $('#import-text').focus();
}

function showImportError(err) {
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

async function importPuzzle(puzzle, variant, size) {
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

function shareLink(g) {
  const v = g.variant === 'diagonal' ? '&v=diagonal' : '';
  return `${location.origin}${location.pathname}#p=${g.puzzle}${v}`;
}

function openShare() {
  const g = state.game;
  if (!g) return;
  $('#share-link').value = shareLink(g);
  $('#share-string').value = g.puzzle;
  $('#dlg-share').showModal();
}

for (const btn of document.querySelectorAll('.copy-btn')) {
  btn.addEventListener('click', async () => {
    const input = document.getElementById(btn.dataset.copy);
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand('copy');
    }
    toast(t('copied'), 'good');
  });
}

function showEnd(kind) {
  const g = state.game;
  const dlg = $('#dlg-end');
  dlg.dataset.kind = kind;
  $('#end-badge use').setAttribute('href', kind === 'won' ? '#i-check' : '#i-flag');
  if (kind === 'won') {
    $('#end-title').textContent = t('won_title');
    $('#end-text').textContent = t('won_text', { time: formatTime(g.elapsed_ms), mistakes: g.mistakes, hints: g.hints });
    if (g.daily) {
      api
        .daily(g.daily)
        .then((d) => {
          $('#end-text').textContent += ` ${t('daily_streak_now', { n: d.streak })}`;
        })
        .catch(() => {});
    }
  } else if (kind === 'lost') {
    $('#end-title').textContent = t('lost_title');
    $('#end-text').textContent = t('lost_text', { n: settings.mistakeLimit });
  } else {
    $('#end-title').textContent = t('gave_up_title');
    $('#end-text').textContent = t('gave_up_text');
  }
  if (!dlg.open) dlg.showModal();
}

$('#end-new').addEventListener('click', () => {
  $('#dlg-end').close();
  openNewGame();
});
$('#end-stats').addEventListener('click', () => {
  $('#dlg-end').close();
  openStats();
});

// ---------------------------------------------------------------- statistics

async function openStats() {
  const body = $('#stats-body');
  body.textContent = t('loading');
  $('#dlg-stats').showModal();
  try {
    const s = await api.stats(localDate());
    renderStats(s);
    drill.setStats(s.drill);
  } catch (err) {
    body.textContent = errorText(err);
  }
}

/** A table with a heading row; `numeric` marks the columns of numbers (right-aligned). */
function statsTable(testid, headings, rows, numeric = []) {
  const table = document.createElement('table');
  table.className = 'stats-table';
  table.dataset.testid = testid;
  const head = table.createTHead().insertRow();
  for (const k of headings) {
    const th = document.createElement('th');
    th.textContent = t(k);
    head.append(th);
  }
  const tb = table.createTBody();
  for (const row of rows) {
    const tr = tb.insertRow();
    row.forEach((v, k) => {
      const td = tr.insertCell();
      td.textContent = v;
      if (numeric.includes(k)) td.className = 'num';
    });
  }
  return table;
}

/** A rung id as the page names it. */
function rungName(id) {
  const rung = ((state.config && state.config.ladder) || []).find((r) => r.id === id);
  return rung ? pick(rung.name) : id === 'import' ? t('imported') : id;
}

/** `9×9` or `9×9 · Diagonal`. */
function shapeName(size, variant) {
  return `${size.replace('x', '×')}${variant === 'diagonal' ? ` · ${t('variant_diagonal')}` : ''}`;
}

function renderStats(s) {
  const body = $('#stats-body');
  body.replaceChildren();
  const ladder = (state.config && state.config.ladder) || [];
  const order = (id) => {
    const k = ladder.findIndex((r) => r.id === id);
    return k < 0 ? 99 : k;
  };
  const sizeOrder = ['4x4', '6x6', '9x9', '16x16'];
  const levels = [...(s.levels || [])].sort(
    (a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || (a.variant || '').localeCompare(b.variant || '') || order(a.rung) - order(b.rung),
  );
  const streak = s.daily || { streak: 0, best_streak: 0 };
  const p = document.createElement('p');
  p.className = 'streak-line';
  p.dataset.testid = 'stats-streak';
  p.textContent = t('stats_streak', { n: streak.streak, best: streak.best_streak });
  body.append(p);
  if (!levels.length) {
    const none = document.createElement('p');
    none.className = 'empty';
    none.textContent = t('stats_none');
    body.append(none);
  } else {
    const time = (ms) => (ms != null ? formatTime(ms) : '–');
    const rows = levels.map((l) => [
      rungName(l.rung),
      shapeName(l.size, l.variant),
      l.played,
      l.solved,
      l.helped || 0,
      l.win_rate != null ? `${l.win_rate}%` : '–',
      time(l.best_ms),
      time(l.average_ms),
      time(l.best_helped_ms),
    ]);
    // Best and average times are of wins without help (no hint, no revealed cell); the
    // wins with help have their own column and best time.
    const table = statsTable(
      'stats-table',
      ['level', 'size', 'stats_played', 'stats_solved', 'stats_helped', 'stats_win_rate', 'stats_best', 'stats_average', 'stats_best_helped'],
      rows,
      [2, 3, 4, 5, 6, 7, 8],
    );
    table.id = 'stats-table';
    body.append(table);
  }
  const history = s.history || [];
  if (history.length) {
    const h = document.createElement('h3');
    h.textContent = t('stats_history');
    const locale = getLang() === 'zh' ? 'zh-CN' : 'en';
    const rows = history.map((g) => [
      new Date(g.ended).toLocaleDateString(locale),
      `${g.daily ? `${t('daily_chip')} · ` : ''}${rungName(g.rung)} · ${shapeName(g.size, g.variant)}`,
      g.helped && g.status === 'won' ? `${t('status_won')} · ${t('stats_with_help')}` : t(`status_${g.status}`),
      formatTime(g.elapsed_ms),
    ]);
    body.append(h, statsTable('stats-history', ['stats_date', 'games_col_game', 'stats_result', 'games_col_time'], rows, [3]));
  }
  const d = s.drill || { answered: 0, correct: 0, average_ms: null, drills: [] };
  const h = document.createElement('h3');
  h.textContent = t('stats_drill');
  const dl = document.createElement('dl');
  dl.className = 'drill-summary';
  const item = (k, v) => {
    const div = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = t(k);
    const dd = document.createElement('dd');
    dd.textContent = v;
    div.append(dt, dd);
    dl.append(div);
  };
  const accuracy = (x) => (x.answered ? `${Math.round((100 * x.correct) / x.answered)}%` : '–');
  const avg = (x) => (x.answered && x.average_ms != null ? `${(x.average_ms / 1000).toFixed(1)} s` : '–');
  item('stats_answered', d.answered);
  item('stats_accuracy', accuracy(d));
  item('stats_avg_answer', avg(d));
  body.append(h, dl);
  if (!(d.drills || []).length) return;
  // Each drill on its own row: answered, accuracy, average time.
  const rows = d.drills.map((x) => [t(`drill_${x.drill}`), x.answered, accuracy(x), avg(x)]);
  body.append(statsTable('drill-stats-table', ['drill_kinds', 'stats_answered', 'stats_accuracy', 'stats_avg_answer'], rows, [1, 2, 3]));
}

// ---------------------------------------------------------------- daily puzzles

/** The player's date (the daily puzzle changes at the player's midnight). */
function localDate() {
  return dateText(new Date());
}

/** Today's puzzle per rung: play, go on, or see that it is solved; the streak. */
async function openDaily() {
  const body = $('#daily-body');
  body.replaceChildren();
  $('#daily-date').textContent = '';
  $('#daily-streak').textContent = '';
  $('#dlg-daily').showModal();
  let s;
  try {
    s = await api.daily(localDate());
  } catch (err) {
    body.textContent = errorText(err);
    return;
  }
  const locale = getLang() === 'zh' ? 'zh-CN' : 'en';
  $('#daily-date').textContent = new Date(`${s.date}T12:00:00`).toLocaleDateString(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  $('#daily-streak').textContent = t('daily_streak', { n: s.streak, best: s.best_streak });
  body.append(dailyList(s, 'daily'));
  // The archive: the last days' puzzles, playable; a win there never counts in the streak.
  const h = document.createElement('h3');
  h.textContent = t('daily_past');
  const help = document.createElement('p');
  help.className = 'help';
  help.textContent = t('daily_past_help');
  const pick = document.createElement('select');
  pick.id = 'daily-past';
  pick.dataset.testid = 'daily-past';
  pick.setAttribute('aria-label', t('daily_past'));
  for (let k = 1; k <= DAILY_ARCHIVE_DAYS; k++) {
    const d = new Date();
    d.setDate(d.getDate() - k);
    const o = document.createElement('option');
    o.value = dateText(d);
    o.textContent = d.toLocaleDateString(locale, { weekday: 'short', month: 'long', day: 'numeric' });
    pick.append(o);
  }
  const past = document.createElement('div');
  const showPast = async () => {
    past.replaceChildren();
    try {
      past.append(dailyList(await api.daily(pick.value), 'daily-past'));
    } catch (err) {
      past.textContent = errorText(err);
    }
  };
  pick.addEventListener('change', showPast);
  body.append(h, help, pick, past);
  await showPast();
}

/** How many past days the archive offers (the server keeps the same number). */
const DAILY_ARCHIVE_DAYS = 7;

function dateText(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A day's puzzles per rung (`s`: the answer of GET /api/daily): play, go on, or open. */
function dailyList(s, testid) {
  const list = document.createElement('ul');
  list.className = 'daily-list';
  for (const { rung, game } of s.rungs) {
    const li = document.createElement('li');
    li.dataset.rung = rung;
    const name = document.createElement('span');
    name.className = 'daily-rung';
    name.textContent = rungName(rung);
    const state_ = document.createElement('span');
    state_.className = 'daily-state';
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.testid = `${testid}-${rung}`;
    if (!game) {
      state_.textContent = t('daily_new');
      b.textContent = t('daily_play');
      b.className = 'primary';
    } else if (game.status === 'playing') {
      state_.textContent = t('daily_playing', { time: formatTime(game.elapsed_ms) });
      b.textContent = t('games_resume');
    } else {
      state_.textContent = game.status === 'won' ? t('daily_solved', { time: formatTime(game.elapsed_ms) }) : t(`status_${game.status}`);
      li.classList.toggle('won', game.status === 'won');
      b.textContent = t('daily_view');
    }
    b.addEventListener('click', async () => {
      $('#dlg-daily').close();
      hints.clear();
      try {
        await startGame(game ? api.game(game.id) : api.playDaily(rung, s.date));
      } catch (err) {
        handleError(err);
      }
    });
    li.append(name, state_, b);
    list.append(li);
  }
  return list;
}

// ---------------------------------------------------------------- settings, theme, language

function openSettings() {
  const form = $('#form-settings');
  for (const el of form.elements) {
    if (!el.name) continue;
    if (el.type === 'checkbox') el.checked = !!settings[el.name];
    else el.value = String(settings[el.name]);
  }
  $('#dlg-settings').showModal();
}

$('#form-settings').addEventListener('change', (ev) => {
  const el = ev.target;
  if (!el.name) return;
  settings[el.name] = el.type === 'checkbox' ? el.checked : +el.value;
  saveSettings();
  if (el.name === 'autoCheck' && el.checked) runCheck({ quiet: true });
  if (el.name === 'mistakeLimit') checkLimit();
  render();
});

function applyThemeButton() {
  const dark = document.documentElement.dataset.theme === 'dark';
  const b = $('#btn-theme');
  b.querySelector('use').setAttribute('href', dark ? '#i-sun' : '#i-moon');
  b.setAttribute('aria-label', t(dark ? 'theme_light' : 'theme_dark'));
  b.title = t(dark ? 'theme_light' : 'theme_dark');
  b.setAttribute('aria-pressed', String(dark));
}

function toggleTheme() {
  const dark = document.documentElement.dataset.theme !== 'dark';
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  localStorage.setItem('ds.theme', dark ? 'dark' : 'light');
  applyThemeButton();
}

matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (e) => {
  if (localStorage.getItem('ds.theme')) return;
  document.documentElement.dataset.theme = e.matches ? 'dark' : 'light';
  applyThemeButton();
});

onLangChange(() => {
  applyThemeButton();
  render();
  if (drill.active) drill.render();
  if ($('#dlg-stats').open) openStats();
});

// ---------------------------------------------------------------- views

function showView(view) {
  const drillOn = view === 'drill';
  $('#play-view').hidden = drillOn;
  $('#tab-play').setAttribute('aria-pressed', String(!drillOn));
  $('#tab-drill').setAttribute('aria-pressed', String(drillOn));
  if (drillOn) {
    const g = state.game;
    if (g && g.status === 'playing' && !g.paused) {
      state.autoPaused = true;
      pause();
    }
    drill.show();
    // the keys answer the drill; the focus leaves the tab so no ring lingers there
    $('#drill-card').focus({ preventScroll: true });
  } else {
    drill.hide();
    if (state.autoPaused) resume();
    if (state.selected >= 0) board.focusCell(state.selected);
  }
}

// ---------------------------------------------------------------- keyboard

function isDialogOpen() {
  return !!document.querySelector('dialog[open]');
}

document.addEventListener('keydown', (ev) => {
  if (isDialogOpen()) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
  if (drill.active) {
    if (drill.onKey(ev)) ev.preventDefault();
    return;
  }
  const g = state.game;
  if (!g) return;
  const ctrl = ev.ctrlKey || ev.metaKey;
  const key = ev.key;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (ctrl) {
    if (lower === 'z') {
      ev.preventDefault();
      if (ev.shiftKey) redo();
      else undo();
    } else if (lower === 'y') {
      ev.preventDefault();
      redo();
    }
    return;
  }
  if (key === '?') {
    ev.preventDefault();
    $('#dlg-shortcuts').showModal();
    return;
  }
  if (g.paused && g.status === 'playing') {
    if (key === 'p' || key === 'P' || key === ' ' || key === 'Enter') {
      ev.preventDefault();
      resume();
    }
    return;
  }
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], k: [-1, 0], j: [1, 0], h: [0, -1], l: [0, 1] };
  if (moves[key] && !ev.altKey) {
    ev.preventDefault();
    moveSelection(...moves[key]);
    return;
  }
  // digits: the code gives the digit even with Shift or Alt held (which change `key`)
  let d = 0;
  const code = /^(?:Digit|Numpad)(\d)$/.exec(ev.code || '');
  if (code) d = +code[1];
  else if (/^[0-9]$/.test(key)) d = +key;
  if (d === 0 && (code || key === '0')) {
    ev.preventDefault();
    erase();
    return;
  }
  if (!d && g.n > 9) {
    const letter = /^Key([A-G])$/.exec(ev.code || '');
    d = letter ? charDigit(letter[1], g.n) : /^[a-g]$/i.test(key) ? charDigit(key, g.n) : 0;
  }
  if (d && d <= g.n) {
    ev.preventDefault();
    input(d, state.notesMode !== (ev.shiftKey || ev.altKey));
    return;
  }
  if (key === 'Backspace' || key === 'Delete') {
    ev.preventDefault();
    erase();
  } else if (lower === 'n') {
    ev.preventDefault();
    toggleNotesMode();
  } else if (lower === 'i') {
    ev.preventDefault();
    hintButton();
  } else if (lower === 'p' || (key === ' ' && (!ev.target || ev.target.tagName !== 'BUTTON'))) {
    ev.preventDefault();
    togglePause();
  } else if (key === 'Escape') {
    if (hints.open) closeHint();
  }
});

// ---------------------------------------------------------------- wiring

function on(id, fn) {
  $(id).addEventListener('click', fn);
}

on('#btn-undo', undo);
on('#btn-redo', redo);
on('#btn-erase', () => {
  erase();
  if (state.selected >= 0) board.focusCell(state.selected);
});
on('#btn-notes', toggleNotesMode);
on('#btn-fill', () => sendMove({ kind: 'fill_notes' }));
on('#btn-check', () => runCheck());
on('#btn-hint', hintButton);
on('#btn-pause', togglePause);
on('#btn-resume', resume);
on('#btn-new', openNewGame);
on('#btn-empty-new', openNewGame);
on('#btn-restart', async () => {
  if (await confirmBox(t('confirm_restart'), t('restart'))) gameCall(api.restart);
});
on('#btn-giveup', async () => {
  if (!(await confirmBox(t('confirm_give_up'), t('give_up')))) return;
  await gameCall(api.solve);
  showEnd('gave_up');
});
on('#btn-import', () => openImport());
on('#new-to-import', () => {
  $('#dlg-new').close();
  openImport();
});
on('#btn-share', openShare);
// The game as a PDF (the puzzle and its answer, or every step of its path), in a new tab.
function openPrint(walkthrough) {
  if (!state.game) return;
  const query = `lang=${getLang()}${walkthrough ? '&walkthrough=1' : ''}`;
  window.open(`/api/games/${encodeURIComponent(state.game.id)}/print?${query}`, '_blank', 'noopener');
}
on('#btn-print', () => openPrint(false));
on('#btn-print-steps', () => openPrint(true));
on('#btn-stats', openStats);
on('#btn-daily', openDaily);
on('#btn-zoom', () => {
  const col = $('.board-col');
  const zoomed = !col.classList.contains('zoomed');
  col.classList.toggle('zoomed', zoomed);
  $('#btn-zoom').setAttribute('aria-pressed', String(zoomed));
  if (state.selected >= 0) board.focusCell(state.selected);
});
on('#btn-settings', openSettings);
on('#btn-shortcuts', () => $('#dlg-shortcuts').showModal());
on('#btn-theme', toggleTheme);
on('#btn-games', () => openGames());
on('#btn-lang', () => setLang(getLang() === 'zh' ? 'en' : 'zh'));
on('#tab-play', () => showView('play'));
on('#tab-drill', () => showView('drill'));

for (const dlg of document.querySelectorAll('dialog')) {
  for (const b of dlg.querySelectorAll('.dlg-x, .dlg-cancel')) b.addEventListener('click', () => dlg.close());
  // a click on the backdrop closes the dialog
  dlg.addEventListener('click', (ev) => {
    if (ev.target === dlg && dlg.id !== 'dlg-confirm') dlg.close();
  });
  dlg.addEventListener('close', () => {
    if (state.selected >= 0 && !$('#play-view').hidden && !isDialogOpen()) board.focusCell(state.selected);
  });
}

// ---------------------------------------------------------------- start

/** `#p=<puzzle>&v=diagonal&s=9x9` in the address: import that puzzle. */
function sharedPuzzle() {
  const h = location.hash.replace(/^#/, '');
  if (!h) return null;
  const params = new URLSearchParams(h);
  const p = params.get('p');
  if (!p) return null;
  return { puzzle: p, variant: params.get('v') === 'diagonal' ? 'diagonal' : 'classic', size: params.get('s') || undefined };
}

async function openShared(shared) {
  history.replaceState(null, '', location.pathname + location.search);
  try {
    await importPuzzle(shared.puzzle, shared.variant, shared.size);
    return true;
  } catch (err) {
    openImport(shared.puzzle, shared.variant);
    showImportError(err);
    return false;
  }
}

window.addEventListener('hashchange', () => {
  const shared = sharedPuzzle();
  if (shared) openShared(shared);
});

async function main() {
  translatePage();
  applyThemeButton();
  registerWorker();
  try {
    state.config = await api.config();
    savedConfig.save(state.config);
  } catch (err) {
    state.config = savedConfig.load();
    if (unreachable(err)) goOffline();
    if (!state.config || !unreachable(err)) toast(errorText(err), 'error');
  }
  // Moves left waiting when the page was last closed go first.
  if (outbox.size && !state.offline) await enqueue(sync);
  const shared = sharedPuzzle();
  if (shared && (await openShared(shared))) {
    document.body.dataset.ready = 'true';
    return;
  }
  const resumed = await loadCurrent();
  if (!resumed && !state.game) {
    try {
      const p = newGamePrefs();
      $('#board-loading-text').textContent = t('generating');
      await startGame(makeGame(p));
    } catch (err) {
      toast(t('new_game_failed', { msg: errorText(err) }), 'error');
    } finally {
      $('#board-loading-text').textContent = t('loading');
    }
  }
  $('#board-empty').hidden = !!state.game;
  if (!state.game) {
    for (const b of document.querySelectorAll('.toolbar button, #btn-restart, #btn-share, #btn-giveup, #btn-pause')) b.disabled = true;
  }
  document.body.dataset.ready = 'true';
}

/** The service worker keeps the page's files for playing without the server (sw.js). */
function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // Not over plain HTTP to another host: the page works, only not without the server.
  });
}

main();
