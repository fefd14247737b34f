// The board and its view: the board, the hint panel and the drill, and the pad, the colour
// palette and the bar drawn from the game.

import { t, pick } from '../i18n.js';
import { Board, digitChar, conflictCells } from '../board.js';
import { HintPanel } from '../hint.js';
import { Drill } from '../drill.js';
import { settings } from '../settings.js';
import { $, state } from './state.js';
import { toast } from './toasts.js';
import { tick } from './timer.js';
import { sendMove } from './game.js';
import { onCellPointer, input, eraseCells, revealSelected } from './input.js';
import { requestHint, closeHint } from './hints.js';

export const board = new Board($('#board'), { onCellPointer });
export const hints = new HintPanel($('#hint-panel'), {
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
export const drill = new Drill($('#drill-view'), { toast });

export function playing() {
  const g = state.game;
  return !!g && g.status === 'playing' && !g.paused && !state.lost;
}

export function canReveal() {
  const g = state.game;
  return playing() && state.selected >= 0 && !g.cells[state.selected].given && !g.cells[state.selected].digit;
}

export function render() {
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
export function levelName(g) {
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
