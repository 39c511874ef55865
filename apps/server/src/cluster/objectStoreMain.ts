/**
 * The object store of `npm run start:cluster` when no `S3_*` is set: s3rver as a process of its
 * own (a devDependency: this command is for a checkout, not a deployment). Started by
 * `main.ts` with an IPC channel: it sends `{ port }` once listening and stops when told to or
 * when the channel closes (the launcher is gone). Arguments: DIRECTORY BUCKET [PORT].
 */
import { mkdirSync } from 'node:fs';

const [directory, bucket, port] = process.argv.slice(2);
if (!directory || !bucket) {
  console.error('objectStoreMain: DIRECTORY BUCKET [PORT] expected');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const { default: S3rver } = await import('s3rver');
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port ?? 0),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.send?.({ port: address.port });
const stop = () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`object store: ${String(error)}`);
      process.exit(1);
    },
  );
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
