import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Sources live at the top level (main/, preload/, renderer/), not src/.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      // task-worker: the worker threads of main/workers/pool.ts (PDFs for the outbox, …); pool.ts looks for it beside index.js.
      // report-worker: big reports stream from their own worker (main/features/reports/report-off-thread.ts).
      rollupOptions: { input: { index: resolve(__dirname, 'main/index.ts'), 'task-worker': resolve(__dirname, 'main/workers/worker.ts'), 'report-worker': resolve(__dirname, 'main/features/reports/report-worker.ts') } },
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
