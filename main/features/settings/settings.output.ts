import { Type, type Static } from '@sinclair/typebox';
import { Closed, Nullable } from '../../ops/schemas.js';
import { ORG_FORMS } from './settings.schema.js';
import { AccountingSettingsView } from './accounting-settings.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

const NullStr = Nullable(Type.String());
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The originator's settings as GET and PUT answer them (settings.service.ts settingsView): the stored sections with defaults. */
export const SettingsView = Closed({
  company: Closed({
    name: Type.String(),
    orgNumber: NullStr,
    orgForm: Nullable(literals(ORG_FORMS)),
    vatRegistered: Type.Boolean(),
    address1: NullStr,
    address2: NullStr,
    zip: Type.String(),
    city: Type.String(),
    country: Type.String({ description: "the country's name" }),
    email: NullStr,
    phone: NullStr,
    mobile: NullStr,
    web: NullStr,
    bankAccount: NullStr,
    iban: NullStr,
    bic: NullStr,
    logo: Nullable(Type.String({ description: 'a PNG or JPEG data: URL' })),
  }),
  invoicing: Closed({
    defaultCreditDays: Type.Integer(),
    attachPdf: Type.Boolean(),
    defaultShipment: literals(['SNAIL', 'EMAIL'] as const),
    kidScheme: literals(['NONE', 'MOD10', 'MOD11'] as const),
    kidBase: literals(['INVOICE', 'CUSTOMER_INVOICE'] as const),
    kidLength: Type.Integer(),
    creditNotesOwnSeries: Type.Boolean(),
    firstInvoiceNumber: Type.Integer(),
    firstCreditNoteNumber: Type.Integer(),
    firstOfferNumber: Type.Integer(),
    firstOrderConfirmationNumber: Type.Integer(),
    firstCustomerNumber: Type.Integer(),
    offerValidDays: Type.Integer(),
    backdatingDays: Type.Integer(),
    ourReference: NullStr,
    bankAutoMatch: Type.Boolean({ description: 'bank files: match a payment without a known KID when exactly one open invoice has its amount and the payer is its customer' }),
  }),
  api: Closed({ enabled: Type.Boolean(), port: Type.Integer(), sessionIdleMinutes: Type.Integer(), sessionMaxDays: Type.Integer() }),
  ui: Closed({ language: literals(['nb', 'en'] as const) }),
  dunning: Closed({
    reminderFee: Type.Integer({ description: 'whole kroner' }),
    debtCollectionNoticeFee: Type.Integer({ description: 'whole kroner' }),
    deadlineDays: Type.Integer(),
    autoEnabled: Type.Boolean(),
    autoDaysAfterDue: Type.Integer(),
    autoFee: Type.Boolean(),
    autoInterest: Type.Boolean(),
    autoShipment: literals(['PAPER', 'EMAIL', 'NONE'] as const),
    autoMaxNotices: Type.Integer(),
  }),
  sending: Closed({
    smtp: Closed({
      host: Type.String(),
      port: Type.Integer(),
      security: literals(['NONE', 'STARTTLS', 'TLS'] as const),
      user: Type.String(),
      /** The password is write-only. */
      passwordSet: Type.Boolean(),
    }),
    fromAddress: Type.String(),
    fromName: Type.String(),
    replyTo: Type.String(),
    smsGatewayUrl: Type.String(),
  }),
  accounting: AccountingSettingsView,
  updates: Closed({ automatic: Type.Boolean() }),
});
export type SettingsView = Static<typeof SettingsView>;

/** A new loopback API key (POST). */
export const ApiKeyView = Closed({ key: Type.String() });
export type ApiKeyView = Static<typeof ApiKeyView>;
/** The loopback API key (GET): null when this instance keeps no key (a test server, an office server). */
export const CurrentApiKeyView = Closed({ key: NullStr });
