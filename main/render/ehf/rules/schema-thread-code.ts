/**
 * The program of a schema thread (schema-check.ts), as JavaScript text run by `new Worker(code, { eval: true })`, so the
 * built app needs no extra entry file. It loads xmllint-wasm as the package ships it (its Emscripten module factory) and
 * keeps one xmllint run alive: `xmllint --noout --nonet --schema <schema> /ehf-0 /ehf-1 … /ehf-<SLOTS-1>`, where each
 * `/ehf-<n>` is a character device (Emscripten's `FS_createDevice`, made before `main` starts). xmllint compiles the
 * schema once, then opens the slots one after the other; reading a slot takes the next document from the shared buffer,
 * waiting (Atomics.wait) until the calling thread has put one there. When xmllint opens slot n + 1 it has finished
 * document n: what it wrote to stderr for it is posted back. After the last slot the run ends and a new one starts.
 *
 * The shared buffer: Int32 [0] state (0 empty, 1 a document is there, 2 quit), [1] its length in bytes; the UTF-8 bytes
 * from byte 16 on.
 */
export const SCHEMA_THREAD_CODE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { modulePath, wasmPath, schema, files, buffer, slots } = workerData;
const factory = require(modulePath);
const wasm = new WebAssembly.Module(readFileSync(wasmPath));
const ctrl = new Int32Array(buffer, 0, 4);
const data = new Uint8Array(buffer, 16);
let current = -1;
let stderr = '';
let pos = 0;
let len = 0;

function done() {
  const text = stderr;
  stderr = '';
  Atomics.store(ctrl, 0, 0);
  parentPort.postMessage({ stderr: text });
}

function take() {
  for (;;) {
    const state = Atomics.load(ctrl, 0);
    if (state === 1) break;
    if (state === 2) process.exit(0);
    Atomics.wait(ctrl, 0, state);
  }
  len = Atomics.load(ctrl, 1);
  pos = 0;
}

function slot(n) {
  return () => {
    if (n !== current) {
      if (current >= 0) done();
      current = n;
      take();
    }
    return pos < len ? data[pos++] : null;
  };
}

function run() {
  current = -1;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    if (current >= 0) done();
    setImmediate(run);
  };
  const args = ['--noout', '--nonet', '--schema', schema];
  for (let i = 0; i < slots; i++) args.push('/ehf-' + i);
  const mod = {
    inputFiles: files,
    arguments: args,
    print: () => undefined,
    printErr: (t) => { stderr += t + '\\n'; },
    onRuntimeInitialized() {
      for (let i = 0; i < slots; i++) mod.FS_createDevice('/', 'ehf-' + i, slot(i), null);
    },
    onExit: end,
    onAbort: (reason) => parentPort.postMessage({ abort: String(reason) }),
    wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 4096 }),
    instantiateWasm: (imports, ready) => {
      WebAssembly.instantiate(wasm, imports).then((instance) => ready(instance, wasm), (e) => parentPort.postMessage({ abort: String(e) }));
      return {};
    },
  };
  factory(mod).then(end, (e) => (e && typeof e === 'object' && 'status' in e ? end() : parentPort.postMessage({ abort: String(e) })));
}

run();
`;
