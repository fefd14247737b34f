// The server's JSON API (crates/sudoku-web/API.md): one function per endpoint, errors as ApiError.

/** An error answer of the API: `{ error: { code, field, message, line?, column? } }`. */
export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    super(e.message || `HTTP ${status}`);
    /** The same in Chinese (every error answer of the server has one). */
    this.messageZh = e.message_zh || null;
    this.status = status;
    this.code = e.code || 'http';
    this.field = e.field || null;
    this.line = e.line ?? null;
    this.column = e.column ?? null;
  }
}

let pending = 0;

/** Counts work in flight on `<html data-pending>` (tests wait for "0"). */
export function busy(delta) {
  pending += delta;
  document.documentElement.dataset.pending = String(pending);
}
busy(0);

async function call(method, path, body) {
  busy(1);
  try {
    return await request(method, path, body);
  } finally {
    busy(-1);
  }
}

async function request(method, path, body) {
  const init = { method, headers: {}, credentials: 'same-origin' };
  if (body instanceof Blob) {
    // A file sent as it is (a workbook to import).
    init.headers['Content-Type'] = body.type || 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(`/api${path}`, init);
  } catch (err) {
    throw new ApiError(0, { error: { code: 'network', message: String(err.message || err) } });
  }
  const text = await res.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

const g = (id) => `/games/${encodeURIComponent(id)}`;

export const api = {
  config: () => call('GET', '/config'),
  newGame: (opts) => call('POST', '/games', opts),
  importGame: (opts) => call('POST', '/games/import', opts),
  importWorkbook: (file, opts) => call('POST', `/games/import-workbook?${new URLSearchParams(opts)}`, file),
  games: () => call('GET', '/games'),
  current: () => call('GET', '/games/current'),
  game: (id) => call('GET', g(id)),
  move: (id, move) => call('POST', `${g(id)}/moves`, move),
  undo: (id) => call('POST', `${g(id)}/undo`),
  redo: (id) => call('POST', `${g(id)}/redo`),
  restart: (id) => call('POST', `${g(id)}/restart`),
  pause: (id) => call('POST', `${g(id)}/pause`),
  resume: (id) => call('POST', `${g(id)}/resume`),
  hint: (id, stage, lang, style = 'logic') => call('POST', `${g(id)}/hint`, { stage, lang, style }),
  check: (id) => call('POST', `${g(id)}/check`),
  /** Shows the solution; with `mistakeLimit` (the page's limit, reached) the game is lost. */
  solve: (id, mistakeLimit) => call('POST', `${g(id)}/solve`, mistakeLimit ? { mistake_limit: mistakeLimit } : undefined),
  stats: (date) => call('GET', date ? `/stats?date=${encodeURIComponent(date)}` : '/stats'),
  daily: (date) => call('GET', `/daily?date=${encodeURIComponent(date)}`),
  playDaily: (rung, date) => call('POST', '/daily', { rung, date }),
  drill: (kind) => call('POST', `/drill?drill=${encodeURIComponent(kind)}`),
  /** `reply`: `{ digit }`, or `{ cell }` where the question asks where a digit goes. */
  drillAnswer: (id, reply) => call('POST', `/drill/${encodeURIComponent(id)}/answer`, reply),
  /** Pauses a game while the page goes away (a request that outlives the page). */
  pauseBeacon(id) {
    const url = `/api${g(id)}/pause`;
    if (navigator.sendBeacon) {
      navigator.sendBeacon(url, new Blob(['{}'], { type: 'application/json' }));
    } else {
      fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
    }
  },
};
