// The grid: builds the cells of a game's shape once, then repaints entries, notes, selection
// highlights, mistakes and the hint overlay (roles of a step, drawn as tints, marked
// candidates, house outlines and link lines).

import { t } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The character of a digit: 1-9, then A-G for 10-16. */
export function digitChar(d) {
  return d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

/** The digit of a key character (1-9, a-g / A-G up to n), or 0. */
export function charDigit(ch, n) {
  if (!ch || ch.length !== 1) return 0;
  let d = 0;
  if (ch >= '1' && ch <= '9') d = ch.charCodeAt(0) - 48;
  else if (/[a-z]/i.test(ch)) d = ch.toUpperCase().charCodeAt(0) - 55;
  return d >= 1 && d <= n ? d : 0;
}

export const cellName = (n, i) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

/** `r3c5` → index, or -1. */
export function cellIndex(n, name) {
  const m = /^r(\d+)c(\d+)$/i.exec(name || '');
  if (!m) return -1;
  const r = +m[1] - 1;
  const c = +m[2] - 1;
  return r >= 0 && r < n && c >= 0 && c < n ? r * n + c : -1;
}

/** The shape of the pencil-mark grid inside a cell: [columns, rows]. */
function noteShape(n) {
  if (n === 4) return [2, 2];
  if (n === 6) return [3, 2];
  if (n === 16) return [4, 4];
  return [3, 3];
}

const NOTE_PAD = 0.06; // the notes grid's padding, as a share of the cell (see style.css)

/** The cells of a house `r4`, `c7`, `b3`, `d1`, `d2` as indices. */
export function houseCells(shape, house) {
  const { n, box_rows: br, box_cols: bc } = shape;
  const m = /^([rcbd])(\d+)$/i.exec(house || '');
  if (!m) return [];
  const k = +m[2] - 1;
  const out = [];
  switch (m[1].toLowerCase()) {
    case 'r':
      for (let c = 0; c < n; c++) out.push(k * n + c);
      break;
    case 'c':
      for (let r = 0; r < n; r++) out.push(r * n + k);
      break;
    case 'b': {
      const perRow = n / bc;
      const r0 = Math.floor(k / perRow) * br;
      const c0 = (k % perRow) * bc;
      for (let r = r0; r < r0 + br; r++) for (let c = c0; c < c0 + bc; c++) out.push(r * n + c);
      break;
    }
    case 'd':
      for (let r = 0; r < n; r++) out.push(r * n + (k === 0 ? r : n - 1 - r));
      break;
  }
  return out;
}

/** Row, column and box of every cell; diagonals too for the diagonal variant. */
export function peerHouses(game) {
  const n = game.n;
  const houses = [];
  for (let k = 0; k < n; k++) {
    houses.push(houseCells(game, `r${k + 1}`), houseCells(game, `c${k + 1}`), houseCells(game, `b${k + 1}`));
  }
  if (game.variant === 'diagonal') houses.push(houseCells(game, 'd1'), houseCells(game, 'd2'));
  return houses;
}

/** Cells whose digit clashes with the same digit in one of their houses. */
export function conflictCells(game) {
  const out = new Set();
  for (const house of peerHouses(game)) {
    const seen = new Map();
    for (const i of house) {
      const d = game.cells[i].digit;
      if (!d) continue;
      if (seen.has(d)) {
        out.add(i);
        out.add(seen.get(d));
      } else seen.set(d, i);
    }
  }
  return out;
}

/** A hint's highlights parsed into what the board draws. */
export function parseHighlights(n, highlights) {
  const houses = []; // { house, role }
  const cells = new Map(); // index → Set(role)
  const cands = new Map(); // index → Map(digit → Set(role))
  const chain = []; // { i, d, role } for links, in order
  for (const { target, role } of highlights || []) {
    const cand = /^([1-9A-Z])(r\d+c\d+)$/i.exec(target);
    if (cand) {
      const i = cellIndex(n, cand[2]);
      const d = /[1-9]/.test(cand[1]) ? +cand[1] : cand[1].toUpperCase().charCodeAt(0) - 55;
      if (i < 0) continue;
      if (!cands.has(i)) cands.set(i, new Map());
      const m = cands.get(i);
      if (!m.has(d)) m.set(d, new Set());
      m.get(d).add(role);
      if (role === 'link_strong' || role === 'link_weak') chain.push({ i, d, role });
      continue;
    }
    const i = cellIndex(n, target);
    if (i >= 0) {
      if (!cells.has(i)) cells.set(i, new Set());
      cells.get(i).add(role);
      continue;
    }
    if (/^[rcbd]\d+$/i.test(target)) houses.push({ house: target.toLowerCase(), role });
  }
  return { houses, cells, cands, chain };
}

const CELL_ROLE_ORDER = ['placed', 'fin', 'endo_fin', 'extra', 'color_a', 'color_b', 'pattern', 'removed', 'seen'];
const CAND_ROLE_ORDER = ['removed', 'placed', 'fin', 'endo_fin', 'extra', 'color_a', 'color_b', 'pattern', 'link_strong', 'link_weak'];

function firstRole(set, order) {
  for (const r of order) if (set.has(r)) return r;
  return null;
}

export class Board {
  constructor(root, { onCellPointer }) {
    this.root = root;
    this.onCellPointer = onCellPointer;
    this.key = '';
    this.cellEls = [];
    this.grid = null;
    this.svg = null;
  }

  build(game) {
    const { n, box_rows: br, box_cols: bc, variant } = game;
    const key = `${n}/${br}/${bc}/${variant}`;
    if (key === this.key) return;
    this.key = key;
    this.n = n;
    this.root.replaceChildren();
    this.root.style.setProperty('--n', n);
    this.root.dataset.size = `${n}x${n}`;
    this.root.dataset.variant = variant;
    const grid = document.createElement('div');
    grid.className = 'grid';
    grid.setAttribute('role', 'grid');
    grid.id = 'grid';
    grid.dataset.testid = 'grid';
    const [nc, nr] = noteShape(n);
    grid.style.setProperty('--nc', nc);
    grid.style.setProperty('--nr', nr);
    this.cellEls = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'grid-row';
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const el = document.createElement('div');
        el.className = 'cell';
        el.setAttribute('role', 'gridcell');
        el.tabIndex = -1;
        el.dataset.cell = cellName(n, i);
        el.dataset.index = i;
        if ((c + 1) % bc === 0 && c + 1 < n) el.classList.add('box-r');
        if ((r + 1) % br === 0 && r + 1 < n) el.classList.add('box-b');
        if (c + 1 < n) el.classList.add('line-r');
        if (r + 1 < n) el.classList.add('line-b');
        if (variant === 'diagonal' && (r === c || r + c === n - 1)) el.classList.add('diag');
        const digit = document.createElement('span');
        digit.className = 'digit';
        const notes = document.createElement('div');
        notes.className = 'notes';
        notes.setAttribute('aria-hidden', 'true');
        for (let d = 1; d <= n; d++) {
          const s = document.createElement('span');
          s.className = 'note';
          s.dataset.d = d;
          // A space between the marks (not laid out in the grid) keeps "3 7 8" the visible
          // text, as the cell's label reads it, not "378".
          notes.append(s, ' ');
        }
        el.append(notes, digit);
        el.addEventListener('pointerdown', (ev) => this.onCellPointer(i, ev));
        row.append(el);
        this.cellEls.push(el);
      }
      grid.append(row);
    }
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'overlay');
    svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('aria-hidden', 'true');
    this.root.append(grid, svg);
    this.grid = grid;
    this.svg = svg;
  }

  /** Where a candidate's mark sits, in cell units. */
  candPoint(i, d) {
    const n = this.n;
    const [nc, nr] = noteShape(n);
    const k = d - 1;
    const inner = 1 - 2 * NOTE_PAD;
    return [
      (i % n) + NOTE_PAD + (((k % nc) + 0.5) * inner) / nc,
      Math.floor(i / n) + NOTE_PAD + ((Math.floor(k / nc) + 0.5) * inner) / nr,
    ];
  }

  /**
   * Repaints everything. `view`: { game, selected, conflicts: Set, wrong: Set, hint: parsed
   * highlights or null, mistakes: Set, settings }.
   */
  render(view) {
    const { game, selected, conflicts, wrong, hint, mistakes, settings } = view;
    this.build(game);
    const n = game.n;
    this.grid.setAttribute('aria-label', t('board_label', { size: game.size }));
    const selCell = selected >= 0 ? game.cells[selected] : null;
    // The digit picked on the pad (digit-first input), else the selected cell's digit.
    const selDigit = view.digit || (selCell && selCell.digit ? selCell.digit : 0);
    const sr = selected >= 0 ? Math.floor(selected / n) : -1;
    const sc = selected >= 0 ? selected % n : -1;
    const sb = selected >= 0 ? boxOf(game, selected) : -1;

    const houseTint = new Map(); // index → role
    if (hint) {
      for (const { house, role } of hint.houses) {
        for (const i of houseCells(game, house)) {
          if (!houseTint.has(i) || role === 'cover') houseTint.set(i, role);
        }
      }
    }

    for (let i = 0; i < n * n; i++) {
      const el = this.cellEls[i];
      const cell = game.cells[i];
      const r = Math.floor(i / n);
      const c = i % n;
      const cls = el.classList;
      cls.toggle('given', !!cell.given);
      cls.toggle('filled', !!cell.digit && !cell.given);
      cls.toggle('revealed', !!cell.digit && !!cell.revealed);
      cls.toggle('selected', i === selected);
      // while a hint is drawn, its colours alone tint the houses
      const diagPeer = game.variant === 'diagonal' && ((r === c && sr === sc) || (r + c === n - 1 && sr + sc === n - 1));
      const peer = !hint && settings.highlightPeers && selected >= 0 && i !== selected && (r === sr || c === sc || boxOf(game, i) === sb || diagPeer);
      cls.toggle('peer', !!peer);
      cls.toggle('same', !hint && settings.highlightSame && !!selDigit && cell.digit === selDigit && i !== selected);
      cls.toggle('conflict', conflicts.has(i));
      cls.toggle('wrong', wrong.has(i));
      cls.toggle('mistake', mistakes.has(i));
      el.tabIndex = i === selected || (selected < 0 && i === 0) ? 0 : -1;

      const digitEl = el.lastChild;
      const notesEl = el.firstChild;
      const text = cell.digit ? digitChar(cell.digit) : '';
      if (digitEl.textContent !== text) digitEl.textContent = text;

      // hint tints of the cell
      const hr = houseTint.get(i) || '';
      if (el.dataset.house !== hr) el.dataset.house = hr;
      let cr = '';
      if (hint) {
        const set = new Set(hint.cells.get(i) || []);
        const cm = hint.cands.get(i);
        if (cm) for (const roles of cm.values()) for (const x of roles) if (x !== 'removed') set.add(x);
        cr = firstRole(set, CELL_ROLE_ORDER) || '';
      }
      if (el.dataset.role !== cr) el.dataset.role = cr;
      // the player's colour marks: the cell's, and its candidates' (below)
      const ck = cell.colour ? String(cell.colour) : '';
      if (el.dataset.colour !== ck) el.dataset.colour = ck;
      const noteColours = cell.note_colours || {};

      // notes, with the hint's candidate marks (shown even when the player has no notes)
      const notes = new Set(cell.notes || []);
      const marks = hint && !cell.digit ? hint.cands.get(i) : null;
      const showNotes = !cell.digit;
      const shown = []; // the digits in the notes area, the player's and the hint's
      let ghosts = 0; // how many of them the hint adds
      for (let d = 1; d <= n; d++) {
        const s = notesEl.children[d - 1];
        const mark = marks && marks.has(d) ? firstRole(marks.get(d), CAND_ROLE_ORDER) : null;
        const has = showNotes && notes.has(d);
        const label = has || mark ? digitChar(d) : '';
        if (s.textContent !== label) s.textContent = label;
        const mk = mark || '';
        if (s.dataset.mark !== mk) s.dataset.mark = mk;
        const nk = has && noteColours[d] ? String(noteColours[d]) : '';
        if (s.dataset.colour !== nk) s.dataset.colour = nk;
        s.classList.toggle('ghost', !!mark && !has);
        if (label) shown.push(label);
        if (mark && !has) ghosts++;
        s.classList.toggle('note-same', !hint && has && settings.highlightSame && d === selDigit);
      }

      let label;
      if (cell.digit) label = t(cell.given ? 'cell_given' : cell.revealed ? 'cell_revealed' : 'cell_digit', { cell: cellName(n, i), digit: digitChar(cell.digit) });
      else if (notes.size) label = t('cell_notes', { cell: cellName(n, i), notes: [...notes].sort((a, b) => a - b).map(digitChar).join(' ') });
      else label = t('cell_empty', { cell: cellName(n, i) });
      // What a hint draws in the cell is read out too (its visible text is in its name).
      if (ghosts) label += t('cell_hint_marks', { marks: shown.join(' ') });
      if (ck) label += t('cell_colour_mark', { colour: t(`colour_${ck}`) });
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      el.setAttribute('aria-selected', i === selected ? 'true' : 'false');
      if (cell.given) el.setAttribute('aria-readonly', 'true');
      else el.removeAttribute('aria-readonly');
    }
    this.drawOverlay(game, hint);
  }

  drawOverlay(game, hint) {
    const svg = this.svg;
    svg.replaceChildren();
    const n = game.n;
    if (game.variant === 'diagonal') {
      svg.append(line(0, 0, n, n, 'diag-line'), line(n, 0, 0, n, 'diag-line'));
    }
    if (!hint) return;
    for (const { house, role } of hint.houses) {
      const cells = houseCells(game, house);
      if (!cells.length || house.startsWith('d')) continue;
      const rs = cells.map((i) => Math.floor(i / n));
      const cs = cells.map((i) => i % n);
      const x0 = Math.min(...cs);
      const y0 = Math.min(...rs);
      const rect = document.createElementNS(SVG, 'rect');
      const inset = 0.06;
      rect.setAttribute('x', x0 + inset);
      rect.setAttribute('y', y0 + inset);
      rect.setAttribute('width', Math.max(...cs) - x0 + 1 - 2 * inset);
      rect.setAttribute('height', Math.max(...rs) - y0 + 1 - 2 * inset);
      rect.setAttribute('rx', 0.18);
      rect.setAttribute('class', `house-outline role-${role}`);
      svg.append(rect);
    }
    // almost locked sets: each a shaded group of cells
    (hint.sets || []).forEach((set, k) => {
      for (const name of set.cells) {
        const i = cellIndex(n, name);
        if (i < 0) continue;
        const rect = document.createElementNS(SVG, 'rect');
        rect.setAttribute('x', (i % n) + 0.04);
        rect.setAttribute('y', Math.floor(i / n) + 0.04);
        rect.setAttribute('width', 0.92);
        rect.setAttribute('height', 0.92);
        rect.setAttribute('rx', 0.12);
        rect.setAttribute('class', `als-set als-${k % 4}`);
        rect.dataset.testid = 'als-set';
        svg.append(rect);
      }
    });
    // chains from the step's own data: an arrow per link, strong solid and weak dashed; a
    // forcing chain's branches one at a time (the others faint)
    const chains = hint.chains || [];
    if (chains.length) {
      svg.append(arrowDefs());
      chains.forEach((chain, k) => {
        const faint = chains.length > 1 && k !== (hint.branch || 0);
        for (let j = 0; j + 1 < chain.nodes.length; j++) {
          const kind = chain.links[j] === 'weak' ? 'weak' : 'strong';
          const a = this.nodePoint(chain.nodes[j]);
          const b = this.nodePoint(chain.nodes[j + 1]);
          if (!a || !b || (a[0] === b[0] && a[1] === b[1])) continue;
          const el = this.arrow(a, b, kind);
          if (faint) el.classList.add('faint');
          el.dataset.testid = `chain-link-${kind}`;
          svg.append(el);
        }
      });
      return;
    }
    // links: consecutive link candidates that see each other
    const ch = hint.chain;
    for (let k = 1; k < ch.length; k++) {
      const a = ch[k - 1];
      const b = ch[k];
      if (a.i === b.i || !sees(game, a.i, b.i)) continue;
      const kind = b.role === 'link_weak' || a.role === 'link_weak' ? 'weak' : 'strong';
      svg.append(this.link(a, b, kind));
    }
    // A chain that ends in a weak link goes on by a strong link to a candidate marked only as
    // pattern (the far end of the second strong link of a Skyscraper or a 2-String Kite).
    const last = ch[ch.length - 1];
    if (last && last.role === 'link_weak') {
      const inChain = new Set(ch.map((c) => `${c.i}/${c.d}`));
      const end = [...hint.cands].find(([i, m]) => i !== last.i && !inChain.has(`${i}/${last.d}`) && m.has(last.d) && m.get(last.d).has('pattern') && sees(game, i, last.i));
      if (end) svg.append(this.link(last, { i: end[0], d: last.d }, 'strong'));
    }
  }

  /** Where a chain node is drawn: its candidate, or the middle of a group's candidates. */
  nodePoint(node) {
    const pts = node.cells.map((c) => cellIndex(this.n, c)).filter((i) => i >= 0).map((i) => this.candPoint(i, node.digit));
    if (!pts.length) return null;
    return [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
  }

  /** An arrow from one point to another, stopping short of both marks. */
  arrow([x1, y1], [x2, y2], kind) {
    const len = Math.hypot(x2 - x1, y2 - y1);
    const cut = Math.min(0.18, len / 3);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const l = line(x1 + ux * cut, y1 + uy * cut, x2 - ux * cut, y2 - uy * cut, `link link-${kind} chain-arrow`);
    l.setAttribute('marker-end', `url(#arrow-${kind})`);
    return l;
  }

  /** A link line between two candidates, stopping short of the marks so they stay readable. */
  link(a, b, kind) {
    const [x1, y1] = this.candPoint(a.i, a.d);
    const [x2, y2] = this.candPoint(b.i, b.d);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const cut = Math.min(0.16, len / 3);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    return line(x1 + ux * cut, y1 + uy * cut, x2 - ux * cut, y2 - uy * cut, `link link-${kind}`);
  }

  focusCell(i) {
    const el = this.cellEls[i];
    if (el && document.activeElement !== el) el.focus({ preventScroll: true });
  }

  /** A short celebration: the cells ripple from the top-left corner. */
  celebrate() {
    const n = this.n;
    this.cellEls.forEach((el, i) => {
      el.style.animationDelay = `${(Math.floor(i / n) + (i % n)) * 35}ms`;
      el.classList.remove('wave');
      void el.offsetWidth;
      el.classList.add('wave');
    });
  }
}

