/**
 * How the simulated pen answers each host request (pen-protocol.md §4, §5, §8.1, §8.2, §13):
 * version exchange, the authorisation gate, password input with retry counting and the wipe at
 * the limit, password change, status, settings, the note filter, system commands, profiles,
 * offline and firmware commands; unknown commands get err 0x05.
 */
import { DeviceCmd, HostCmd, PenErrorCode, PowerOffReason, responseCmdFor } from '../protocol/commands';
import type { DecodedHostRequest, PasswordChangeRequest } from '../protocol/hostRequests';
import { DEFAULT_PASSCODE } from '../protocol/validation';
import { ProtocolVersion, protocolVersionNumber } from '../protocol/wireFields';
import type { SimCore } from './core';
import { handleFirmwareChunk, handleFirmwareUpload } from './firmwareHandler';
import {
  handleChunkAck,
  handleDataRequest,
  handleDeleteNotes,
  handleDeletePages,
  handleNoteInfo,
  handleNoteList,
  handlePageList,
} from './offlineHandler';
import { penStatusOf, versionInfoOf } from './penState';
import { handleSetting } from './settingsHandler';

/** Commands a locked pen answers before the password (§8.1). */
const UNGATED = new Set<number>([HostCmd.versionRequest, HostCmd.passwordInput, HostCmd.statusRequest]);

/** True when a password is set ("0000" means none, §4.2). */
export function hasPassword(core: SimCore): boolean {
  const p = core.lock.password;
  return p !== undefined && p !== '' && p !== DEFAULT_PASSCODE;
}

function locked(core: SimCore): boolean {
  return hasPassword(core) && !core.session.authorised;
}

/** Retry limit reached (§8.2 [CHOICE]): wipe, status 2, 0x62 reason 7, link dropped. */
function wipeAndPowerOff(core: SimCore, reply: () => void): void {
  core.wipe();
  reply();
  core.send({ kind: 'powerOff', reason: PowerOffReason.passwordFailure });
  core.flush();
  core.dropLink();
}

/** 0x82 [status, count, limit], or [status, limit, count] when configured so (§5.2). */
function passwordResult(core: SimCore, status: number, count: number, limit: number): void {
  const swap = core.behaviour.passwordResultOrder === 'limitFirst';
  core.send({
    kind: 'passwordResult',
    status,
    retryCount: swap ? limit : count,
    retryLimit: swap ? count : limit,
  });
}

function handlePassword(core: SimCore, password: string): void {
  const lock = core.lock;
  if (!hasPassword(core) || password === lock.password) {
    lock.retryCount = 0;
    core.session.authorised = true;
    passwordResult(core, 1, 0, lock.retryLimit);
    return;
  }
  lock.retryCount++;
  if (lock.retryCount < lock.retryLimit) {
    passwordResult(core, 0, lock.retryCount, lock.retryLimit);
    return;
  }
  const limit = lock.retryLimit;
  wipeAndPowerOff(core, () => passwordResult(core, 2, limit, limit));
}

function handlePasswordChange(core: SimCore, req: PasswordChangeRequest): void {
  const lock = core.lock;
  const withStatus = core.penProtocol >= ProtocolVersion.listLimits;
  if (hasPassword(core) && req.oldPassword !== lock.password) {
    lock.retryCount++;
    if (lock.retryCount >= lock.retryLimit) {
      const limit = lock.retryLimit;
      wipeAndPowerOff(core, () =>
        withStatus
          ? core.send({ kind: 'passwordChangeResult', retryCount: limit, retryLimit: limit, status: 2 })
          : core.sendError(DeviceCmd.passwordChangeResult, PenErrorCode.fail),
      );
      return;
    }
    if (withStatus) {
      core.send({
        kind: 'passwordChangeResult',
        retryCount: lock.retryCount,
        retryLimit: lock.retryLimit,
        status: 1,
      });
    } else core.sendError(DeviceCmd.passwordChangeResult, PenErrorCode.fail);
    return;
  }
  lock.password = req.usePassword && req.newPassword !== DEFAULT_PASSCODE ? req.newPassword : undefined;
  lock.retryCount = 0;
  core.session.authorised = true;
  core.send(
    withStatus
      ? { kind: 'passwordChangeResult', retryCount: 0, retryLimit: lock.retryLimit, status: 0 }
      : { kind: 'passwordChangeResult', retryCount: 0, retryLimit: lock.retryLimit },
  );
}

