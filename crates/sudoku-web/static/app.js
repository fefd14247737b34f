// The page: it starts here, and its parts are the modules of app/ (native ES modules, no
// build step): state.js (the state shown), toasts.js (toasts, live region, confirmations),
// view.js (the board, pad, palette and bar drawn), timer.js (the clock and pausing), game.js
// (the game from the server, moves in order), sync.js (playing without the server), input.js
// (cells, digits, notes, undo), hints.js, games.js (the list, sharing, the end), new-game.js
// (the new-game and import dialogs), stats.js, daily.js, options.js (settings, theme,
// language), views.js (tabs and dialogs), keys.js (the keyboard) and wiring.js (the buttons).
// sw.js keeps every one of them for playing offline.

import { api } from './api.js';
import { t, translatePage } from './i18n.js';
import { savedConfig } from './offline.js';
import { $, state, outbox } from './app/state.js';
import { toast, errorText } from './app/toasts.js';
import { enqueue, unreachable } from './app/game.js';
import { goOffline, sync } from './app/sync.js';
import { startGame, loadCurrent } from './app/games.js';
import { makeGame, newGamePrefs, openImport, showImportError, importPuzzle } from './app/new-game.js';
import { applyThemeButton } from './app/options.js';
import './app/keys.js';
import './app/wiring.js';

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
