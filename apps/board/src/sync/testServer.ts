/**
 * The real dotink server for the sync tests: the server's own test harness (a fresh embedded
 * database), listening on a loopback port, and a signed-in {@link BoardAuth} for a new teacher.
 * Loaded by path so the board's type project does not take in the server's sources.
 */
import { BoardAuth, TOKENS_KEY } from '../auth/boardAuth';

interface HarnessServer {
  readonly app: {
    listen(o: { port: number; host: string }): Promise<string>;
    readonly services: {
      readonly accounts: { createTeacher(t: Record<string, unknown>): Promise<{ id: string; name: string }> };
    };
  };
  close(): Promise<void>;
}
interface Harness {
  startTestServer(kind: 'pglite'): Promise<HarnessServer>;
}
interface OAuthHelpers {
  issueAccessToken(app: unknown, accountId: string, scope: string): Promise<string>;
}

const serverTest = (file: string) => new URL(`../../../server/test/${file}`, import.meta.url).pathname;

/** A running server: its origin, accounts with tokens, and close(). */
export interface SyncTestServer {
  readonly origin: string;
  /** A new teacher and a BoardAuth signed in as them (token with `storage`). */
  signedIn(name: string): Promise<{ auth: BoardAuth; accountId: string; storage: MemoryStorage }>;
  close(): Promise<void>;
}

/** sessionStorage in memory. */
export class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

let counter = 0;

export async function startSyncTestServer(): Promise<SyncTestServer> {
  const harness = (await import(/* @vite-ignore */ serverTest('harness.ts'))) as Harness;
  const oauth = (await import(/* @vite-ignore */ serverTest('oauth.ts'))) as OAuthHelpers;
  const server = await harness.startTestServer('pglite');
  const origin = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
  return {
    origin,
    async signedIn(name) {
      counter += 1;
      const account = await server.app.services.accounts.createTeacher({
        username: `sync-${counter}-${name}@example.org`,
        name,
        status: 'ACTIVE',
        isSchoolAdmin: false,
        schoolId: null,
      });
      const token = await oauth.issueAccessToken(server.app, account.id, 'openid profile storage');
      const storage = new MemoryStorage();
      storage.setItem(
        TOKENS_KEY,
        JSON.stringify({
          accessToken: token,
          expiresAtMs: Date.now() + 3_600_000,
          account: { id: account.id, name, username: name },
        }),
      );
      const auth = new BoardAuth({
        serverUrl: origin,
        redirectUri: `${origin}/board/`,
        storage,
        fetch: (...args) => fetch(...args),
        nowMs: () => Date.now(),
        navigate: () => {
          throw new Error('no navigation in tests');
        },
      });
      return { auth, accountId: account.id, storage };
    },
    close: () => server.close(),
  };
}
