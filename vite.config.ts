import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  plugins: [react()],
  resolve: {
    alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/r': 'http://127.0.0.1:3000' },
  },
});
