/**
 * The program of a rule thread (rule-thread.ts), as JavaScript text run by `new Worker(code, { eval: true })`, so the
 * built app needs no extra entry file. It loads saxon-js and one rule set compiled as a loop (scripts/ehf-rules-loop.mjs)
 * and runs its template `kvitt:loop`: one transformation that checks document after document, so saxon-js builds its
 * transformation context once, not per document. The stylesheet pulls each document with `js:kvittNextEhf()` (this
 * thread waits, Atomics.wait, until the calling thread has posted one on `port` and counted it in the shared Int32
 * [0]) and hands back its failed assertions with `js:kvittEhfDone(lines)`, posted to the calling thread. After the
 * loop's bound of documents, or an error outside a document's check, a new transformation starts; `null` on the port
 * ends the thread.
 */
export const RULE_THREAD_CODE = `
'use strict';
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { saxonPath, sefPath, template, buffer, port } = workerData;
const SaxonJS = require(saxonPath);
const sef = JSON.parse(readFileSync(sefPath, 'utf8'));
const posted = new Int32Array(buffer, 0, 1);
let quit = false;
let busy = false;
// The document's globals that match patterns use, kept for the document being checked (scripts/ehf-rules-loop.mjs).
const memo = new Map();
globalThis.kvittMemo = (name) => memo.get(name);
globalThis.kvittRemember = (name, value) => (memo.set(name, value), value);

globalThis.kvittNextEhf = () => {
  for (;;) {
    const seen = Atomics.load(posted, 0);
    const m = receiveMessageOnPort(port);
    if (m) {
      if (typeof m.message !== 'string' || m.message === '') {
        quit = true;
        return '';
      }
      busy = true;
      memo.clear();
      return m.message;
    }
    Atomics.wait(posted, 0, seen);
  }
};

globalThis.kvittEhfDone = (lines) => {
  busy = false;
  parentPort.postMessage({ lines: String(lines) });
};

while (!quit) {
  try {
    SaxonJS.transform({ stylesheetInternal: sef, initialTemplate: template, destination: 'raw' }, 'sync');
  } catch (e) {
    if (busy) {
      busy = false;
      parentPort.postMessage({ error: String((e && e.message) || e) });
    } else if (!quit) {
      parentPort.postMessage({ fatal: String((e && e.message) || e) });
      quit = true;
    }
  }
}
port.close();
`;
