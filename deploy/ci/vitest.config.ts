// The container tests (deploy/ci/containers.sh starts the image's containers behind nginx, then
// runs this config): not part of `npm test`, whose config includes no file of deploy/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['deploy/ci/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
