import { create } from 'zustand';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';

export type FirstDay = OutputOf<'firstDay.get'>;
export type FirstDayStep = FirstDay['steps'][number]['step'];
export const STEPS: FirstDayStep[] = ['company', 'bank', 'logo', 'invoicing', 'email', 'sms'];

/** The guide's state as the service keeps it (what is missing, skipped, where the person is). */
interface FirstDayState {
  view: FirstDay | null;
  load(): Promise<FirstDay>;
  update(patch: { current?: FirstDayStep; skip?: FirstDayStep; unskip?: FirstDayStep; confirm?: FirstDayStep }): Promise<FirstDay>;
}

export const useFirstDay = create<FirstDayState>((set) => ({
  view: null,
  async load() {
    const view = await call('firstDay.get');
    set({ view });
    return view;
  },
  async update(patch) {
    const view = await call('firstDay.update', { body: patch });
    set({ view });
    return view;
  },
}));
