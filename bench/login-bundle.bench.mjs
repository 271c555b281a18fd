// How much JavaScript and CSS the sign-in page costs: every script and stylesheet Chromium fetches
// to render /auth/login (its responses, not the build's list of files), gzipped at level 9 as the
// target counts it, and the bytes that actually crossed the wire (the portal sends brotli to a
// browser that asks for it). Targets: at most 135 KiB gzip (issue 4); at most 110 KiB as Chromium
// fetches it (issue 29): the bytes it receives, which are brotli's.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { record, startBuiltServer } from './support/server.mjs';

const TARGET_KIB = 135;
const TARGET_WIRE_KIB = 110;
const server = await startBuiltServer({ port: 3201 });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  const files = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body();
    const sizes = await response.request().sizes();
    files.push({
      path: new URL(response.url()).pathname,
      type,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      transferred: sizes.responseBodySize,
      encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
    });
  });
  await page.goto(`${server.base}/auth/login`, { waitUntil: 'networkidle' });
  // A page that did not render (a broken build fetches almost nothing) meets no target.
  const rendered = (await page.locator('input[type=password]').count()) === 1 && files.some((f) => f.type === 'script');
  const sum = (type, size = 'gzip') => files.filter((f) => !type || f.type === type).reduce((n, f) => n + f[size], 0);
  const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
  const totalKib = kib(sum());
  const wireBytes = sum(undefined, 'transferred');
  const wireKib = kib(wireBytes);
  // Judged on the bytes, not the rounded KiB: 112 647 bytes rounds to 110.0 and is still over 110 KiB.
  const wireMet = rendered && wireBytes <= TARGET_WIRE_KIB * 1024;
  const gzipMet = rendered && sum() <= TARGET_KIB * 1024;
  record('login-bundle', {
    target_kib_gzip: TARGET_KIB,
    total_kib_gzip: totalKib,
    js_kib_gzip: kib(sum('script')),
    css_kib_gzip: kib(sum('stylesheet')),
    transferred_kib: wireKib,
    transferred_bytes: wireBytes,
    files: files.sort((a, b) => b.gzip - a.gzip),
    target_transferred_kib: TARGET_WIRE_KIB,
    rendered,
    verdict:
      `${rendered ? '' : 'the sign-in form did not render; '}${totalKib} KiB gzip for /auth/login (target ≤ ${TARGET_KIB}): ${gzipMet ? 'met' : 'NOT met'}; ` +
      `${wireKib} KiB (${wireBytes} bytes) as Chromium fetches it (target ≤ ${TARGET_WIRE_KIB} KiB): ${wireMet ? 'met' : 'NOT met'}`,
  });
} finally {
  await browser.close();
  await server.stop();
}
