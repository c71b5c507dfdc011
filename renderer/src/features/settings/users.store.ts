import { create } from 'zustand';
import { call } from '../../api/client';
import type { OutputOf } from '../../api/op-types';

/** Who is using the GUI (GET /me): the desktop app itself is the owner; in a browser the logged-in user. */
export type Me = OutputOf<'me.get'>;

/** Asked once per page load; the role decides which Settings tabs show (Brukere: owners only). */
export const useMe = create<{ me: Me | null; load(): Promise<void> }>((set, get) => ({
  me: null,
  async load() {
    if (get().me) return;
    set({ me: await call('me.get') });
  },
}));
