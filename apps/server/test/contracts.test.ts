/**
 * The education API's call list in `@dotink/contracts/eduCalls` (what clients build on) matches
 * the server: every entry is an operation of the OpenAPI document, and every education operation
 * but the attachment files and the paper codes has an entry.
 */
import { eduCalls } from '@dotink/contracts/eduCalls';
import { expect, it } from 'vitest';
import { describeEachDatabase, useTestServer } from './harness';

describeEachDatabase('education contract', (kind) => {
  const server = useTestServer(kind);

  it('lists every education route of the server, and only those', () => {
    const doc = server().app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/edu/v1/') && !path.startsWith('/edu/v1/paper/'))
      .filter(([path]) => !path.includes('/attachment'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      // the OneRoster export answers the zip itself (as attachment downloads do)
      .filter((route) => route !== 'GET /edu/v1/oneroster');
    const listed = Object.values(eduCalls).map((c) => `${c.method} ${c.path}`);
    expect(listed.sort()).toEqual(served.sort());
  });
});
