import { Type, type Static } from '@sinclair/typebox';
import { Nullable, OptNullStr, OptStr } from '../../ops/schemas.js';
import { Printed } from '../../ops/printable.js';
import { AccountingSettingsPatch, DEFAULT_ACCOUNTING, type AccountingSettings } from './accounting-settings.js';

export const ORG_FORMS = ['ans', 'as', 'asa', 'ba', 'bblbrl', 'da', 'enk', 'esek', 'fli', 'gfs', 'iks', 'kffkf', 'ks', 'pre', 'prv', 'sa', 'sti', 'ue', 'nuf'] as const;

export const CompanySettings = Printed(Type.Object({
  name: OptStr(100),
  orgNumber: OptNullStr(20),
  orgForm: Type.Optional(Nullable(Type.Union(ORG_FORMS.map((f) => Type.Literal(f))))),
  vatRegistered: Type.Optional(Type.Boolean()),
  address1: OptNullStr(64),
  address2: OptNullStr(64),
  zip: OptStr(8),
  city: OptStr(64),
  country: OptStr(64),
  email: OptNullStr(64),
  phone: OptNullStr(64),
  mobile: OptNullStr(64),
  web: OptNullStr(128),
  bankAccount: OptNullStr(20),
  iban: OptNullStr(34),
  bic: OptNullStr(11),
  /** data: URL of a PNG or JPEG logo, at most ~300 kB. */
  logo: Type.Optional(Nullable(Type.String({ maxLength: 400_000, pattern: '^data:image/(png|jpeg);base64,', description: 'a PNG or JPEG data: URL' }))),
}));

export const InvoicingSettings = Printed(Type.Object({
  defaultCreditDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  attachPdf: Type.Optional(Type.Boolean()),
  defaultShipment: Type.Optional(Type.Union([Type.Literal('SNAIL'), Type.Literal('EMAIL')])),
  kidScheme: Type.Optional(Type.Union([Type.Literal('NONE'), Type.Literal('MOD10'), Type.Literal('MOD11')])),
  /** What the KID is built from before the check digit. */
  kidBase: Type.Optional(Type.Union([Type.Literal('INVOICE'), Type.Literal('CUSTOMER_INVOICE')])),
  /** Total KID length including the check digit (base zero-padded); 2..25. */
  kidLength: Type.Optional(Type.Integer({ minimum: 2, maximum: 25 })),
  creditNotesOwnSeries: Type.Optional(Type.Boolean()),
  firstInvoiceNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  firstCreditNoteNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  firstOfferNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  firstOrderConfirmationNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  /** A new customer without a customer number gets the next free one, never below this. */
  firstCustomerNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 999_999_999 })),
  offerValidDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  ourReference: OptNullStr(64),
  /** How many days an invoice or credit note may be dated before the latest issued in its series (numbers follow dates). */
  backdatingDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
  /** Bank files (docs/bank-files.md): a payment without a known KID is matched when exactly one open invoice has its amount and the payer's name matches that invoice's customer. */
  bankAutoMatch: Type.Optional(Type.Boolean()),
}));

export const ApiSettings = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  port: Type.Optional(Type.Integer({ minimum: 1024, maximum: 65535 })),
  /** Browser sessions (docs/office-sessions-roles.md): ended after this long unused, and at the latest after sessionMaxDays. */
  sessionIdleMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 10_080 })),
  sessionMaxDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
});

export const UiSettings = Type.Object({
  language: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('en')])),
});

/** Sending (issue 10): SMTP server, sender identity, SMS gateway. The password is write-only (GET shows passwordSet). */
export const SendingSettings = Type.Object({
  smtp: Type.Optional(
    Type.Object({
      host: OptStr(253),
      port: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
      security: Type.Optional(Type.Union([Type.Literal('NONE'), Type.Literal('STARTTLS'), Type.Literal('TLS')])),
      user: OptStr(254),
      /** Write-only; an empty string removes it. */
      password: OptStr(254),
    }, { additionalProperties: false }),
  ),
  fromAddress: OptStr(64),
  fromName: OptStr(100),
  replyTo: OptStr(64),
  smsGatewayUrl: OptStr(500),
}, { additionalProperties: false });

/** Dunnings (issue 11): fees in whole kroner (the law caps both at 35 kr), the default deadline, the automatic run. */
export const DunningSettings = Type.Object({
  reminderFee: Type.Optional(Type.Integer({ minimum: 0, maximum: 35, description: 'whole kroner, at most 35 (inkassoforskriften)' })),
  debtCollectionNoticeFee: Type.Optional(Type.Integer({ minimum: 0, maximum: 35, description: 'whole kroner, at most 35 (inkassoforskriften)' })),
  deadlineDays: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
  autoEnabled: Type.Optional(Type.Boolean()),
  autoDaysAfterDue: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  autoFee: Type.Optional(Type.Boolean()),
  autoInterest: Type.Optional(Type.Boolean()),
  autoShipment: Type.Optional(Type.Union([Type.Literal('PAPER'), Type.Literal('EMAIL'), Type.Literal('NONE')])),
  autoMaxNotices: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
}, { additionalProperties: false });

