/**
 * The simulated pen's profile store (0x41 / 0xC1, pen-protocol.md §4.16, §5.14): named profiles
 * guarded by a password, each a small key/value store.
 */
import {
  type ProfilePassword,
  type ProfileRequest,
  type ProfileResponse,
  ProfileStatus,
  sameProfilePassword,
} from '../protocol/profile';

interface Profile {
  readonly password: ProfilePassword;
  readonly sectorSize: number;
  readonly sectorCount: number;
  readonly values: Map<string, Uint8Array>;
}

/** Profiles kept on the pen (persistent). */
export class ProfileStore {
  private readonly profiles = new Map<string, Profile>();

  /** Answers one profile request. */
  handle(name: string, req: ProfileRequest): ProfileResponse {
    const p = this.profiles.get(name);
    switch (req.op) {
      case 'create':
        if (p) return { op: 'create', status: ProfileStatus.alreadyExists };
        this.profiles.set(name, {
          password: req.password.slice(),
          sectorSize: req.sectorSize,
          sectorCount: req.sectorCount,
          values: new Map(),
        });
        return { op: 'create', status: ProfileStatus.ok };
      case 'delete':
        if (!p) return { op: 'delete', status: ProfileStatus.doesNotExist };
        if (!sameProfilePassword(p.password, req.password))
          return { op: 'delete', status: ProfileStatus.noPermission };
        this.profiles.delete(name);
        return { op: 'delete', status: ProfileStatus.ok };
      case 'info': {
        if (!p) {
          return {
            op: 'info',
            status: ProfileStatus.doesNotExist,
            totalSectors: 0,
            sectorSize: 0,
            usedSectors: 0,
            usedKeySectors: 0,
          };
        }
        let used = 0;
        for (const v of p.values.values()) used += Math.ceil(v.length / Math.max(1, p.sectorSize));
        return {
          op: 'info',
          status: ProfileStatus.ok,
          totalSectors: p.sectorCount,
          sectorSize: p.sectorSize,
          usedSectors: used,
          usedKeySectors: p.values.size,
        };
      }
      case 'write': {
        const status = !p
          ? ProfileStatus.doesNotExist
          : !sameProfilePassword(p.password, req.password)
            ? ProfileStatus.noPermission
            : 0;
        if (p && status === 0) for (const v of req.values) p.values.set(v.key, v.data.slice());
        return { op: 'write', results: req.values.map((v) => ({ key: v.key, status })) };
      }
      case 'read':
        return {
          op: 'read',
          results: req.keys.map((key) => {
            const data = p?.values.get(key);
            if (!p) return { key, status: ProfileStatus.doesNotExist, data: new Uint8Array(0) };
            return data
              ? { key, status: ProfileStatus.ok, data: data.slice() }
              : { key, status: ProfileStatus.keyNotFound, data: new Uint8Array(0) };
          }),
        };
      case 'deleteValues':
        return {
          op: 'deleteValues',
          results: req.keys.map((key) => {
            if (!p) return { key, status: ProfileStatus.doesNotExist };
            if (!sameProfilePassword(p.password, req.password))
              return { key, status: ProfileStatus.noPermission };
            return { key, status: p.values.delete(key) ? ProfileStatus.ok : ProfileStatus.keyNotFound };
          }),
        };
    }
  }
}
