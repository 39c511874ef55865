/**
 * `npm run bench`: runs every `*.bench.ts` in this folder (or those named on the command line)
 * and prints each figure beside its budget. Exits 1 if any budget is missed.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bench, formatFigure } from './budget';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
let passed = 0;
for (const file of files) {
  const mod = (await import(`./${file}`)) as { default: Bench };
  console.log(`\n# ${mod.default.name} (${file})`);
  for (const figure of await mod.default.run()) {
    console.log(formatFigure(figure));
    if (figure.pass) passed++;
    else failed++;
  }
}
console.log(`\nbudgets: ${passed} met, ${failed} missed`);
process.exit(failed === 0 ? 0 : 1);
