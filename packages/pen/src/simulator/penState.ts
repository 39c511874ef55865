/**
 * What a simulated pen remembers across connections (pen-protocol.md §8.5: password, retry
 * count, settings, offline store) and its identity, with the defaults of §13.
 */
import type { PenStatus, VersionInfo } from '../protocol/deviceMessages';
import { ProtocolVersion, protocolVersionNumber } from '../protocol/wireFields';

/** Pen settings as the simulator keeps them (reported in 0x84). */
export interface SimPenSettings {
  autoPowerOffMinutes: number;
  maxForce: number;
  storageUsedPercent: number;
  penCapPower: boolean;
  autoPowerOn: boolean;
  beep: boolean;
  hover: boolean;
  /** The battery byte: level in bits 0–6, bit 7 = charging. */
  battery: number;
  /** 0 off, 1 on, 100 both. */
  offlineSave: number;
  /** 0–4, or 0xFF = fixed (not adjustable). */
  fsrStep: number;
  fscStep: number;
  usbMode: 'disk' | 'bulk';
  downSampling: boolean;
  btLocalName: string;
  dataTransmissionType: number;
  errorLogSave: boolean;
  /** 0x06 / 0x07 are available (0x84 offset 43). */
  systemSettingSupport: boolean;
  ledColorArgb: number;
  /** 0x06 performance step (0 = 104 MHz, 1 = 208 MHz). */
  performanceStep: number;
}

/** The pen's identity (0x81). */
export interface SimPenIdentity {
  readonly modelName: string;
  readonly firmwareVersion: string;
  /** `"2.12"`, `"2.18"` (default) or `"2.22"`; any `D.DD` works. */
  readonly protocolVersion: string;
  readonly subName: string;
  /** [CONFLICT] §5.1: the simulator sends 1 = pen by default. */
  readonly deviceTypeCode: number;
  readonly mac: string;
  /** 0 = FSR, 1 = FSC. */
  readonly pressureSensorType: number;
  readonly companyCode: number;
  readonly productCode: number;
  readonly colorCode: number;
  /** Sent at offset 69 from 2.22. */
  readonly compressedFirmwareSupported: boolean;
}

export const DEFAULT_IDENTITY: SimPenIdentity = Object.freeze({
  modelName: 'NWP-F121',
  firmwareVersion: '1.07.0151',
  protocolVersion: '2.18',
  subName: 'Neosmartpen',
  deviceTypeCode: 1,
  mac: '9C:7B:D2:12:34:56',
  pressureSensorType: 0,
  companyCode: 0,
  productCode: 0,
  colorCode: 0,
  compressedFirmwareSupported: false,
});

export function defaultSettings(): SimPenSettings {
  return {
    autoPowerOffMinutes: 20,
    maxForce: 852,
    storageUsedPercent: 15,
    penCapPower: true,
    autoPowerOn: true,
    beep: true,
    hover: false,
    battery: 85,
    offlineSave: 1,
    fsrStep: 0,
    fscStep: 0,
    usbMode: 'disk',
    downSampling: false,
    btLocalName: 'Neosmartpen',
    dataTransmissionType: 0,
    errorLogSave: false,
    systemSettingSupport: false,
    ledColorArgb: 0xff000000,
    performanceStep: 0,
  };
}

/** The protocol version of an identity as a number (218); 200 when unreadable. */
export function penProtocol(identity: SimPenIdentity): number {
  return protocolVersionNumber(identity.protocolVersion) ?? ProtocolVersion.base;
}

/** The 0x81 message of a pen: 69 bytes below 2.22, 70 from 2.22 ([CHOICE] §5.1). */
export function versionInfoOf(id: SimPenIdentity): VersionInfo {
  const base: VersionInfo = {
    kind: 'versionInfo',
    modelName: id.modelName,
    firmwareVersion: id.firmwareVersion,
    protocolVersion: id.protocolVersion,
    subName: id.subName,
    deviceTypeCode: id.deviceTypeCode,
    mac: id.mac,
    pressureSensorType: id.pressureSensorType,
    companyCode: id.companyCode,
    productCode: id.productCode,
    colorCode: id.colorCode,
  };
  return penProtocol(id) >= ProtocolVersion.compressedFirmware
    ? { ...base, compressedFirmwareSupported: id.compressedFirmwareSupported }
    : base;
}

/** The 0x84 message for the current state. */
export function penStatusOf(
  s: SimPenSettings,
  lock: { locked: boolean; retryLimit: number; retryCount: number },
  penTimeMs: number,
): PenStatus {
  return {
    kind: 'penStatus',
    isPwLocked: lock.locked,
    retryLimit: lock.retryLimit,
    currentRetryCount: lock.retryCount,
    penTimeMs: Math.max(0, Math.round(penTimeMs)),
    autoPowerOffTimeMinutes: s.autoPowerOffMinutes,
    maxPressureValue: s.maxForce,
    storageUsagePercent: s.storageUsedPercent,
    autoPenCapOnOff: s.penCapPower,
    autoPowerOn: s.autoPowerOn,
    beepOn: s.beep,
    hoverModeOn: s.hover,
    batteryLevelPercent: s.battery & 0x7f,
    isCharging: (s.battery & 0x80) !== 0,
    batteryRaw: s.battery,
    isSupportOfflineStore: s.offlineSave !== 0,
    offlineSaveMode: s.offlineSave,
    pressureSensitivity: s.fsrStep,
    usbMode: s.usbMode,
    isPathSimplifyOn: s.downSampling,
    btLocalName: s.btLocalName,
    dataTransmissionType: s.dataTransmissionType,
    isStoreErrorLogOn: s.errorLogSave,
    systemSettingSupported: s.systemSettingSupport,
  };
}
