/**
 * One pair of rule threads per process (docs/ehf-validation.md): each rule thread holds saxon-js and its rule set
 * (over 100 MB), so the worker pool's workers do not start their own. The main thread owns the rule threads
 * (rule-thread.ts) and gives each pool worker, when it starts, a MessagePort to them (`ruleHubPort`, handed over by the
 * pool as `workerData.ports['ehf-rules']`, main/app.ts wires it); a worker with that port sends its documents' rule
 * checks there (`hubClient`) instead of starting threads, and gets back the same failed assertions. The main thread
 * only passes the document on: the rules run in the rule threads, side by side, the schema check stays in the worker.
 */
import { MessageChannel, type MessagePort, isMainThread, workerData } from 'node:worker_threads';
import type { FailedAssert } from './rule-check.js';

/** The name of the port among the pool's worker ports. */
export const RULE_HUB_PORT = 'ehf-rules';
/** A worker's question that has had no answer after this long fails (the rule threads' own limit is 120 s). */
const STUCK_MS = 150_000;

interface Ask { id: number; xml: string; dir: string; sef: string }
type Answer = { id: number; found: FailedAssert[] } | { id: number; error: string };
type Check = (xml: string, dir: string, sef: string) => Promise<FailedAssert[]>;

/** A new port to this thread's rule threads, for one worker (the other end stays here, answering it). */
export function ruleHubPort(check: Check): MessagePort {
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (m: Ask) => {
    if (!m || typeof m.id !== 'number' || typeof m.xml !== 'string') return;
    check(m.xml, m.dir, m.sef).then(
      (found) => port1.postMessage({ id: m.id, found } satisfies Answer),
      (e: unknown) => port1.postMessage({ id: m.id, error: e instanceof Error ? e.message : String(e) } satisfies Answer),
    );
  });
  port1.unref();
  return port2;
}

class HubClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve(f: FailedAssert[]): void; reject(e: Error): void; stuck: NodeJS.Timeout }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (m: Answer) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.settle(m.id);
      if ('error' in m) p.reject(new Error(m.error));
      else p.resolve(m.found);
    });
    port.on('close', () => {
      for (const [id, p] of this.pending) {
        this.settle(id);
        p.reject(new Error('the rule threads are gone'));
      }
    });
    port.unref();
  }

  private settle(id: number): void {
    clearTimeout(this.pending.get(id)?.stuck);
    this.pending.delete(id);
    if (!this.pending.size) this.port.unref();
  }

  check(xml: string, dir: string, sef: string): Promise<FailedAssert[]> {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      const stuck = setTimeout(() => {
        this.settle(id);
        reject(new Error(`the rules gave no answer in ${STUCK_MS / 1000} s`));
      }, STUCK_MS);
      stuck.unref();
      this.pending.set(id, { resolve, reject, stuck });
      this.port.ref(); // a caller awaiting an answer keeps the thread alive
      this.port.postMessage({ id, xml, dir, sef } satisfies Ask);
    });
  }
}

let client: HubClient | null | undefined;

/** In a pool worker given a port to the main thread's rule threads: the way there; elsewhere null. */
export function hubClient(): HubClient | null {
  if (client !== undefined) return client;
  const port = isMainThread ? undefined : (workerData as { ports?: Record<string, MessagePort> } | null)?.ports?.[RULE_HUB_PORT];
  return (client = port ? new HubClient(port) : null);
}
