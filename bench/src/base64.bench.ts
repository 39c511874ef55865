/**
 * Base64 budget (issue 2, the pure codec in @dotink/ncode): ≥ 200 MB/s encode and decode on one
 * core, measured on 1 MiB of pseudo-random bytes (MB = 10^6 bytes of binary data). Each figure
 * is the best of 5 rounds of 0.4 s.
 */
import { decodeBase64, encodeBase64 } from '@dotink/ncode';
import { atLeast, type Bench, throughput } from './budget';

const SIZE = 1 << 20;
const ROUNDS = 5;

function bytes(): Uint8Array {
  const out = new Uint8Array(SIZE);
  let a = 12345;
  for (let k = 0; k < SIZE; k++) {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    out[k] = a >>> 24;
  }
  return out;
}

const best = (fn: () => void): number =>
  Math.max(...Array.from({ length: ROUNDS }, () => throughput(fn, SIZE / 1e6, 400)));

const bench: Bench = {
  name: 'base64 (pure)',
  async run() {
    const data = bytes();
    const text = encodeBase64(data);
    let sink = 0;
    const encode = best(() => {
      sink += encodeBase64(data).length;
    });
    const decode = best(() => {
      sink += decodeBase64(text).length;
    });
    if (sink < 0) console.log(sink);
    return [
      atLeast('encode 1 MiB bytes → base64 text', encode, 'MB/s', 200),
      atLeast('decode 1 MiB base64 text → bytes', decode, 'MB/s', 200),
    ];
  },
};

export default bench;
