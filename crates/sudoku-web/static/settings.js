// The player's settings, kept in localStorage.

const KEY = 'ds.settings';

const DEFAULTS = {
  autoNotes: true, // sent as auto_notes with every placement
  showConflicts: true, // rule conflicts (same digit twice in a house) as you type
  autoCheck: false, // compare with the solution after every placement (/check)
  digitFirst: false, // pick a digit on the pad, then tap the cells that take it
  intuitiveHints: false, // hints from the digits alone: singles, through locked candidates (直观)
  mistakeLimit: 0, // 0: none; otherwise the game is lost when reached
  highlightPeers: true,
  highlightSame: true,
  showTimer: true,
};

function load() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') };
  } catch {
    return { ...DEFAULTS };
  }
}

export const settings = load();

export function saveSettings() {
  localStorage.setItem(KEY, JSON.stringify(settings));
}

/** Small stored preferences other than settings (last new-game choice, theme). */
export const prefs = {
  get(key, fallback) {
    try {
      const v = localStorage.getItem(`ds.${key}`);
      return v == null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    localStorage.setItem(`ds.${key}`, JSON.stringify(value));
  },
};
