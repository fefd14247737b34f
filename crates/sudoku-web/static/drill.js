// The naked-single drill: eight of the digits 1-9 in a row or column; the player names the
// missing one. The server times each answer and keeps the running statistics.

import { api } from './api.js';
import { t } from './i18n.js';

export class Drill {
  constructor(root, { toast }) {
    this.root = root;
    this.toast = toast;
    this.question = null;
    this.answered = false;
    this.stats = null;
    this.last = null; // { correct, answer, ms }
    this.timer = 0;
    this.busy = false;
    this.line = root.querySelector('#drill-line');
    this.intro = root.querySelector('#drill-intro');
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
      b.addEventListener('click', () => this.answer(d));
      this.pad.append(b);
    }
    this.nextBtn.addEventListener('click', () => this.next());
  }

  get active() {
    return !this.root.hidden;
  }

  async show() {
    this.root.hidden = false;
    if (!this.question || this.answered) await this.next();
    else this.render();
  }

  hide() {
    this.root.hidden = true;
    clearTimeout(this.timer);
  }

  async next() {
    clearTimeout(this.timer);
    if (this.busy) return;
    this.busy = true;
    try {
      this.question = await api.drill();
      this.answered = false;
      this.last = null;
      this.render();
    } catch (err) {
      this.toast(t('err_generic', { msg: err.message }), 'error');
    } finally {
      this.busy = false;
    }
  }

  async answer(d) {
    if (!this.question || this.answered || this.busy) return;
    this.busy = true;
    try {
      const res = await api.drillAnswer(this.question.id, d);
      this.answered = true;
      this.last = { ...res, picked: d };
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
    if (d) {
      this.answer(d);
      return true;
    }
    if ((ev.key === 'Enter' || ev.key === ' ') && this.answered) {
      this.next();
      return true;
    }
    return false;
  }

  render() {
    const q = this.question;
    if (!q) return;
    this.root.dataset.questionId = q.id;
    this.root.dataset.state = this.answered ? (this.last.correct ? 'right' : 'wrong') : 'asking';
    this.intro.textContent = t('drill_intro', { house: t(q.kind === 'column' ? 'drill_column' : 'drill_row') });
    this.line.className = `drill-line ${q.kind === 'column' ? 'vertical' : 'horizontal'}`;
    this.line.replaceChildren();
    q.digits.forEach((d, k) => {
      const el = document.createElement('div');
      el.className = 'drill-cell';
      if (d == null) {
        el.classList.add('missing');
        el.dataset.testid = 'drill-missing';
        el.textContent = this.answered ? this.last.answer : '?';
        if (this.answered) el.classList.add(this.last.correct ? 'right' : 'wrong');
      } else el.textContent = d;
      el.setAttribute('aria-label', `${q.kind === 'column' ? 'r' : 'c'}${k + 1}: ${d ?? '?'}`);
      this.line.append(el);
    });
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
    const s = this.stats;
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
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
