import { create } from 'zustand';
import type { BankFile } from './bank-api';

/**
 * The bank screen's shared state: a counter the lists watch (an import, a match, an ignore or an undo bumps it so they
 * reload) and the summary of the last import, shown until the next one.
 */
export const useBank = create<{ version: number; last: BankFile | null; bump(): void; imported(file: BankFile): void }>((set) => ({
  version: 0,
  last: null,
  bump: () => set((s) => ({ version: s.version + 1 })),
  imported: (file) => set((s) => ({ version: s.version + 1, last: file })),
}));
