// Hints: asking the server for a hint, stage by stage.

import { api } from '../api.js';
import { getLang } from '../i18n.js';
import { settings } from '../settings.js';
import { state } from './state.js';
import { hints, playing, render } from './view.js';
import { enqueue, handleError } from './game.js';

export async function requestHint(stage) {
  const g = state.game;
  if (!g || !playing()) return;
  await enqueue(async () => {
    try {
      const data = await api.hint(g.id, stage, getLang(), settings.intuitiveHints ? 'intuitive' : 'logic');
      // The server's count: a hint counts once through its stages.
      if (typeof data.hints === 'number') state.game.hints = data.hints;
      hints.set(stage, data);
      render();
    } catch (err) {
      handleError(err);
    }
  });
}

export function hintButton() {
  if (hints.open && hints.kind === 'step' && hints.stage < 3) requestHint(hints.stage + 1);
  else if (!hints.open) requestHint(1);
}

export function closeHint() {
  hints.clear();
  render();
}
