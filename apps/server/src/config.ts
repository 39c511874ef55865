/**
 * Server configuration: read once from environment variables, validated with zod, with safe
 * defaults. The table in the root README ("Server configuration") documents every variable.
 */
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { type PageAddress, pageAddress, parsePageId } from '@dotink/ncode';
import { z } from 'zod';

/** Grant types a registered OAuth client may use. */
export const clientGrantTypes = [
  'authorization_code',
  'refresh_token',
  'password',
  'client_credentials',
] as const;
export type ClientGrantType = (typeof clientGrantTypes)[number];

/** One registered OAuth client (from `OAUTH_CLIENTS`). */
export interface OAuthClientConfig {
  readonly clientId: string;
  /** Absent for a public client (a browser app): it then must use PKCE and has no secret. */
  readonly clientSecret?: string;
  /** Exact redirect URIs (no pattern matching). */
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
  readonly grantTypes: readonly ClientGrantType[];
  readonly name: string;
}

/** An upstream OpenID Connect provider ("Google" button), optional. */
export interface UpstreamOidcConfig {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Label of the login button. */
  readonly name: string;
}

/** S3-compatible object storage for uploaded files (`S3_*`); absent: files on the local disk. */
export interface ObjectStoreConfig {
  /** The storage's address (MinIO, Ceph, R2…); absent for AWS S3 itself. */
  readonly endpoint?: string;
  readonly bucket: string;
  readonly region: string;
  /** Absent: the SDK's default credential chain (instance role, AWS_* variables, profile). */
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, s3rver, most self-hosted stores). */
  readonly forcePathStyle: boolean;
  /** Prepended to every key (empty or ending in `/`), to share a bucket. */
  readonly prefix: string;
  /**
   * Material attachments are answered by redirects to presigned GETs valid this many seconds
   * (the clients fetch the bucket themselves); absent: every download streams through the server.
   */
  readonly presignedDownloadSeconds?: number;
}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** The address browsers reach the server at, without a trailing slash. */
  readonly publicUrl: string;
  /** Issuer identifier of the OAuth/OIDC server: `${publicUrl}/oauth`. */
  readonly issuer: string;
  /**
   * Which proxies in front are trusted (`TRUST_PROXY`): false (none: the socket's address is the
   * client), a hop count (the client is that many addresses from the right of X-Forwarded-For),
   * or proxy addresses and networks (the client is the right-most address not among them).
   */
  readonly trustProxy: TrustProxy;
  readonly dataDir: string;
  /** Embedded PGlite data directory (used when `databaseUrl` is absent). */
  readonly pgliteDir: string;
  /** Content-addressed file storage root (when `objectStore` is absent). */
  readonly filesDir: string;
  /** Object storage for files, shared by every server process; absent: `filesDir`. */
  readonly objectStore?: ObjectStoreConfig;
  /** PostgreSQL connection string; absent means the embedded PGlite database. */
  readonly databaseUrl?: string;
  /** Where vendor Ncode data (paper catalogue, code pages, textbooks) is read from. */
  readonly ncodeDataDir?: string;
  /** The built note board (`apps/board/dist` unless BOARD_DIST_DIR says otherwise). */
  readonly boardDistDir?: string;
  /** The built classroom app (`apps/classroom/dist` unless CLASSROOM_DIST_DIR says otherwise). */
  readonly classroomDistDir?: string;
  readonly oidc: {
    /** Private signing keys (JWKS) from the environment; else generated once and stored. */
    readonly jwks?: { readonly keys: readonly Record<string, unknown>[] };
    /** Cookie signing keys from the environment; else generated once and stored. */
    readonly cookieKeys?: readonly string[];
    readonly accessTokenTtlS: number;
    readonly refreshTokenTtlS: number;
  };
  readonly clients: readonly OAuthClientConfig[];
  readonly upstream?: UpstreamOidcConfig;
  readonly login: {
    /** Failed attempts of one login name (from every address) that lock it. */
    readonly maxFailures: number;
    /** How long the first lock lasts (each further one twice the last), and the counting window. */
    readonly lockoutMs: number;
    /** The longest lock of a login name. */
    readonly maxLockoutMs: number;
    /** Failed attempts of any login names from one address answered without delay. */
    readonly ipFreeFailures: number;
    /** How much longer each further failed answer to that address is held back. */
    readonly ipDelayStepMs: number;
    /** The longest hold of a failed answer. */
    readonly ipMaxDelayMs: number;
  };
  readonly signUp: {
    /** Sign-up form posts per IP within `windowMs`. */
    readonly limit: number;
    readonly windowMs: number;
  };
  /** What SIGTERM does (see the server README, "Drain"). */
  readonly shutdown: {
    /** Draining: not ready, sockets closed (1012), requests still served for this long. */
    readonly delayMs: number;
    /** The process exits at the latest this long after SIGTERM, cutting what still runs. */
    readonly graceMs: number;
  };
  readonly realtime: {
    /** A WebSocket subscriber with more unsent bytes than this is dropped (a slow consumer). */
    readonly maxBufferedBytes: number;
    /** Messages a connection may send per second on average, and in a burst; over it: closed. */
    readonly messagesPerSecond: number;
    readonly messageBurst: number;
    /**
     * Bytes an account's sockets may send per second on average, and in a burst (one budget,
     * shared, kept across reconnects); over it: closed (1008).
     */
    readonly bytesPerSecond: number;
    /** Also the largest message taken (at most 1 MiB): a larger one is refused at its header (1009). */
    readonly byteBurst: number;
    /** Open sockets of one account, and from one address (a NAT school), per process. */
    readonly maxSocketsPerAccount: number;
    readonly maxSocketsPerAddress: number;
  };
  /**
   * The first code page the server issues (engine.md §4: 0.27.667.1). Applied while no code has
   * been issued yet (the pointer as its migration created it); ignored afterwards.
   */
  readonly codeStart: PageAddress;
  /** Code pages one account may get a day (UTC) for its own prints (`/board/v1/paper/ncode`). */
  readonly printCodesPerDay: number;
  /** Seed a demo school when the database is empty. */
  readonly seedDemo: boolean;
  /**
   * With {@link seedDemo}: seed only the demo school and its administrator (`SEED_DEMO=school`),
   * as a district's first day looks: no teachers, classes or pupils yet.
   */
  readonly seedDemoSchoolOnly: boolean;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const httpUrl = z
  .url({ protocol: /^https?$/ })
  .transform((u) => u.replace(/\/+$/, ''))
  .refine((u) => !/[?#]/.test(u), 'must not have a query or fragment');

const clientSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(16, 'a client secret needs at least 16 characters').optional(),
  redirectUris: z.array(z.url()).min(1),
  postLogoutRedirectUris: z.array(z.url()).default([]),
  grantTypes: z.array(z.enum(clientGrantTypes)).min(1).default(['authorization_code', 'refresh_token']),
  name: z.string().min(1).optional(),
});

