/**
 * How the simulated pen applies 0x05 setting changes (pen-protocol.md §7) and answers 0x85.
 */
import { DeviceCmd, PenErrorCode } from '../protocol/commands';
import { INIT_DISK_MAGIC, type Setting, settingCode } from '../protocol/settings';
import { isValidTransferMode } from '../protocol/validation';
import { ProtocolVersion } from '../protocol/wireFields';
import type { SimCore } from './core';

/** The "not supported" error for this protocol: 0x05 from 2.15, 0x03 before (§7). */
export function notSupportedErr(core: SimCore): number {
  return core.penProtocol >= ProtocolVersion.listLimits
    ? PenErrorCode.unsupportedCommand
    : PenErrorCode.notSupported;
}

/** The auto-power-off range of a protocol (§5.4): 5–3600 on 2.17, 1–3600 otherwise. */
function autoOffRange(v: number): [number, number] {
  return v === ProtocolVersion.autoOffFrom5 ? [5, 3600] : [1, 3600];
}

/** Applies a setting; returns the 0x85 result (0 ok, 1 refused) or an error code to send instead. */
function apply(core: SimCore, s: Setting): { result: number } | { err: number } {
  const st = core.settings;
  const v = core.penProtocol;
  switch (s.type) {
    case 'rtcTime':
      core.rtcOffsetMs = s.timeMs - core.scheduler.nowMs();
      return { result: 0 };
    case 'autoPowerOffTime': {
      const [lo, hi] = autoOffRange(v);
      if (s.minutes < lo || s.minutes > hi) return { result: 1 };
      st.autoPowerOffMinutes = s.minutes;
      return { result: 0 };
    }
    case 'penCapPower':
      st.penCapPower = s.on;
      return { result: 0 };
    case 'autoPowerOn':
      st.autoPowerOn = s.on;
      return { result: 0 };
    case 'beep':
      st.beep = s.on;
      return { result: 0 };
    case 'hover':
      st.hover = s.on;
      return { result: 0 };
    case 'offlineSave':
      if (!isValidTransferMode(s.mode)) return { result: 1 };
      st.offlineSave = s.mode;
      return { result: 0 };
    case 'ledColor':
      // [CHOICE] §7: both the ARGB (len 5) and the typed BGRA (len 6) forms are accepted.
      st.ledColorArgb = s.argb;
      return { result: 0 };
    case 'fsrSensitivity':
      if (core.identity.pressureSensorType !== 0 || st.fsrStep === 0xff)
        return { err: notSupportedErr(core) };
      if (s.step > 4) return { result: 1 };
      st.fsrStep = s.step;
      return { result: 0 };
    case 'fscSensitivity':
      if (core.identity.pressureSensorType !== 1 || st.fsrStep === 0xff)
        return { err: notSupportedErr(core) };
      st.fscStep = s.step;
      return { result: 0 };
    case 'usbMode':
      st.usbMode = s.mode;
      return { result: 0 };
    case 'downSampling':
      st.downSampling = s.on;
      return { result: 0 };
    case 'btLocalName':
      st.btLocalName = s.name;
      return { result: 0 };
    case 'dataTransmissionType':
      st.dataTransmissionType = s.value;
      return { result: 0 };
    case 'beepAndLight':
      return { result: 0 };
    case 'initDisk':
      if (v < ProtocolVersion.listLimits) return { err: PenErrorCode.notSupported };
      if ((s.magic ?? INIT_DISK_MAGIC) !== INIT_DISK_MAGIC) return { result: 1 };
      core.store.clear();
      return { result: 0 };
    case 'other':
      return { err: PenErrorCode.unsupportedCommand };
  }
}

/** Handles one 0x05 request. */
export function handleSetting(core: SimCore, s: Setting): void {
  const r = apply(core, s);
  if ('err' in r) core.sendError(DeviceCmd.settingResult, r.err);
  else core.send({ kind: 'settingResult', settingType: settingCode(s), result: r.result });
}
