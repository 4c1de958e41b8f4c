import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './scripts/compress-assets.ts';

const apiTarget = process.env.LINGXI_API_URL ?? 'http://localhost:3000';

/**
 * Two pages: the consumer app (index.html, built here) and the operator console (admin.html, built by
 * vite.admin.config.ts into the same dist, docs/admin.md). Two builds, not one with two inputs: shared chunks would
 * re-cut the consumer app's bundle, and its first load must not change because the console exists. In development
 * one server serves both: `/admin/*` gets the console's page, as the server does in production.
 */
const consolePage = (): Plugin => ({
  name: 'lingxi-console-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (path === '/admin' || (path.startsWith('/admin/') && !path.includes('.'))) req.url = '/admin.html';
      next();
    });
  },
});

export default defineConfig({
  base: '/',
  plugins: [react(), consolePage(), compressAssets()],
  resolve: { dedupe: ['react', 'react-dom'] },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
