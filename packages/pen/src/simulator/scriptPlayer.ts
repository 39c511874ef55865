/**
 * Plays a handwriting script on the simulated pen, in scheduler time (pen-protocol.md §8.3,
 * §8.4, §13): strokes stream as real-time events when the host enabled streaming and the note
 * passes its filter; otherwise they go to offline memory (when offline save is on). The event
 * set follows the negotiated protocol: 0x69–0x6D from 2.12, 0x63–0x68 below; hover dots are 0x6F
 * from 2.18 and ordinary dots outside a stroke below.
 */
import type { PageAddress } from '@dotink/ncode';
import type { DotFields } from '../protocol/deviceMessages';
import type { OfflineDot, OfflineStroke } from '../protocol/offlineData';
import { ProtocolVersion } from '../protocol/wireFields';
import type { SimCore } from './core';
import {
  cadenceDtMs,
  type ScriptErrorDot,
  type ScriptHover,
  type ScriptItem,
  type ScriptStroke,
} from './script';

/** Whole nu and hundredths (§9.1), clamped to the `u16` range. */
export function splitNu(v: number): { whole: number; hundredths: number } {
  const c = Math.min(65535.99, Math.max(0, v));
  let whole = Math.floor(c);
  let hundredths = Math.round((c - whole) * 100);
  if (hundredths >= 100) {
    whole += 1;
    hundredths -= 100;
  }
  return { whole, hundredths };
}

/** True when a page passes the host's note filter. */
function passesFilter(core: SimCore, p: PageAddress): boolean {
  const f = core.session.filter;
  if (f === 'all') return true;
  return f.some(
    (n) => n.section === p.section && n.owner === p.owner && (n.book === 'all' || n.book === p.book),
  );
}

function dotFields(
  xNu: number,
  yNu: number,
  force: number,
  dtMs: number,
  tilt: { tiltX?: number; tiltY?: number; twist?: number },
): DotFields {
  const x = splitNu(xNu);
  const y = splitNu(yNu);
  return {
    dtMs: Math.min(255, Math.max(0, Math.round(dtMs))),
    force: Math.min(0xffff, Math.max(0, Math.round(force))),
    x: x.whole,
    y: y.whole,
    fx: x.hundredths,
    fy: y.hundredths,
    tiltX: tilt.tiltX ?? 90,
    tiltY: tilt.tiltY ?? 90,
    twist: tilt.twist ?? 0,
  };
}

interface OfflineSegment {
  page: PageAddress;
  downTimeMs: number;
  lastTimeMs: number;
  dots: OfflineDot[];
  pendingDt: number;
}

