// The cluster test's harness: its log, its checks, the processes it starts and HTTP through HAProxy
// (see scripts/test-cluster.mjs).
import { once } from 'node:events';
import http from 'node:http';
import { createServer } from 'node:net';

export const WORK = '.tmp/test-cluster';
const T0 = Date.now();
export const elapsed = () => `${((Date.now() - T0) / 1000).toFixed(1)}s`;
export const log = (line) => console.log(`[${elapsed()}] ${line}`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const ADMIN = { email: 'admin@cluster.test', password: 'cluster-admin-password-1' };
export const AFFILIATE_PASSWORD = 'cluster-affiliate-password-1';

export const failures = [];
export const summary = [];
export function check(ok, what) {
  if (ok) summary.push(`ok    ${what}`);
  else {
    summary.push(`FAIL  ${what}`);
    failures.push(what);
  }
}

// ── processes we start, and stop whatever happens ───────────────────────────────────────────────
export const children = new Set();
export async function stopAll() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await once(child, 'exit').catch(() => {});
      clearTimeout(timer);
    }
  }
}

export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// ── HTTP through the proxy ───────────────────────────────────────────────────────────────────────
/** HAProxy's port, set once it is chosen. */
export const proxy = { port: 0 };
export const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One request to HAProxy. Resolves with the answer, or { status: 0, error } when the connection failed. */
export function call(method, path, { headers = {}, body, localAddress, timeoutMs = 20_000 } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxy.port,
        method,
        path,
        agent,
        localAddress,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            servedBy: res.headers['x-served-by'],
            text,
            json: () => JSON.parse(text),
          }),
        );
        res.on('error', (error) => resolve({ status: 0, error }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: 0, error }));
    req.end(payload);
  });
}

export async function expectStatus(what, promise, ...statuses) {
  const res = await promise;
  if (!statuses.includes(res.status)) {
    throw new Error(`${what}: answered ${res.status} ${res.error?.message ?? res.text?.slice(0, 300)}`);
  }
  return res;
}

export const bearer = (token) => ({ authorization: `Bearer ${token}` });

export async function signIn(email, password) {
  const res = await expectStatus('sign-in', call('POST', '/api/v1/auth/login', { body: { email, password } }), 200);
  return res.json();
}
