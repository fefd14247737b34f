// Statistics: the player's games, levels and drill answers.

import { api } from '../api.js';
import { t, pick, getLang } from '../i18n.js';
import { $, state } from './state.js';
import { errorText } from './toasts.js';
import { drill } from './view.js';
import { formatTime } from './timer.js';
import { localDate } from './daily.js';

export async function openStats() {
  const body = $('#stats-body');
  body.textContent = t('loading');
  $('#dlg-stats').showModal();
  try {
    const s = await api.stats(localDate());
    renderStats(s);
    drill.setStats(s.drill);
  } catch (err) {
    body.textContent = errorText(err);
  }
}

/** A table with a heading row; `numeric` marks the columns of numbers (right-aligned). */
function statsTable(testid, headings, rows, numeric = []) {
  const table = document.createElement('table');
  table.className = 'stats-table';
  table.dataset.testid = testid;
  const head = table.createTHead().insertRow();
  for (const k of headings) {
    const th = document.createElement('th');
    th.textContent = t(k);
    head.append(th);
  }
  const tb = table.createTBody();
  for (const row of rows) {
    const tr = tb.insertRow();
    row.forEach((v, k) => {
      const td = tr.insertCell();
      td.textContent = v;
      if (numeric.includes(k)) td.className = 'num';
    });
  }
  return table;
}

/** A rung id as the page names it. */
export function rungName(id) {
  const rung = ((state.config && state.config.ladder) || []).find((r) => r.id === id);
  return rung ? pick(rung.name) : id === 'import' ? t('imported') : id;
}

/** `9×9` or `9×9 · Diagonal`. */
function shapeName(size, variant) {
  return `${size.replace('x', '×')}${variant === 'diagonal' ? ` · ${t('variant_diagonal')}` : ''}`;
}

function renderStats(s) {
  const body = $('#stats-body');
  body.replaceChildren();
  const ladder = (state.config && state.config.ladder) || [];
  const order = (id) => {
    const k = ladder.findIndex((r) => r.id === id);
    return k < 0 ? 99 : k;
  };
  const sizeOrder = ['4x4', '6x6', '9x9', '16x16'];
  const levels = [...(s.levels || [])].sort(
    (a, b) => sizeOrder.indexOf(a.size) - sizeOrder.indexOf(b.size) || (a.variant || '').localeCompare(b.variant || '') || order(a.rung) - order(b.rung),
  );
  const streak = s.daily || { streak: 0, best_streak: 0 };
  const p = document.createElement('p');
  p.className = 'streak-line';
  p.dataset.testid = 'stats-streak';
  p.textContent = t('stats_streak', { n: streak.streak, best: streak.best_streak });
  body.append(p);
  if (!levels.length) {
    const none = document.createElement('p');
    none.className = 'empty';
    none.textContent = t('stats_none');
    body.append(none);
  } else {
    const time = (ms) => (ms != null ? formatTime(ms) : '–');
    const rows = levels.map((l) => [
      rungName(l.rung),
      shapeName(l.size, l.variant),
      l.played,
      l.solved,
      l.helped || 0,
      l.win_rate != null ? `${l.win_rate}%` : '–',
      time(l.best_ms),
      time(l.average_ms),
      time(l.best_helped_ms),
    ]);
    // Best and average times are of wins without help (no hint, no revealed cell); the
    // wins with help have their own column and best time.
    const table = statsTable(
      'stats-table',
      ['level', 'size', 'stats_played', 'stats_solved', 'stats_helped', 'stats_win_rate', 'stats_best', 'stats_average', 'stats_best_helped'],
      rows,
      [2, 3, 4, 5, 6, 7, 8],
    );
    table.id = 'stats-table';
    body.append(table);
  }
  const history = s.history || [];
  if (history.length) {
    const h = document.createElement('h3');
    h.textContent = t('stats_history');
    const locale = getLang() === 'zh' ? 'zh-CN' : 'en';
    const rows = history.map((g) => [
      new Date(g.ended).toLocaleDateString(locale),
      `${g.daily ? `${t('daily_chip')} · ` : ''}${rungName(g.rung)} · ${shapeName(g.size, g.variant)}`,
      g.helped && g.status === 'won' ? `${t('status_won')} · ${t('stats_with_help')}` : t(`status_${g.status}`),
      formatTime(g.elapsed_ms),
    ]);
    body.append(h, statsTable('stats-history', ['stats_date', 'games_col_game', 'stats_result', 'games_col_time'], rows, [3]));
  }
  const d = s.drill || { answered: 0, correct: 0, average_ms: null, drills: [] };
  const h = document.createElement('h3');
  h.textContent = t('stats_drill');
  const dl = document.createElement('dl');
  dl.className = 'drill-summary';
  const item = (k, v) => {
    const div = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = t(k);
    const dd = document.createElement('dd');
    dd.textContent = v;
    div.append(dt, dd);
    dl.append(div);
  };
  const accuracy = (x) => (x.answered ? `${Math.round((100 * x.correct) / x.answered)}%` : '–');
  const avg = (x) => (x.answered && x.average_ms != null ? `${(x.average_ms / 1000).toFixed(1)} s` : '–');
  item('stats_answered', d.answered);
  item('stats_accuracy', accuracy(d));
  item('stats_avg_answer', avg(d));
  body.append(h, dl);
  if (!(d.drills || []).length) return;
  // Each drill on its own row: answered, accuracy, average time.
  const rows = d.drills.map((x) => [t(`drill_${x.drill}`), x.answered, accuracy(x), avg(x)]);
  body.append(statsTable('drill-stats-table', ['drill_kinds', 'stats_answered', 'stats_accuracy', 'stats_avg_answer'], rows, [1, 2, 3]));
}
