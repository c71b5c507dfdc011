/**
 * The UBL 2.1 schema check of an EHF document by libxml2's xmllint compiled to WebAssembly (xmllint-wasm): the same
 * checks as `xmllint --noout --schema` of validate-ehf. The schema is compiled once per schema thread, not per document:
 * each root type (Invoice, CreditNote) has a thread of its own that keeps one xmllint run alive over many documents
 * (schema-thread-code.ts), started on the first document of that type and fed through a shared buffer, one document at a
 * time. A thread that fails is replaced by a new one for the next document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SCHEMA_THREAD_CODE } from './schema-thread-code.js';

interface InputFile { fileName: string; contents: string }

/** Documents per xmllint run; then the thread starts a new run (compiling the schema again). */
const SLOTS = 2000;
/** The shared buffer's room for one document at first (bytes); a larger document gets a thread with a larger buffer. */
const FIRST_ROOM = 4 * 1024 * 1024;
/** A document the schema thread has not answered after this long fails, and the thread is replaced. */
const STUCK_MS = 120_000;

class SchemaThread {
  private readonly worker: Worker;
  private readonly ctrl: Int32Array;
  private readonly data: Uint8Array;
  private waiting: { resolve(stderr: string): void; reject(e: Error): void } | null = null;
  private readonly queue: { bytes: Uint8Array; resolve(stderr: string): void; reject(e: Error): void }[] = [];
  /** No new documents: failed, or replaced (then it finishes those it has and quits). */
  dead = false;
  private ended = false;
  private retiring = false;

  constructor(readonly room: number, schema: string, files: InputFile[], private readonly onDead: () => void) {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('xmllint-wasm/package.json'));
    const buffer = new SharedArrayBuffer(16 + room);
    this.ctrl = new Int32Array(buffer, 0, 4);
    this.data = new Uint8Array(buffer, 16);
    this.worker = new Worker(SCHEMA_THREAD_CODE, {
      eval: true,
      workerData: { modulePath: join(dir, 'xmllint-node.js'), wasmPath: join(dir, 'xmllint.wasm'), schema, files, buffer, slots: SLOTS },
    });
    this.worker.unref();
    this.worker.on('message', (m: { stderr?: string; abort?: string }) => {
      if (typeof m.abort === 'string') {
        this.fail(new Error(`xmllint-wasm aborted: ${m.abort}`));
        void this.worker.terminate();
      } else if (typeof m.stderr === 'string') {
        const w = this.waiting;
        this.waiting = null;
        w?.resolve(m.stderr);
      }
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the schema thread ended (${code})`)));
  }

  private fail(e: Error): void {
    if (this.ended) return;
    this.ended = this.dead = true;
    this.onDead();
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }

  /** What xmllint wrote to stderr for this document (one at a time: later calls wait their turn). Sent at once when idle. */
  check(bytes: Uint8Array): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ bytes, resolve, reject });
      if (!this.waiting) this.next();
    });
  }

  private next(): void {
    const job = this.queue.shift();
    if (!job) {
      if (this.retiring) this.quit();
      return;
    }
    if (this.ended) {
      job.reject(new Error('the schema thread ended'));
      return this.next();
    }
    // A run that never answers (it should not happen) fails the document and ends the thread, not the caller's wait.
    const stuck = setTimeout(() => {
      this.fail(new Error(`xmllint gave no answer in ${STUCK_MS / 1000} s`));
      void this.worker.terminate();
    }, STUCK_MS);
    stuck.unref();
    this.waiting = {
      resolve: (stderr) => {
        clearTimeout(stuck);
        job.resolve(stderr);
        this.next();
      },
      reject: (e) => {
        clearTimeout(stuck);
        job.reject(e);
        this.next();
      },
    };
    this.data.set(job.bytes);
    Atomics.store(this.ctrl, 1, job.bytes.length);
    Atomics.store(this.ctrl, 0, 1);
    Atomics.notify(this.ctrl, 0);
  }

  /** Takes no new documents; quits once those it has are done. */
  stop(): void {
    this.dead = this.retiring = true;
    if (!this.waiting) this.quit();
  }

  private quit(): void {
    this.ended = true;
    Atomics.store(this.ctrl, 0, 2);
    Atomics.notify(this.ctrl, 0);
  }
}

const threads = new Map<string, SchemaThread>();
const schemaFiles = new Map<string, InputFile[]>();

function schemas(rulesDir: string, files: string[]): InputFile[] {
  let list = schemaFiles.get(rulesDir);
  if (!list) {
    list = files.map((f) => ({ fileName: f, contents: readFileSync(join(rulesDir, f), 'utf8') }));
    schemaFiles.set(rulesDir, list);
  }
  return list;
}

function threadFor(rulesDir: string, schema: string, files: string[], size: number): SchemaThread {
  const key = join(rulesDir, schema);
  let t = threads.get(key);
  if (t && !t.dead && t.room >= size) return t;
  t?.stop();
  let room = FIRST_ROOM;
  while (room < size) room *= 2;
  const fresh: SchemaThread = new SchemaThread(room, schema, schemas(rulesDir, files), () => threads.get(key) === fresh && threads.delete(key));
  threads.set(key, fresh);
  return fresh;
}

/**
 * The schema's complaints about one document (empty when it is valid), each as xmllint words it without file and line.
 * `schema` is the main schema's path inside the rules folder, `files` every schema file there.
 */
export async function schemaProblems(xml: string, rulesDir: string, schema: string, files: string[]): Promise<string[]> {
  const bytes = new TextEncoder().encode(xml);
  const stderr = await threadFor(rulesDir, schema, files, bytes.length).check(bytes);
  const lines = stderr.split('\n').filter((l) => l.trim());
  if (lines.some((l) => /^\/ehf-\d+ validates$/.test(l))) return [];
  const problems = lines.filter((l) => !/^\/ehf-\d+ fails to validate$/.test(l)).map((l) => l.replace(/^\/ehf-\d+:\d+:\s*/, ''));
  return problems.length ? problems : ['xmllint found the document invalid without saying why'];
}

/** Ends the schema threads (they end with the process anyway; tests and a worker that stops call this). */
export function stopSchemaThreads(): void {
  for (const t of threads.values()) t.stop();
  threads.clear();
}
