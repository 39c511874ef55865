/**
 * A small JPEG writer for tests of decoders: any number of components (1 gray, 3 RGB/YCbCr,
 * 4 CMYK/YCCK), any sampling factors, the JFIF or Adobe APP14 marker (with its colour transform),
 * component ids of the caller's choice, baseline (SOF0) or progressive (SOF2: a DC scan of all
 * components, then an AC scan of each, spectral selection only). Slow (direct DCT) and meant for
 * small pictures; image sizes must be whole MCUs. The caller gives each component's samples at
 * full size (colour conversion is the caller's); subsampled components are box-averaged.
 */
import { buildHuffman } from '@dotink/print';

/** One component: its id in the file, sampling factors, full-size samples (row-major). */
export interface JpegComponent {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly samples: Uint8Array;
}

/** What to write. */
export interface JpegSpec {
  readonly width: number;
  readonly height: number;
  readonly components: readonly JpegComponent[];
  readonly marker?: 'jfif' | { readonly adobeTransform: 0 | 1 | 2 } | 'none';
  readonly progressive?: boolean;
  /** One quantiser for every coefficient (default 2). */
  readonly quantiser?: number;
}

/** Zigzag position → natural (row-major) index, built by walking the anti-diagonals. */
const ZIGZAG = (() => {
  const out: number[] = [];
  for (let s = 0; s < 15; s++) {
    const cells: number[] = [];
    for (let r = 0; r < 8; r++) {
      const c = s - r;
      if (c >= 0 && c < 8) cells.push(r * 8 + c);
    }
    // even diagonals run bottom-left to top-right (row decreasing), odd ones the other way
    out.push(...(s % 2 === 0 ? cells.reverse() : cells));
  }
  return out;
})();

const COS = Array.from({ length: 64 }, (_, i) => {
  const x = i >> 3;
  const u = i & 7;
  return Math.cos(((2 * x + 1) * u * Math.PI) / 16);
});

/** The 8 × 8 forward DCT of a block (samples − 128), quantised, in zigzag order. */
function quantisedBlock(plane: Uint8Array, stride: number, bx: number, by: number, q: number): Int16Array {
  const out = new Int16Array(64);
  for (let k = 0; k < 64; k++) {
    const nat = ZIGZAG[k]!;
    const i = nat >> 3;
    const j = nat & 7;
    let sum = 0;
    for (let y = 0; y < 8; y++) {
      const row = (by * 8 + y) * stride + bx * 8;
      const cy = COS[y * 8 + i]!;
      for (let x = 0; x < 8; x++) sum += (plane[row + x]! - 128) * cy * COS[x * 8 + j]!;
    }
    const c = (i === 0 ? Math.SQRT1_2 : 1) * (j === 0 ? Math.SQRT1_2 : 1);
    out[k] = Math.round((sum * c) / 4 / q);
  }
  return out;
}

/** A component's samples box-averaged to its sampling factors. */
function downsample(c: JpegComponent, spec: JpegSpec, hMax: number, vMax: number) {
  const fx = hMax / c.h;
  const fy = vMax / c.v;
  const w = spec.width / fx;
  const h = spec.height / fy;
  const plane = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < fy; dy++)
        for (let dx = 0; dx < fx; dx++) s += c.samples[(y * fy + dy) * spec.width + x * fx + dx]!;
      plane[y * w + x] = Math.round(s / (fx * fy));
    }
  return { plane, w, h };
}

/** Bits needed for a magnitude. */
const category = (v: number) => (v === 0 ? 0 : 32 - Math.clz32(Math.abs(v)));

/** A coded symbol: Huffman table key, symbol, extra bits. */
interface Sym {
  readonly table: string;
  readonly symbol: number;
  readonly extraLength: number;
  readonly extra: number;
}

function dcSym(table: string, diff: number): Sym {
  const s = category(diff);
  return { table, symbol: s, extraLength: s, extra: diff < 0 ? diff + (1 << s) - 1 : diff };
}

function acSyms(table: string, block: Int16Array, out: Sym[]): void {
  let run = 0;
  for (let k = 1; k < 64; k++) {
    const v = block[k]!;
    if (v === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      out.push({ table, symbol: 0xf0, extraLength: 0, extra: 0 });
      run -= 16;
    }
    const s = category(v);
    out.push({ table, symbol: (run << 4) | s, extraLength: s, extra: v < 0 ? v + (1 << s) - 1 : v });
    run = 0;
  }
  if (run > 0) out.push({ table, symbol: 0, extraLength: 0, extra: 0 }); // EOB (EOBRUN 1 when progressive)
}