/** Plays one stroke; calls `done` after pen up. */
function playStroke(core: SimCore, s: ScriptStroke, done: () => void): void {
  const modern = () => core.protocol() >= ProtocolVersion.eventCounter;
  const tip = s.penTipType ?? 0;
  const color = s.colorArgb ?? 0xff000000;
  let t = core.penTimeMs();
  let page = s.page;
  let online = core.connected && core.session.streaming && passesFilter(core, page);
  let dotsSent = 0;
  let errors = 0;
  let consecutiveErrors = 0;
  let dotIndex = 0;
  const segments: OfflineSegment[] = [];
  let seg: OfflineSegment | undefined;

  const stillOnline = () => {
    if (online && !core.connected) online = false;
    return online;
  };
  const sendPage = () => {
    const a = { section: page.section, owner: page.owner, book: page.book, page: page.page };
    core.send(modern() ? { kind: 'pageInfo', ec: core.nextEc(), ...a } : { kind: 'legacyPageInfo', ...a });
  };
  const offlineSeg = (): OfflineSegment => {
    if (!seg || seg.page !== page) {
      seg = { page, downTimeMs: t, lastTimeMs: t, dots: [], pendingDt: 0 };
      segments.push(seg);
    }
    return seg;
  };

  if (!online && core.settings.offlineSave !== 0) offlineSeg();
  if (online) {
    core.send(
      modern()
        ? { kind: 'penDown', ec: core.nextEc(), timeMs: t, penTipType: tip, colorArgb: color }
        : { kind: 'legacyPenUpDown', up: false, timeMs: t, penTipType: tip, colorArgb: color },
    );
    sendPage();
  }

  let i = 0;
  const step = () => {
    while (i < s.samples.length && s.samples[i]!.kind === 'page') {
      page = (s.samples[i] as { page: PageAddress }).page;
      i++;
      if (stillOnline()) sendPage();
      else seg = undefined;
    }
    if (i >= s.samples.length) {
      core.scheduler.setTimer(s.upAfterMs ?? core.behaviour.upAfterMs, finish);
      return;
    }
    const sample = s.samples[i]!;
    const dt = sample.kind === 'page' ? 0 : (sample.dtMs ?? cadenceDtMs(dotIndex));
    dotIndex++;
    core.scheduler.setTimer(dt, () => {
      t += dt;
      i++;
      if (sample.kind === 'dot') {
        consecutiveErrors = 0;
        const d = dotFields(sample.xNu, sample.yNu, sample.force ?? 400, dt, sample);
        if (stillOnline()) {
          core.send(modern() ? { kind: 'dot', ec: core.nextEc(), ...d } : { kind: 'legacyDot', ...d });
          dotsSent++;
          if (s.dropLinkAfterDots !== undefined && dotsSent >= s.dropLinkAfterDots) {
            core.flush();
            core.dropLink();
          }
        } else if (core.settings.offlineSave !== 0) {
          const g = offlineSeg();
          g.dots.push({
            ...d,
            dtMs: Math.min(255, g.dots.length === 0 ? t - g.downTimeMs : g.pendingDt + dt),
          });
          g.pendingDt = 0;
          g.lastTimeMs = t;
        }
      } else if (sample.kind === 'error') {
        errors++;
        consecutiveErrors++;
        if (stillOnline()) sendError(core, sample, dt, consecutiveErrors, modern());
        else if (seg && seg.dots.length > 0) seg.pendingDt += dt;
      }
      step();
    });
  };

  const finish = () => {
    const upTime = t + (s.upAfterMs ?? core.behaviour.upAfterMs);
    if (stillOnline()) {
      core.send(
        modern()
          ? {
              kind: 'penUp',
              ec: core.nextEc(),
              timeMs: upTime,
              dotCount: dotsSent,
              totalImageCount: dotsSent + errors,
              processedImageCount: dotsSent + errors,
              successImageCount: dotsSent,
              sentImageCount: dotsSent,
            }
          : { kind: 'legacyPenUpDown', up: true, timeMs: upTime, penTipType: tip, colorArgb: color },
      );
    }
    for (const g of segments) {
      if (g.dots.length === 0) continue;
      const stroke: OfflineStroke = {
        page: g.page.page,
        downTimeMs: g.downTimeMs,
        upTimeMs: g === segments.at(-1) ? upTime : g.lastTimeMs,
        penTipType: tip,
        colorArgb: color,
        dots: g.dots,
      };
      core.store.add(g.page, stroke);
    }
    done();
  };
  step();
}

function sendError(core: SimCore, e: ScriptErrorDot, dt: number, count: number, modern: boolean): void {
  const f = {
    dtMs: Math.min(255, dt),
    force: e.force ?? 0,
    brightness: e.brightness ?? 0,
    exposureTime: e.exposureTime ?? 0,
    ndacProcessTime: e.ndacProcessTime ?? 0,
    labelCount: e.labelCount ?? 0,
    ndacErrorCode: e.ndacErrorCode ?? 1,
    classType: e.classType ?? 0,
    errorCount: Math.min(255, count),
  };
  core.send(modern ? { kind: 'dotError', ec: core.nextEc(), ...f } : { kind: 'legacyDotError', ...f });
}

