/**
 * Downloading a material's file (its PDF or .nproj, the `downloadUri` the server answers): a
 * school's own materials are not public (`GET .../attachment/{kind}` needs the read permission),
 * so every download goes through the call layer's `createDownload` (the API's `fileBytes`:
 * token, 401 sign-out, §8 messages).
 */

/** Downloads a file's bytes. */
export type FetchFile = (uri: string) => Promise<Uint8Array>;
