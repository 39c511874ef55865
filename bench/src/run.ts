/**
 * `npm run bench`: runs every `*.bench.ts` in this folder (or those named on the command line)
 * and prints each figure beside its budget. Exits 1 if any budget is missed.
 *
 * Each bench file runs in a process of its own, so no figure carries what an earlier bench left
 * behind (a grown heap, a busy garbage collector, worker threads, a higher resident size).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bench, formatFigure } from './budget';

const here = dirname(fileURLToPath(import.meta.url));
/** Set in a child process: the one bench file it runs. */
const CHILD_ENV = 'DOTINK_BENCH_FILE';
/** The line a child ends with: its counts, read by the parent (not shown). */
const COUNTS_PREFIX = '__dotink_bench_counts ';

interface Counts {
  passed: number;
  failed: number;
}

/** Runs one bench file in this process and prints its figures. */
async function runFile(file: string): Promise<Counts> {
  const mod = (await import(`./${file}`)) as { default: Bench };
  console.log(`\n# ${mod.default.name} (${file})`);
  const counts = { passed: 0, failed: 0 };
  for (const figure of await mod.default.run()) {
    console.log(formatFigure(figure));
    if (figure.pass) counts.passed++;
    else counts.failed++;
  }
  return counts;
}

/** Runs one bench file in a child process (its output passed through); answers its counts. */
function runChild(file: string): Promise<Counts> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, join(here, 'run.ts')], {
      env: { ...process.env, [CHILD_ENV]: file },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let counts: Counts | undefined;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        if (line.startsWith(COUNTS_PREFIX)) counts = JSON.parse(line.slice(COUNTS_PREFIX.length)) as Counts;
        else process.stdout.write(`${line}\n`);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (rest) process.stdout.write(rest);
      if (counts) resolve(counts);
      else {
        console.log(`FAIL  ${file} ended (exit ${code}) before printing its figures`);
        resolve({ passed: 0, failed: 1 });
      }
    });
  });
}

const childFile = process.env[CHILD_ENV];
if (childFile) {
  const counts = await runFile(childFile);
  console.log(`${COUNTS_PREFIX}${JSON.stringify(counts)}`);
  process.exit(0);
}

const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
let passed = 0;
for (const file of files) {
  const counts = await runChild(file);
  passed += counts.passed;
  failed += counts.failed;
}
console.log(`\nbudgets: ${passed} met, ${failed} missed`);
process.exit(failed === 0 ? 0 : 1);
