import { create } from 'zustand';
import { call } from '../../api/client';

/** Who is using the GUI (GET /me): the desktop app itself is the owner; in a browser the logged-in user. */
export interface Me {
  id: number | null;
  name: string;
  role: 'owner' | 'bookkeeper';
  office: boolean;
}

/** Asked once per page load; the role decides which Settings tabs show (Brukere: owners only). */
export const useMe = create<{ me: Me | null; load(): Promise<void> }>((set, get) => ({
  me: null,
  async load() {
    if (get().me) return;
    set({ me: await call('me.get') });
  },
}));
