/** @dotink/server: build the server in-process (tests, other tools). `main.ts` runs it. */
export * from './app';
export * from './config';
export * from './db/database';
export * from './db/migrate';
export type * from './db/schema';
export * from './files/configuredFileStore';
export * from './files/diskFileStore';
export * from './files/fileStore';
export * from './files/s3FileStore';
export * from './http/answer';
export * from './http/errors';
export * from './identity/scopes';
export * from './platform/bearer';
export type * from './platform/types';
