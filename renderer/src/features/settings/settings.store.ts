import { create } from 'zustand';
import { call } from '../../api/client';
import type { Settings } from './settings.types';

/** The originator's settings, loaded once and replaced by what settings.update answers. */
interface SettingsState {
  settings: Settings | null;
  load(force?: boolean): Promise<Settings>;
  /** Sends one or more sections; throws the service's ApiError (with field paths like company.orgNumber). */
  save(patch: Partial<{ [K in keyof Settings]: Partial<Settings[K]> | Record<string, unknown> }>): Promise<Settings>;
}

export const useSettings = create<SettingsState>((set, get) => ({
  settings: null,
  async load(force = false) {
    const have = get().settings;
    if (have && !force) return have;
    const settings = await call('settings.get');
    set({ settings });
    return settings;
  },
  async save(patch) {
    const settings = await call('settings.update', { body: patch });
    set({ settings });
    return settings;
  },
}));
