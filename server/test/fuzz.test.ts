import { afterAll, beforeAll, expect, test } from 'vitest';
import { testEngine } from './engine';
import { answeredFrames, closingFrames, type HostileFrame } from './fuzz/hostile-frames';
import { knownFindingOf } from './fuzz/known-findings';
import { malformedRequests } from './fuzz/malformed-requests';
import { createErrorLog, type Failure, failureOf, send } from './fuzz/verdicts';
import { createTestApp, type TestApp } from './helper';
import { type LogStreamClient, listenOnce, logBodyAbout, openLogStream } from './log-stream-client';
import { listOperations, type Operation } from './openapi';
import { idKindOf, idsFor, type Role, seedWorld, type World } from './world';

// Every operation of the OpenAPI document, sent malformed as each role: the answer must be a 2xx,
// 3xx or a 4xx problem+json; a 5xx, a hang, a 4xx of another shape or an error in the server's log
// is a finding.

/** An id of the right shape that names nothing, for requests that could delete what they name. */
const GHOST_ID = '987654321';

let t: TestApp;
let world: World;
let operations: Operation[];
const errorLog = createErrorLog();
const tally = { requests: 0, unsendable: 0, restored: 0, started: 0 };
/** Answers by status class: the 2xx show how often a request reached a route's handler. */
const statusClasses: Record<string, number> = {};
/** Each distinct failure (operation, kind, status, code), with its first request and how many hit it. */
const findings = new Map<
  string,
  {
    failure: Failure;
    role: Role;
    label: string;
    url: string;
    known: string | null;
    requests: number;
    labels: Set<string>;
  }
>();

beforeAll(async () => {
  tally.started = Date.now();
  t = await createTestApp({ env: { LOG_LEVEL: 'error' }, logStream: errorLog.stream });
  world = await seedWorld(t);
  operations = await listOperations(t.app);
  errorLog.take();
}, 120_000);

afterAll(async () => {
  const seconds = ((Date.now() - tally.started) / 1000).toFixed(1);
  const all = [...findings.values()];
  const unknown = all.filter((f) => !f.known);
  console.log(
    `fuzz on ${testEngine()}: ${tally.requests} requests, ${operations.length} operations, ` +
      `${all.length} distinct failures (${all.filter((f) => f.failure.kind === '5xx').length} 5xx, ` +
      `${all.length - unknown.length} known), ${tally.unsendable} unsendable, ${tally.restored} restorations, ${seconds}s; answers ${JSON.stringify(statusClasses)}`,
  );
  for (const [key, f] of findings) {
    console.log(
      `  ${f.known ? 'known' : 'NEW  '} ${key} (${f.requests} requests; first as ${f.role}: ${f.url.slice(0, 100)})`,
    );
    console.log(`        sent: ${[...f.labels].slice(0, 12).join(' | ')}`);
  }
  await t?.close();
});

/** Where a path id points: the role's own things (the spare's for the admin), nothing for a delete. */
function pathValuesFor(operation: Operation, role: Role): Record<string, string> {
  const owner = role === 'admin' ? world.spare.ids : world.a.ids;
  const ids = idsFor(world, owner);
  return Object.fromEntries(
    operation.pathParams.map((param) => {
      const kind = idKindOf(operation.path, param.name);
      const id = operation.method === 'DELETE' || !kind ? GHOST_ID : String(ids[kind]);
      return [param.name, id];
    }),
  );
}

test.each<Role>(['anonymous', 'affiliate', 'admin'])(
  'every documented operation answers malformed requests as %s with a 4xx problem, never a 5xx nor a hang',
  async (role) => {
    const before = findings.size;
    for (const [index, operation] of operations.entries()) {
      const headers = {
        ...world.headersOf(role),
        ...(operation.headers.some((h) => h.name === 'x-api-key') ? { 'x-api-key': world.apiKey.key } : {}),
      };
      const requests = malformedRequests(operation, {
        pathValues: pathValuesFor(operation, role),
        headers,
        salt: index,
      });
      for (const request of requests) {
        const answer = await send(t.app, request);
        // onResponse hooks run once the answer is out: let them finish before reading the log.
        await new Promise((resolve) => setImmediate(resolve));
        tally.requests += 1;
        if (answer.kind === 'unsendable') tally.unsendable += 1;
        const statusClass = answer.kind === 'answered' ? `${String(answer.status)[0]}xx` : answer.kind;
        statusClasses[statusClass] = (statusClasses[statusClass] ?? 0) + 1;
        const failure = failureOf(answer, errorLog.take());
        if (!failure) continue;
        const key = `${operation.key} → ${failure.kind} ${failure.status ?? ''} ${failure.code}`.trim();
        const seen = findings.get(key);
        if (seen) {
          seen.requests += 1;
          seen.labels.add(request.label);
        } else {
          findings.set(key, {
            failure,
            role,
            label: request.label,
            url: request.url,
            known: knownFindingOf(operation, request, failure),
            requests: 1,
            labels: new Set([request.label]),
          });
        }
      }
      // A request may have signed a role out or switched maintenance on; the next operation starts clean.
      tally.restored += (await world.restore()).length;
      errorLog.take();
    }
    const mine = [...findings.entries()].slice(before).filter(([, f]) => !f.known);
    expect(mine.map(([key, f]) => `${key}: ${f.label} ${f.url.slice(0, 120)}`)).toEqual([]);
  },
  600_000,
);

/** A good write of the role's own log (anonymous: the affiliate's body, with no token). */
function logWriteAs(role: Role) {
  const person = role === 'admin' ? world.admin : world.a;
  return {
    id: `fuzz-${role}`,
    path: '/logs',
    body: logBodyAbout(person.user),
    ...(role === 'anonymous' ? {} : { token: person.token }),
  };
}

const sendFrame = (stream: LogStreamClient, frame: HostileFrame) =>
  stream.socket.send(frame.data, { binary: frame.binary ?? Buffer.isBuffer(frame.data) });

test.each<Role>(['anonymous', 'affiliate', 'admin'])(
  'the log write stream (a WebSocket) answers hostile frames as %s with a 4xx or the write, never a 5xx, and closes on protocol breaches only',
  async (role) => {
    const write = logWriteAs(role);
    const problems: string[] = [];
    const stream = await openLogStream(await listenOnce(t.app));
    const frames = answeredFrames(write, role.length);
    for (const [index, frame] of frames.entries()) {
      sendFrame(stream, frame);
      const answer = (await stream.answered(index + 1).catch((error: Error) => [error.message]))[index];
      const logged = errorLog.take();
      tally.requests += 1;
      if (typeof answer !== 'object' || answer === null) problems.push(`${frame.label}: ${answer}`);
      else if (answer.status >= 500 || (answer.status !== 201 && answer.status < 400)) {
        problems.push(`${frame.label}: answered ${answer.status} ${answer.detail}`);
      }
      if (logged.length > 0) problems.push(`${frame.label}: logged ${logged[0]}`);
      if (problems.length > 0) break;
    }
    // The good write is stored for a signed-in role, refused for lack of a token otherwise.
    expect(stream.answers.at(-1)?.status).toBe(role === 'anonymous' ? 401 : 201);
    stream.close();
    for (const frame of closingFrames(write)) {
      const own = await openLogStream(await listenOnce(t.app));
      sendFrame(own, frame);
      const { code } = await own.closed;
      if (code !== frame.code) problems.push(`${frame.label}: closed ${code}, not ${frame.code}`);
      const logged = errorLog.take();
      if (logged.length > 0) problems.push(`${frame.label}: logged ${logged[0]}`);
    }
    expect(problems).toEqual([]);
  },
  300_000,
);
