// Starts the built server for the Playwright run on a fresh embedded database (or on
// E2E_DATABASE_URL when set), with a known admin, a real SMTP server beside it whose mails land as
// JSON files in .tmp/e2e-mail, where the journeys read them, and a local server answering as
// Asaas's transfers API does (server/test/asaas-fake.ts: run with `--import tsx`), which the portal
// pays PIX through and which confirms each transfer by its webhook.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const dataDir = '.tmp/e2e-data';
const mailDir = '.tmp/e2e-mail';
rmSync(dataDir, { recursive: true, force: true });
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const file = `${mailDir}/${Date.now()}-${++received}.json`;
        // Written whole under another name, then renamed: a journey reading the folder meanwhile
        // never sees a mail half written.
        writeFileSync(`${file}.part`, JSON.stringify({ to, subject: mail.subject, text: mail.text }));
        renameSync(`${file}.part`, file);
        callback();
      })
      .catch(callback);
  },
});
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const publicUrl = `http://127.0.0.1:${process.env.PORT}`;
const asaasKey = '$aact_hmlg_000000000000000000000000e2e';
const asaasToken = 'e2e0e2e0-5b7d-4c9e-8f10-asaas-webhook';
const { startAsaasFake } = await import('../server/test/asaas-fake.ts');
const asaas = await startAsaasFake({
  apiKey: asaasKey,
  webhook: { url: `${publicUrl}/api/v1/payouts/asaas/webhook`, token: asaasToken, afterMs: 300 },
});

Object.assign(process.env, {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  PAYOUT_PROVIDER: 'asaas',
  ASAAS_API_KEY: asaasKey,
  ASAAS_WEBHOOK_TOKEN: asaasToken,
  ASAAS_BASE_URL: asaas.url,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DEMO_DATA: '0',
  ADMIN_EMAIL: 'admin@e2e.test',
  ADMIN_PASSWORD: 'e2e-admin-password-1',
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  // Visits come through a proxy on loopback that names the visitor (the traffic journeys' countries).
  TRUST_PROXY: 'loopback',
  // Every journey signs in from 127.0.0.1.
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // The journeys' stand-in trackers listen on 127.0.0.1.
  OUTBOUND_ALLOW_PRIVATE: '1',
  ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
});
await import('../dist/server/main.mjs');
