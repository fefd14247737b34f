// Input: selecting cells, digits and notes, erasing, undo and redo.

import { api } from '../api.js';
import { t } from '../i18n.js';
import { settings } from '../settings.js';
import { takeBack } from '../offline.js';
import { state, outbox } from './state.js';
import { toast, announce } from './toasts.js';
import { board, playing, canReveal, render } from './view.js';
import { elapsed } from './timer.js';
import { setGame, enqueue, sendMove, gameCall } from './game.js';
import { renderOffline } from './sync.js';

function select(i, focus = true) {
  state.selected = i;
  render();
  if (focus) board.focusCell(i);
}

export function onCellPointer(i, ev) {
  if (ev.button && ev.button !== 0) return;
  ev.preventDefault();
  select(i);
  // Digit first: the picked digit goes into the cell tapped (a note in notes mode); tapping
  // a cell that holds it takes it out again, as typing it does.
  if (settings.digitFirst && state.digit && state.game && !state.game.cells[i].given) input(state.digit, state.notesMode);
}

export function moveSelection(dr, dc) {
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
export function input(d, asNote) {
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

export function erase() {
  const target = editable();
  if (!target) return;
  const { i, cell } = target;
  if (!cell.digit && !(cell.notes && cell.notes.length)) return;
  sendMove({ kind: 'erase', cell: board.cellEls[i].dataset.cell });
}

export function eraseCells(cells) {
  for (const name of cells) sendMove({ kind: 'erase', cell: name });
}

export function revealSelected() {
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

export function toggleNotesMode() {
  state.notesMode = !state.notesMode;
  render();
}

export function undo() {
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

export function redo() {
  if (!state.game || !playing()) return;
  if (state.offline || outbox.holds(state.game.id)) return toast(t('offline_needs_server'));
  if (!state.game.can_redo) return toast(t('nothing_to_redo'));
  gameCall(api.redo, { say: t('say_redone') });
}