/** Writes a JPEG of `spec`. */
export function writeJpeg(spec: JpegSpec): Uint8Array {
  const comps = spec.components;
  const hMax = Math.max(...comps.map((c) => c.h));
  const vMax = Math.max(...comps.map((c) => c.v));
  if (spec.width % (8 * hMax) || spec.height % (8 * vMax)) throw new RangeError('size must be whole MCUs');
  const q = spec.quantiser ?? 2;
  const blocks = comps.map((c) => {
    const { plane, w, h } = downsample(c, spec, hMax, vMax);
    const bw = w / 8;
    const bh = h / 8;
    const list = Array.from({ length: bw * bh }, (_, i) => quantisedBlock(plane, w, i % bw, (i / bw) | 0, q));
    return { bw, bh, list };
  });
  const mcusX = spec.width / (8 * hMax);
  const mcusY = spec.height / (8 * vMax);
  const tableOf = (ci: number) => (ci === 0 ? 0 : 1);

  /** Blocks of the given components in scan order (interleaved MCUs when more than one). */
  const scanOrder = (cis: readonly number[]): [number, Int16Array][] => {
    const out: [number, Int16Array][] = [];
    if (cis.length === 1) {
      const ci = cis[0]!;
      for (const b of blocks[ci]!.list) out.push([ci, b]);
      return out;
    }
    for (let my = 0; my < mcusY; my++)
      for (let mx = 0; mx < mcusX; mx++)
        for (const ci of cis) {
          const c = comps[ci]!;
          for (let v = 0; v < c.v; v++)
            for (let h = 0; h < c.h; h++)
              out.push([ci, blocks[ci]!.list[(my * c.v + v) * blocks[ci]!.bw + mx * c.h + h]!]);
        }
    return out;
  };

  const bytes: number[] = [];
  const u16 = (v: number) => [v >> 8, v & 255];
  const segment = (marker: number, body: readonly number[]) =>
    bytes.push(0xff, marker, ...u16(body.length + 2), ...body);
  bytes.push(0xff, 0xd8);
  const marker = spec.marker ?? 'jfif';
  if (marker === 'jfif') segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  else if (marker !== 'none')
    segment(0xee, [0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, marker.adobeTransform]);
  for (const id of new Set(comps.map((_, i) => tableOf(i))))
    segment(0xdb, [id, ...new Array<number>(64).fill(q)]);
  segment(spec.progressive ? 0xc2 : 0xc0, [
    8,
    ...u16(spec.height),
    ...u16(spec.width),
    comps.length,
    ...comps.flatMap((c, i) => [c.id, (c.h << 4) | c.v, tableOf(i)]),
  ]);

  /** One scan: Huffman tables of its symbols, SOS, entropy-coded data. */
  const scan = (cis: readonly number[], ss: number, se: number, syms: readonly Sym[]) => {
    const freq = new Map<string, Uint32Array>();
    for (const s of syms) {
      const f = freq.get(s.table) ?? new Uint32Array(257);
      freq.set(s.table, f);
      f[s.symbol]!++;
    }
    const codes = new Map<string, ReturnType<typeof buildHuffman>>();
    for (const [table, f] of freq) {
      const huff = buildHuffman(f);
      codes.set(table, huff);
      const cls = table.startsWith('dc') ? 0 : 1;
      segment(0xc4, [(cls << 4) | Number(table.slice(2)), ...huff.bits, ...huff.values]);
    }
    segment(0xda, [
      cis.length,
      ...cis.flatMap((ci) => [comps[ci]!.id, (tableOf(ci) << 4) | tableOf(ci)]),
      ss,
      se,
      0,
    ]);
    let acc = 0;
    let count = 0;
    const put = (value: number, length: number) => {
      for (let i = length - 1; i >= 0; i--) {
        acc = (acc << 1) | ((value >> i) & 1);
        if (++count === 8) {
          bytes.push(acc);
          if (acc === 0xff) bytes.push(0);
          acc = 0;
          count = 0;
        }
      }
    };
    for (const s of syms) {
      const huff = codes.get(s.table)!;
      put(huff.code[s.symbol]!, huff.size[s.symbol]!);
      put(s.extra, s.extraLength);
    }
    if (count > 0) put(0x7f, 8 - count);
  };

  const all = comps.map((_, i) => i);
  if (!spec.progressive) {
    const pred = comps.map(() => 0);
    const syms: Sym[] = [];
    for (const [ci, b] of scanOrder(all)) {
      syms.push(dcSym(`dc${tableOf(ci)}`, b[0]! - pred[ci]!));
      pred[ci] = b[0]!;
      acSyms(`ac${tableOf(ci)}`, b, syms);
    }
    scan(all, 0, 63, syms);
  } else {
    const pred = comps.map(() => 0);
    const dc: Sym[] = [];
    for (const [ci, b] of scanOrder(all)) {
      dc.push(dcSym(`dc${tableOf(ci)}`, b[0]! - pred[ci]!));
      pred[ci] = b[0]!;
    }
    scan(all, 0, 0, dc);
    for (const ci of all) {
      const ac: Sym[] = [];
      for (const [, b] of scanOrder([ci])) acSyms(`ac${tableOf(ci)}`, b, ac);
      scan([ci], 1, 63, ac);
    }
  }
  bytes.push(0xff, 0xd9);
  return Uint8Array.from(bytes);
}
