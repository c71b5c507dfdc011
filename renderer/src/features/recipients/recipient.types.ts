/** The recipient read shape of recipients.get / recipients.list (spec 2.1 plus Kvitt's extensions). */
export interface Recipient {
  number: number;
  customerNumber: string | null;
  name: string;
  contact: {
    address: { address1: string | null; address2: string | null; zip: string; city: string; country: string };
    email: string | null;
    phone: string | null;
    mobile: string | null;
    fax: string | null;
    web: string | null;
  };
  organisation: { form: string | null; icd: number | null; number: string | null };
  settings: {
    discount: number;
    creditDays: number | null;
    attachPdf: boolean | null;
    defaultShipment: 'SNAIL' | 'EMAIL' | null;
    autoDunningsEnabled: boolean | null;
    currency: string | null;
  };
  yourReference: string | null;
  comment: string | null;
  customFields: Array<{ number: number; name: string; type: string; value: unknown }>;
  labels: Array<{ number: number; name: string }>;
  capabilities: { ehf: boolean; eFaktura: boolean; avtaleGiro: boolean };
  deleted: boolean;
}

export interface Label {
  number: number;
  name: string;
  recipients: number;
}

export type CustomFieldType = 'TEXT' | 'BOOLEAN' | 'NUMBER' | 'DATE' | 'SELECT';

export interface CustomFieldDef {
  number: number;
  name: string;
  type: CustomFieldType;
  options: string[] | null;
  required: boolean;
}

export interface Country {
  code: string;
  name: string;
}

export interface ExchangeRate {
  currency: string;
  rate: number;
  date: string;
}

/** The 18 organisation form codes of spec 2.1 with their Norwegian names. */
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
