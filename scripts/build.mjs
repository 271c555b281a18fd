// `npm run build`: the web app (Vite) into dist/web and the server bundle into dist/server.
import { execFileSync } from 'node:child_process';

execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
await import('./build-server.mjs');
