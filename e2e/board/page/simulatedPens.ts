/**
 * Injected into the board page before it loads (browser tests): the pen simulator behind the
 * Web Bluetooth stand-in as `navigator.bluetooth`, driven from the test through
 * `window.dotinkSim`. Each `install` puts a new simulated pen behind the chooser (several pens
 * = several installs); `noBluetooth` makes the device report no adapter.
 */
import { pageAddress } from '@dotink/ncode';
import { systemScheduler } from '@dotink/pen';
import {
  createPenSimulator,
  installSimulatedBluetooth,
  lineStroke,
  type PenSimulator,
  type ScriptItem,
} from '@dotink/pen/simulator';

/** A stroke for `play`: page "s.o.b.p" and points in nu. */
export interface SimStroke {
  readonly page: string;
  readonly points: readonly (readonly [number, number])[];
  /** Dots per segment between consecutive points (default 12). */
  readonly dotsPerSegment?: number;
}

export interface DotinkSim {
  install(options?: { password?: string; mac?: string; available?: boolean }): void;
  play(strokes: readonly SimStroke[]): Promise<void>;
  /** The pen drops the link (switched off, out of range). */
  dropLink(): void;
  readonly installed: number;
}

const scheduler = systemScheduler();
let current: { readonly simulator: PenSimulator | undefined } | undefined;
let installed = 0;

function toItems(strokes: readonly SimStroke[]): ScriptItem[] {
  return strokes.map((s) => {
    const [sec, own, book, pg] = s.page.split('.').map(Number) as [number, number, number, number];
    const page = pageAddress(sec, own, book, pg);
    const pts = s.points;
    const samples = [];
    for (let k = 0; k + 1 < pts.length; k++) {
      const seg = lineStroke(
        page,
        { xNu: pts[k]![0], yNu: pts[k]![1] },
        { xNu: pts[k + 1]![0], yNu: pts[k + 1]![1] },
        s.dotsPerSegment ?? 12,
      );
      samples.push(...(k === 0 ? seg.samples : seg.samples.slice(1)));
    }
    return { kind: 'stroke', page, samples };
  });
}

const sim: DotinkSim = {
  install(options = {}) {
    installed++;
    const mac = options.mac ?? `9C:7B:D2:00:00:${String(installed).padStart(2, '0')}`;
    current = installSimulatedBluetooth(
      globalThis as { navigator?: unknown },
      () =>
        createPenSimulator({
          scheduler,
          identity: { mac },
          ...(options.password ? { password: options.password } : {}),
        }),
      { available: options.available ?? true, deviceId: `sim-${mac}` },
    );
  },
  async play(strokes) {
    const s = current?.simulator;
    if (!s) throw new Error('no simulated pen connected');
    const idle = new Promise<void>((resolve) => s.script.onIdle(resolve));
    s.script.play(toItems(strokes));
    await idle;
    await new Promise((r) => setTimeout(r, 150));
  },
  dropLink() {
    current?.simulator?.dropLink();
  },
  get installed() {
    return installed;
  },
};

(globalThis as unknown as { dotinkSim: DotinkSim }).dotinkSim = sim;
