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
      call<Country[]>('common.listCountries'),
      call<ExchangeRate[]>('common.listExchangeRates'),
      call<Label[]>('labels.list'),
      call<CustomFieldDef[]>('customFields.list'),
    ])
      .then(([countries, rates, labels, customFields]) => set({ countries, rates, labels, customFields, loaded: true }))
      .finally(() => {
        loading = null;
      });
    return loading;
  },
  async refreshLabels() {
    set({ labels: await call<Label[]>('labels.list') });
  },
  async refreshCustomFields() {
    set({ customFields: await call<CustomFieldDef[]>('customFields.list') });
  },
  async refreshRates() {
    set({ rates: await call<ExchangeRate[]>('common.listExchangeRates') });
  },
}));
