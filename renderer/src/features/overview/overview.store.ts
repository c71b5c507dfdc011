import { create } from 'zustand';
import type { RangeChoice } from './RevenueChart';

/** The year of the groups and the graph's range, kept while the person opens a list and comes back. */
export const useOverviewView = create<{ year: string | null; range: RangeChoice; set: (p: Partial<{ year: string | null; range: RangeChoice }>) => void }>((set) => ({
  year: null,
  range: '6',
  set: (p) => set(p),
}));
