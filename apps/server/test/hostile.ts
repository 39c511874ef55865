/**
 * Hostile inputs for the hostile-input suite (`src/hostile.test.ts`): the values an attacker
 * tries, a seeded picker, plausible values derived from an OpenAPI (JSON) schema so that one
 * hostile field can reach the code behind the others, and raw JSON text that can carry numbers
 * `JSON.stringify` cannot write (1e309, 2^53+1 exactly).
 */
/** A number written into JSON text as it is (`1e309`, `9007199254740993`). */
export interface RawNumber {
  readonly raw: string;
}
const raw = (text: string): RawNumber => ({ raw: text });
const isRaw = (v: unknown): v is RawNumber =>
  typeof v === 'object' && v !== null && 'raw' in v && Object.keys(v).length === 1;

/** Text values that broke parsers, databases and loggers before. */
export const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '1\u0000',
  '\uD800',
  'x\uDFFFy',
  'x'.repeat(5000),
  '가'.repeat(5000),
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0000-01-01T00:00:00Z',
  '-100000-01-01',
  '+275760-09-13T00:00:01Z',
  '9999-12-31T23:59:59.999Z',
  '2025-02-30T25:61:00Z',
  ' 1 ',
  '0x10',
  '1e3',
  '-0',
  '',
  ' ',
  '%',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{}',
  '[]',
  'null',
  '__proto__',
  '\r\nSet-Cookie: x=1',
];

/** Numbers (as JSON) that overflow columns, lose precision or cannot be represented. */
export const hostileNumbers: readonly (number | RawNumber)[] = [
  2 ** 31,
  -(2 ** 31) - 1,
  raw('9007199254740993'),
  raw('1e309'),
  raw('-1e309'),
  -1,
  0,
  1.5,
  -0,
  Number.MAX_SAFE_INTEGER,
  1e300,
  raw('123456789012345678901234567890'),
];

/** Any hostile JSON value: texts, numbers, wrong types. */
export const hostileValues: readonly unknown[] = [
  ...hostileStrings,
  ...hostileNumbers,
  true,
  null,
  [],
  {},
  [hostileStrings[0]],
  { $gt: '' },
];

/** A seeded source of choices: a failure replays from the seed. */
export class Picker {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** mulberry32: a small, seeded, uniform source in [0, 1). */
  private rng(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.rng() < p;
  }
  int(maxExclusive: number): number {
    return Math.floor(this.rng() * maxExclusive);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** Random text of any UTF-16 code units (lone surrogates and controls included). */
  text(): string {
    const n = this.int(30);
    let s = '';
    for (let i = 0; i < n; i += 1)
      s += String.fromCharCode(this.chance(0.5) ? this.int(0x80) : this.int(0x10000));
    return s;
  }
}

/** A (dereferenced) JSON schema node, as @fastify/swagger writes them. */
export type SchemaNode = {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly allOf?: readonly SchemaNode[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly default?: unknown;
};

/** A value the schema most likely accepts: what lets the hostile field next to it go deeper. */
export function plausible(schema: SchemaNode | undefined, pick: Picker, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return pick.pick(schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return plausible(pick.pick(alternatives), pick, depth + 1);
  if (schema.allOf && schema.allOf.length > 0) return plausible(schema.allOf[0], pick, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 3, 1 + pick.int(3)));
    case 'number':
      return 1;
    case 'boolean':
      return pick.chance(0.5);
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, 1);
      return Array.from({ length: n }, () => plausible(schema.items, pick, depth + 1));
    }
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(k) || pick.chance(0.6)) o[k] = plausible(v, pick, depth + 1);
      }
      return o;
    }
    case 'null':
      return null;
    default:
      if (schema.format === 'date-time')
        return pick.pick(['2025-03-04T09:00:00Z', '2025-03-04T10:00:00.000Z']);
      if (schema.format === 'email') return 'a@example.com';
      if (schema.pattern?.includes('\\d')) return String(1 + pick.int(3));
      if (schema.format === 'date') return '2025-03-04';
      return pick.pick(['x', 'Title', '1', 'Y', 'ACTIVE']);
  }
}

/** Replaces one leaf (or the whole value) of `value` with a hostile value; answers the copy. */
export function poison(value: unknown, pick: Picker): unknown {
  if (Array.isArray(value) && value.length > 0 && pick.chance(0.8)) {
    const copy = [...value];
    const i = pick.int(copy.length);
    copy[i] = poison(copy[i], pick);
    return copy;
  }
  if (typeof value === 'object' && value !== null && !isRaw(value) && pick.chance(0.9)) {
    const keys = Object.keys(value);
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (keys.length === 0 || pick.chance(0.1)) {
      copy[pick.pick(['__proto__', 'constructor', 'extra', 'x'.repeat(5000)])] = pick.pick(hostileValues);
      return copy;
    }
    const k = pick.pick(keys);
    copy[k] = poison(copy[k], pick);
    return copy;
  }
  if (typeof value === 'string' && pick.chance(0.7))
    return pick.chance(0.9) ? pick.pick(hostileStrings) : pick.text();
  if (typeof value === 'number' && pick.chance(0.7)) return pick.pick(hostileNumbers);
  return pick.pick(hostileValues);
}

/** JSON text of `value`, with {@link RawNumber}s written verbatim and lone surrogates kept. */
export function jsonText(value: unknown): string {
  if (isRaw(value)) return value.raw;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`)
      .join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return JSON.stringify(value) ?? 'null';
}

/** JSON nested `depth` levels deep (arrays and objects in turn). */
export function deepJson(depth: number): string {
  return '{"a":['.repeat(depth) + ']}'.repeat(depth);
}

/** The text of a query or path value: hostile or random. */
export function hostileText(pick: Picker): string {
  if (pick.chance(0.1)) return pick.text();
  return pick.pick(hostileStrings);
}

/** A bad multipart body: cut short, a wrong boundary, a part without headers, NUL in names. */
export function badMultipart(pick: Picker): { payload: string; contentType: string } {
  const b = 'hostileBoundary';
  const bodies = [
    `--${b}\r\nContent-Disposition: form-data; name="pdfFile"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut`,
    `--other\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--other--\r\n`,
    `--${b}\r\n\r\nno headers\r\n--${b}--\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="a\u0000b"; filename="\u0000.pdf"\r\n\r\n\u0000\r\n--${b}--\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="section"\r\n\r\n${'9'.repeat(5000)}\r\n--${b}--\r\n`,
    `--${b}\r\nContent-Disposition: form-data; name="nprojFile"; filename="${'n'.repeat(5000)}"\r\n\r\n<book/>\r\n--${b}--\r\n`,
    '',
  ];
  const contentType = pick.pick([
    `multipart/form-data; boundary=${b}`,
    'multipart/form-data',
    `multipart/form-data; boundary=${'b'.repeat(300)}`,
  ]);
  return { payload: pick.pick(bodies), contentType };
}
