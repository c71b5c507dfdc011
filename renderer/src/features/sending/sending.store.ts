import { create } from 'zustand';

/** Bumped after every send, retry or print, so history panels and the outbox reload without a page reload. */
export const useSendingVersion = create<{ version: number; bump(): void }>((set) => ({
  version: 0,
  bump: () => set((s) => ({ version: s.version + 1 })),
}));
