/**
 * The pen simulator: an in-process device side of the Neo smartpen protocol, its handwriting
 * scripts, and a Web Bluetooth stand-in. Pure: time comes from an injected scheduler.
 */
export type { SimBehaviour } from './core';
export type { NotifyOptions, NotifyStats } from './notifier';
export { buildChunks, type ChunkOptions, MAX_CHUNK_BYTES, OfflineStore, type SimNote } from './offlineStore';
export {
  createPenSimulator,
  type PenSimulator,
  type PenSimulatorOptions,
  type SimInspection,
  type SimScriptControl,
} from './penSimulator';
export { DEFAULT_IDENTITY, defaultSettings, type SimPenIdentity, type SimPenSettings } from './penState';
export { type Prng, type SimScheduler, seededPrng } from './runtime';
export * from './script';
export { splitNu } from './scriptPlayer';
export { attachSimHost, type SimHost } from './simHost';
export * from './webBluetoothStandIn';
