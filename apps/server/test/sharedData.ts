/**
 * The shared vendor data for server tests, located by the repository's `test-support/shared.ts`
 * (`sharedDir`, overridable with DOTINK_SHARED_DIR). Loaded by URL: that file lies outside this
 * project's TypeScript root.
 */
import { join } from 'node:path';

const sharedModule = new URL('../../../test-support/shared.ts', import.meta.url).href;
const { sharedDir } = (await import(sharedModule)) as { sharedDir: string };

/** `shared/data/ncode`: nbs.json.gz, code/s3-o27-b1068/…, nproj/…; point NCODE_DATA_DIR here. */
export const sharedNcodeDir = join(sharedDir, 'data', 'ncode');
