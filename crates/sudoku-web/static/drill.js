// The singles drill: three kinds of question on a 9x9 grid that shows only the digits the
// question needs. Full House: a row or column with one gap; Naked Single: a cell whose row,
// column and box hold the eight other digits; Hidden Single: tap where a digit goes in a
// house. The server keeps the answer, times each reply and keeps the statistics per drill.

import { api } from './api.js';
import { t } from './i18n.js';

const KINDS = ['full_house', 'naked_single', 'hidden_single'];
const STORE_KEY = 'sudoku.drill';

/** `r4c2` → index 0..80. */
function cellIndex(name) {
  const m = /^r(\d)c(\d)$/.exec(name || '');
  return m ? (+m[1] - 1) * 9 + (+m[2] - 1) : -1;
}

function cellName(i) {
  return `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
}

/** Whether cell `i` lies in house `h` (`r3`, `c7`, `b4`). */
function inHouse(i, h) {
  const [r, c] = [Math.floor(i / 9), i % 9];
  const k = +h.slice(1) - 1;
  if (h[0] === 'r') return r === k;
  if (h[0] === 'c') return c === k;
  return Math.floor(r / 3) * 3 + Math.floor(c / 3) === k;
}

export class Drill {
  constructor(root, { toast }) {
    this.root = root;
    this.toast = toast;
    this.kind = KINDS.includes(localStorage.getItem(STORE_KEY)) ? localStorage.getItem(STORE_KEY) : 'full_house';
    this.question = null;
    this.answered = false;
    this.stats = null;
    this.last = null; // { correct, answer, ms, picked }
    this.timer = 0;
    this.busy = false;
    this.intro = root.querySelector('#drill-intro');
    this.board = root.querySelector('#drill-board');
    this.feedback = root.querySelector('#drill-feedback');
    this.pad = root.querySelector('#drill-pad');
    this.nextBtn = root.querySelector('#drill-next');
    for (let d = 1; d <= 9; d++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pad-btn';
      b.textContent = d;
      b.dataset.digit = d;
      b.dataset.testid = `drill-digit-${d}`;
      b.addEventListener('click', () => this.answer({ digit: d }));
      this.pad.append(b);
    }
    for (const b of root.querySelectorAll('.drill-kinds [data-drill]')) {
      b.addEventListener('click', () => this.choose(b.dataset.drill));
    }
    this.nextBtn.addEventListener('click', () => this.next());
  }

  get active() {
    return !this.root.hidden;
  }

  async show() {
    this.root.hidden = false;
    if (!this.question || this.answered || this.question.drill !== this.kind) await this.next();
    else this.render();
  }

  hide() {
    this.root.hidden = true;
    clearTimeout(this.timer);
  }

  /** Switches to another drill and asks its first question. */
  async choose(kind) {
    if (!KINDS.includes(kind) || kind === this.kind) return;
    this.kind = kind;
    localStorage.setItem(STORE_KEY, kind);
    await this.next();
  }

  async next() {
    clearTimeout(this.timer);
    if (this.busy) return;
    this.busy = true;
    try {
      this.question = await api.drill(this.kind);
      this.answered = false;
      this.last = null;
      this.render();
    } catch (err) {
      this.toast(t('err_generic', { msg: err.message }), 'error');
    } finally {
      this.busy = false;
    }
  }

  /** `reply`: `{ digit }` or `{ cell }`. */
  async answer(reply) {
    if (!this.question || this.answered || this.busy) return;
    this.busy = true;
    try {
      const res = await api.drillAnswer(this.question.id, reply);
      this.answered = true;
      this.last = { ...res, picked: reply.digit ?? reply.cell };
      this.stats = res.stats;
      this.render();
      this.timer = setTimeout(() => this.active && this.next(), res.correct ? 700 : 1600);
    } catch (err) {
      this.toast(t('err_generic', { msg: err.message }), 'error');
    } finally {
      this.busy = false;
    }
  }

  /** Keys while the drill is shown: digits answer, Enter / Space moves on. */
  onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    const code = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || '');
    const d = code ? +code[1] : /^[1-9]$/.test(ev.key) ? +ev.key : 0;
    if (d && this.question && this.question.drill !== 'hidden_single') {
      this.answer({ digit: d });
      return true;
    }
    if ((ev.key === 'Enter' || ev.key === ' ') && this.answered) {
      this.next();
      return true;
    }
    return false;
  }

  render() {
    for (const b of this.root.querySelectorAll('.drill-kinds [data-drill]')) {
      b.setAttribute('aria-pressed', String(b.dataset.drill === this.kind));
    }
    const q = this.question;
    if (!q) return;
    const byCell = q.drill === 'hidden_single';
    this.root.dataset.questionId = q.id;
    this.root.dataset.drill = q.drill;
    this.root.dataset.state = this.answered ? (this.last.correct ? 'right' : 'wrong') : 'asking';
    this.intro.textContent = t(`drill_intro_${q.drill}`, { house: q.house, cell: q.cell, d: q.digit });
    this.renderBoard(q, byCell);
    this.pad.hidden = byCell;
    for (const b of this.pad.children) {
      const d = +b.dataset.digit;
      b.disabled = this.answered;
      b.classList.toggle('right', this.answered && d === this.last.answer);
      b.classList.toggle('wrong', this.answered && !this.last.correct && d === this.last.picked);
    }
    if (this.answered) {
      this.feedback.textContent = t(this.last.correct ? 'drill_right' : 'drill_wrong', { d: this.last.answer });
      this.feedback.className = `drill-feedback ${this.last.correct ? 'right' : 'wrong'}`;
    } else {
      this.feedback.textContent = '\u00a0';
      this.feedback.className = 'drill-feedback';
    }
    this.nextBtn.hidden = !this.answered;
    this.renderStats();
  }

  /** The grid: the house to look at tinted; the asked cell marked, or the house's empty
   *  cells as buttons when the answer is a cell. */
  renderBoard(q, byCell) {
    const answerCell = this.answered && byCell ? cellIndex(this.last.answer) : -1;
    const pickedCell = this.answered && byCell ? cellIndex(this.last.picked) : -1;
    const asked = cellIndex(q.cell);
    const cells = q.grid.map((d, i) => {
      const tap = byCell && d == null && inHouse(i, q.house);
      const el = document.createElement(tap ? 'button' : 'div');
      el.className = 'drill-cell';
      el.setAttribute('role', 'gridcell');
      el.dataset.cell = cellName(i);
      // A Naked Single is read from the cell's row, column and box; the others from a house.
      const focus = q.drill === 'naked_single' && asked >= 0
        ? i !== asked && (inHouse(i, `r${Math.floor(asked / 9) + 1}`) || inHouse(i, `c${(asked % 9) + 1}`) || inHouse(i, q.house))
        : inHouse(i, q.house);
      if (focus) el.classList.add('focus');
      let text = d == null ? '' : String(d);
      if (i === asked) {
        el.classList.add('missing');
        el.dataset.testid = 'drill-missing';
        text = this.answered ? String(this.last.answer) : '?';
        if (this.answered) el.classList.add(this.last.correct ? 'right' : 'wrong');
      }
      if (tap) {
        el.type = 'button';
        el.disabled = this.answered;
        el.addEventListener('click', () => this.answer({ cell: cellName(i) }));
        if (i === answerCell) {
          el.classList.add('right');
          text = String(q.digit);
        } else if (i === pickedCell) el.classList.add('wrong');
      }
      el.textContent = text;
      el.setAttribute('aria-label', text && text !== '?' ? t('drill_cell_label', { cell: cellName(i), d: text }) : t('drill_cell_empty', { cell: cellName(i) }));
      return el;
    });
    // Nine rows of nine (role row, drawn with display: contents), as a grid's cells need.
    const rows = [];
    for (let r = 0; r < 9; r++) {
      const row = document.createElement('div');
      row.className = 'drill-row';
      row.setAttribute('role', 'row');
      row.append(...cells.slice(9 * r, 9 * r + 9));
      rows.push(row);
    }
    this.board.replaceChildren(...rows);
  }

  /** The running numbers of the drill shown. */
  renderStats() {
    const s = (this.stats && (this.stats.drills || []).find((x) => x.drill === this.kind)) || null;
    const set = (id, v) => (this.root.querySelector(id).textContent = v);
    set('#drill-answered', s ? String(s.answered) : '0');
    set('#drill-accuracy', s && s.answered ? `${Math.round((100 * s.correct) / s.answered)}%` : '–');
    set('#drill-avg', s && s.answered ? seconds(s.average_ms) : '–');
    set('#drill-last', this.last ? seconds(this.last.ms) : '–');
  }

  /** Starts the running numbers from the statistics endpoint. */
  setStats(drillStats) {
    if (drillStats) this.stats = drillStats;
    if (this.question) this.render();
    else this.renderStats();
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
