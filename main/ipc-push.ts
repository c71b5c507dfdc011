import type { PushBus } from './push/bus.js';

/** The IPC event that carries push events (main/push/bus.ts) to the window; the preload's `api.onEvent` listens to it. */
export const PUSH_CHANNEL = 'push:event';

/** What forwarding needs of an Electron BrowserWindow (so it can be tested with a fake). */
export interface PushWindow {
  isDestroyed(): boolean;
  webContents: { send(channel: string, ...args: unknown[]): void };
  once(event: 'closed', listener: () => void): unknown;
}

/** Forwards every push event to the window until it closes; returns the function that stops it earlier. */
export function forwardPush(bus: PushBus | undefined, win: PushWindow): () => void {
  if (!bus) return () => {};
  const off = bus.subscribe((e) => {
    if (!win.isDestroyed()) win.webContents.send(PUSH_CHANNEL, e);
  });
  win.once('closed', off);
  return off;
}
