/**
 * Pen → host events (form A, pen-protocol.md §6): real-time strokes (2.12+ and legacy), hover,
 * offline chunks, firmware chunk requests, battery and power. Part of {@link DeviceMessage}
 * (deviceMessages.ts).
 */
import type { OfflineStroke } from './offlineData';

/** 0x24 offline chunk (§6.10). `data` is as on the wire; `strokes` is its decoded content. */
export interface OfflineChunk {
  readonly kind: 'offlineChunk';
  readonly packetId: number;
  readonly compressed: boolean;
  readonly sizeBefore: number;
  readonly sizeAfter: number;
  /** 0 first, 1 middle, 2 last (a single chunk is 2). */
  readonly position: number;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly strokeCount: number;
  readonly data: Uint8Array;
  readonly strokes: readonly OfflineStroke[];
  /** Dots whose checksum did not match. */
  readonly badChecksums: number;
  /** Set when the data could not be inflated or parsed, or its sizes disagree with the header. */
  readonly problem?: string;
}

/** 0x32: the pen asks for firmware bytes at `offset` (0 start, 1 continue, 2 end, 3 error). */
export interface FirmwareChunkRequest {
  readonly kind: 'firmwareChunkRequest';
  readonly status: number;
  readonly offset: number;
}

/** 0x61. */
export interface LowBattery {
  readonly kind: 'lowBattery';
  readonly levelPercent: number;
}

/** 0x62: the pen drops the link after this (see `PowerOffReason`). */
export interface PowerOff {
  readonly kind: 'powerOff';
  readonly reason: number;
}

/** Fields shared by dots: `dtMs` since the previous dot (or the pen-down time). */
export interface DotFields {
  readonly dtMs: number;
  readonly force: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
  readonly tiltX: number;
  readonly tiltY: number;
  readonly twist: number;
}

/** Image-processing failure fields (0x6D / 0x68). */
export interface DotErrorFields {
  readonly dtMs: number;
  readonly force: number;
  readonly brightness: number;
  readonly exposureTime: number;
  readonly ndacProcessTime: number;
  readonly labelCount: number;
  readonly ndacErrorCode: number;
  /** 0 = G3C6, 1 = N3C6. */
  readonly classType: number;
  /** Consecutive errors since pen down. */
  readonly errorCount: number;
}

/** 0x69 pen down (2.12+). */
export interface PenDownMessage {
  readonly kind: 'penDown';
  readonly ec: number;
  readonly timeMs: number;
  /** 0 pen, 1 eraser. */
  readonly penTipType: number;
  readonly colorArgb: number;
}

/** 0x6A pen up (2.12+). */
export interface PenUpMessage {
  readonly kind: 'penUp';
  readonly ec: number;
  readonly timeMs: number;
  readonly dotCount: number;
  readonly totalImageCount: number;
  readonly processedImageCount: number;
  readonly successImageCount: number;
  readonly sentImageCount: number;
}

/** 0x6B page info (2.12+). */
export interface PageInfoMessage {
  readonly kind: 'pageInfo';
  readonly ec: number;
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** 0x6C dot (2.12+). */
export interface DotMessage extends DotFields {
  readonly kind: 'dot';
  readonly ec: number;
}

/** 0x6D dot error (2.12+). */
export interface DotErrorMessage extends DotErrorFields {
  readonly kind: 'dotError';
  readonly ec: number;
}

/** 0x6F hover dot (2.18+): no counter, force or tilt. */
export interface HoverDotMessage {
  readonly kind: 'hoverDot';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x63 legacy pen down / up (< 2.12). */
export interface LegacyPenUpDown {
  readonly kind: 'legacyPenUpDown';
  readonly up: boolean;
  readonly timeMs: number;
  readonly penTipType: number;
  readonly colorArgb: number;
}

/** 0x64 legacy page info. */
export interface LegacyPageInfo {
  readonly kind: 'legacyPageInfo';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
}

/** 0x65 legacy dot. */
export interface LegacyDot extends DotFields {
  readonly kind: 'legacyDot';
}

/** 0x66 low-speed dot: no force (hosts assume the maximum). */
export interface LegacyDotLowSpeed {
  readonly kind: 'legacyDotLowSpeed';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x67 section-0 dot with 1-byte coordinates. */
export interface LegacyDotSection0 {
  readonly kind: 'legacyDotSection0';
  readonly dtMs: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}

/** 0x68 legacy dot error ([CHOICE] the WEB/WIN 11-byte layout). */
export interface LegacyDotError extends DotErrorFields {
  readonly kind: 'legacyDotError';
}

/** 0x73 PDS (touch-and-play): note the owner-before-section order on the wire. */
export interface PdsMessage {
  readonly kind: 'pds';
  readonly section: number;
  readonly owner: number;
  readonly book: number;
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly fx: number;
  readonly fy: number;
}
