// Games: the list of games to resume, the game played last, sharing, and the end of a game.

import { api, ApiError } from '../api.js';
import { t, getLang } from '../i18n.js';
import { settings } from '../settings.js';
import { snapshot } from '../offline.js';
import { $, state } from './state.js';
import { toast, errorText } from './toasts.js';
import { hints, levelName } from './view.js';
import { formatTime, resume } from './timer.js';
import { setGame, handleError, unreachable } from './game.js';
import { goOffline, scheduleSync } from './sync.js';
import { openNewGame } from './new-game.js';
import { openStats } from './stats.js';

export async function startGame(promise, { resumeAfter = true } = {}) {
  const loading = $('#board-loading');
  loading.hidden = false;
  try {
    const g = await promise;
    setGame(g);
    if (resumeAfter && g.status === 'playing' && g.paused && !document.hidden) await resume();
    return g;
  } finally {
    loading.hidden = true;
  }
}

/** The list of unfinished games, each with its size, rung, time and progress, to resume. */
export async function openGames() {
  const body = $('#games-body');
  body.replaceChildren();
  $('#dlg-games').showModal();
  let games;
  try {
    ({ games } = await api.games());
  } catch (err) {
    handleError(err);
    return;
  }
  const playing = (games || []).filter((g) => g.status === 'playing');
  if (!playing.length) {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = t('games_none');
    body.append(p);
    return;
  }
  const table = document.createElement('table');
  table.className = 'stats-table';
  table.dataset.testid = 'games-table';
  const head = table.createTHead().insertRow();
  for (const k of ['games_col_game', 'games_col_time', 'games_col_progress', 'games_col_started', 'games_col_action']) {
    const th = document.createElement('th');
    const label = document.createElement('span');
    label.textContent = t(k);
    // The buttons' column needs no visible heading, but a heading to be read out.
    if (k === 'games_col_action') label.className = 'sr-only';
    th.append(label);
    head.append(th);
  }
  const tbody = table.createTBody();
  for (const g of playing) {
    const tr = tbody.insertRow();
    tr.dataset.game = g.id;
    const variant = g.variant === 'diagonal' ? ` · ${t('variant_diagonal')}` : '';
    const cells = [
      `${levelName(g)} · ${g.size.replace('x', '×')}${variant}`,
      formatTime(g.elapsed_ms),
      g.progress != null ? `${g.progress}%` : '–',
      new Date(g.created).toLocaleString(getLang() === 'zh' ? 'zh-CN' : 'en'),
    ];
    cells.forEach((v, k) => {
      const td = tr.insertCell();
      td.textContent = v;
      if (k === 1 || k === 2) td.className = 'num';
    });
    const td = tr.insertCell();
    if (state.game && state.game.id === g.id) {
      td.textContent = t('games_current');
    } else {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('games_resume');
      b.dataset.testid = 'games-resume';
      b.addEventListener('click', async () => {
        $('#dlg-games').close();
        hints.clear();
        await startGame(api.game(g.id));
      });
      td.append(b);
    }
  }
  body.append(table);
}

/** Resumes the game played last (looked up in the list, so that having none is not
 * an error in the browser's console). */
export async function loadCurrent() {
  try {
    const { games } = await api.games();
    const playing = (games || []).filter((g) => g.status === 'playing');
    // the one touched last (`updated` is RFC 3339, so the text sorts as the time)
    const newest = playing.reduce((a, g) => (!a || g.updated > a.updated ? g : a), null);
    if (!newest) return false;
    await startGame(api.game(newest.id));
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    if (unreachable(err)) return openSnapshot();
    toast(errorText(err), 'error');
    return false;
  }
}

/** Without the server: the game as the page last had it (with the moves still waiting). */
function openSnapshot() {
  goOffline();
  const kept = snapshot.load();
  if (!kept || kept.status !== 'playing') return false;
  kept.paused = false;
  setGame(kept);
  scheduleSync();
  return true;
}

function shareLink(g) {
  const v = g.variant === 'diagonal' ? '&v=diagonal' : '';
  return `${location.origin}${location.pathname}#p=${g.puzzle}${v}`;
}

export function openShare() {
  const g = state.game;
  if (!g) return;
  $('#share-link').value = shareLink(g);
  $('#share-string').value = g.puzzle;
  $('#dlg-share').showModal();
}

for (const btn of document.querySelectorAll('.copy-btn')) {
  btn.addEventListener('click', async () => {
    const input = document.getElementById(btn.dataset.copy);
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand('copy');
    }
    toast(t('copied'), 'good');
  });
}

export function showEnd(kind) {
  const g = state.game;
  const dlg = $('#dlg-end');
  dlg.dataset.kind = kind;
  $('#end-badge use').setAttribute('href', kind === 'won' ? '#i-check' : '#i-flag');
  if (kind === 'won') {
    $('#end-title').textContent = t('won_title');
    $('#end-text').textContent = t('won_text', { time: formatTime(g.elapsed_ms), mistakes: g.mistakes, hints: g.hints });
    if (g.daily) {
      api
        .daily(g.daily)
        .then((d) => {
          $('#end-text').textContent += ` ${t('daily_streak_now', { n: d.streak })}`;
        })
        .catch(() => {});
    }
  } else if (kind === 'lost') {
    $('#end-title').textContent = t('lost_title');
    $('#end-text').textContent = t('lost_text', { n: settings.mistakeLimit });
  } else {
    $('#end-title').textContent = t('gave_up_title');
    $('#end-text').textContent = t('gave_up_text');
  }
  if (!dlg.open) dlg.showModal();
}

$('#end-new').addEventListener('click', () => {
  $('#dlg-end').close();
  openNewGame();
});
$('#end-stats').addEventListener('click', () => {
  $('#dlg-end').close();
  openStats();
});
