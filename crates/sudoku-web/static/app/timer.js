// Pause and the timer: the clock shown, pausing and resuming (also when the page is hidden).

import { api } from '../api.js';
import { $, state } from './state.js';
import { board } from './view.js';
import { setGame, gameCall } from './game.js';
import { isDialogOpen } from './views.js';

export function elapsed() {
  const g = state.game;
  if (!g) return 0;
  const running = g.status === 'playing' && !g.paused && !state.lost;
  return g.elapsed_ms + (running ? performance.now() - state.syncAt : 0);
}

export function formatTime(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function tick() {
  const el = $('#timer');
  const text = formatTime(elapsed());
  if (el.textContent !== text) el.textContent = text;
}
setInterval(tick, 250);

/** Without the server the clock stops and starts on the page alone. */
function pauseLocally(paused) {
  setGame({ ...state.game, paused, elapsed_ms: elapsed() }, { keepHint: true });
}

export async function pause() {
  const g = state.game;
  if (!g || g.status !== 'playing' || g.paused) return;
  if (state.offline) return pauseLocally(true);
  await gameCall(api.pause, { keepHint: true });
}

export async function resume() {
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

export function togglePause() {
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
