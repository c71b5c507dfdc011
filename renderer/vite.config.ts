import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer alone, for the headless server (`npm run serve` serves out/renderer at /app/).
export default defineConfig({
  root: resolve(__dirname),
  base: './',
  plugins: [react()],
  build: { outDir: resolve(__dirname, '../out/renderer'), emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
