/**
 * The hostile-input suite (issue 11): walks EVERY operation of the server's own OpenAPI document
 * and the /oauth endpoints (token with every grant, revoke, introspection, authorization, the
 * sign-in and sign-up forms) with hostile values for every path parameter, query parameter and
 * body field the document declares — NUL, lone surrogates, 5,000-character texts, 2^31, 2^53+1,
 * 1e309, out-of-range ISO dates, deep JSON, wrong content types, bad multipart, bodies over the
 * limit — with and without a token (of a school administrator, so the code behind the guards
 * runs). No answer may be a 5xx, none may take longer than {@link REQUEST_TIMEOUT_MS}, failures
 * of the API keep `{ ok: false, message, data: null }`, and the server is healthy afterwards.
 * A new route is covered by being in the document. Seeded: a failure names its seed and replays.
 */
import { randomUUID } from 'node:crypto';
import { pageAddress } from '@dotink/ncode';
import { beforeAll, expect, it } from 'vitest';
import {
  describeEachDatabase,
  SETUP_TIMEOUT_MS,
  TEST_PUBLIC_URL,
  testClients,
  useTestServer,
} from '../test/harness';
import {
  badMultipart,
  deepJson,
  hostileNumbers,
  hostileText,
  jsonText,
  Picker,
  plausible,
  poison,
  type SchemaNode,
} from '../test/hostile';
import { makeStroke, uploadOf } from '../test/inkFixtures';
import { buildEduWorld, type EduWorld, insertCurriculum } from '../test/matrixFixtures';
import { newBrowser, openAuthorize, pkcePair, signInWithPassword } from '../test/oauth';
import { sharedNcodeDir } from '../test/sharedData';
import { CodeMessage } from './codes/codeRoutes';
import type { App } from './platform/types';

const SEED = 20_261_125;
/** Requests per operation of the document, and more per parameter and body field it declares. */
const PER_OPERATION = 24;
const PER_FIELD = 8;
/** Requests per /oauth endpoint and sign-in form. */
const PER_OAUTH_ENDPOINT = 80;
/** The longest any answer may take. */
const REQUEST_TIMEOUT_MS = 10_000;

const host = new URL(TEST_PUBLIC_URL).host;
/** Operations only a student may call (the others get a teacher's token). */
const studentOperations = { 'POST /inkstore/v1/data': true };
/** A JSON body over the default body limit (1 MiB). */
const OVER_LIMIT = `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`;

interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly schema?: SchemaNode;
}
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body?: SchemaNode;
  readonly secured: boolean;
}

/** The operations of the app's OpenAPI document. */
function operationsOf(app: App): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: unknown; security?: unknown[] }>
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema?: SchemaNode }> } | undefined)
        ?.content;
      const body = content ? Object.values(content)[0]?.schema : undefined;
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(body ? { body } : {}),
        secured: (op.security?.length ?? 0) > 0,
      });
    }
  }
  return ops;
}

/** Percent-encodes text as a form or URL would, writing lone surrogates as the bytes a client might send. */
export function encodeHostile(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (c >= 0xd800 && c <= 0xdfff)
      out += `%ED%${(0xa0 + ((c >> 6) & 0x1f)).toString(16)}%${(0x80 + (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(text[i]!);
  }
  return out;
}
const formOf = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`)
    .join('&');

interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly payload?: string | Buffer;
}

/** Tallies answers; throws on a 5xx, a hang or an API failure without the envelope. */
class Referee {
  readonly statuses = new Map<number, number>();
  /** Server errors, one example per operation and status. */
  readonly failures = new Map<string, string>();
  count = 0;
  constructor(private readonly app: App) {}

