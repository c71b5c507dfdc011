import { create } from 'zustand';

/** A counter the dunning lists watch: creating or running dunnings bumps it so they reload. */
export const useDunningsRefresh = create<{ version: number; bump(): void }>((set) => ({
  version: 0,
  bump: () => set((s) => ({ version: s.version + 1 })),
}));