const jsonText = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx): z.output<T> => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
    const r = schema.safeParse(parsed);
    if (!r.success) {
      for (const issue of r.error.issues) {
        ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      return z.NEVER;
    }
    return r.data;
  });

const positiveInt = z.coerce.number().int().positive();

/** What `TRUST_PROXY` says: no proxy, a hop count, or the proxies' addresses and networks. */
export type TrustProxy = false | number | readonly string[];

/**
 * `TRUST_PROXY`: `false`; `true` (= 1: one proxy in front, whose X-Forwarded-For entry — the
 * right-most — names the client; never the left-most, which the client writes); a hop count; or
 * a comma-separated list of proxy addresses and CIDR networks (IPv4 or IPv6).
 */
const trustProxyText = z.string().transform((text, ctx): TrustProxy => {
  const v = text.trim().toLowerCase();
  if (['false', '0', 'no', ''].includes(v)) return false;
  if (['true', 'yes'].includes(v)) return 1;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  const entries = v.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(entry)} is not an address or network (true, false, a hop count, or addresses like 10.0.0.1, 10.0.0.0/8, ::1)`,
      });
      return z.NEVER;
    }
  }
  return entries;
});

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    PUBLIC_URL: httpUrl.optional(),
    TRUST_PROXY: trustProxyText.default(false),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    NCODE_DATA_DIR: z.string().min(1).optional(),
    BOARD_DIST_DIR: z.string().min(1).optional(),
    CLASSROOM_DIST_DIR: z.string().min(1).optional(),
    OIDC_JWKS: jsonText(z.object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) })).optional(),
    OIDC_COOKIE_KEYS: z
      .string()
      .transform((s) => s.split(',').map((k) => k.trim()))
      .pipe(z.array(z.string().min(32, 'each cookie key needs at least 32 characters')).min(1))
      .optional(),
    OIDC_ACCESS_TOKEN_TTL: positiveInt.default(3600),
    OIDC_REFRESH_TOKEN_TTL: positiveInt.default(14 * 24 * 3600),
    OAUTH_CLIENTS: jsonText(z.array(clientSchema).min(1)).optional(),
    UPSTREAM_OIDC_ISSUER: httpUrl.optional(),
    UPSTREAM_OIDC_CLIENT_ID: z.string().min(1).optional(),
    UPSTREAM_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    UPSTREAM_OIDC_NAME: z.string().min(1).default('Google'),
    LOGIN_MAX_FAILURES: positiveInt.default(5),
    LOGIN_LOCKOUT_MINUTES: positiveInt.default(15),
    LOGIN_LOCKOUT_MAX_MINUTES: positiveInt.default(24 * 60),
    LOGIN_IP_MAX_FAILURES: positiveInt.default(20),
    LOGIN_IP_DELAY_STEP_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    LOGIN_IP_MAX_DELAY_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
    SIGNUP_RATE_LIMIT: positiveInt.default(10),
    SIGNUP_RATE_WINDOW_MINUTES: positiveInt.default(60),
    SEED_DEMO: z.enum(['auto', 'true', 'false', 'school']).default('auto'),
    CODE_START: z
      .string()
      .transform((text, ctx) => {
        const page = parsePageId(text);
        if (!page || page.section < 0 || page.owner < 0 || page.book < 0 || page.page < 0) {
          ctx.addIssue({ code: 'custom', message: 'must be a code page "section.owner.book.page"' });
          return z.NEVER;
        }
        return page;
      })
      .optional(),
    PRINT_CODES_PER_DAY: positiveInt.default(500),
    REALTIME_MAX_BUFFERED_KB: positiveInt.default(4096),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(5000),
    SHUTDOWN_GRACE_SECONDS: positiveInt.default(30),
    REALTIME_MESSAGES_PER_SECOND: positiveInt.default(500),
    REALTIME_MESSAGE_BURST: positiveInt.default(1000),
    REALTIME_KB_PER_SECOND: positiveInt.default(128),
    REALTIME_KB_BURST: positiveInt.default(512),
    REALTIME_SOCKETS_PER_ACCOUNT: positiveInt.default(8),
    REALTIME_SOCKETS_PER_ADDRESS: positiveInt.default(1000),
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanText.default(false),
    S3_PRESIGNED_DOWNLOAD_SECONDS: z.coerce.number().int().min(0).max(604_800).default(0),
    S3_PREFIX: z
      .string()
      .regex(/^([A-Za-z0-9!_.*'()-]+\/)+$/, 'must be key segments each ending in "/", e.g. "dotink/"')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    const upstream = [env.UPSTREAM_OIDC_ISSUER, env.UPSTREAM_OIDC_CLIENT_ID, env.UPSTREAM_OIDC_CLIENT_SECRET];
    const given = upstream.filter((v) => v !== undefined).length;
    if (given !== 0 && given !== 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_OIDC_ISSUER'],
        message: 'set UPSTREAM_OIDC_ISSUER, UPSTREAM_OIDC_CLIENT_ID and UPSTREAM_OIDC_CLIENT_SECRET together',
      });
    }
    const s3Set = [env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_PREFIX].some(
      (v) => v !== undefined,
    );
    if (s3Set && env.S3_BUCKET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'is needed when any other S3_ variable is set',
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
      });
    }
    const ids = (env.OAUTH_CLIENTS ?? []).map((c) => c.clientId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['OAUTH_CLIENTS'], message: 'client ids must be unique' });
    }
  });

/** Every environment variable the configuration reads (deploy/: the compose file and manifests set only these). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

/** The first issuable code page of engine.md §4. */
export const DEFAULT_CODE_START: PageAddress = pageAddress(0, 27, 667, 1);

/** Thrown by {@link loadConfig} with one line per invalid variable. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly string[]) {
    super(`invalid server configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The classroom web app's and the note board's clients, registered when `OAUTH_CLIENTS` is not set. */
export function defaultClients(publicUrl: string): OAuthClientConfig[] {
  return [
    {
      clientId: 'dotink-classroom',
      redirectUris: [`${publicUrl}/callback.html`, `${publicUrl}/callback`],
      postLogoutRedirectUris: [`${publicUrl}/`],
      grantTypes: ['authorization_code', 'refresh_token', 'password'],
      name: 'dotink classroom',
    },
    {
      // the note board (served at /board/): signs in to sync boards and request print codes
      clientId: 'dotink-board',
      redirectUris: [`${publicUrl}/board/`],
      postLogoutRedirectUris: [`${publicUrl}/board/`],
      grantTypes: ['authorization_code', 'refresh_token'],
      name: 'dotink board',
    },
  ];
}

/**
 * Reads and validates the configuration from `env` (normally `process.env`). Relative
 * directories resolve against `cwd`. Throws {@link ConfigError} listing every problem.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  cwd: string = process.cwd(),
): ServerConfig {
  // Empty variables count as unset, as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : 'env'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR);
  const ncodeDataDir = e.NCODE_DATA_DIR && resolve(cwd, e.NCODE_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    issuer: `${publicUrl}/oauth`,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    pgliteDir: resolve(dataDir, 'db'),
    filesDir: resolve(dataDir, 'files'),
    ...(e.S3_BUCKET
      ? {
          objectStore: {
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
            ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX ?? '',
            ...(e.S3_PRESIGNED_DOWNLOAD_SECONDS > 0
              ? { presignedDownloadSeconds: e.S3_PRESIGNED_DOWNLOAD_SECONDS }
              : {}),
          },
        }
      : {}),
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    ...(ncodeDataDir ? { ncodeDataDir } : {}),
    ...(e.BOARD_DIST_DIR ? { boardDistDir: resolve(cwd, e.BOARD_DIST_DIR) } : {}),
    ...(e.CLASSROOM_DIST_DIR ? { classroomDistDir: resolve(cwd, e.CLASSROOM_DIST_DIR) } : {}),
    oidc: {
      ...(e.OIDC_JWKS ? { jwks: e.OIDC_JWKS } : {}),
      ...(e.OIDC_COOKIE_KEYS ? { cookieKeys: e.OIDC_COOKIE_KEYS } : {}),
      accessTokenTtlS: e.OIDC_ACCESS_TOKEN_TTL,
      refreshTokenTtlS: e.OIDC_REFRESH_TOKEN_TTL,
    },
    clients: e.OAUTH_CLIENTS
      ? e.OAUTH_CLIENTS.map((c) => ({ ...c, name: c.name ?? c.clientId }))
      : defaultClients(publicUrl),
    ...(e.UPSTREAM_OIDC_ISSUER && e.UPSTREAM_OIDC_CLIENT_ID && e.UPSTREAM_OIDC_CLIENT_SECRET
      ? {
          upstream: {
            issuer: e.UPSTREAM_OIDC_ISSUER,
            clientId: e.UPSTREAM_OIDC_CLIENT_ID,
            clientSecret: e.UPSTREAM_OIDC_CLIENT_SECRET,
            name: e.UPSTREAM_OIDC_NAME,
          },
        }
      : {}),
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockoutMs: e.LOGIN_LOCKOUT_MINUTES * 60_000,
      maxLockoutMs: e.LOGIN_LOCKOUT_MAX_MINUTES * 60_000,
      ipFreeFailures: e.LOGIN_IP_MAX_FAILURES,
      ipDelayStepMs: e.LOGIN_IP_DELAY_STEP_MS,
      ipMaxDelayMs: e.LOGIN_IP_MAX_DELAY_SECONDS * 1000,
    },
    signUp: { limit: e.SIGNUP_RATE_LIMIT, windowMs: e.SIGNUP_RATE_WINDOW_MINUTES * 60_000 },
    shutdown: {
      delayMs: Math.min(e.SHUTDOWN_DELAY_MS, e.SHUTDOWN_GRACE_SECONDS * 1000),
      graceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    },
    realtime: {
      maxBufferedBytes: e.REALTIME_MAX_BUFFERED_KB * 1024,
      messagesPerSecond: e.REALTIME_MESSAGES_PER_SECOND,
      messageBurst: e.REALTIME_MESSAGE_BURST,
      bytesPerSecond: e.REALTIME_KB_PER_SECOND * 1024,
      byteBurst: e.REALTIME_KB_BURST * 1024,
      maxSocketsPerAccount: e.REALTIME_SOCKETS_PER_ACCOUNT,
      maxSocketsPerAddress: e.REALTIME_SOCKETS_PER_ADDRESS,
    },
    codeStart: e.CODE_START ?? DEFAULT_CODE_START,
    printCodesPerDay: e.PRINT_CODES_PER_DAY,
    // A demo admin with a known password is fine on the embedded database, not on a real one.
    seedDemo: e.SEED_DEMO === 'auto' ? !e.DATABASE_URL : e.SEED_DEMO === 'true' || e.SEED_DEMO === 'school',
    seedDemoSchoolOnly: e.SEED_DEMO === 'school',
    logLevel: e.LOG_LEVEL,
  };
}
