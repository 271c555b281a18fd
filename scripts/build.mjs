// `npm run build`: the web app (Vite) into dist/web, each text asset also stored gzip- and
// brotli-compressed (the server sends those as they are), and the server bundle into dist/server.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// At log level "warn" a clean build prints nothing: anything it prints (Vite's warnings, Node's
// about the config's imports) fails the build here, so CI sees it before a newcomer's `npm start` does.
const vite = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
  encoding: 'utf8',
});
const printed = `${vite.stdout}${vite.stderr}`.trim();
if (printed) console.error(printed);
if (vite.status !== 0) process.exit(vite.status ?? 1);
if (printed) {
  console.error('build: the web build printed the warnings above; fix them (scripts/build.mjs)');
  process.exit(1);
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
function compressAll(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) compressAll(path);
    else if (COMPRESSIBLE.test(name)) {
      const content = readFileSync(path);
      // Even a small file the first load fetches (the bundler's runtime, 0.7 KiB) is worth its brotli.
      if (content.length < 256) continue;
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}
compressAll('dist/web');

await import('./build-server.mjs');
