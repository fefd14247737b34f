// Playing while the server cannot be reached. Every move carries a key of its own; a move
// that could not be sent waits in the outbox (kept in localStorage, so a reload or a closed
// tab loses nothing), is applied to the game on the page as the server would apply it, and
// is sent, in order, when the server answers again. The server applies a key once, so a move
// whose answer was lost on the way and is sent again is not played twice.

import { peerHouses, cellIndex } from './board.js';

const OUTBOX = 'ds.outbox';
const SNAPSHOT = 'ds.snapshot';
const CONFIG = 'ds.config';

/** A fresh key for a move: 22 random characters. */
export function moveKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'[b & 63]).join('') + Date.now().toString(36);
}

function read(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v == null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the page still plays; only a reload would lose the queue.
  }
}

/** The last game the server (or the outbox) gave the page, to open it without the server. */
export const snapshot = {
  load: () => read(SNAPSHOT, null),
  save: (game) => write(SNAPSHOT, game),
};

/** The server's `/api/config`, kept to start the page without the server. */
export const savedConfig = {
  load: () => read(CONFIG, null),
  save: (config) => write(CONFIG, config),
};

/** Peers of cell `i` (same row, column, box, and diagonal in the diagonal variant). */
function peersOf(game, i) {
  const out = new Set();
  for (const house of peerHouses(game)) if (house.includes(i)) for (const j of house) if (j !== i) out.add(j);
  return out;
}

const copyCell = (c) => ({ ...c, notes: [...(c.notes || [])] });

/**
 * A move applied to a copy of the game view as the server applies it (`place`, `erase`,
 * `note`, `fill_notes`). Returns `{ game, before }` (`before`: the changed cells as they were,
 * to take the move back), or `null` when the move needs the server (a hint, a reveal) or the
 * game refuses it.
 */
export function applyLocally(game, move) {
  if (game.status !== 'playing') return null;
  const next = { ...game, cells: game.cells.map(copyCell) };
  const before = [];
  const change = (i, after) => {
    const was = next.cells[i];
    const same = was.digit === after.digit && was.notes.length === after.notes.length && was.notes.every((d, k) => d === after.notes[k]);
    if (same) return;
    before.push({ i, cell: copyCell(game.cells[i]) });
    next.cells[i] = after;
  };
  const i = move.cell ? cellIndex(game.n, move.cell) : -1;
  const editable = i >= 0 && !next.cells[i].given && !next.cells[i].revealed;
  // The game refuses a digit outside 1..n.
  const digit = Number.isInteger(move.digit) && move.digit >= 1 && move.digit <= game.n;
  switch (move.kind) {
    case 'place': {
      if (!editable || !digit) return null;
      // The notes go, and their colours with them (the cell's own colour stays).
      change(i, { ...next.cells[i], digit: move.digit, notes: [], note_colours: undefined });
      if (!before.length) return { game, before };
      if (move.auto_notes) {
        for (const p of peersOf(game, i)) {
          const c = next.cells[p];
          if (c.notes.includes(move.digit)) change(p, { ...c, notes: c.notes.filter((d) => d !== move.digit) });
        }
      }
      break;
    }
    case 'erase': {
      if (!editable) return null;
      const c = next.cells[i];
      change(i, c.digit ? { ...c, digit: null } : { ...c, notes: [], note_colours: undefined });
      break;
    }
    case 'note': {
      if (!editable || !digit || next.cells[i].digit) return null;
      const c = next.cells[i];
      const notes = c.notes.includes(move.digit) ? c.notes.filter((d) => d !== move.digit) : [...c.notes, move.digit].sort((a, b) => a - b);
      change(i, { ...c, notes });
      break;
    }
    case 'fill_notes': {
      game.cells.forEach((c, k) => {
        if (c.given || c.digit) return;
        const seen = new Set([...peersOf(game, k)].map((p) => game.cells[p].digit).filter(Boolean));
        const notes = [];
        for (let d = 1; d <= game.n; d++) if (!seen.has(d)) notes.push(d);
        change(k, { ...next.cells[k], notes });
      });
      break;
    }
    default:
      return null;
  }
  if (before.length) {
    next.moves = (game.moves || 0) + 1;
    next.can_undo = true;
    next.can_redo = false;
  }
  return { game: next, before };
}

/** The game with a move taken back (`before` from [`applyLocally`]). */
export function takeBack(game, before) {
  const next = { ...game, cells: game.cells.map(copyCell) };
  for (const { i, cell } of before) next.cells[i] = copyCell(cell);
  next.moves = Math.max(0, (game.moves || 1) - 1);
  return next;
}

/**
 * The moves waiting for the server, oldest first: `{ game, key, move, before }`, kept in
 * localStorage.
 */
export class Outbox {
  constructor() {
    this.entries = read(OUTBOX, []).filter((e) => e && e.game && e.key && e.move);
  }

  persist() {
    write(OUTBOX, this.entries);
  }

  get size() {
    return this.entries.length;
  }

  /** Whether moves of game `id` wait. */
  holds(id) {
    return this.entries.some((e) => e.game === id);
  }

  count(id) {
    return this.entries.filter((e) => e.game === id).length;
  }

  push(entry) {
    this.entries.push(entry);
    this.persist();
  }

  /** The oldest waiting move. */
  first() {
    return this.entries[0] || null;
  }

  /** Drops the oldest waiting move (sent, or refused by the server). */
  shift() {
    const e = this.entries.shift();
    this.persist();
    return e;
  }

  /** Takes the newest waiting move of game `id` back out (an undo without the server). */
  popLast(id) {
    for (let k = this.entries.length - 1; k >= 0; k--) {
      if (this.entries[k].game === id) {
        const [e] = this.entries.splice(k, 1);
        this.persist();
        return e;
      }
    }
    return null;
  }
}