  async send(req: Sent): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
    this.count += 1;
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms: ${describe(req)}`)),
        REQUEST_TIMEOUT_MS,
      );
    });
    try {
      const res = await Promise.race([
        this.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: { host, ...req.headers },
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        }),
        hang,
      ]);
      this.statuses.set(res.statusCode, (this.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500 && !isServerStateAnswer(req, res.statusCode, res.body))
        this.fail(
          `${res.statusCode} ${req.method} ${req.url.split('?')[0]}`,
          `${describe(req)}: ${res.body.slice(0, 300)}`,
        );
      const apiFailure =
        res.statusCode >= 400 &&
        !req.url.startsWith('/oauth') &&
        String(res.headers['content-type'] ?? '').startsWith('application/json');
      if (apiFailure) expect(JSON.parse(res.body), describe(req)).toMatchObject({ ok: false, data: null });
      return { status: res.statusCode, body: res.body, headers: res.headers };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Records a server error (the test fails at its end, listing one example of each). */
  fail(key: string, example: string): void {
    if (!this.failures.has(key)) this.failures.set(key, example);
  }

  within(from: number, to: number): number {
    return [...this.statuses].filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0);
  }
}

/**
 * The one 5xx that answers the server's state, not the request: the shared data holds 16 Ncode
 * code pages, and once the suite's own (valid) code requests have issued them, the board's print
 * route says printing with the pattern cannot go on (503, `CodeMessage.notSetUp`), as it must.
 */
function isServerStateAnswer(req: Sent, status: number, body: string): boolean {
  if (status !== 503 || req.method !== 'GET' || !req.url.startsWith('/board/v1/paper/ncode?')) return false;
  try {
    return (JSON.parse(body) as { message?: unknown }).message === CodeMessage.notSetUp;
  } catch {
    return false;
  }
}

function describe(req: Sent): string {
  const payload = req.payload === undefined ? '' : ` ${String(req.payload).slice(0, 200)}`;
  return `${req.method} ${req.url.slice(0, 300)} [${req.headers?.['content-type'] ?? ''}]${payload}`;
}

describeEachDatabase('hostile input', (kind) => {
  const server = useTestServer(kind, {
    env: { NCODE_DATA_DIR: sharedNcodeDir, SIGNUP_RATE_LIMIT: '100000', LOGIN_IP_MAX_FAILURES: '100000' },
  });
  let w: EduWorld;
  /** Real values of path parameters by name, so requests reach the handlers. */
  let real: Record<string, readonly string[]>;
  let doomed: Record<string, readonly string[]>;
  /** Well-formed bodies of operations whose schema alone cannot make one. */
  let examples: Record<string, () => unknown>;

  beforeAll(async () => {
    const app = server().app;
    w = await buildEduWorld(app);
    const db = app.services.db;
    const lecture = await insertCurriculum(app, w.callers.admin.id, w.classId, 'Hostile lecture');
    const textbook = await db
      .insertInto('textbooks')
      .values({
        curriculum_id: lecture,
        type: 'POD',
        title: 'T',
        section: 3,
        owner: 27,
        book: 1068,
        ncode_start_page: 1,
        ncode_end_page: 4,
        num_pages: 4,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const course = (tag: string) =>
      db
        .insertInto('courses')
        .values({
          curriculum_id: lecture,
          tag,
          title: 'T',
          start_at: '2025-03-04T09:00:00Z',
          end_at: '2025-03-04T10:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const kept = await course('L');
    // A lesson with a session (a live room), so the live routes reach their roster and station.
    const live = await course('Live');
    await db.updateTable('courses').set({ session_id: 'ses-hostile' }).where('id', '=', live.id).execute();
    const doomedCourses = await Promise.all([1, 2, 3].map((i) => course(`D${i}`)));
    const doomedLectures = await Promise.all(
      [1, 2, 3].map(() => insertCurriculum(app, w.callers.admin.id, w.classId)),
    );
    const s = (...v: (string | number)[]) => v.map(String);
    real = {
      teacherId: s(w.callers.teacher.id, w.callers.pending.id, w.callers.otherSchool.id),
      eduClassId: s(w.classId, w.emptyClassId, w.otherClassId),
      curriculumId: s(lecture),
      textbookId: s(textbook.id),
      courseId: s(kept.id, live.id),
      kind: s('pdf', 'nproj'),
      studentId: w.studentIds,
      fileName: s('math.json', 'a_b-c.1'),
      bookId: s('3.27.1068', '0.0.0', '3.1012.2147483648'),
      dir: s('s3-o27-b1068'),
      file: s('s3-o27-b1068-p1.code.gz'),
      id: s('board-1', 'b'),
      uid: s(randomUUID()),
    };
    const student = w.studentIds[0]!;
    examples = {
      'POST /inkstore/v1/data': () => [
        uploadOf(
          [
            makeStroke({
              page: pageAddress(3, 27, 1068, 1),
              startMs: Date.UTC(2025, 2, 3, 9),
              writerId: student,
            }),
          ],
          student,
        ),
      ],
    };
    doomed = { curriculumId: s(...doomedLectures), courseId: s(...doomedCourses.map((c) => c.id)) };
  }, SETUP_TIMEOUT_MS);

  /**
   * The poisoned-stroke case (issue 27 item 4): strokes stored before the upload's instant rule,
   * written straight into the table for every pupil of the class (a start of 9e15 ms, the year
   * 255,000, 1970, an end before the start, a length of NaN, an infinite upload time). They stay
   * for the operations walk below, and every read of them answers without a server error.
   */
  async function poisonStrokes(app: App): Promise<void> {
    const at = '2025-03-04T09:10:00Z';
    const poisoned = [
      { start_time: 9_000_000_000_000_000, end_time: 9_000_000_000_000_100, distance_nu: 1 },
      { start_time: 8_000_000_000_000_000, end_time: null, distance_nu: 1 },
      { start_time: 0, end_time: 5, distance_nu: 1 },
      { start_time: Date.parse(at), end_time: Date.parse(at) - 1, distance_nu: Number.NaN },
    ];
    await app.services.db
      .insertInto('ink_strokes')
      .values(
        w.studentIds.flatMap((student, k) =>
          poisoned.flatMap((p, i) =>
            [1191, 1068].map((book) => ({
              student_id: student,
              section: 3,
              owner: book === 1191 ? 1012 : 27,
              book,
              page: 1,
              writer_id: student,
              mac: 'poison',
              upload_id: 8_000_000 + k * 100 + i * 2 + (book === 1191 ? 0 : 1),
              uploaded_at: (i === 1 ? 'infinity' : at) as unknown as Date,
              created_at: new Date(at),
              color: 0,
              pen_tip_type: 0,
              stroke_type: 0,
              thickness: i === 3 ? Number.NaN : 1,
              updated: p.start_time,
              delete_flag: 0,
              dot_count: 1,
              dots: new Uint8Array(17),
              ...p,
            })),
          ),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  it('answers every read of pupils with poisoned strokes without a server error', async () => {
    const app = server().app;
    await poisonStrokes(app);
    const referee = new Referee(app);
    const live = real.courseId![1]!;
    for (const student of w.studentIds) {
      for (const book of ['section=3&owner=1012&book=1191', 'section=3&owner=27&book=1068']) {
        const q = `eduClassId=${w.classId}&${book}&ncodeStartPage=1&ncodeEndPage=4`;
        for (const url of [
          `/edu/v1/math/summary?${q}`,
          `/edu/v1/math/summary?${q}&timeZone=Asia/Seoul`,
          `/edu/v1/math/summary/student/${student}?${q}`,
          `/admin/v1/inkstore/search/${student}`,
          `/admin/v1/inkstore/search/${student}?pageNumber=1`,
          `/admin/v1/inkstore/search/${student}?tag=${live}_ses-hostile`,
          `/edu/v1/live/${live}`,
        ]) {
          for (const caller of [w.callers.admin, w.callers.teacher]) {
            const res = await referee.send({ method: 'GET', url, headers: caller.headers });
            expect(res.status, url).toBe(200);
          }
        }
      }
    }
    expect([...referee.failures.values()]).toEqual([]);
  });

  it('answers hostile values for every operation of the OpenAPI document without a server error', async () => {
    const app = server().app;
    const ops = operationsOf(app);
    expect(ops.length).toBeGreaterThan(40);
    const referee = new Referee(app);
    const pick = new Picker(SEED);
    const callers = [w.callers.admin, w.callers.admin, w.callers.admin, w.callers.teacher, w.callers.student];
    const started = performance.now();
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const bodyFields = op.body?.properties ?? op.body?.items?.properties ?? {};
      const fields = op.parameters.length + Object.keys(bodyFields).length;
      for (let n = 0; n < PER_OPERATION + PER_FIELD * fields; n += 1) {
        const req = hostileRequest(
          op,
          pick,
          (name) => (op.method === 'DELETE' && doomed[name] ? doomed[name] : real[name]),
          examples[key],
        );
        const anonymous = !op.secured || pick.chance(0.15);
        const caller = anonymous
          ? undefined
          : key in studentOperations
            ? w.callers.student
            : pick.pick(callers);
        await referee.send({ ...req, headers: { ...caller?.headers, ...req.headers } });
      }
    }
    const ms = performance.now() - started;
    console.info(
      `hostile input [${kind}]: ${referee.count} requests to ${ops.length} operations in ${Math.round(ms)} ms; ` +
        `statuses ${JSON.stringify(Object.fromEntries(referee.statuses))}`,
    );
    expect([...referee.failures.values()]).toEqual([]);
    // The requests reach the handlers, not only the validators and the guards.
    expect(referee.within(200, 300)).toBeGreaterThan(referee.count / 40);
    await expectHealthy(app, w);
  }, 120_000);

  it('answers hostile /oauth requests and sign-in forms without a server error', async () => {
    const app = server().app;
    const referee = new Referee(app);
    const pick = new Picker(SEED + 1);
    const started = performance.now();
    const password = 'correct horse battery';
    const teacher = await app.services.accounts.createTeacher({
      username: `hostile-${randomUUID()}@example.org`,
      email: null,
      name: 'Hostile',
      password,
      status: 'ACTIVE',
    });
    const web = testClients.web;
    const signIn = async () => {
      const pkce = pkcePair();
      const browser = newBrowser(app);
      const { code } = await signInWithPassword(browser, {
        clientId: web.clientId,
        redirectUri: web.redirectUris[0],
        scope: 'openid offline_access profile',
        pkce,
        username: teacher.username,
        password,
      });
      const tokens = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: formOf({
          grant_type: 'authorization_code',
          code: code ?? '',
          redirect_uri: web.redirectUris[0],
          code_verifier: pkce.verifier,
          client_id: web.clientId,
          client_secret: web.clientSecret,
        }),
      });
      const body = tokens.json() as { access_token: string; refresh_token: string };
      if (!body.refresh_token) throw new Error(`no tokens: ${tokens.body} (code ${code})`);
      return { code: code ?? '', ...body };
    };
    const live = await signIn();
    const hostileOr = (value: string) => (pick.chance(0.5) ? hostileText(pick) : value);

    // The token endpoint, every grant, client authentication in every place.
    const grants = [
      'authorization_code',
      'refresh_token',
      'password',
      'client_credentials',
      hostileText(pick),
    ];
    for (let n = 0; n < PER_OAUTH_ENDPOINT * 2; n += 1) {
      const grant = pick.pick(grants);
      const fields: Record<string, string> = {
        grant_type: pick.chance(0.9) ? grant : hostileText(pick),
        code: hostileOr(live.code),
        refresh_token: hostileOr(live.refresh_token),
        username: hostileOr(w.studentIds[0]!),
        password: hostileOr(w.studentIds[0]!),
        redirect_uri: hostileOr(web.redirectUris[0]),
        code_verifier: hostileOr('x'.repeat(43)),
        scope: hostileOr('profile storage'),
        client_id: pick.chance(0.85)
          ? pick.pick([web.clientId, testClients.spa.clientId])
          : hostileText(pick),
        client_secret: pick.chance(0.85) ? web.clientSecret : hostileText(pick),
      };
      for (const k of Object.keys(fields)) if (pick.chance(0.3)) delete fields[k];
      const inQuery = pick.chance(0.3);
      const basic: Record<string, string> = pick.chance(0.2)
        ? {
            authorization: `Basic ${Buffer.from(`${encodeHostile(hostileOr(web.clientId))}:${encodeHostile(hostileOr(web.clientSecret))}`).toString('base64')}`,
          }
        : {};
      const body = bodyVariant(pick, formOf(fields));
      await referee.send({
        method: 'POST',
        url: inQuery ? `/oauth/token?${formOf(fields)}` : '/oauth/token',
        headers: { ...basic, ...body.headers },
        payload: body.payload,
      });
    }
    // Revocation and introspection.
    for (const path of ['/oauth/revoke', '/oauth/introspect']) {
      for (let n = 0; n < PER_OAUTH_ENDPOINT; n += 1) {
        const fields: Record<string, string> = {
          token: hostileOr(pick.pick([live.access_token, live.refresh_token])),
          token_type_hint: hostileOr(pick.pick(['access_token', 'refresh_token'])),
          client_id: hostileOr(web.clientId),
          client_secret: hostileOr(web.clientSecret),
        };
        const body = bodyVariant(pick, formOf(fields));
        await referee.send({ method: 'POST', url: path, headers: body.headers, payload: body.payload });
      }
    }
    // Authorization, userinfo, logout, discovery: query parameters and headers.
    for (let n = 0; n < PER_OAUTH_ENDPOINT; n += 1) {
      const fields: Record<string, string> = {
        client_id: hostileOr(web.clientId),
        response_type: hostileOr('code'),
        redirect_uri: hostileOr(web.redirectUris[0]),
        scope: hostileOr('openid profile'),
        state: hostileOr('s'),
        nonce: hostileOr('n'),
        code_challenge: hostileOr(pkcePair().challenge),
        code_challenge_method: hostileOr('S256'),
        ui_locales: hostileOr('ko'),
        prompt: hostileOr('login'),
        max_age: hostileOr('0'),
        id_token_hint: hostileOr('x.y.z'),
        post_logout_redirect_uri: hostileOr(web.redirectUris[0]),
      };
      const path = pick.pick([
        '/oauth/authorize',
        '/oauth/auth',
        '/oauth/logout',
        '/oauth/userinfo',
        '/oauth/jwks',
        '/oauth/.well-known/openid-configuration',
      ]);
      await referee.send({
        method: 'GET',
        url: `${path}?${formOf(fields)}`,
        headers: {
          authorization: `Bearer ${pick.chance(0.3) ? live.access_token : hostileText(pick)}`,
          'accept-language': hostileText(pick),
        },
      });
    }
    // The sign-in and sign-up forms of a live interaction.
    let browser = newBrowser(app);
    let uid = '';
    const fresh = async () => {
      browser = newBrowser(app);
      const chooser = await openAuthorize(browser, {
        clientId: web.clientId,
        redirectUri: web.redirectUris[0],
        scope: 'openid profile',
        pkce: pkcePair(),
      });
      uid = /\/interaction\/([^/?]+)$/.exec(new URL(chooser.url).pathname)?.[1] ?? '';
    };
    await fresh();
    for (let n = 0; n < PER_OAUTH_ENDPOINT * 2; n += 1) {
      const signUp = pick.chance(0.5);
      const pw = 'long enough password';
      const fields: Record<string, string> = signUp
        ? {
            name: hostileOr('Teacher'),
            email: hostileOr(`t${n}-${randomUUID()}@example.org`),
            password: hostileOr(pw),
            confirm: hostileOr(pw),
          }
        : { username: hostileOr(teacher.username), password: hostileOr('wrong password') };
      const form = formOf(fields);
      const body = bodyVariant(pick, form);
      const res = await browser.request(`/interaction/${uid}/${signUp ? 'signup' : 'login'}`, {
        body: body.payload,
        ...(body.headers['content-type'] ? { contentType: body.headers['content-type'] } : {}),
      });
      referee.statuses.set(res.status, (referee.statuses.get(res.status) ?? 0) + 1);
      referee.count += 1;
      if (res.status >= 500)
        referee.fail(
          `${res.status} ${signUp ? 'sign-up' : 'sign-in'}`,
          `${body.headers['content-type'] ?? ''} ${form.slice(0, 300)}`,
        );
      if (res.status === 303) await fresh();
    }
    const ms = performance.now() - started;
    console.info(
      `hostile /oauth [${kind}]: ${referee.count} requests in ${Math.round(ms)} ms; ` +
        `statuses ${JSON.stringify(Object.fromEntries(referee.statuses))}`,
    );
    expect([...referee.failures.values()]).toEqual([]);
    await expectHealthy(app, w);
  }, 120_000);
});

/** A body in one of the ways a client gets it wrong (or right). */
function bodyVariant(
  pick: Picker,
  form: string,
): { payload: string | Buffer; headers: Record<string, string> } {
  const r = pick.int(20);
  if (r < 13) return { payload: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (r === 13) return { payload: form, headers: { 'content-type': 'application/json' } };
  if (r === 14) return { payload: deepJson(2000), headers: { 'content-type': 'application/json' } };
  if (r === 15) {
    const m = badMultipart(pick);
    return { payload: m.payload, headers: { 'content-type': m.contentType } };
  }
  if (r === 16)
    return {
      payload: `${form}&pad=${OVER_LIMIT}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  if (r === 17) return { payload: form, headers: { 'content-type': 'text/plain' } };
  if (r === 18) return { payload: form, headers: {} };
  return {
    payload: Buffer.from([0xff, 0xfe, 0x00, 0x25, 0x80]),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' },
  };
}

