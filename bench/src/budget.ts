/** Bytes in a kB and an MB: every bench prints decimal units (kB = 1000 B, MB = 10^6 B). */
export const KB = 1000;
export const MB = 1_000_000;

/** A benchmark's figure set beside the budget an issue states. */
export interface Figure {
  /** What was measured, e.g. "decode 17-byte stroke form". */
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The budget as text, e.g. "≥ 5,000,000". */
  readonly budget: string;
  readonly pass: boolean;
  /** Why the figure could not be measured (it then fails: a budget not measured is not met). */
  readonly notMeasured?: string;
}

/** A benchmark module: one or more figures. */
export interface Bench {
  readonly name: string;
  run(): Promise<readonly Figure[]>;
}

const fmt = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toPrecision(3).replace(/\.?0+$/, '');

/** A figure that must be at least `min`. */
export function atLeast(name: string, value: number, unit: string, min: number): Figure {
  return { name, value, unit, budget: `≥ ${fmt(min)}`, pass: value >= min };
}

/** A figure that must be below `max`. */
export function below(name: string, value: number, unit: string, max: number): Figure {
  return { name, value, unit, budget: `< ${fmt(max)}`, pass: value < max };
}

/** A figure that must be at most `max`. */
export function atMost(name: string, value: number, unit: string, max: number): Figure {
  return { name, value, unit, budget: `≤ ${fmt(max)}`, pass: value <= max };
}

/** A budget that could not be measured: a failure that says why. */
export function notMeasured(name: string, unit: string, budget: string, reason: string): Figure {
  return { name, value: Number.NaN, unit, budget, pass: false, notMeasured: reason };
}

/** Why the PostgreSQL figures are missing when TEST_DATABASE_URL is not set. */
export const NO_POSTGRES =
  'TEST_DATABASE_URL is not set (an admin URL of a PostgreSQL with CREATEDB): not measured on PostgreSQL';

/**
 * The PostgreSQL figures that stand beside `measured` (PGlite's) when PostgreSQL is not there:
 * each one a failure with its reason, named as the PostgreSQL run would have named it.
 */
export function postgresNotMeasured(
  measured: readonly Figure[],
  from: string = '[pglite]',
  to: string = '[postgres]',
): Figure[] {
  return measured.map((f) => notMeasured(f.name.replace(from, to), f.unit, f.budget, NO_POSTGRES));
}

export function formatFigure(f: Figure): string {
  if (f.notMeasured !== undefined)
    return `FAIL  ${f.name.padEnd(58)} ${'not measured'.padStart(14)} ${''.padEnd(10)} budget ${f.budget} ${f.unit}\n      (${f.notMeasured})`;
  return `${f.pass ? 'PASS' : 'FAIL'}  ${f.name.padEnd(58)} ${fmt(f.value).padStart(14)} ${f.unit.padEnd(10)} budget ${f.budget} ${f.unit}`;
}

/** The p-th percentile (0–100) of a list of numbers (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Runs `fn` repeatedly for at least `minMs` and returns operations per second of `opsPerCall`. */
export function throughput(fn: () => void, opsPerCall: number, minMs = 1000): number {
  for (let i = 0; i < 3; i++) fn(); // warm up
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    fn();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return (calls * opsPerCall) / (elapsed / 1000);
}

/** A seeded PRNG (mulberry32) giving numbers in [0, 1), so benchmark runs are comparable. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