/** Plays a hover run; calls `done` after the last point. */
function playHover(core: SimCore, h: ScriptHover, done: () => void): void {
  const v = core.protocol();
  const live = () => core.connected && core.session.streaming && core.settings.hover;
  if (live() && h.page) {
    const a = { section: h.page.section, owner: h.page.owner, book: h.page.book, page: h.page.page };
    core.send(
      v >= ProtocolVersion.eventCounter
        ? { kind: 'pageInfo', ec: core.nextEc(), ...a }
        : { kind: 'legacyPageInfo', ...a },
    );
  }
  let i = 0;
  const step = () => {
    if (i >= h.points.length) {
      done();
      return;
    }
    const p = h.points[i]!;
    const dt = p.dtMs ?? cadenceDtMs(i);
    core.scheduler.setTimer(dt, () => {
      i++;
      if (live()) {
        const d = dotFields(p.xNu, p.yNu, 0, dt, {});
        if (v >= ProtocolVersion.hover) {
          core.send({ kind: 'hoverDot', dtMs: d.dtMs, x: d.x, y: d.y, fx: d.fx, fy: d.fy });
        } else if (v >= ProtocolVersion.eventCounter) core.send({ kind: 'dot', ec: core.nextEc(), ...d });
        else core.send({ kind: 'legacyDot', ...d });
      }
      step();
    });
  };
  step();
}

/** Plays one script item; calls `done` when it is over. */
export function playItem(core: SimCore, item: ScriptItem, done: () => void): void {
  switch (item.kind) {
    case 'stroke':
      core.scheduler.setTimer(item.gapBeforeMs ?? 0, () => playStroke(core, item, done));
      return;
    case 'hover':
      core.scheduler.setTimer(item.gapBeforeMs ?? 0, () => playHover(core, item, done));
      return;
    case 'pause':
      core.scheduler.setTimer(item.ms, done);
      return;
    case 'lowBattery':
      core.settings.battery = (core.settings.battery & 0x80) | (item.levelPercent & 0x7f);
      core.send({ kind: 'lowBattery', levelPercent: item.levelPercent });
      done();
      return;
    case 'powerOff':
      core.send({ kind: 'powerOff', reason: item.reason });
      core.flush();
      core.dropLink();
      done();
      return;
    case 'dropLink':
      core.dropLink();
      done();
      return;
  }
}

/** The offline strokes a script stroke leaves in memory when written with no host (instantly). */
export function offlineStrokesOf(
  s: ScriptStroke,
  downTimeMs: number,
): { page: PageAddress; stroke: OfflineStroke }[] {
  const out: { page: PageAddress; stroke: OfflineStroke }[] = [];
  let page = s.page;
  let t = downTimeMs;
  let cur: { page: PageAddress; down: number; last: number; dots: OfflineDot[]; pending: number } | undefined;
  const close = (upTimeMs: number) => {
    if (cur && cur.dots.length > 0) {
      out.push({
        page: cur.page,
        stroke: {
          page: cur.page.page,
          downTimeMs: cur.down,
          upTimeMs,
          penTipType: s.penTipType ?? 0,
          colorArgb: s.colorArgb ?? 0xff000000,
          dots: cur.dots,
        },
      });
    }
    cur = undefined;
  };
  let k = 0;
  for (const sample of s.samples) {
    if (sample.kind === 'page') {
      close(t);
      page = sample.page;
      continue;
    }
    const dt = sample.dtMs ?? cadenceDtMs(k++);
    t += dt;
    if (!cur) cur = { page, down: t - dt, last: t - dt, dots: [], pending: 0 };
    if (sample.kind === 'error') {
      cur.pending += dt;
      continue;
    }
    const d = dotFields(sample.xNu, sample.yNu, sample.force ?? 400, dt, sample);
    cur.dots.push({ ...d, dtMs: Math.min(255, cur.dots.length === 0 ? t - cur.down : cur.pending + dt) });
    cur.pending = 0;
    cur.last = t;
  }
  close(t + (s.upAfterMs ?? 9));
  return out;
}
