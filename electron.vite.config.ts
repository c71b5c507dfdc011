import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Sources live at the top level (main/, preload/, renderer/), not src/.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      // pdf-worker: the outbox renders PDFs in a worker thread (main/features/sending/pdf-off-thread.ts).
      rollupOptions: { input: { index: resolve(__dirname, 'main/index.ts'), 'pdf-worker': resolve(__dirname, 'main/features/sending/pdf-worker.ts') } },
    },
  },
  preload: {
    build: {
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'preload/index.ts') }, output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve(__dirname, 'renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: resolve(__dirname, 'renderer/index.html') },
    },
  },
});
