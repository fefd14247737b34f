// Daily puzzles: today's per rung, the streak, and the archive of past days.

import { api } from '../api.js';
import { t, getLang } from '../i18n.js';
import { $ } from './state.js';
import { errorText } from './toasts.js';
import { hints } from './view.js';
import { formatTime } from './timer.js';
import { handleError } from './game.js';
import { startGame } from './games.js';
import { rungName } from './stats.js';

/** The player's date (the daily puzzle changes at the player's midnight). */
export function localDate() {
  return dateText(new Date());
}

/** Today's puzzle per rung: play, go on, or see that it is solved; the streak. */
export async function openDaily() {
  const body = $('#daily-body');
  body.replaceChildren();
  $('#daily-date').textContent = '';
  $('#daily-streak').textContent = '';
  $('#dlg-daily').showModal();
  let s;
  try {
    s = await api.daily(localDate());
  } catch (err) {
    body.textContent = errorText(err);
    return;
  }
  const locale = getLang() === 'zh' ? 'zh-CN' : 'en';
  $('#daily-date').textContent = new Date(`${s.date}T12:00:00`).toLocaleDateString(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
  $('#daily-streak').textContent = t('daily_streak', { n: s.streak, best: s.best_streak });
  body.append(dailyList(s, 'daily'));
  // The archive: the last days' puzzles, playable; a win there never counts in the streak.
  const h = document.createElement('h3');
  h.textContent = t('daily_past');
  const help = document.createElement('p');
  help.className = 'help';
  help.textContent = t('daily_past_help');
  const pick = document.createElement('select');
  pick.id = 'daily-past';
  pick.dataset.testid = 'daily-past';
  pick.setAttribute('aria-label', t('daily_past'));
  for (let k = 1; k <= DAILY_ARCHIVE_DAYS; k++) {
    const d = new Date();
    d.setDate(d.getDate() - k);
    const o = document.createElement('option');
    o.value = dateText(d);
    o.textContent = d.toLocaleDateString(locale, { weekday: 'short', month: 'long', day: 'numeric' });
    pick.append(o);
  }
  const past = document.createElement('div');
  const showPast = async () => {
    past.replaceChildren();
    try {
      past.append(dailyList(await api.daily(pick.value), 'daily-past'));
    } catch (err) {
      past.textContent = errorText(err);
    }
  };
  pick.addEventListener('change', showPast);
  body.append(h, help, pick, past);
  await showPast();
}

/** How many past days the archive offers (the server keeps the same number). */
const DAILY_ARCHIVE_DAYS = 7;

function dateText(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A day's puzzles per rung (`s`: the answer of GET /api/daily): play, go on, or open. */
function dailyList(s, testid) {
  const list = document.createElement('ul');
  list.className = 'daily-list';
  for (const { rung, game } of s.rungs) {
    const li = document.createElement('li');
    li.dataset.rung = rung;
    const name = document.createElement('span');
    name.className = 'daily-rung';
    name.textContent = rungName(rung);
    const state_ = document.createElement('span');
    state_.className = 'daily-state';
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.testid = `${testid}-${rung}`;
    if (!game) {
      state_.textContent = t('daily_new');
      b.textContent = t('daily_play');
      b.className = 'primary';
    } else if (game.status === 'playing') {
      state_.textContent = t('daily_playing', { time: formatTime(game.elapsed_ms) });
      b.textContent = t('games_resume');
    } else {
      state_.textContent = game.status === 'won' ? t('daily_solved', { time: formatTime(game.elapsed_ms) }) : t(`status_${game.status}`);
      li.classList.toggle('won', game.status === 'won');
      b.textContent = t('daily_view');
    }
    b.addEventListener('click', async () => {
      $('#dlg-daily').close();
      hints.clear();
      try {
        await startGame(game ? api.game(game.id) : api.playDaily(rung, s.date));
      } catch (err) {
        handleError(err);
      }
    });
    li.append(name, state_, b);
    list.append(li);
  }
  return list;
}
