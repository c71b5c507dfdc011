import type { ItemOf, OutputOf } from '../../api/op-types';
import type { OpTree } from '../../api/op-types';
import { parseDecimal, toInputText } from '../../shared/money';

/** The service's own shapes (erased at build time). */
export type EventRead = OutputOf<'events.get'>;
export type Participant = ItemOf<'events.listParticipants'>;

export const EVENT_OPS = {
  upcoming: 'events.listUpcoming',
  past: 'events.listPast',
  get: 'events.get',
  create: 'events.create',
  update: 'events.update',
  remove: 'events.delete',
  participants: 'events.listParticipants',
  confirm: 'events.confirmParticipant',
  cancel: 'events.cancelParticipant',
  pay: 'invoices.registerPayment',
} as const satisfies OpTree;

export interface FieldRow {
  name: string;
  type: 'TEXT' | 'BOOLEAN';
  price: string;
  productCode: string;
  taxRate: string;
}
export interface CodeRow {
  code: string;
  amount: string;
}

/** The form as typed: text everywhere, converted once on save. Date-times are a date (ISO) and a time (HH:MM). */
export interface EventForm {
  name: string;
  description: string;
  date: string | null;
  time: string;
  endDate: string | null;
  endTime: string;
  deadlineDate: string | null;
  deadlineTime: string;
  location: { name: string; address: string; zip: string; city: string; country: string };
  contactPerson: { name: string; email: string; phone: string };
  participantLimit: string;
  confirmation: boolean;
  signupCaptcha: boolean;
  showSignupStats: boolean;
  sms: boolean;
  smsMessage: string;
  price: string;
  taxRate: string;
  productNumber: string;
  discountLabel: string;
  codes: CodeRow[];
  fields: FieldRow[];
}

export const emptyEvent: EventForm = {
  name: '', description: '', date: null, time: '09:00', endDate: null, endTime: '', deadlineDate: null, deadlineTime: '',
  location: { name: '', address: '', zip: '', city: '', country: '' }, contactPerson: { name: '', email: '', phone: '' },
  participantLimit: '', confirmation: false, signupCaptcha: false, showSignupStats: false, sms: false, smsMessage: '',
  price: '0', taxRate: '25', productNumber: '', discountLabel: 'Rabattkode', codes: [], fields: [],
};

const split = (dt: string | null): [string | null, string] => (dt ? [dt.slice(0, 10), dt.slice(11, 16)] : [null, '']);

export function toForm(e: EventRead): EventForm {
  const [date, time] = split(e.date);
  const [endDate, endTime] = split(e.endDate);
  const [deadlineDate, deadlineTime] = split(e.registrationDeadline);
  return {
    name: e.name, description: e.description, date, time, endDate, endTime, deadlineDate, deadlineTime,
    location: { ...e.location }, contactPerson: { ...e.contactPerson },
    participantLimit: e.participantLimit === null ? '' : String(e.participantLimit),
    confirmation: e.confirmation, signupCaptcha: e.signupCaptcha, showSignupStats: e.showSignupStats,
    sms: e.smsConfirmation.enabled, smsMessage: e.smsConfirmation.message,
    price: toInputText(e.price, 2), taxRate: String(e.taxRate), productNumber: e.productNumber ?? '',
    discountLabel: e.discountCodes.label, codes: e.discountCodes.codes.map((c) => ({ code: c.code, amount: toInputText(c.amount, 2) })),
    fields: e.customFields.map((f) => ({
      name: f.name, type: f.type as FieldRow['type'], price: f.price ? toInputText(f.price.price, 2) : '', productCode: f.price?.productCode ?? '', taxRate: String(f.price?.taxRate ?? 25),
    })),
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const num = (s: string) => {
  const v = parseDecimal(s);
  return v === null || Number.isNaN(v) ? s : v;
};

/** The 2.10 body, and the local errors (keyed like the service's fields) for what cannot be sent at all. */
export function toBody(f: EventForm, errText: string): { body: Record<string, unknown>; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const dt = (d: string | null, t: string, key: string, required: boolean, endOfDay = false) => {
    if (!d && !t.trim() && !required) return null;
    if (d && !t.trim() && endOfDay) return `${d} 23:59`; // a deadline without a time: the end of that day (Norwegian time)
    if (!d || !TIME.test(t.trim())) {
      errors[key] = errText;
      return null;
    }
    return `${d} ${t.trim()}`;
  };
  const opt = (s: string) => (s.trim() ? s.trim() : null);
  const body = {
    name: f.name,
    date: dt(f.date, f.time, 'date', true),
    endDate: dt(f.endDate, f.endTime, 'endDate', false),
    registrationDeadline: dt(f.deadlineDate, f.deadlineTime, 'registrationDeadline', false, true),
    signupCaptcha: f.signupCaptcha,
    location: { name: f.location.name, address: opt(f.location.address), zip: opt(f.location.zip), city: opt(f.location.city), country: opt(f.location.country) },
    description: f.description,
    confirmation: f.confirmation,
    price: num(f.price || '0'),
    contactPerson: { name: f.contactPerson.name, email: f.contactPerson.email, phone: opt(f.contactPerson.phone) },
    participantLimit: f.participantLimit.trim() ? num(f.participantLimit) : null,
    smsConfirmation: { enabled: f.sms, message: f.smsMessage },
    taxRate: Number(f.taxRate),
    productNumber: opt(f.productNumber),
    showSignupStats: f.showSignupStats,
    discountCodes: { label: f.discountLabel, codes: f.codes.map((c) => ({ code: c.code.trim(), amount: num(c.amount) })) },
    customFields: f.fields.map((x) => ({
      name: x.name,
      type: x.type,
      price: x.price.trim() ? { productCode: x.productCode.trim(), price: num(x.price), taxRate: Number(x.taxRate) } : null,
      options: null,
    })),
  };
  return { body, errors };
}

/** The public signup page: this origin in the browser GUI, the loopback API in the desktop app. */
export function signupUrl(id: number, apiPort: number | null): string {
  const origin = window.location.protocol.startsWith('http') ? window.location.origin : `http://127.0.0.1:${apiPort ?? 7070}`;
  return `${origin}/events/${id}`;
}
