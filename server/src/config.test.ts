import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(join(tmpdir(), 'afiliados-config-'));

describe('loadConfig', () => {
  test('applies the defaults of DESIGN.md §8', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      jwtTtlSeconds: 28_800,
      demoData: false,
      smtpUrl: undefined,
      minRedemptionCents: 1000,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  test.each([
    ['1', 1],
    ['0', false],
    ['loopback', ['loopback']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('TRUST_PROXY %s names the trusted proxies', (value, trustProxy) => {
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  test('without JWT_SECRET the secret is left to the database, and nothing is written to DATA_DIR', () => {
    const dataDir = tmp();
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBeUndefined();
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  test('PUBLIC_URL follows PORT unless set, without a trailing slash', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://afiliados.example.com.br/' }).publicUrl).toBe(
      'https://afiliados.example.com.br',
    );
    expect(loadConfig({ DATA_DIR: tmp() }).isPublicUrlSet).toBe(false);
  });

  test('an empty variable counts as unset', () => {
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '' }).port).toBe(3000);
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['JWT_SECRET', 'short'],
    ['JWT_TTL_SECONDS', '-5'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['DEMO_DATA', 'yes'],
    ['SMTP_URL', 'http://mail'],
    ['MIN_REDEMPTION_CENTS', '10.5'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['OUTBOUND_ALLOW_PRIVATE', 'yes'],
    ['OUTBOUND_TIMEOUT_MS', '10'],
    ['POSTBACK_ALLOW_PRIVATE', 'yes'],
    ['POSTBACK_TIMEOUT_MS', '10'],
  ])('a bad %s (%s) is refused naming the variable', (name, value) => {
    // ADMIN_EMAIL needs its partner, or the pairing rule would be the one reported.
    const partner = name === 'ADMIN_EMAIL' ? { ADMIN_PASSWORD: 'long-enough-password' } : {};
    const env = { DATA_DIR: tmp(), ...partner, [name]: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });

  test.each([
    [{}, false, 5_000, []],
    [{ OUTBOUND_ALLOW_PRIVATE: '1', OUTBOUND_TIMEOUT_MS: '2000' }, true, 2_000, []],
    [
      { POSTBACK_ALLOW_PRIVATE: '1', POSTBACK_TIMEOUT_MS: '3000' },
      true,
      3_000,
      ['POSTBACK_ALLOW_PRIVATE', 'POSTBACK_TIMEOUT_MS'],
    ],
    [
      {
        OUTBOUND_ALLOW_PRIVATE: '0',
        POSTBACK_ALLOW_PRIVATE: '1',
        OUTBOUND_TIMEOUT_MS: '2000',
        POSTBACK_TIMEOUT_MS: '3000',
      },
      false,
      2_000,
      ['POSTBACK_ALLOW_PRIVATE', 'POSTBACK_TIMEOUT_MS'],
    ],
  ])('outbound settings from %o: private %s, timeout %s ms, old names read %o', (env, allowPrivate, timeoutMs, old) => {
    const config = loadConfig({ DATA_DIR: tmp(), ...env });
    expect(config.outboundAllowPrivate).toBe(allowPrivate);
    expect(config.outboundTimeoutMs).toBe(timeoutMs);
    expect(config.deprecatedSettings).toEqual(old);
  });

  test('ADMIN_EMAIL without ADMIN_PASSWORD is refused', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ADMIN_EMAIL: 'admin@example.com' })).toThrow(/ADMIN_PASSWORD/);
  });
});

function runMain(env: Record<string, string>, onOutput?: (text: string, child: ReturnType<typeof spawn>) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, child);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe('server start-up', () => {
  test('a bad variable stops the server at start with a message that names it', async () => {
    const { code, output } = await runMain({ DATA_DIR: tmp(), PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output).toContain('PORT');
  });

  test('a setting read under its old name is named in a warning at start, with its new name', async () => {
    let signalled = false;
    const { output } = await runMain(
      { DATA_DIR: tmp(), PORT: '0', LOG_LEVEL: 'warn', POSTBACK_TIMEOUT_MS: '4000' },
      (text, child) => {
        if (!signalled && text.includes('Afiliados is running at')) {
          signalled = true;
          child.kill('SIGTERM');
        }
      },
    );
    expect(signalled).toBe(true);
    expect(output).toMatch(/POSTBACK_TIMEOUT_MS is read under its old name: rename it OUTBOUND_TIMEOUT_MS/);
    expect(output).not.toMatch(/POSTBACK_ALLOW_PRIVATE/);
  }, 60_000);

  test('SIGTERM shuts the server down gracefully', async () => {
    let signalled = false;
    const { code, output } = await runMain({ DATA_DIR: tmp(), PORT: '0', LOG_LEVEL: 'info' }, (text, child) => {
      if (!signalled && text.includes('Afiliados is running at')) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    expect(signalled).toBe(true);
    expect(output).toContain('shutting down');
    expect(code).toBe(0);
  }, 60_000);
});
