// Hints in three stages: 1 names the technique, 2 shows where to look (base houses and the
// pattern), 3 shows the whole step with every role in its colour; then "Apply this step".
// An answer of kind "mistakes" points at the wrong entries instead.

import { t, getLang } from './i18n.js';
import { cellIndex, parseHighlights } from './board.js';

const ROLE_ORDER = [
  'base', 'cover', 'pattern', 'fin', 'endo_fin', 'extra', 'color_a', 'color_b',
  'link_strong', 'link_weak', 'removed', 'placed', 'seen',
];


/** A step's highlights, with those of the pointing or claiming it is seen through (an
 * intuitive hint's 区块: its box or line, its cells, the candidates it rules out). */
function stepHighlights(step) {
  const own = step.highlights || [];
  return step.through ? [...(step.through.highlights || []), ...own] : own;
}
export class HintPanel {
  /**
   * `actions`: { request(stage), apply(), reveal(), eraseMistakes(cells), close(), canReveal() }.
   */
  constructor(root, actions) {
    this.root = root;
    this.actions = actions;
    this.hint = null; // { stage, data }
    this.$ = (id) => root.querySelector(id);
    this.$('#hint-more').addEventListener('click', () => actions.request(2));
    this.$('#hint-show').addEventListener('click', () => actions.request(3));
    this.$('#hint-apply').addEventListener('click', () => actions.apply());
    this.$('#hint-reveal').addEventListener('click', () => actions.reveal());
    this.$('#hint-close').addEventListener('click', () => actions.close());
    this.branch = 0;
    this.branchBox = document.createElement('div');
    this.branchBox.className = 'hint-branches';
    this.branchBox.dataset.testid = 'hint-branches';
    const stepBtn = (delta, label) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'link-btn';
      b.textContent = label;
      b.addEventListener('click', () => {
        const k = this.branches;
        if (!k) return;
        this.branch = (this.branch + delta + k) % k;
        this.render();
        if (actions.redraw) actions.redraw();
      });
      return b;
    };
    this.branchPrev = stepBtn(-1, '\u2039');
    this.branchNext = stepBtn(1, '\u203a');
    this.branchLabel = document.createElement('span');
    this.branchBox.append(this.branchPrev, this.branchLabel, this.branchNext);
    this.$('#hint-legend').after(this.branchBox);
    this.eraseBtn = document.createElement('button');
    this.eraseBtn.type = 'button';
    this.eraseBtn.id = 'hint-erase';
    this.eraseBtn.dataset.testid = 'hint-erase';
    this.eraseBtn.addEventListener('click', () => actions.eraseMistakes(this.mistakeCells));
    this.$('.hint-actions').prepend(this.eraseBtn);
    this.mistakeCells = [];
  }

  get open() {
    return !!this.hint;
  }

  get stage() {
    return this.hint ? this.hint.stage : 0;
  }

  get kind() {
    return this.hint ? this.hint.data.kind : null;
  }

  set(stage, data) {
    this.hint = { stage, data };
    this.branch = 0;
    this.render();
  }

  /** The chains of the step shown, when it has several (a forcing chain's branches). */
  get branches() {
    const d = this.hint && this.hint.data;
    return d && d.kind === 'step' && d.step && d.step.chains ? d.step.chains.length : 0;
  }

  clear() {
    this.hint = null;
    this.render();
  }

  /** What the board draws: parsed highlights, and the cells a "mistakes" answer names. */
  overlay(n) {
    if (!this.hint) return { hint: null, mistakes: new Set() };
    const d = this.hint.data;
    if (d.kind === 'step' && d.step) {
      const hint = parseHighlights(n, stepHighlights(d.step));
      hint.chains = d.step.chains || [];
      hint.sets = d.step.sets || [];
      hint.branch = this.branch;
      return { hint, mistakes: new Set() };
    }
    if (d.kind === 'mistakes') {
      const cells = new Set();
      for (const m of d.mistakes || []) {
        const i = cellIndex(n, m.cell);
        if (i >= 0) cells.add(i);
      }
      return { hint: null, mistakes: cells };
    }
    return { hint: null, mistakes: new Set() };
  }

  render() {
    const root = this.root;
    root.hidden = !this.hint;
    if (!this.hint) return;
    const { stage, data } = this.hint;
    const kind = data.kind;
    root.dataset.kind = kind;
    root.dataset.stage = kind === 'step' ? stage : '';
    const title = {
      step: data.step && data.step.technique && stage >= 1 ? t('hint_title') : t('hint_title'),
      mistakes: t('hint_mistakes_title'),
      solved: t('hint_solved_title'),
      stuck: t('hint_stuck_title'),
    }[kind] || t('hint_title');
    this.$('#hint-title').textContent = title;
    const stageEl = this.$('#hint-stage');
    const dots = this.$('#hint-dots');
    if (kind === 'step') {
      stageEl.textContent = `${t('hint_stage', { s: stage })} · ${t(`hint_stage${stage}`)}`;
      dots.hidden = false;
      [...dots.children].forEach((li, k) => li.classList.toggle('on', k < stage));
    } else {
      stageEl.textContent = '';
      dots.hidden = true;
    }
    // The text in the page's language now: a hint stays open across a language switch.
    this.$('#hint-text').textContent = (data.texts && data.texts[getLang()]) || data.text || '';

    // legend: the roles this stage draws
    const legend = this.$('#hint-legend');
    legend.replaceChildren();
    const roles = new Set();
    if (kind === 'step' && data.step) for (const h of stepHighlights(data.step)) roles.add(h.role);
    if (kind === 'step' && data.step && (data.step.chains || []).length) {
      for (const c of data.step.chains) for (const l of c.links) roles.add(l === 'weak' ? 'link_weak' : 'link_strong');
    }
    if (kind === 'mistakes') roles.add('mistake');
    for (const role of [...ROLE_ORDER, 'mistake']) {
      if (!roles.has(role)) continue;
      const li = document.createElement('li');
      li.dataset.role = role;
      const sw = document.createElement('span');
      sw.className = `swatch sw-${role}`;
      li.append(sw, document.createTextNode(t(`role_${role}`)));
      legend.append(li);
    }
    legend.hidden = !legend.children.length;
    const branches = kind === 'step' && stage === 3 ? this.branches : 0;
    this.branchBox.hidden = branches < 2;
    this.branchLabel.textContent = t('hint_branch', { k: this.branch + 1, n: branches });
    this.branchPrev.setAttribute('aria-label', t('hint_branch_prev'));
    this.branchNext.setAttribute('aria-label', t('hint_branch_next'));

    this.mistakeCells = kind === 'mistakes' ? (data.mistakes || []).map((m) => m.cell) : [];
    const show = (id, on) => (this.$(id).hidden = !on);
    show('#hint-more', kind === 'step' && stage === 1);
    show('#hint-show', kind === 'step' && stage === 2);
    show('#hint-apply', kind === 'step' && stage === 3);
    this.eraseBtn.hidden = kind !== 'mistakes' || !this.mistakeCells.length;
    this.eraseBtn.textContent = t(this.mistakeCells.length === 1 ? 'hint_erase_one' : 'hint_erase_wrong');
    show('#hint-reveal', kind !== 'solved');
    const reveal = this.$('#hint-reveal');
    reveal.disabled = !this.actions.canReveal();
    reveal.title = reveal.disabled ? t('hint_reveal_need') : '';
  }
}
