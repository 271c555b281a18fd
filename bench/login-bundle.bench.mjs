// How much JavaScript and CSS the sign-in page costs: every script and stylesheet Chromium fetches
// to render /auth/login, gzipped as a server would send it. Target (issue 4): at most 135 KiB.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { record, startBuiltServer } from './support/server.mjs';

const TARGET_KIB = 135;
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
    files.push({
      path: new URL(response.url()).pathname,
      type,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${server.base}/auth/login`, { waitUntil: 'networkidle' });
  const sum = (type) => files.filter((f) => !type || f.type === type).reduce((n, f) => n + f.gzip, 0);
  const totalKib = Math.round((sum() / 1024) * 10) / 10;
  record('login-bundle', {
    target_kib_gzip: TARGET_KIB,
    total_kib_gzip: totalKib,
    js_kib_gzip: Math.round((sum('script') / 1024) * 10) / 10,
    css_kib_gzip: Math.round((sum('stylesheet') / 1024) * 10) / 10,
    files: files.sort((a, b) => b.gzip - a.gzip),
    verdict: `${totalKib} KiB gzip for /auth/login (target ≤ ${TARGET_KIB} KiB): ${totalKib <= TARGET_KIB ? 'met' : 'NOT met'}`,
  });
} finally {
  await browser.close();
  await server.stop();
}
