import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API (apps/api) listens on 8082 in development; the web dev server proxies /api to it, websockets included.
const apiTarget = process.env.WAYMARK_API_URL ?? 'http://localhost:8082';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks a page needs (the bundle-size test reads it)
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 4173 },
});
