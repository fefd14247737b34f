// Without the server: moves played on the page wait in the outbox and are sent when the
// server answers again.

import { api } from '../api.js';
import { t } from '../i18n.js';
import { applyLocally } from '../offline.js';
import { $, state, outbox } from './state.js';
import { toast, errorText, announce, moveWords } from './toasts.js';
import { elapsed } from './timer.js';
import { setGame, enqueue, unreachable } from './game.js';

/** Applies a move on the page and keeps it for the server. */
export function playLocally(g, move) {
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

export function goOffline() {
  if (!state.offline) {
    state.offline = true;
    renderOffline();
  }
}

let syncTimer = 0;
let syncDelay = 1000;

/** Tries the server again after `ms` (the waits grow to 8 s while it stays away). */
export function scheduleSync(ms = syncDelay) {
  clearTimeout(syncTimer);
  syncTimer = setTimeout(() => enqueue(sync), ms);
}

/**
 * Sends the waiting moves in order; a move the server refuses (the game ended meanwhile, say)
 * is dropped and said. When everything is sent the page takes the server's game again.
 */
export async function sync() {
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
export function renderOffline(sending = false) {
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