/** One hostile request for `op`: plausible everywhere, hostile in one place (or in the framing). */
function hostileRequest(
  op: Operation,
  pick: Picker,
  realValues: (name: string) => readonly string[] | undefined,
  example?: () => unknown,
): Sent {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const values = new Map<Parameter, string>();
  for (const p of [...pathParams, ...queryParams]) {
    const realOnes = realValues(p.name);
    if (realOnes && pick.chance(0.9)) values.set(p, pick.pick(realOnes));
    else if (p.in === 'path' || pick.chance(0.5)) values.set(p, String(plausible(p.schema, pick)));
  }
  let body: unknown =
    example && pick.chance(0.8) ? example() : op.body ? plausible(op.body, pick) : undefined;
  const headers: Record<string, string> = {};
  for (const p of headerParams)
    if (pick.chance(0.5)) headers[p.name] = pick.chance(0.5) ? '1' : hostileText(pick);
  let payload: string | Buffer | undefined;
  let contentType: string | undefined = op.body ? 'application/json' : undefined;

  const where = pick.int(10);
  const params = [...pathParams, ...queryParams];
  if (where < 4 && params.length > 0) {
    const p = pick.pick(params);
    values.set(
      p,
      p.schema?.type === 'integer' && pick.chance(0.4)
        ? String(pick.pick(hostileNumbers.map(numberText)))
        : hostileText(pick),
    );
  } else if (where < 7 && body !== undefined) {
    body = poison(body, pick);
  } else if (where === 7) {
    const r = pick.int(6);
    if (r === 0) {
      payload = deepJson(pick.pick([64, 5000]));
      contentType = 'application/json';
    } else if (r === 1) {
      const m = badMultipart(pick);
      payload = m.payload;
      contentType = m.contentType;
    } else if (r === 2) {
      payload = op.body ? jsonText(body) : hostileText(pick);
      contentType = pick.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=latin1',
      ]);
    } else if (r === 3) {
      // Over the default body limit (1 MiB); a route with a larger limit still refuses it unread.
      payload = OVER_LIMIT;
      contentType = 'application/json';
    } else if (r === 4) {
      payload = '{"a":';
      contentType = 'application/json';
    } else {
      payload = Buffer.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d]); // {"\uD800":1} as bad UTF-8
      contentType = 'application/json';
    }
  } else if (where === 8) {
    for (const p of queryParams) if (pick.chance(0.5)) values.set(p, hostileText(pick));
    if (queryParams.length === 0) values.set({ in: 'query', name: hostileText(pick) }, hostileText(pick));
  }
  let path = op.path;
  for (const p of pathParams) path = path.replace(`{${p.name}}`, encodeHostile(values.get(p) ?? '1'));
  const query = [...values]
    .filter(([p]) => p.in === 'query')
    .flatMap(([p, v]) =>
      (p.schema?.type === 'array' && pick.chance(0.5) ? [v, v] : [v]).map(
        (x) => `${encodeHostile(p.name)}=${encodeHostile(x)}`,
      ),
    )
    .join('&');
  if (payload === undefined && body !== undefined) payload = jsonText(body);
  if (contentType) headers['content-type'] = contentType;
  return {
    method: op.method,
    url: query ? `${path}?${query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}

const numberText = (n: number | { raw: string }) => (typeof n === 'number' ? String(n) : n.raw);

/** The health check answers, and so does a well-formed request with a token. */
async function expectHealthy(app: App, w: EduWorld): Promise<void> {
  const health = await app.inject({ method: 'GET', url: '/api/health', headers: { host } });
  expect(health.statusCode).toBe(200);
  const classes = await app.inject({
    method: 'GET',
    url: '/edu/v1/classes',
    headers: { host, ...w.callers.admin.headers },
  });
  expect(classes.statusCode).toBe(200);
}
