/**
 * The renderer's one subscription to the service's push channel (main/push/bus.ts): shipment status changes and job
 * progress, as they happen. Inside Electron the preload forwards them as an IPC event (window.api.onEvent); in a
 * browser against the headless server they come as server-sent events from GET /_events (read with fetch so the
 * request carries the same session cookie and client header as /_ops), reconnecting after a dropped connection.
 */
import type { PushEvent } from '../../../main/push/bus';

export type { PushEvent };
type Listener = (event: PushEvent) => void;

const listeners = new Set<Listener>();
let stop: (() => void) | null = null;

function dispatch(event: PushEvent) {
  for (const l of [...listeners]) {
    try {
      l(event);
    } catch (err) {
      console.error('push listener failed', err);
    }
  }
}

/** Parses a server-sent-events stream: `data:` lines up to a blank line make one event. */
export function sseParser(onData: (data: string) => void) {
  let buf = '';
  return (chunk: string) => {
    buf += chunk.replace(/\r\n?/g, '\n');
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) onData(data);
    }
  };
}

function connectSse(): () => void {
  let closed = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    controller = new AbortController();
    try {
      const res = await fetch(new URL('/_events', window.location.origin).href, {
        credentials: 'same-origin',
        headers: { 'x-kvitt-client': '1', accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (res.ok && res.body) {
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        const feed = sseParser((data) => {
          try {
            dispatch(JSON.parse(data) as PushEvent);
          } catch {
            /* not an event of ours */
          }
        });
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          feed(value);
        }
      }
    } catch {
      /* dropped or aborted: try again below */
    }
    if (!closed) retry = setTimeout(() => void run(), 2000);
  };
  void run();
  return () => {
    closed = true;
    clearTimeout(retry);
    controller?.abort();
  };
}

/** The preload's half (Electron): `api.onEvent(cb)` returns the unsubscribe function. */
type DesktopPush = { onEvent?: (cb: (event: unknown) => void) => () => void };

function connect(): () => void {
  const desktop = window.api as DesktopPush | undefined;
  if (desktop?.onEvent) return desktop.onEvent((e) => dispatch(e as PushEvent));
  return connectSse();
}

/** Calls `listener` with every push event until the returned function is called; one connection serves all listeners. */
export function onPush(listener: Listener): () => void {
  listeners.add(listener);
  if (!stop) stop = connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && stop) {
      stop();
      stop = null;
    }
  };
}
