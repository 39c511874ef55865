/**
 * Pen device info (engine.md §3) from a 0x81 version info message.
 */
import type { Logger } from '@dotink/ncode';
import type { VersionInfo } from './deviceMessages';
import { type PenDeviceType, penTypeFromCode } from './validation';
import { ProtocolVersion, protocolVersionNumber } from './wireFields';

/** engine.md §3 "Pen device info". */
export interface PenDeviceInfo {
  readonly modelName: string;
  readonly protocolVer: string;
  readonly deviceType: PenDeviceType;
  readonly mac: string;
}

/** The device info of a 0x81 message; an unknown type code is logged and taken as a pen. */
export function penDeviceInfo(v: VersionInfo, logger: Logger): PenDeviceInfo {
  return {
    modelName: v.modelName,
    protocolVer: v.protocolVersion,
    deviceType: penTypeFromCode(v.deviceTypeCode, logger),
    mac: v.mac,
  };
}

/** The lowest protocol the engine runs without a warning (engine.md §9: 2.18). */
export const MIN_PROTOCOL_VERSION = ProtocolVersion.hover;

/** True when a pen's protocol version is below 2.18 (or unreadable). */
export function isBelowMinimumProtocol(protocolVersion: string): boolean {
  const v = protocolVersionNumber(protocolVersion);
  return v === undefined || v < MIN_PROTOCOL_VERSION;
}