/** Answers one decoded host packet. */
export function handleRequest(core: SimCore, req: DecodedHostRequest): void {
  const cmd = cmdOf(req);
  if (core.behaviour.authorisationGate && locked(core) && !UNGATED.has(cmd)) {
    // 0xA4 and 0xB2 have no response code of their own: ignore them while locked.
    if (cmd !== HostCmd.offlineChunkAck && cmd !== HostCmd.firmwareChunk) {
      core.sendError(responseCmdFor(cmd), PenErrorCode.noPermission);
    }
    return;
  }
  switch (req.kind) {
    case 'versionRequest':
      core.session.hostProtocol =
        (req.protocolVersion == null ? undefined : protocolVersionNumber(req.protocolVersion)) ??
        core.behaviour.hostProtocolWhenMissing;
      core.send(versionInfoOf(core.identity));
      return;
    case 'passwordInput':
      handlePassword(core, req.password);
      return;
    case 'passwordChange':
      handlePasswordChange(core, req);
      return;
    case 'statusRequest': {
      const reportLocked =
        core.behaviour.lockedReport === 'whilePasswordSet' ? hasPassword(core) : locked(core);
      core.send(
        penStatusOf(
          core.settings,
          { locked: reportLocked, retryLimit: core.lock.retryLimit, retryCount: core.lock.retryCount },
          core.penTimeMs(),
        ),
      );
      return;
    }
    case 'setting':
      handleSetting(core, req.setting);
      return;
    case 'systemChange':
      if (!core.settings.systemSettingSupport) {
        core.sendError(DeviceCmd.systemChangeResult, PenErrorCode.unsupportedCommand);
        return;
      }
      core.settings.performanceStep = req.step;
      core.send({ kind: 'systemChangeResult', type: 1, status: 0 });
      return;
    case 'systemInfoRequest':
      if (!core.settings.systemSettingSupport) {
        core.sendError(DeviceCmd.systemInfo, PenErrorCode.unsupportedCommand);
        return;
      }
      core.send({
        kind: 'systemInfo',
        performanceEnabled: true,
        performanceStep: core.settings.performanceStep,
        payload: new Uint8Array(128),
      });
      return;
    case 'onlineDataRequest':
      if (req.notes !== 'all' && core.penProtocol >= ProtocolVersion.listLimits && req.notes.length >= 128) {
        core.sendError(DeviceCmd.onlineDataResult, PenErrorCode.fail);
        return;
      }
      core.session.filter = req.notes;
      core.session.streaming = true;
      core.send({ kind: 'onlineDataResult' });
      return;
    case 'offlineNoteListRequest':
      handleNoteList(core, req);
      return;
    case 'offlinePageListRequest':
      handlePageList(core, req);
      return;
    case 'offlineDataRequest':
      handleDataRequest(core, req);
      return;
    case 'offlineChunkAck':
      handleChunkAck(core, req);
      return;
    case 'offlineDeleteNotes':
      handleDeleteNotes(core, req);
      return;
    case 'offlineNoteInfoRequest':
      handleNoteInfo(core, req);
      return;
    case 'offlineDeletePages':
      handleDeletePages(core, req);
      return;
    case 'firmwareUploadRequest':
      handleFirmwareUpload(core, req);
      return;
    case 'firmwareChunk':
      handleFirmwareChunk(core, req);
      return;
    case 'profileRequest':
      if (core.penProtocol < ProtocolVersion.profiles) {
        core.sendError(DeviceCmd.profileResult, PenErrorCode.unsupportedCommand);
        return;
      }
      core.send({
        kind: 'profileResult',
        profileName: req.profileName,
        response: core.profiles.handle(req.profileName, req.request),
      });
      return;
    case 'malformed':
      if (cmd !== HostCmd.offlineChunkAck && cmd !== HostCmd.firmwareChunk) {
        core.sendError(responseCmdFor(cmd), PenErrorCode.packetLength);
      }
      return;
    case 'unknown':
      // §13: unknown commands get err 0x05 (full form unless short frames are chosen).
      if (cmd < 0x80) core.sendError(responseCmdFor(cmd), PenErrorCode.unsupportedCommand);
      return;
  }
}

function cmdOf(req: DecodedHostRequest): number {
  return req.kind === 'unknown' || req.kind === 'malformed' ? req.cmd : HostCmd[req.kind];
}
