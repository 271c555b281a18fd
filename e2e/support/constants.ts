export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** This machine has no network beyond the registries: keep Chromium from calling home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A stand-in merchant: its host resolves to the portal itself, so a followed tracking link lands
  // on a real page (Playwright cannot intercept the redirected request).
  `--host-resolver-rules=MAP ${'merchant.e2e.test'} 127.0.0.1`,
];
export const MERCHANT_URL = `http://merchant.e2e.test:${E2E_PORT}`;
