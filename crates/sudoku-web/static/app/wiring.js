// Wiring: the buttons of the page and what they do.

import { api } from '../api.js';
import { t, getLang, setLang } from '../i18n.js';
import { $, state } from './state.js';
import { confirmBox } from './toasts.js';
import { board } from './view.js';
import { resume, togglePause } from './timer.js';
import { sendMove, gameCall, runCheck } from './game.js';
import { erase, toggleNotesMode, undo, redo } from './input.js';
import { hintButton } from './hints.js';
import { openGames, openShare, showEnd } from './games.js';
import { openNewGame, openImport } from './new-game.js';
import { openStats } from './stats.js';
import { openDaily } from './daily.js';
import { openSettings, toggleTheme } from './options.js';
import { showView } from './views.js';

function on(id, fn) {
  $(id).addEventListener('click', fn);
}

on('#btn-undo', undo);
on('#btn-redo', redo);
on('#btn-erase', () => {
  erase();
  if (state.selected >= 0) board.focusCell(state.selected);
});
on('#btn-notes', toggleNotesMode);
on('#btn-fill', () => sendMove({ kind: 'fill_notes' }));
on('#btn-check', () => runCheck());
on('#btn-hint', hintButton);
on('#btn-pause', togglePause);
on('#btn-resume', resume);
on('#btn-new', openNewGame);
on('#btn-empty-new', openNewGame);
on('#btn-restart', async () => {
  if (await confirmBox(t('confirm_restart'), t('restart'))) gameCall(api.restart);
});
on('#btn-giveup', async () => {
  if (!(await confirmBox(t('confirm_give_up'), t('give_up')))) return;
  await gameCall(api.solve);
  showEnd('gave_up');
});
on('#btn-import', () => openImport());
on('#new-to-import', () => {
  $('#dlg-new').close();
  openImport();
});
on('#btn-share', openShare);
// The game as a PDF (the puzzle and its answer, or every step of its path), in a new tab.
function openPrint(walkthrough) {
  if (!state.game) return;
  const query = `lang=${getLang()}${walkthrough ? '&walkthrough=1' : ''}`;
  window.open(`/api/games/${encodeURIComponent(state.game.id)}/print?${query}`, '_blank', 'noopener');
}
on('#btn-print', () => openPrint(false));
on('#btn-print-steps', () => openPrint(true));
on('#btn-stats', openStats);
on('#btn-daily', openDaily);
on('#btn-zoom', () => {
  const col = $('.board-col');
  const zoomed = !col.classList.contains('zoomed');
  col.classList.toggle('zoomed', zoomed);
  $('#btn-zoom').setAttribute('aria-pressed', String(zoomed));
  if (state.selected >= 0) board.focusCell(state.selected);
});
on('#btn-settings', openSettings);
on('#btn-shortcuts', () => $('#dlg-shortcuts').showModal());
on('#btn-theme', toggleTheme);
on('#btn-games', () => openGames());
on('#btn-lang', () => setLang(getLang() === 'zh' ? 'en' : 'zh'));
on('#tab-play', () => showView('play'));
on('#tab-drill', () => showView('drill'));
