import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectVendorData, vendorDataBanner } from './vendorDataReport';

describe('the start banner on the vendor data directory', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotink-vendor-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('says the directory is missing, names every part and where it goes', async () => {
    const dir = join(tempDir(), 'ncode');
    const lines = vendorDataBanner(await inspectVendorData(dir));
    expect(lines[0]).toContain(`${dir} is missing (NCODE_DATA_DIR)`);
    const text = lines.join('\n');
    for (const part of ['nbs.json.gz', 'code', 'books', 'nproj']) expect(text).toContain(join(dir, part));
    expect(text).toContain('the paper catalogue');
    expect(text).toContain('answer 503');
  });

  it('says the directory is empty', async () => {
    const dir = tempDir();
    const lines = vendorDataBanner(await inspectVendorData(dir));
    expect(lines[0]).toContain(`${dir} is empty`);
    expect(lines).toHaveLength(5);
  });

  it('names only what is missing, and nothing when all is there', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'nbs.json.gz'), 'x');
    mkdirSync(join(dir, 'code'));
    writeFileSync(join(dir, 'code', 'a'), 'x');
    mkdirSync(join(dir, 'books')); // empty: counts as missing
    const lines = vendorDataBanner(await inspectVendorData(dir));
    expect(lines[0]).toContain('lacks');
    expect(lines.slice(1).map((l) => l.trim().split(/\s+/)[0])).toEqual([
      join(dir, 'books'),
      join(dir, 'nproj'),
    ]);
    mkdirSync(join(dir, 'nproj'));
    writeFileSync(join(dir, 'nproj', 'b.nproj'), 'x');
    writeFileSync(join(dir, 'books', 'b.pdf'), 'x');
    expect(vendorDataBanner(await inspectVendorData(dir))).toEqual([]);
  });
});
