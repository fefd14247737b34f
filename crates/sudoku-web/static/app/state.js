// The page's state: the game shown, the selection and modes, and the moves waiting for the
// server.

import { Outbox } from '../offline.js';

export const $ = (sel) => document.querySelector(sel);

export const state = {
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
export const outbox = new Outbox();
