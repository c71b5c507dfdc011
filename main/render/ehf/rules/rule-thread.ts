/**
 * The official business rules of a rule set compiled as a loop (scripts/ehf-rules-loop.mjs), each in a thread of its own
 * (rule-thread-code.ts) that keeps one saxon-js transformation running over many documents: the transformation context
 * (30 ms for CEN, 12 for PEPPOL) is built once per thread, not per document, and CEN and PEPPOL run side by side. A
 * thread takes one document at a time (later ones wait their turn); it is started on the first document, and a thread
 * that dies or gives no answer in 120 s fails that document and is replaced by a new one for the next. A thread with
 * nothing to do for 5 minutes (KVITT_EHF_RULE_THREAD_IDLE_MS) ends, giving back its memory (saxon-js and the rule set,
 * over 100 MB); the next document starts it again (about half a second).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { hubClient, ruleHubPort } from './rule-hub.js';
import { RULE_THREAD_CODE } from './rule-thread-code.js';

/** The loop's initial template (scripts/ehf-rules-loop.mjs LOOP_TEMPLATE). */
const LOOP_TEMPLATE = 'Q{urn:kvitt:ehf-rules}loop';
const STUCK_MS = 120_000;
const idleMs = () => Number(process.env.KVITT_EHF_RULE_THREAD_IDLE_MS) || 5 * 60_000;

export interface FailedAssert { flag: string; id: string; text: string }

interface Job { xml: string; resolve(lines: string): void; reject(e: Error): void }

class RuleThread {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly posted: Int32Array;
  private readonly queue: Job[] = [];
  private current: { job: Job; stuck: NodeJS.Timeout } | null = null;
  private idle: NodeJS.Timeout | null = null;
  dead = false;

  constructor(sefPath: string, private readonly onDead: () => void) {
    const buffer = new SharedArrayBuffer(4);
    this.posted = new Int32Array(buffer);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const saxonPath = createRequire(import.meta.url).resolve('saxon-js');
    this.worker = new Worker(RULE_THREAD_CODE, {
      eval: true,
      workerData: { saxonPath, sefPath, template: LOOP_TEMPLATE, buffer, port: port2 },
      transferList: [port2],
    });
    this.worker.unref();
    this.port.unref();
    this.worker.on('message', (m: { lines?: string; error?: string; fatal?: string }) => {
      if (typeof m.fatal === 'string') {
        this.fail(new Error(m.fatal));
        void this.worker.terminate();
      } else if (typeof m.lines === 'string') this.finish((j) => j.resolve(m.lines!));
      else if (typeof m.error === 'string') this.finish((j) => j.reject(new Error(m.error)));
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the rule thread ended (${code})`)));
    this.waitIdle();
  }

  /** Ends the thread when it gets no document for a while. */
  private waitIdle(): void {
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), idleMs());
    this.idle.unref();
  }

  /** The failed assertions of one document, as `flag TAB id TAB text` lines (or the rule set's error). */
  check(xml: string): Promise<string> {
    if (this.dead) return Promise.reject(new Error('the rule thread ended'));
    return new Promise<string>((resolve, reject) => {
      this.queue.push({ xml, resolve, reject });
      if (!this.current) this.next();
    });
  }

  private next(): void {
    const job = this.queue.shift();
    if (!job) return this.waitIdle();
    if (this.idle) clearTimeout(this.idle);
    const stuck = setTimeout(() => {
      this.fail(new Error(`the rules gave no answer in ${STUCK_MS / 1000} s`));
      void this.worker.terminate();
    }, STUCK_MS);
    stuck.unref();
    this.current = { job, stuck };
    this.worker.ref(); // a caller awaiting an answer keeps the process alive
    this.port.postMessage(job.xml);
    Atomics.add(this.posted, 0, 1);
    Atomics.notify(this.posted, 0);
  }

  private finish(settle: (j: Job) => void): void {
    const c = this.current;
    if (!c) return;
    clearTimeout(c.stuck);
    this.current = null;
    this.worker.unref();
    settle(c.job);
    this.next();
  }

  private fail(e: Error): void {
    if (this.idle) clearTimeout(this.idle);
    if (this.dead) return;
    this.dead = true;
    this.onDead();
    if (this.current) {
      clearTimeout(this.current.stuck);
      this.current.job.reject(e);
      this.current = null;
    }
    for (const j of this.queue.splice(0)) j.reject(e);
  }

  /** Ends the thread once the documents it has are done. */
  stop(): void {
    if (this.idle) clearTimeout(this.idle);
    if (this.dead) return;
    this.dead = true;
    this.onDead();
    const end = () => {
      this.port.postMessage(null);
      Atomics.add(this.posted, 0, 1);
      Atomics.notify(this.posted, 0);
    };
    if (!this.current && !this.queue.length) return end();
    const last = this.queue[this.queue.length - 1] ?? this.current!.job;
    const { resolve, reject } = last;
    last.resolve = (l) => { resolve(l); end(); };
    last.reject = (e) => { reject(e); end(); };
  }
}

const threads = new Map<string, RuleThread>();

function threadFor(sefPath: string): RuleThread {
  let t = threads.get(sefPath);
  if (t && !t.dead) return t;
  const fresh: RuleThread = new RuleThread(sefPath, () => threads.get(sefPath) === fresh && threads.delete(sefPath));
  threads.set(sefPath, fresh);
  return fresh;
}

/**
 * The failed assertions of the rule set in `rulesDir/sefFile` (compiled as a loop) over the document: in this
 * process's rule threads, reached through the main thread from a pool worker given the port to them (rule-hub.ts).
 */
export async function loopFailedAsserts(xml: string, rulesDir: string, sefFile: string): Promise<FailedAssert[]> {
  const hub = hubClient();
  if (hub) return hub.check(xml, rulesDir, sefFile);
  const lines = await threadFor(join(rulesDir, sefFile)).check(xml);
  const out: FailedAssert[] = [];
  for (const line of lines.split('\n')) {
    if (!line) continue;
    const [flag, id, ...text] = line.split('\t');
    if (flag === '!ERROR') throw new Error([id, ...text].join('\t'));
    out.push({ flag, id, text: text.join('\t') });
  }
  return out;
}

/** A port to this thread's rule threads, for a pool worker (main/app.ts hands it to each worker the pool starts). */
export function ruleThreadsPort(): MessagePort {
  return ruleHubPort(loopFailedAsserts);
}

/** Starts the rule threads ahead of the first document (a worker's warm-up; a worker using the main thread's: none). */
export function startRuleThreads(rulesDir: string, sefFiles: string[]): void {
  if (hubClient()) return;
  for (const f of sefFiles) threadFor(join(rulesDir, f));
}

/** How many rule threads are running (or starting). */
export function ruleThreadsRunning(): number {
  return threads.size;
}

/** Ends the rule threads (they end with the process anyway; tests and benches call this). */
export function stopRuleThreads(): void {
  for (const t of threads.values()) t.stop();
  threads.clear();
}
