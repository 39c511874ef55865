/**
 * The simulated pen's side of a firmware upload (outline, pen-protocol.md §4.14, §4.15, §8.8):
 * accept 0x31, ask for chunks with 0x32, check each 0xB2's checksum, and reboot (0x62 reason 2)
 * when the whole file has arrived.
 */
import { PowerOffReason } from '../protocol/commands';
import { firmwareChecksum } from '../protocol/hostCodec';
import type { FirmwareChunk, FirmwareUploadRequest } from '../protocol/hostRequests';
import { ProtocolVersion } from '../protocol/wireFields';
import type { SimCore } from './core';

/** 0x32 status values. */
const Status = { start: 0, next: 1, end: 2, error: 3 } as const;

function requestNext(core: SimCore, offset: number, first: boolean): void {
  const fw = core.session.firmware!;
  const last = offset + fw.packetSize >= fw.fileSize;
  core.send({
    kind: 'firmwareChunkRequest',
    status: first ? Status.start : last ? Status.end : Status.next,
    offset,
  });
}

export function handleFirmwareUpload(core: SimCore, req: FirmwareUploadRequest): void {
  const compressOk =
    core.penProtocol >= ProtocolVersion.compressedFirmware && core.identity.compressedFirmwareSupported;
  let status = 0;
  if (req.compress && !compressOk) status = 4;
  else if (req.firmwareVersion === core.identity.firmwareVersion) status = 1;
  else if (req.packetSize <= 0 || req.fileSize <= 0) status = 3;
  core.send({ kind: 'firmwareUploadResult', status });
  if (status !== 0) return;
  core.session.firmware = {
    fileSize: req.fileSize,
    packetSize: req.packetSize,
    fileChecksum: req.fileChecksum,
    bytes: new Uint8Array(req.fileSize),
    received: 0,
  };
  requestNext(core, 0, true);
}

export function handleFirmwareChunk(core: SimCore, chunk: FirmwareChunk): void {
  const fw = core.session.firmware;
  if (!fw) return;
  if ((chunk.err ?? 0) !== 0 || chunk.stop || chunk.abort) {
    core.session.firmware = undefined;
    return;
  }
  const data = chunk.data;
  if (
    chunk.sizeAfter !== 0 ||
    firmwareChecksum(data) !== chunk.chunkChecksum ||
    chunk.offset + data.length > fw.fileSize
  ) {
    core.send({ kind: 'firmwareChunkRequest', status: Status.error, offset: chunk.offset });
    core.session.firmware = undefined;
    return;
  }
  fw.bytes.set(data, chunk.offset);
  fw.received = Math.max(fw.received, chunk.offset + data.length);
  if (fw.received < fw.fileSize) {
    requestNext(core, fw.received, false);
    return;
  }
  core.session.firmware = undefined;
  if (firmwareChecksum(fw.bytes) !== fw.fileChecksum) {
    core.send({ kind: 'firmwareChunkRequest', status: Status.error, offset: 0 });
    return;
  }
  core.firmwareImage = fw.bytes;
  core.send({ kind: 'powerOff', reason: PowerOffReason.firmwareUpdated });
  core.flush();
  core.dropLink();
}
