/**
 * Encoding pen → host messages (the simulator's side; pen-protocol.md §5, §6). The inverse of
 * `decodeDeviceFrame`: for every message it produces, `decodeDeviceFrame` gives it back.
 */
import { ByteWriter } from './bytes';
import { DeviceCmd } from './commands';
import type { DeviceMessage, DotErrorFields, DotFields } from './deviceMessages';
import { type EncodedPacket, framePacket } from './hostCodec';
import { encodeProfileResponse } from './profile';
import { macFromString, packSectionOwner } from './wireFields';

function dot(w: ByteWriter, d: DotFields): void {
  w.u8(d.dtMs).u16(d.force).u16(d.x).u16(d.y).u8(d.fx).u8(d.fy).u8(d.tiltX).u8(d.tiltY).u16(d.twist);
}

function dotError(w: ByteWriter, d: DotErrorFields): void {
  w.u8(d.dtMs)
    .u16(d.force)
    .u8(d.brightness)
    .u8(d.exposureTime)
    .u8(d.ndacProcessTime)
    .u16(d.labelCount)
    .u8(d.ndacErrorCode)
    .u8(d.classType)
    .u8(d.errorCount);
}

function pageAddr(
  w: ByteWriter,
  a: { readonly section: number; readonly owner: number; readonly book: number; readonly page: number },
) {
  w.u32(packSectionOwner(a.section, a.owner)).u32(a.book).u32(a.page);
}

const flag = (b: boolean) => (b ? 1 : 0);

/** The optional 0x81 fields from offset 64: written up to the last one that is present. */
function versionTail(w: ByteWriter, m: Extract<DeviceMessage, { kind: 'versionInfo' }>): void {
  const tail = [
    m.pressureSensorType,
    m.companyCode,
    m.productCode,
    m.colorCode,
    m.compressedFirmwareSupported,
  ];
  let last = -1;
  tail.forEach((v, i) => {
    if (v !== undefined) last = i;
  });
  if (last >= 0) w.u8(m.pressureSensorType ?? 0);
  if (last >= 1) w.u16(m.companyCode ?? 0);
  if (last >= 2) w.u8(m.productCode ?? 0);
  if (last >= 3) w.u8(m.colorCode ?? 0);
  if (last >= 4) w.u8(flag(m.compressedFirmwareSupported ?? false));
}

const pkt = (cmd: number, w: ByteWriter, err = 0): EncodedPacket => {
  const payload = w.finish();
  return { cmd, err, payload, len: payload.length };
};

