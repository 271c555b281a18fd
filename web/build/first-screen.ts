// How the build serves a first screen in one go (docs/decisions/019-first-screen-in-one-go.md):
// the chunks the sign-in page and the signed-in area load, and the boot script that starts a
// signed-in page's code, styles and first requests while index.html is still being read.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import type { Plugin } from 'vite';

const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

const ENTRY = src('main.tsx');
const SIGN_IN = src('app/routes/auth/login.tsx');
/** What a signed-in page needs before it shows anything: the layout, its texts, and the home (where sign-in lands). */
const SIGNED_IN = [src('layouts/full-layout.tsx'), src('i18n/locales/en-app.ts'), src('app/routes/home.tsx')];
/** What only an affiliate's home shows (its own chunks, lazy in the home): fetched ahead for an affiliate only. */
const AFFILIATE_HOME = [
  src('features/levels/components/level-progress.tsx'),
  src('features/bonuses/components/bonus-progress.tsx'),
];
/** The screens of the signed-out routes (PUBLIC_ROOTS): what they share with the signed-in area stays out of it. */
const PUBLIC_SCREEN = /[\\/]app[\\/]routes[\\/](auth[\\/]|not-found|logout|programme-page|unsubscribe)/;
const LANGUAGE_FILE = /[\\/]i18n[\\/]locales[\\/](\w+)\.ts$/;
/** A language's texts for the signed-in layout and the home (pt-app.ts). */
const APP_LANGUAGE_FILE = /[\\/]i18n[\\/]locales[\\/](\w+)-app\.ts$/;
/** Set while the probe build runs (its own config must not probe again). */
const PROBE = 'AFILIADOS_CHUNK_PROBE';

export const isChunkProbe = () => process.env[PROBE] === '1';

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/** The chunks of a build, with the static closure of a chunk (itself and all it imports, transitively). */
function chunkGraph(output: readonly { type: string }[]) {
  const chunks = output.filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first-screen: the build has no entry chunk');
  const holding = (path: string) => {
    const chunk = chunks.find((c) => c.moduleIds.includes(path));
    if (!chunk) throw new Error(`first-screen: no chunk holds ${path}`);
    return chunk;
  };
  const reach = (start: OutputChunk[], except = new Set<OutputChunk>()) => {
    const found = new Set<OutputChunk>();
    const queue = [...start];
    for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
      if (except.has(chunk) || found.has(chunk)) continue;
      found.add(chunk);
      queue.push(...chunk.imports.flatMap((f) => byFile.get(f) ?? []));
    }
    return found;
  };
  /** What the entry loads before anything else: the entry and the chunks it imports. */
  const initial = reach([entry]);
  /** The chunks and everything they import statically, less what the entry already loaded. */
  const closure = (start: OutputChunk[]) => [...reach(start, initial)];
  return { chunks, entry, initial, holding, closure };
}

/**
 * A few chunks instead of dozens of small ones, each a round trip on a phone:
 * - `app-shared`: the entry's code (React, the router, the theme), what it shares with the screens
 *   (they would otherwise be split apart) and the sign-in screen with its form and inputs, which
 *   the other public screens and the signed-in area share; the entry chunk only starts it;
 * - `public-shared`: what the signed-in area shares with the other public screens;
 * - `signed-in`: the layout, TanStack Query, the Mantine components and the full sheet, the
 *   signed-in texts and the home, less anything the entry or a public screen has, so the sign-in
 *   page never loads it.
 * Everything else (other screens, charts, the bell's list, other languages) keeps chunks of its own,
 * loaded when used. Which module goes where is read from a first build without these groups (the
 * probe, unminified and not written): a package's index re-exports everything, so only the bundler's
 * own tree-shaken chunks tell which modules a screen really uses.
 */
