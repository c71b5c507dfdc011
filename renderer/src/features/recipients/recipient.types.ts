import type { ItemOf, OutputOf } from '../../api/op-types';

/** The recipient read shape of recipients.get / recipients.list: the service's own type (erased at build time). */
export type Recipient = Omit<OutputOf<'recipients.get'>, '_links'>;

/** A label as labels.list answers it (with how many recipients carry it). */
export type Label = ItemOf<'labels.list'>;

/** A custom field as customFields.list answers it. */
export type CustomFieldDef = ItemOf<'customFields.list'>;
export type CustomFieldType = CustomFieldDef['type'];

export type Country = ItemOf<'common.listCountries'>;
export type ExchangeRate = ItemOf<'common.listExchangeRates'>;

/** The 18 organisation form codes of spec 2.1 with their Norwegian names, and NUF (a foreign company's Norwegian branch). */
export const ORG_FORMS: Array<{ value: string; label: string }> = [
  { value: 'as', label: 'Aksjeselskap' },
  { value: 'asa', label: 'Allmennaksjeselskap' },
  { value: 'ans', label: 'Ansvarlig selskap' },
  { value: 'da', label: 'Ansvarlig selskap med delt ansvar' },
  { value: 'bblbrl', label: 'Boligbyggelag / borettslag' },
  { value: 'esek', label: 'Eierseksjonssameie' },
  { value: 'enk', label: 'Enkeltpersonforetak' },
  { value: 'fli', label: 'Forening, lag eller innretning' },
  { value: 'gfs', label: 'Gjensidig forsikringsselskap' },
  { value: 'iks', label: 'Interkommunalt selskap' },
  { value: 'ks', label: 'Kommandittselskap' },
  { value: 'kffkf', label: 'Kommunalt / fylkeskommunalt foretak' },
  { value: 'nuf', label: 'Norskregistrert utenlandsk foretak' },
  { value: 'pre', label: 'Partsrederi' },
  { value: 'prv', label: 'Privatperson' },
  { value: 'sa', label: 'Samvirkeforetak' },
  { value: 'ba', label: 'Selskap med begrenset ansvar' },
  { value: 'sti', label: 'Stiftelse' },
  { value: 'ue', label: 'Utenlandsk enhet' },
];

export const orgFormLabel = (code: string | null | undefined): string =>
  code ? `${ORG_FORMS.find((f) => f.value === code)?.label ?? code} (${code.toUpperCase()})` : '';

export const orgFormOptions = ORG_FORMS.map((f) => ({ value: f.value, label: `${f.label} (${f.value.toUpperCase()})` }));
