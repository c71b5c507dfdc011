/**
 * The push channel's in-process bus: services publish what changed by itself (a shipment's status, a long job's
 * progress); the adapters carry it to the GUI (HTTP: server-sent events at GET /_events, main/http/events-route.ts;
 * Electron: an IPC event, main/ipc.ts). No transport and no Electron here.
 */
export type PushEvent =
  /** An outbox shipment was worked: delivered, failed, or still under way with a new attempt time. */
  | { type: 'shipment'; id: number; status: 'IN_PROGRESS' | 'DELIVERED' | 'NOT_DELIVERED' }
  /**
   * A long job moved on: `done` of `total` units (total null while unknown), in `phase` (the job's own words, e.g. a
   * report's `count`, `rows`, `file`); `state` running until the last event of the job says done, failed or cancelled.
   * Publishers keep to a few events a second (a report: at most one per 100 ms, and always the last).
   */
  | { type: 'progress'; job: string; done: number; total: number | null; phase: string; state: JobState };

export type JobState = 'running' | 'done' | 'failed' | 'cancelled';

export type PushListener = (event: PushEvent) => void;

export interface PushBus {
  publish(event: PushEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: PushListener): () => void;
  readonly listeners: number;
}

export function createPushBus(): PushBus {
  const listeners = new Set<PushListener>();
  return {
    publish(event) {
      for (const l of [...listeners]) {
        // One broken listener (a closed window, a dropped connection) must not stop the others or the publisher.
        try {
          l(event);
        } catch (err) {
          console.error('push listener failed:', err);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get listeners() {
      return listeners.size;
    },
  };
}

/** Publishes on the context's bus; a context without one (a bench, a seed script) has nobody listening. */
export function publish(ctx: { push?: PushBus }, event: PushEvent): void {
  ctx.push?.publish(event);
}
