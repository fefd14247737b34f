// Views and dialogs: the play and drill tabs, and what every dialog does on closing.

import { $, state } from './state.js';
import { board, drill } from './view.js';
import { pause, resume } from './timer.js';

export function showView(view) {
  const drillOn = view === 'drill';
  $('#play-view').hidden = drillOn;
  $('#tab-play').setAttribute('aria-pressed', String(!drillOn));
  $('#tab-drill').setAttribute('aria-pressed', String(drillOn));
  if (drillOn) {
    const g = state.game;
    if (g && g.status === 'playing' && !g.paused) {
      state.autoPaused = true;
      pause();
    }
    drill.show();
    // the keys answer the drill; the focus leaves the tab so no ring lingers there
    $('#drill-card').focus({ preventScroll: true });
  } else {
    drill.hide();
    if (state.autoPaused) resume();
    if (state.selected >= 0) board.focusCell(state.selected);
  }
}

export function isDialogOpen() {
  return !!document.querySelector('dialog[open]');
}

for (const dlg of document.querySelectorAll('dialog')) {
  for (const b of dlg.querySelectorAll('.dlg-x, .dlg-cancel')) b.addEventListener('click', () => dlg.close());
  // a click on the backdrop closes the dialog
  dlg.addEventListener('click', (ev) => {
    if (ev.target === dlg && dlg.id !== 'dlg-confirm') dlg.close();
  });
  dlg.addEventListener('close', () => {
    if (state.selected >= 0 && !$('#play-view').hidden && !isDialogOpen()) board.focusCell(state.selected);
  });
}