export async function chunkGroups(configFile: string) {
  const { build } = await import('vite');
  process.env[PROBE] = '1';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      configFile,
      logLevel: 'silent',
      build: { write: false, minify: false, sourcemap: false, emptyOutDir: false },
    });
  } finally {
    delete process.env[PROBE];
  }
  const output = 'output' in result ? result.output : Array.isArray(result) ? (result[0]?.output ?? []) : [];
  const { chunks, entry, initial, holding, closure } = chunkGraph(output);
  const modulesOf = (found: OutputChunk[]) => new Set(found.flatMap((c) => c.moduleIds));
  const publicScreens = chunks.filter((c) => c.facadeModuleId && PUBLIC_SCREEN.test(c.facadeModuleId));
  const publicArea = new Set(closure(publicScreens));
  const signInChunks = new Set(closure([holding(SIGN_IN)]));
  const signedInChunks = closure(SIGNED_IN.map(holding));
  // The entry's own code (less its module, which stays the entry chunk), what it shares with the
  // screens and the sign-in screen: one file compresses 4 KiB smaller than three (bench/login-bundle).
  const appShared = modulesOf([...initial, ...signInChunks]);
  for (const id of [entry.facadeModuleId, ENTRY]) if (id) appShared.delete(id);
  const groups = {
    'app-shared': appShared,
    // What the signed-in area shares with public screens other than sign-in (registration, two steps).
    'public-shared': modulesOf(signedInChunks.filter((c) => publicArea.has(c) && !signInChunks.has(c))),
    'signed-in': modulesOf(signedInChunks.filter((c) => !publicArea.has(c))),
  };
  return {
    // The sets are whole chunks of the probe with all they import: nothing more to pull in.
    includeDependenciesRecursively: false,
    groups: Object.entries(groups).map(([name, modules]) => ({ name, test: (id: string) => modules.has(id) })),
  };
}

/**
 * Emits the boot script (web/src/boot.ts) with the build's file names in it, and puts it in
 * index.html's head before the app's entry: it runs as soon as it arrives, while the entry is
 * still downloading.
 */
export function firstScreenPlugin(): Plugin {
  return {
    name: 'afiliados:first-screen',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      if (isChunkProbe()) return;
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('first-screen: no index.html');
      const { chunks, holding, closure } = chunkGraph(Object.values(bundle));
      const files = (found: OutputChunk[]) => ({
        scripts: found.map((c) => `/${c.fileName}`),
        styles: [...new Set(found.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map((f) => `/${f}`),
      });
      const languages: Record<string, string[]> = {};
      const appLanguages: Record<string, string[]> = {};
      for (const chunk of chunks) {
        for (const id of chunk.moduleIds) {
          const language = LANGUAGE_FILE.exec(id)?.[1];
          if (language && language !== 'en') languages[language] = files(closure([chunk])).scripts;
          const appLanguage = APP_LANGUAGE_FILE.exec(id)?.[1];
          if (appLanguage && appLanguage !== 'en') appLanguages[appLanguage] = files(closure([chunk])).scripts;
        }
      }
      const signedIn = closure(SIGNED_IN.map(holding));
      const firstScreen = {
        signedIn: files(signedIn),
        // Less what `signedIn` already fetches.
        affiliateHome: files(closure(AFFILIATE_HOME.map(holding)).filter((c) => !signedIn.includes(c))).scripts,
        languages,
        appLanguages,
      };

      const boot = await esbuild({
        entryPoints: [src('boot.ts')],
        bundle: true,
        write: false,
        format: 'iife',
        minify: true,
        target: 'es2022',
        tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
        define: { __FIRST_SCREEN__: JSON.stringify(firstScreen) },
        logLevel: 'warning',
      });
      const source = boot.outputFiles[0]?.text ?? '';
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const page = String(html.source);
      const marker = '<script type="module"';
      if (!page.includes(marker)) throw new Error('first-screen: index.html has no module script');
      // A classic script ahead of the entry: it runs before the app does, so the early requests are there to take.
      // The entry's chunks (the app's code, ~100 KiB) are fetched at low priority, as the module script
      // they once were: a high-priority preload of them competes with the stylesheet and this script,
      // and Lighthouse counts it as render-blocking (the first paint came 0.3 s later on its phone).
      const preloads = '<link rel="modulepreload" crossorigin';
      if (!page.includes(preloads)) throw new Error('first-screen: index.html lists no modulepreload to lower');
      html.source = page
        .replace(marker, `<script src="/${fileName}"></script>\n    ${marker}`)
        .replaceAll(preloads, '<link rel="modulepreload" fetchpriority="low" crossorigin');
    },
  };
}
