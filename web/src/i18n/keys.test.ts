import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mergeMessages } from '.';
import { en } from './locales/en';
import { enApp } from './locales/en-app';
import { enProgramme } from './locales/en-programme';
import { pt } from './locales/pt';

type Messages = { [key: string]: string | Messages };

const WEB_SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every `t('literal.key')` of the app (keys built at run time are checked by the journeys). */
const usedKeys = [
  ...new Set(
    sourceFiles(WEB_SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)].map((m) => m[1] as string),
    ),
  ),
].sort();

/** A key resolves when it names a text, or a plural family (`_one`, `_other`). */
function resolves(messages: Messages, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() as string;
  let node: string | Messages | undefined = messages;
  for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return false;
  return typeof node[last] === 'string' || typeof node[`${last}_other`] === 'string';
}

describe('translation keys', () => {
  test('the app uses keys (a sanity check of the scan)', () => {
    expect(usedKeys.length).toBeGreaterThan(300);
    expect(usedKeys).toContain('screens.home');
  });

  test.each([
    ['English', mergeMessages(mergeMessages(en, enApp), enProgramme) as Messages],
    ['Portuguese', pt as Messages],
  ])('every key the app uses has a text in %s', (_language, messages) => {
    expect(usedKeys.filter((key) => !resolves(messages, key))).toEqual([]);
  });
});
