// Toasts, the words said to screen readers, and the confirmation dialog.

import { ApiError } from '../api.js';
import { t, getLang } from '../i18n.js';
import { digitChar, cellIndex } from '../board.js';
import { $ } from './state.js';

export function toast(text, kind = 'info') {
  const box = $('#toasts');
  const el = document.createElement('div');
  el.className = `toast ${kind}`;
  el.textContent = text;
  box.append(el);
  setTimeout(() => el.classList.add('out'), 2600);
  setTimeout(() => el.remove(), 3000);
}

export function errorText(err) {
  if (err instanceof ApiError) {
    if (err.code === 'network') return t('err_network');
    // The server says it in both languages (a sentence of its own, or one for its code).
    if (getLang() === 'zh') return err.messageZh || t('err_http', { status: err.status });
    return err.message;
  }
  return t('err_generic', { msg: err && err.message ? err.message : String(err) });
}

/** Says a change to screen readers (a polite live region, not shown). */
export function announce(text) {
  const el = $('#announce');
  // Emptied first, so the same words twice are read twice.
  el.textContent = '';
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

/** A move in words, for the live region ("r3c4: 5", "r3c4: note 5 off"). */
export function moveWords(before, after, move) {
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

export function confirmBox(text, okLabel) {
  const dlg = $('#dlg-confirm');
  $('#confirm-text').textContent = text;
  $('#confirm-yes').textContent = okLabel || 'OK';
  dlg.returnValue = '';
  dlg.showModal();
  return new Promise((resolve) => {
    dlg.addEventListener('close', () => resolve(dlg.returnValue === 'yes'), { once: true });
  });
}