/** Arrowheads for chain links (one per kind, so each takes its link's colour). */
function arrowDefs() {
  const defs = document.createElementNS(SVG, 'defs');
  for (const kind of ['strong', 'weak']) {
    const m = document.createElementNS(SVG, 'marker');
    m.setAttribute('id', `arrow-${kind}`);
    m.setAttribute('viewBox', '0 0 10 10');
    m.setAttribute('refX', '9');
    m.setAttribute('refY', '5');
    m.setAttribute('markerWidth', '5');
    m.setAttribute('markerHeight', '5');
    m.setAttribute('orient', 'auto-start-reverse');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', 'M0,0 L10,5 L0,10 z');
    path.setAttribute('class', `arrowhead arrowhead-${kind}`);
    m.append(path);
    defs.append(m);
  }
  return defs;
}

function line(x1, y1, x2, y2, cls) {
  const l = document.createElementNS(SVG, 'line');
  l.setAttribute('x1', x1);
  l.setAttribute('y1', y1);
  l.setAttribute('x2', x2);
  l.setAttribute('y2', y2);
  l.setAttribute('class', cls);
  l.setAttribute('vector-effect', 'non-scaling-stroke');
  return l;
}

function boxOf(game, i) {
  const { n, box_rows: br, box_cols: bc } = game;
  const r = Math.floor(i / n);
  const c = i % n;
  return Math.floor(r / br) * (n / bc) + Math.floor(c / bc);
}

function sees(game, a, b) {
  const n = game.n;
  if (Math.floor(a / n) === Math.floor(b / n) || a % n === b % n || boxOf(game, a) === boxOf(game, b)) return true;
  if (game.variant === 'diagonal') {
    const on = (i, k) => (k === 0 ? Math.floor(i / n) === i % n : Math.floor(i / n) + (i % n) === n - 1);
    return (on(a, 0) && on(b, 0)) || (on(a, 1) && on(b, 1));
  }
  return false;
}
