import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups, firstScreenPlugin, isChunkProbe } from './web/build/first-screen.ts';

const PRELOADED =
  /(app-shared|public-shared|signed-in|blank-layout|login|register|forgot-password|reset-password|two-steps|maintenance|not-found|programme-page)-/;

export default defineConfig(async ({ command }) => ({
  root: 'web',
  // The boot script (web/src/boot.ts) and the sign-in / signed-in chunks: docs/decisions/019.
  plugins: [react(), firstScreenPlugin()],
  resolve: {
    alias: {
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
      // React Router 7's package exports name only its development build, warnings and all
      // (remix-run/react-router#14102, open): a build takes the production one it ships beside it,
      // 4 KiB gzip less on every page's first load (bench/login-bundle).
      ...(command === 'build'
        ? {
            'react-router': fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }
        : {}),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions:
      command === 'build' && !isChunkProbe()
        ? { output: { codeSplitting: await chunkGroups(fileURLToPath(import.meta.url)) } }
        : {},
    // The sign-in page carries the preload list of every lazy import. Only the layouts' and the
    // public screens' dependencies are listed (the layouts hold most of what any screen needs); a
    // signed-in screen's own few extra chunks load as it imports them. Saves ~2 KiB gzip of the
    // sign-in budget (bench/login-bundle) without a waterfall on the sign-in page itself.
    modulePreload: {
      // index.html lists the entry's own imports: the entry chunk is small, and the app-shared chunk
      // it starts is found by the browser's preload scanner, not one round trip after the entry.
      resolveDependencies: (url: string, deps: string[], { hostType }: { hostType: string }) =>
        hostType === 'html' || PRELOADED.test(url) ? deps : [],
    },
  },
  server: {
    // ws: the notification log's write stream (GET /api/v1/logs/stream) is a WebSocket.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true }, '/r': 'http://127.0.0.1:3000' },
  },
}));
