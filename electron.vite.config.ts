import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// Sources live at the top level (main/, preload/, renderer/), not src/.
export default defineConfig({
  main: {
    build: {
      externalizeDeps: true,
      // task-worker: the worker threads of main/workers/pool.ts (outbox PDFs and mails, streamed reports); pool.ts looks for
      // it beside index.js.
      rollupOptions: { input: { index: resolve(__dirname, 'main/index.ts'), 'task-worker': resolve(__dirname, 'main/workers/worker.ts') } },
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
