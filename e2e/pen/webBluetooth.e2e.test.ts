/**
 * Browser test: the real pen driver in Chromium, talking Web Bluetooth to the simulator's
 * stand-in installed as `navigator.bluetooth`. The page (page/penDemo.ts) is bundled with
 * esbuild, loaded into headless Debian Chromium through playwright-core, connects a password-
 * protected pen, lets it write two strokes (the second across a page change) and reports the
 * completed strokes. Chromium must be installed at /usr/bin/chromium (`apt-get install -y
 * chromium`); without it this test fails, it is never skipped.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium';
import type { PenDemoResult } from './page/penDemo';

const here = dirname(fileURLToPath(import.meta.url));

async function bundle(): Promise<string> {
  const out = await build({
    entryPoints: [join(here, 'page', 'penDemo.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome110',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

describe('pen driver in Chromium over the Web Bluetooth stand-in', () => {
  it('connects, writes a scripted stroke and reports the strokes', async () => {
    const browser = await launchChromium();
    const errors: string[] = [];
    let result: PenDemoResult;
    try {
      const code = await bundle();
      const page = await browser.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.setContent('<!doctype html><html><head><title>pen</title></head><body></body></html>');
      await page.addScriptTag({ content: code });
      result = (await page.evaluate(() =>
        (globalThis as unknown as { penDemo: { run(): Promise<unknown> } }).penDemo.run(),
      )) as PenDemoResult;
    } finally {
      await browser.close();
    }

    expect(errors).toEqual([]);
    expect(result.connected).toBe(true);
    expect(result.connectedPens).toBe(1);
    expect(result.strokes.map((s) => [s.page, s.dots.length, s.multiPage])).toEqual([
      ['3.27.1068.1', 30, false],
      ['3.27.1068.1', 2, true],
      ['3.27.1068.2', 2, true],
    ]);
    const first = result.strokes[0]!;
    expect(first.mac).toBe('9C:7B:D2:12:34:56');
    expect(first.dots[0]![0]).toBeCloseTo(10, 2);
    expect(first.dots[0]![1]).toBeCloseTo(20, 2);
    expect(first.dots[29]![0]).toBeCloseTo(30, 2);
    expect(first.dots[29]![1]).toBeCloseTo(25, 2);
    expect(first.dots.every((d) => d[2] > 0)).toBe(true);
  }, 60_000);
});
