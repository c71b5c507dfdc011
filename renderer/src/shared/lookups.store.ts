import { create } from 'zustand';
import { call } from '../api/client';
import type { Country, CustomFieldDef, ExchangeRate, Label } from '../features/recipients/recipient.types';

/**
 * Reference data the recipient and settings screens share: countries, exchange rates, labels, custom
 * field definitions. Loaded once on demand; `refresh*` after a change in Settings.
 */
interface LookupsState {
  countries: Country[];
  rates: ExchangeRate[];
  labels: Label[];
  customFields: CustomFieldDef[];
  loaded: boolean;
  load(): Promise<void>;
  refreshLabels(): Promise<void>;
  refreshCustomFields(): Promise<void>;
  refreshRates(): Promise<void>;
}

let loading: Promise<void> | null = null;

export const useLookups = create<LookupsState>((set, get) => ({
  countries: [],
  rates: [],
  labels: [],
  customFields: [],
  loaded: false,
  load() {
    if (get().loaded) return Promise.resolve();
    loading ??= Promise.all([
      call('common.listCountries'),
      call('common.listExchangeRates'),
      call('labels.list'),
      call('customFields.list'),
    ])
      .then(([countries, rates, labels, customFields]) => set({ countries, rates, labels, customFields, loaded: true }))
      .finally(() => {
        loading = null;
      });
    return loading;
  },
  async refreshLabels() {
    set({ labels: await call('labels.list') });
  },
  async refreshCustomFields() {
    set({ customFields: await call('customFields.list') });
  },
  async refreshRates() {
    set({ rates: await call('common.listExchangeRates') });
  },
}));
