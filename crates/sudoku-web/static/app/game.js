// Game state from the server: the game shown, the queue of server calls, moves, checks.

import { api, ApiError, busy } from '../api.js';
import { t } from '../i18n.js';
import { cellIndex } from '../board.js';
import { settings } from '../settings.js';
import { moveKey, snapshot } from '../offline.js';
import { $, state, outbox } from './state.js';
import { toast, errorText, announce, moveWords } from './toasts.js';
import { board, hints, render } from './view.js';
import { playLocally, goOffline } from './sync.js';
import { loadCurrent, showEnd } from './games.js';

export function setGame(game, { keepHint = false } = {}) {
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
export async function checkLimit() {
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
export function enqueue(fn) {
  busy(1);
  const run = queue.then(fn, fn).finally(() => busy(-1));
  queue = run.catch(() => {});
  return run;
}

export function handleError(err) {
  if (err instanceof ApiError && err.status === 404 && state.game) {
    toast(errorText(err), 'error');
    loadCurrent();
    return;
  }
  toast(errorText(err), 'error');
}

/** Whether an error means the server did not answer (rather than refusing). */
export function unreachable(err) {
  return err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 504 || (err.status === 503 && err.code !== 'unavailable'));
}

export function sendMove(move, opts = {}) {
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

export function gameCall(fn, opts = {}) {
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

export async function runCheck({ quiet = false } = {}) {
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
