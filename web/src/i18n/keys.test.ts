import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mergeMessages } from '.';
import { en } from './locales/en';
import { enApp } from './locales/en-app';
import { enAuth } from './locales/en-auth';
import { enProgramme } from './locales/en-programme';
import { enScreens } from './locales/en-screens';
import { pt } from './locales/pt';
import { ptApp } from './locales/pt-app';
import { ptAuth } from './locales/pt-auth';
import { ptProgramme } from './locales/pt-programme';
import { ptScreens } from './locales/pt-screens';

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
    ['English', ([en, enAuth, enApp, enScreens, enProgramme] as Messages[]).reduce(mergeMessages)],
    ['Portuguese', ([pt, ptAuth, ptApp, ptScreens, ptProgramme] as Messages[]).reduce(mergeMessages)],
  ])('every key the app uses has a text in %s', (_language, messages) => {
    expect(usedKeys.filter((key) => !resolves(messages, key))).toEqual([]);
  });
});

/** A part's keys two deep (`sales.statuses`): what merging a part into its language keeps or replaces. */
const keysOf = (messages: Messages): string[] =>
  Object.entries(messages).flatMap(([group, value]) =>
    typeof value === 'string' ? [group] : Object.keys(value).map((key) => `${group}.${key}`),
  );

describe('text parts (docs/decisions/046)', () => {
  // A part merges into its language group by group: a key in two parts would be one part's or the other's,
  // depending on which came first.
  test.each([
    ['English', [en, enAuth, enApp, enScreens, enProgramme]],
    ['Portuguese', [pt, ptAuth, ptApp, ptScreens, ptProgramme]],
  ])('no text of %s is in two parts', (_language, parts) => {
    const all = (parts as Messages[]).flatMap(keysOf);
    expect(all.filter((path, index) => all.indexOf(path) !== index)).toEqual([]);
  });
});
