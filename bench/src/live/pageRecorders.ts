/**
 * What the live-lesson bench (liveLesson.bench.ts) records in the pages it drives: scripts added
 * to the teacher's tab and the stations' tabs before their own, and the matching of the dots the
 * teacher's tiles drew to the strokes the stations sent.
 */

/** The teacher tab's recorders: the live screen's latency probe and an animation-frame clock. */
export const TEACHER_PROBE = `(() => {
  const w = window;
  w.__lat = [];
  w.__latAt = [];
  w.__latOldest = [];
  w.__drawn = new Map();
  w.__dotinkLiveProbe = (key, newestMs, drawnAtMs, dots, oldestMs) => {
    w.__lat.push(drawnAtMs - (oldestMs ?? newestMs));
    w.__latAt.push(drawnAtMs);
    w.__latOldest.push(oldestMs ?? newestMs);
    w.__drawn.set(key, Math.max(w.__drawn.get(key) ?? 0, dots));
  };
  w.__frames = [];
  w.__recordFrames = (on) => {
    w.__framesOn = on;
    if (!on) return;
    const tick = (t) => {
      if (!w.__framesOn) return;
      w.__frames.push(performance.timeOrigin + t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
})();`;

/**
 * Where the time goes, for the note: a station records, for each `strokeDots` message it sends,
 * the age of its oldest dot (pen time → socket send); the teacher records the same age when its
 * main thread handles the message (→ received). Dot-to-pixel is the probe's (→ drawn).
 *
 * The recorders run on the measured main threads, so the frequent `strokeDots` (the compact JSON
 * of `encodeRemoteMessage`) are read by two patterns, not parsed whole: the key, the first dot's
 * time (its fourth number) and the number of dots (the brackets after `"dots":`).
 */
const STROKE_DOTS_READER = `
  const KEY = /"key":"([^"]*)"/;
  const FIRST_TIME = /"dots":\\[\\[[^,\\]]*,[^,\\]]*,[^,\\]]*,([^\\]]*)\\]/;
  const firstTime = (text) => { const m = FIRST_TIME.exec(text); return m ? Number(m[1]) : undefined; };
  const dotCount = (text) => {
    let n = 0;
    for (let i = text.indexOf('"dots":[') + 8; (i = text.indexOf('[', i)) >= 0; i++) n++;
    return n;
  };`;
export const SEND_RECORDER = `(() => {${STROKE_DOTS_READER}
  const ages = [];
  const ats = [];
  window.__sendAges = ages;
  window.__sendAt = ats;
  // what the station sent, per live stroke key: the stroke's identity and its dots
  const strokes = new Map();
  window.__sentStrokes = strokes;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.includes('"strokeDots"')) {
      const t = firstTime(data);
      if (t !== undefined) {
        const now = Date.now();
        ages.push(now - t);
        ats.push(now);
        const s = strokes.get(KEY.exec(data)[1]);
        if (s) s.dots += dotCount(data);
      }
    } else if (typeof data === 'string' && data.includes('"stroke')) {
      const m = JSON.parse(data);
      if ((m.type === 'strokeOpen' || m.type === 'stroke') && m.stroke.dots.length) {
        const t = m.stroke;
        // a socket opened again sends the open stroke from its first dot: counted afresh
        strokes.set(t.key, { page: t.page, writer: t.writerId, mac: m.mac, t0: t.dots[0][3], dots: t.dots.length });
      }
    }
    return send.call(this, data);
  };
})();`;
export const RECEIVE_RECORDER = `(() => {${STROKE_DOTS_READER}
  const ages = [];
  const ats = [];
  window.__receiveAges = ages;
  window.__receiveAt = ats;
  window.__socketsOpened = 0;
  // the teacher's reads of the ink store (a tile's page, a catch-up after a socket outage)
  window.__inkReads = 0;
  const f = window.fetch;
  window.fetch = (u, i) => {
    if (String(u instanceof Request ? u.url : u).includes('/inkstore/')) window.__inkReads++;
    return f(u, i);
  };
  const Base = WebSocket;
  window.WebSocket = class extends Base {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => window.__socketsOpened++);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string') return;
        const now = Date.now();
        for (const line of e.data.split('\\n')) {
          if (!line.includes('"strokeDots"')) continue;
          const t = firstTime(line);
          if (t !== undefined) {
            ages.push(now - t);
            ats.push(now);
          }
        }
      });
    }
  };
})();`;

/** A live stroke a station sent: its identity's parts and the dots sent. */
export interface SentStroke {
  readonly page: string;
  readonly writer: string;
  readonly mac: string;
  /** Pen time of its first dot. */
  readonly t0: number;
  readonly dots: number;
}

const macDigits = (mac: string) => mac.replace(/[^0-9a-f]/gi, '').toUpperCase();

/**
 * The dots the teacher drew of the strokes the stations sent: for each stroke sent, the most
 * dots drawn of it under any key (its live key, or the stored key of the same stroke read back
 * from the ink store, matched by page, writer, pen and start time within a millisecond), at most
 * the dots sent (a stroke drawn twice counts once).
 */
export function matchDrawn(
  sent: ReadonlyMap<string, SentStroke>,
  drawn: readonly (readonly [string, number])[],
): { dots: number; strokes: number; unmatched: number } {
  const byIdentity = new Map<string, string>();
  const identity = (page: string, writer: string, mac: string, t: number) =>
    `${page}/${writer}/${macDigits(mac)}/${t}`;
  for (const [key, s] of sent) {
    const t = Math.round(s.t0);
    for (const dt of [0, -1, 1]) byIdentity.set(identity(s.page, s.writer, s.mac, t + dt), key);
  }
  const best = new Map<string, number>();
  let unmatched = 0;
  for (const [key, dots] of drawn) {
    let sentKey: string | undefined = sent.has(key) ? key : undefined;
    if (!sentKey) {
      const parts = key.split('/');
      if (parts.length === 4)
        sentKey = byIdentity.get(identity(parts[0]!, parts[1]!, parts[2]!, Number(parts[3])));
    }
    if (!sentKey) {
      unmatched += 1;
      continue;
    }
    best.set(sentKey, Math.max(best.get(sentKey) ?? 0, dots));
  }
  let dots = 0;
  for (const [key, n] of best) dots += Math.min(n, sent.get(key)!.dots);
  return { dots, strokes: best.size, unmatched };
}
