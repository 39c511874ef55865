/**
 * The pen station's service worker precaches the classroom build (issue 29 item 6): every file it
 * lists must be in the build, or its install fails (Cache.addAll rejects on one 404) and the
 * station never loads offline. A chunk that holds only CSS is dropped from the build after the
 * bundle is first written (the analytics 'pupil' chunk after the pupil report came), and the list
 * named it: the station's worker never installed (stationOutage.e2e timed out). Cache.addAll also
 * rejects a list that names one file twice (InvalidStateError): once the list was made after Vite's
 * own hooks, the page was both an extra file and a built one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClassroom } from './support/buildClassroom';

describe("the pen station's service worker", () => {
  it('precaches only files that are in the build, each once, and every built script', async () => {
    const dist = await buildClassroom();
    const worker = readFileSync(join(dist, 'station-sw.js'), 'utf8');
    const all = [...worker.matchAll(/"\.\/([^"]*)"/g)].map((m) => m[1]!);
    expect(all.filter((f, i) => all.indexOf(f) !== i)).toEqual([]);
    expect(all).toContain('index.html');
    const listed = all.filter((f) => f !== 'index.html');
    expect(listed.length).toBeGreaterThan(20);
    expect(listed.filter((f) => !existsSync(join(dist, f)))).toEqual([]);
    const page = readFileSync(join(dist, 'index.html'), 'utf8');
    for (const script of page.matchAll(/src="\/(assets\/[^"]+\.js)"/g)) expect(listed).toContain(script[1]);
  }, 300_000);
});
