/**
 * The connection handshake (engine.md §4 "Pen connection", pen-protocol.md §8.1), in the driver
 * order of the fact sheet: version info → pen status → password (if locked) → set time → online
 * mode → connected → hover on (protocol ≥ 2.18) or the firmware warning (below 2.18).
 * Each request is sent only after the previous reply arrived.
 */
import type { Logger } from '@dotink/ncode';
import {
  DEFAULT_PASSCODE,
  DeviceCmd,
  type DeviceMessage,
  type HostRequest,
  isBelowMinimumProtocol,
  isValidPasscode,
  type NoteFilterEntry,
  type PenStatus,
  type VersionInfo,
} from '../protocol';
import { type AskPassword, passwordPrompt } from './passwordPrompt';
import { PenRequestError } from './pendingReplies';
import { replyOf } from './replies';
import type { Scheduler } from './scheduler';

/** Error codes a connected pen may carry (engine.md §8: firmware below 2.18 → 1). */
export const PenConnectionErrorCode = { firmwareTooOld: 1 } as const;

/** The firmware warning: 'need to upgrade firmware greater than 2.18 (current version=…)'. */
export function firmwareWarning(currentVersion: string): string {
  return `need to upgrade firmware greater than 2.18 (current version=${currentVersion})`;
}

/** Why a connection attempt ended without a connection. */
export class PenConnectError extends Error {
  constructor(
    message: string,
    readonly code: 'versionRefused' | 'passwordRequired' | 'passwordCancelled' | 'penReset' | 'passwordError',
  ) {
    super(message);
    this.name = 'PenConnectError';
  }
}

/** What the handshake needs from the session. */
export interface HandshakeContext {
  readonly scheduler: Scheduler;
  readonly logger: Logger;
  readonly askPassword: AskPassword | undefined;
  readonly requestedProtocol: string;
  readonly noteFilter: 'all' | readonly NoteFilterEntry[];
  readonly hover: boolean;
  readonly versionAttempts: number;
  readonly versionRetryMs: number;
  request<T>(
    req: HostRequest,
    what: string,
    match: (m: DeviceMessage) => T | undefined,
    timeoutMs?: number,
  ): Promise<T>;
  onVersion(v: VersionInfo): void;
  onStatus(s: PenStatus): void;
  /** Reports connected, synchronously with the 0x91 reply (events may follow in the same notification). */
  markConnected(extra?: { errorCode: number; message: string }): void;
  /** The pen was wiped (password retry limit reached). */
  onPenReset(): void;
  /** Turns hover on (after connected); failures are only logged. */
  setHover(on: boolean): Promise<void>;
}

async function versionInfo(ctx: HandshakeContext): Promise<VersionInfo> {
  const req: HostRequest = { kind: 'versionRequest', protocolVersion: ctx.requestedProtocol };
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.request(
        req,
        'version info',
        replyOf('versionInfo', DeviceCmd.versionInfo),
        ctx.versionRetryMs,
      );
    } catch (error) {
      if (error instanceof PenRequestError && error.code === 'penError') {
        throw new PenConnectError('the pen refused the version request', 'versionRefused');
      }
      if (!(error instanceof PenRequestError && error.code === 'timeout') || attempt >= ctx.versionAttempts)
        throw error;
      ctx.logger.warn(`no version info from the pen; asking again (${attempt + 1}/${ctx.versionAttempts})`);
    }
  }
}

async function unlock(ctx: HandshakeContext, status: PenStatus): Promise<void> {
  const ask = ctx.askPassword;
  if (!ask)
    throw new PenConnectError('the pen is locked and no password prompt was given', 'passwordRequired');
  let count = status.currentRetryCount;
  let limit = status.retryLimit;
  let wrong = false;
  let invalid = false;
  for (;;) {
    const code = await ask(passwordPrompt(count, limit, wrong, invalid));
    if (code === undefined) throw new PenConnectError('password entry cancelled', 'passwordCancelled');
    if (!isValidPasscode(code) || code === DEFAULT_PASSCODE) {
      invalid = true;
      continue;
    }
    invalid = false;
    const r = await ctx.request(
      { kind: 'passwordInput', password: code },
      'password',
      replyOf('passwordResult', DeviceCmd.passwordResult),
    );
    count = r.retryCount;
    limit = r.retryLimit;
    if (r.status === 1) return;
    if (r.status === 0) {
      wrong = true;
      ctx.logger.info(`wrong passcode (${count}/${limit})`);
      continue;
    }
    if (r.status === 2) {
      ctx.onPenReset();
      throw new PenConnectError('password retry limit reached: the pen data was erased', 'penReset');
    }
    throw new PenConnectError(`password check failed (status ${r.status})`, 'passwordError');
  }
}

/** Runs the handshake; resolves once connected (and hover handled). */
export async function runHandshake(ctx: HandshakeContext): Promise<void> {
  const version = await versionInfo(ctx);
  ctx.onVersion(version);

  const status = await ctx.request(
    { kind: 'statusRequest' },
    'pen status',
    replyOf('penStatus', DeviceCmd.penStatus),
  );
  ctx.onStatus(status);
  if (status.isPwLocked) await unlock(ctx, status);

  // [CHOICE §8.1] set the pen's clock after authorisation, as AND and WIN do.
  try {
    await ctx.request(
      { kind: 'setting', setting: { type: 'rtcTime', timeMs: ctx.scheduler.nowMs() } },
      'set time',
      replyOf('settingResult', DeviceCmd.settingResult, (m) => m.settingType === 1),
    );
  } catch (error) {
    if (!(error instanceof PenRequestError && error.code === 'penError')) throw error;
    ctx.logger.warn('the pen refused the time setting', error.message);
  }

  const old = isBelowMinimumProtocol(version.protocolVersion);
  const extra = old
    ? { errorCode: PenConnectionErrorCode.firmwareTooOld, message: firmwareWarning(version.protocolVersion) }
    : undefined;
  const online = replyOf('onlineDataResult', DeviceCmd.onlineDataResult);
  await ctx.request({ kind: 'onlineDataRequest', notes: ctx.noteFilter }, 'online mode', (m) => {
    const r = online(m);
    if (r) ctx.markConnected(extra);
    return r;
  });
  if (old) ctx.logger.warn(extra!.message);
  else if (ctx.hover) await ctx.setHover(true);
}
