import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compressAssets } from './scripts/compress-assets.ts';

/**
 * The operator console's build (docs/admin.md): admin.html and its chunks, added to the consumer app's dist after
 * its build (which empties it). Nothing is shared with the consumer bundle, by design (vite.config.ts).
 */
export default defineConfig({
  base: '/',
  plugins: [react(), compressAssets()],
  resolve: { dedupe: ['react', 'react-dom'] },
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { admin: 'admin.html' } },
  },
});