/** Updates of the installed app (docs/installer.md): off by default, Kvitt asks the update feed only when this is on. */
export const UpdateSettings = Type.Object({
  automatic: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

export const SettingsPatch = Type.Object({
  company: Type.Optional(CompanySettings),
  invoicing: Type.Optional(InvoicingSettings),
  api: Type.Optional(ApiSettings),
  ui: Type.Optional(UiSettings),
  sending: Type.Optional(SendingSettings),
  dunning: Type.Optional(DunningSettings),
  accounting: Type.Optional(AccountingSettingsPatch),
  updates: Type.Optional(UpdateSettings),
});
export type SettingsPatch = Omit<Static<typeof SettingsPatch>, 'accounting'> & { accounting?: import('./accounting-settings.js').AccountingSettingsPatch };

export interface Settings {
  company: {
    name: string;
    orgNumber: string | null;
    orgForm: (typeof ORG_FORMS)[number] | null;
    vatRegistered: boolean;
    address1: string | null;
    address2: string | null;
    zip: string;
    city: string;
    /** ISO alpha-2 internally; the API shows the Norwegian name. */
    country: string;
    email: string | null;
    phone: string | null;
    mobile: string | null;
    web: string | null;
    bankAccount: string | null;
    iban: string | null;
    bic: string | null;
    logo: string | null;
  };
  invoicing: {
    defaultCreditDays: number;
    attachPdf: boolean;
    defaultShipment: 'SNAIL' | 'EMAIL';
    kidScheme: 'NONE' | 'MOD10' | 'MOD11';
    kidBase: 'INVOICE' | 'CUSTOMER_INVOICE';
    kidLength: number;
    creditNotesOwnSeries: boolean;
    firstInvoiceNumber: number;
    firstCreditNoteNumber: number;
    firstOfferNumber: number;
    firstOrderConfirmationNumber: number;
    firstCustomerNumber: number;
    offerValidDays: number;
    ourReference: string | null;
    backdatingDays: number;
    bankAutoMatch: boolean;
  };
  api: { enabled: boolean; port: number; sessionIdleMinutes: number; sessionMaxDays: number };
  ui: { language: 'nb' | 'en' };
  dunning: {
    reminderFee: number;
    debtCollectionNoticeFee: number;
    deadlineDays: number;
    autoEnabled: boolean;
    autoDaysAfterDue: number;
    autoFee: boolean;
    autoInterest: boolean;
    autoShipment: 'PAPER' | 'EMAIL' | 'NONE';
    autoMaxNotices: number;
  };
  sending: {
    smtp: { host: string; port: number; security: 'NONE' | 'STARTTLS' | 'TLS'; user: string; password: string };
    fromAddress: string;
    fromName: string;
    replyTo: string;
    smsGatewayUrl: string;
  };
  /** Issue 27: account mapping, SAF-T contact person, VAT term (accounting-settings.ts). */
  accounting: AccountingSettings;
  updates: { automatic: boolean };
}

export const DEFAULT_SETTINGS: Settings = {
  company: {
    name: '',
    orgNumber: null,
    orgForm: null,
    vatRegistered: true,
    address1: null,
    address2: null,
    zip: '',
    city: '',
    country: 'NO',
    email: null,
    phone: null,
    mobile: null,
    web: null,
    bankAccount: null,
    iban: null,
    bic: null,
    logo: null,
  },
  invoicing: {
    defaultCreditDays: 14,
    attachPdf: true,
    defaultShipment: 'EMAIL',
    kidScheme: 'MOD10',
    kidBase: 'INVOICE',
    kidLength: 8,
    creditNotesOwnSeries: false,
    firstInvoiceNumber: 10001,
    firstCreditNoteNumber: 50001,
    firstOfferNumber: 1001,
    firstOrderConfirmationNumber: 2001,
    firstCustomerNumber: 10001,
    offerValidDays: 30,
    ourReference: null,
    backdatingDays: 0,
    bankAutoMatch: false,
  },
  // A working day idle (lunch and meetings keep the session; the next morning asks for the key again); a week at most.
  api: { enabled: true, port: 7070, sessionIdleMinutes: 480, sessionMaxDays: 7 },
  ui: { language: 'nb' },
  dunning: {
    reminderFee: 35,
    debtCollectionNoticeFee: 35,
    deadlineDays: 14,
    autoEnabled: false,
    autoDaysAfterDue: 14,
    autoFee: true,
    autoInterest: true,
    autoShipment: 'PAPER',
    autoMaxNotices: 2,
  },
  sending: {
    smtp: { host: '', port: 587, security: 'STARTTLS', user: '', password: '' },
    fromAddress: '',
    fromName: '',
    replyTo: '',
    smsGatewayUrl: '',
  },
  accounting: DEFAULT_ACCOUNTING,
  // Offline first: no network call for updates until the user turns this on.
  updates: { automatic: false },
};
