// The keyboard: each key's action looked up in small tables, in the order the page asks them
// (Ctrl or ⌘ first, then help, a paused game, the arrows, digits, and the named keys).

import { charDigit } from '../board.js';
import { $, state } from './state.js';
import { hints, drill } from './view.js';
import { resume, togglePause } from './timer.js';
import { moveSelection, input, erase, toggleNotesMode, undo, redo } from './input.js';
import { hintButton, closeHint } from './hints.js';
import { isDialogOpen } from './views.js';

/** With Ctrl or ⌘ held (by the key in lower case); any other such key is the browser's. */
const WITH_CTRL = new Map([
  ['z', (ev) => (ev.shiftKey ? redo() : undo())],
  ['y', () => redo()],
]);

/** The keys that resume a paused game; while paused no other key acts. */
const RESUME = new Set(['p', 'P', ' ', 'Enter']);

/** The arrows and vi's hjkl move the selection: [rows, columns]. */
const STEPS = new Map([
  ['ArrowUp', [-1, 0]],
  ['ArrowDown', [1, 0]],
  ['ArrowLeft', [0, -1]],
  ['ArrowRight', [0, 1]],
  ['k', [-1, 0]],
  ['j', [1, 0]],
  ['h', [0, -1]],
  ['l', [0, 1]],
]);

/** The named keys of the game (letters in lower case). */
const NAMED = new Map([
  ['Backspace', () => erase()],
  ['Delete', () => erase()],
  ['n', () => toggleNotesMode()],
  ['i', () => hintButton()],
  ['p', () => togglePause()],
  [' ', () => togglePause()],
  [
    'Escape',
    () => {
      if (hints.open) closeHint();
    },
  ],
]);

/** The keys whose default stays (Escape closes the hint and is left to the browser too). */
const KEEP_DEFAULT = new Set(['Escape']);

/** A digit key: erases with 0, enters the digit (a note in notes mode, or with Shift or Alt
 * the other way round); on 16x16 A–G are digits too. The code gives the digit even with
 * Shift or Alt held (which change `key`). */
function digitAction(ev, g) {
  const code = /^(?:Digit|Numpad)(\d)$/.exec(ev.code || '');
  let d = code ? +code[1] : /^[0-9]$/.test(ev.key) ? +ev.key : 0;
  if (d === 0 && (code || ev.key === '0')) return () => erase();
  if (!d && g.n > 9) {
    const letter = /^Key([A-G])$/.exec(ev.code || '');
    d = letter ? charDigit(letter[1], g.n) : /^[a-g]$/i.test(ev.key) ? charDigit(ev.key, g.n) : 0;
  }
  if (d && d <= g.n) return () => input(d, state.notesMode !== (ev.shiftKey || ev.altKey));
  return null;
}

/** What a key does in the game `g`: a function, or null when the key is not the game's. */
function keyAction(ev, g) {
  const key = ev.key;
  const lower = key.length === 1 ? key.toLowerCase() : key;
  if (ev.ctrlKey || ev.metaKey) return WITH_CTRL.get(lower) || null;
  if (key === '?') return () => $('#dlg-shortcuts').showModal();
  if (g.paused && g.status === 'playing') return RESUME.has(key) ? () => resume() : null;
  const step = STEPS.get(key);
  if (step && !ev.altKey) return () => moveSelection(...step);
  const digit = digitAction(ev, g);
  if (digit) return digit;
  // Space on a button presses the button.
  if (key === ' ' && ev.target && ev.target.tagName === 'BUTTON') return null;
  return NAMED.get(lower) || null;
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
  const action = keyAction(ev, g);
  if (!action) return;
  if (!KEEP_DEFAULT.has(ev.key)) ev.preventDefault();
  action(ev);
});