/** The unframed packet of a device message. */
export function encodeDevicePacket(m: DeviceMessage): EncodedPacket {
  const w = new ByteWriter(32);
  switch (m.kind) {
    case 'versionInfo':
      w.str(m.modelName, 16)
        .str(m.firmwareVersion, 16)
        .str(m.protocolVersion, 8)
        .str(m.subName, 16)
        .u16(m.deviceTypeCode)
        .bytes(macFromString(m.mac));
      versionTail(w, m);
      return pkt(DeviceCmd.versionInfo, w);
    case 'passwordResult':
      return pkt(DeviceCmd.passwordResult, w.u8(m.status).u8(m.retryCount).u8(m.retryLimit));
    case 'passwordChangeResult':
      w.u8(m.retryCount).u8(m.retryLimit);
      if (m.status !== undefined) w.u8(m.status);
      return pkt(DeviceCmd.passwordChangeResult, w);
    case 'penStatus':
      w.u8(flag(m.isPwLocked))
        .u8(m.retryLimit)
        .u8(m.currentRetryCount)
        .u64(m.penTimeMs)
        .u16(m.autoPowerOffTimeMinutes)
        .u16(m.maxPressureValue)
        .u8(m.storageUsagePercent)
        .u8(flag(m.autoPenCapOnOff))
        .u8(flag(m.autoPowerOn))
        .u8(flag(m.beepOn))
        .u8(flag(m.hoverModeOn))
        .u8(m.batteryRaw)
        .u8(m.offlineSaveMode)
        .u8(m.pressureSensitivity)
        .u8(m.usbMode === 'bulk' ? 1 : 0)
        .u8(flag(m.isPathSimplifyOn))
        .str(m.btLocalName, 16)
        .u8(m.dataTransmissionType)
        .u8(flag(m.isStoreErrorLogOn))
        .u8(flag(m.systemSettingSupported))
        .zeros(20);
      return pkt(DeviceCmd.penStatus, w);
    case 'settingResult':
      return pkt(DeviceCmd.settingResult, w.u8(m.settingType).u8(m.result));
    case 'systemChangeResult':
      return pkt(DeviceCmd.systemChangeResult, w.u8(m.type).u8(m.status));
    case 'systemInfo': {
      const p = new Uint8Array(Math.max(128, m.payload.length));
      p.set(m.payload);
      // The payload carries the unknown bytes; the two known fields win where they disagree.
      if ((p[0] !== 0) !== m.performanceEnabled) p[0] = flag(m.performanceEnabled);
      p.set(new ByteWriter(4).u32(m.performanceStep).finish(), 5);
      return pkt(DeviceCmd.systemInfo, w.bytes(p));
    }
    case 'onlineDataResult':
      return pkt(DeviceCmd.onlineDataResult, w);
    case 'offlineNoteList':
      w.u16(m.notes.length);
      for (const n of m.notes) w.u32(packSectionOwner(n.section, n.owner)).u32(n.book);
      return pkt(DeviceCmd.offlineNoteList, w);
    case 'offlinePageList':
      w.u32(packSectionOwner(m.section, m.owner)).u32(m.book).u16(m.pages.length);
      for (const p of m.pages) w.u32(p);
      return pkt(DeviceCmd.offlinePageList, w);
    case 'offlineDataInfo':
      return pkt(DeviceCmd.offlineDataInfo, w.u32(m.strokeCount).u32(m.totalSize).u8(flag(m.compressed)));
    case 'offlineDeleteResult':
      w.u8(m.books.length);
      for (const b of m.books) w.u32(b);
      return pkt(DeviceCmd.offlineDeleteResult, w);
    case 'offlineNoteInfo': {
      const maxPage = m.pagesWithData.reduce((a, b) => Math.max(a, b), -1);
      const bitmap = new Uint8Array(Math.ceil((maxPage + 1) / 8));
      for (const p of m.pagesWithData) bitmap[p >>> 3]! |= 1 << (p & 7);
      w.u8(m.status)
        .u32(packSectionOwner(m.section, m.owner))
        .u32(m.book)
        .u16(m.noteVersion)
        .zeros(32)
        .u8(m.invalidPage)
        .u16(m.pageCount)
        .u16(bitmap.length)
        .bytes(bitmap);
      return pkt(DeviceCmd.offlineNoteInfo, w);
    }
    case 'offlinePageDeleteResult':
      w.u8(m.pages.length);
      for (const p of m.pages) w.u32(p);
      return pkt(DeviceCmd.offlinePageDeleteResult, w);
    case 'firmwareUploadResult':
      return pkt(DeviceCmd.firmwareUploadResult, w.u8(m.status));
    case 'profileResult':
      return pkt(DeviceCmd.profileResult, w.bytes(encodeProfileResponse(m.profileName, m.response)));
    case 'offlineChunk':
      w.u16(m.packetId)
        .u8(flag(m.compressed))
        .u16(m.sizeBefore)
        .u16(m.sizeAfter)
        .u8(m.position)
        .u32(packSectionOwner(m.section, m.owner))
        .u32(m.book)
        .u16(m.strokeCount)
        .bytes(m.data);
      return pkt(DeviceCmd.offlineChunk, w);
    case 'firmwareChunkRequest':
      return pkt(DeviceCmd.firmwareChunkRequest, w.u8(m.status).u32(m.offset));
    case 'lowBattery':
      return pkt(DeviceCmd.lowBattery, w.u8(m.levelPercent));
    case 'powerOff':
      return pkt(DeviceCmd.powerOff, w.u8(m.reason));
    case 'penDown':
      return pkt(DeviceCmd.penDown, w.u8(m.ec).u64(m.timeMs).u8(m.penTipType).u32(m.colorArgb));
    case 'penUp':
      w.u8(m.ec)
        .u64(m.timeMs)
        .u16(m.dotCount)
        .u16(m.totalImageCount)
        .u16(m.processedImageCount)
        .u16(m.successImageCount)
        .u16(m.sentImageCount);
      return pkt(DeviceCmd.penUp, w);
    case 'pageInfo':
      w.u8(m.ec);
      pageAddr(w, m);
      return pkt(DeviceCmd.pageInfo, w);
    case 'dot':
      w.u8(m.ec);
      dot(w, m);
      return pkt(DeviceCmd.dot, w);
    case 'dotError':
      w.u8(m.ec);
      dotError(w, m);
      return pkt(DeviceCmd.dotError, w);
    case 'hoverDot':
      return pkt(DeviceCmd.hoverDot, w.u8(m.dtMs).u16(m.x).u16(m.y).u8(m.fx).u8(m.fy));
    case 'legacyPenUpDown':
      return pkt(DeviceCmd.legacyPenUpDown, w.u8(flag(m.up)).u64(m.timeMs).u8(m.penTipType).u32(m.colorArgb));
    case 'legacyPageInfo':
      pageAddr(w, m);
      return pkt(DeviceCmd.legacyPageInfo, w);
    case 'legacyDot':
      dot(w, m);
      return pkt(DeviceCmd.legacyDot, w);
    case 'legacyDotLowSpeed':
      return pkt(DeviceCmd.legacyDotLowSpeed, w.u8(m.dtMs).u16(m.x).u16(m.y).u8(m.fx).u8(m.fy));
    case 'legacyDotSection0':
      return pkt(DeviceCmd.legacyDotSection0, w.u8(m.dtMs).u8(m.x).u8(m.y).u8(m.fx).u8(m.fy));
    case 'legacyDotError':
      dotError(w, m);
      return pkt(DeviceCmd.legacyDotError, w);
    case 'pds':
      w.u32(m.owner).u32(m.section).u32(m.book).u32(m.page).u32(m.x).u32(m.y).u16(m.fx).u16(m.fy);
      return pkt(DeviceCmd.pds, w);
    case 'errorResponse':
      return { cmd: m.cmd, err: m.err, payload: m.payload, len: m.payload.length, short: m.short === true };
    case 'unknown':
    case 'malformed':
      return { cmd: m.cmd, err: m.err ?? 0, payload: m.payload, len: m.payload.length };
  }
}

/** The framed, escaped bytes of a device message, as a pen would notify them. */
export function encodeDeviceMessage(m: DeviceMessage): Uint8Array {
  return framePacket(encodeDevicePacket(m));
}
