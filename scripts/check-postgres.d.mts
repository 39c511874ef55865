/** The URL .ci/run sets (the role it creates). */
export declare const DEFAULT_TEST_DATABASE_URL: string;
/** True when the environment says this is a CI run (`CI` set to anything but "", "0", "false"). */
export declare function isCi(env: Readonly<Record<string, string | undefined>>): boolean;
/** Checks `env.TEST_DATABASE_URL`: set, reachable, its role may CREATEDB; the message says what to do. */
export declare function checkPostgres(
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs?: number,
): Promise<{ ok: boolean; message: string }>;
