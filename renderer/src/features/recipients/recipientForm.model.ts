import { formatPhone } from '../../shared/money';
import type { CustomFieldDef, Recipient } from './recipient.types';

/** What the recipient form edits: strings as typed; the service checks every rule (no client-side validation). */
export interface RecipientFormValues {
  name: string;
  customerNumber: string;
  address1: string;
  address2: string;
  zip: string;
  city: string;
  country: string | null;
  email: string;
  phone: string;
  mobile: string;
  fax: string;
  web: string;
  orgForm: string | null;
  orgNumber: string;
  icd: string;
  discount: number | string;
  creditDays: number | string;
  /** 'default' = the originator's preference (null). */
  attachPdf: 'default' | 'yes' | 'no';
  defaultShipment: 'default' | 'EMAIL' | 'SNAIL';
  autoDunningsEnabled: boolean;
  currency: string | null;
  yourReference: string;
  comment: string;
  labels: string[];
  custom: Record<number, unknown>;
  ehf: boolean;
  eFaktura: boolean;
  avtaleGiro: boolean;
}

export function emptyRecipientValues(): RecipientFormValues {
  return {
    name: '',
    customerNumber: '',
    address1: '',
    address2: '',
    zip: '',
    city: '',
    country: 'NORGE',
    email: '',
    phone: '',
    mobile: '',
    fax: '',
    web: '',
    orgForm: null,
    orgNumber: '',
    icd: '',
    discount: '',
    creditDays: '',
    attachPdf: 'default',
    defaultShipment: 'default',
    autoDunningsEnabled: true,
    currency: null,
    yourReference: '',
    comment: '',
    labels: [],
    custom: {},
    ehf: false,
    eFaktura: false,
    avtaleGiro: false,
  };
}

export function recipientToValues(r: Recipient): RecipientFormValues {
  const s = r.settings;
  return {
    name: r.name,
    customerNumber: r.customerNumber ?? '',
    address1: r.contact.address.address1 ?? '',
    address2: r.contact.address.address2 ?? '',
    zip: r.contact.address.zip,
    city: r.contact.address.city,
    country: r.contact.address.country,
    email: r.contact.email ?? '',
    phone: formatPhone(r.contact.phone),
    mobile: formatPhone(r.contact.mobile),
    fax: r.contact.fax ?? '',
    web: r.contact.web ?? '',
    orgForm: r.organisation.form,
    orgNumber: r.organisation.number ?? '',
    icd: r.organisation.icd === null ? '' : String(r.organisation.icd).padStart(4, '0'),
    discount: s.discount ? s.discount : '',
    creditDays: s.creditDays ?? '',
    attachPdf: s.attachPdf === null ? 'default' : s.attachPdf ? 'yes' : 'no',
    defaultShipment: s.defaultShipment ?? 'default',
    autoDunningsEnabled: s.autoDunningsEnabled !== false,
    currency: s.currency,
    yourReference: r.yourReference ?? '',
    comment: r.comment ?? '',
    labels: r.labels.map((l) => String(l.number)),
    custom: Object.fromEntries(r.customFields.map((c) => [c.number, c.value])),
    ehf: r.capabilities.ehf,
    eFaktura: r.capabilities.eFaktura,
    avtaleGiro: r.capabilities.avtaleGiro,
  };
}

const opt = (s: string) => (s.trim() === '' ? null : s);

/** A number the user typed, or the raw text so the service can name what is wrong with it. */
function numberOrRaw(v: number | string): number | string | null {
  if (typeof v === 'number') return v;
  const s = v.trim();
  if (s === '') return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : s;
}

/**
 * The request body of spec 2.1. Every defined custom field is sent (null when empty) so the service names
 * a missing required value at `customFields[i].value`; `customOrder[i]` is the field number at index i.
 */
export function valuesToBody(v: RecipientFormValues, defs: CustomFieldDef[]): { body: Record<string, unknown>; customOrder: number[] } {
  const settings: Record<string, unknown> = {
    attachPdf: v.attachPdf === 'default' ? null : v.attachPdf === 'yes',
    defaultShipment: v.defaultShipment === 'default' ? null : v.defaultShipment,
    autoDunningsEnabled: v.autoDunningsEnabled,
    currency: v.currency || null,
    creditDays: numberOrRaw(v.creditDays),
  };
  const discount = numberOrRaw(v.discount);
  if (discount !== null) settings.discount = discount;
  const icd = v.icd.trim() === '' ? null : /^\d+$/.test(v.icd.trim()) ? Number(v.icd.trim()) : v.icd.trim();
  const customOrder = defs.map((d) => d.number);
  const customFields = defs.map((d) => {
    let value = v.custom[d.number];
    if (value === undefined || value === '') value = d.type === 'BOOLEAN' ? false : null;
    if (d.type === 'NUMBER' && typeof value === 'string') value = numberOrRaw(value);
    return { number: d.number, value };
  });
  const body: Record<string, unknown> = {
    name: v.name,
    contact: {
      address: { address1: opt(v.address1), address2: opt(v.address2), zip: v.zip, city: v.city, country: v.country || null },
      email: opt(v.email),
      phone: opt(v.phone),
      mobile: opt(v.mobile),
      fax: opt(v.fax),
      web: opt(v.web),
    },
    organisation: { form: v.orgForm || null, icd, number: opt(v.orgNumber) },
    settings,
    yourReference: opt(v.yourReference),
    comment: opt(v.comment),
    customFields,
    labels: v.labels.map(Number),
    capabilities: { ehf: v.ehf, eFaktura: v.eFaktura, avtaleGiro: v.avtaleGiro },
  };
  if (v.customerNumber.trim() !== '') body.customerNumber = v.customerNumber;
  return { body, customOrder };
}

/** Paths the form shows next to an input; anything else is listed above the form. */
export const FORM_PATHS = [
  'name',
  'customerNumber',
  'contact.address.address1',
  'contact.address.address2',
  'contact.address.zip',
  'contact.address.city',
  'contact.address.country',
  'contact.email',
  'contact.phone',
  'contact.mobile',
  'contact.fax',
  'contact.web',
  'organisation.form',
  'organisation.icd',
  'organisation.number',
  'settings.discount',
  'settings.creditDays',
  'settings.attachPdf',
  'settings.defaultShipment',
  'settings.autoDunningsEnabled',
  'settings.currency',
  'yourReference',
  'comment',
  'labels',
  'customFields',
  'capabilities',
];
