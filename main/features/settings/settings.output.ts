import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../ops/schemas.js';

/* Read shapes (output schemas) of this area's operations; checked against real answers by test/http/response-schemas.test.ts. */

export const SettingsView = Type.Object({
  company: Type.Object({
    name: Type.String(),
    orgNumber: Nullable(Type.String()),
    orgForm: Nullable(Type.String()),
    vatRegistered: Type.Boolean(),
    address1: Nullable(Type.String()),
    address2: Type.Unknown(),
    zip: Type.String(),
    city: Type.String(),
    country: Type.String(),
    email: Nullable(Type.String()),
    phone: Type.Unknown(),
    mobile: Type.Unknown(),
    web: Type.Unknown(),
    bankAccount: Nullable(Type.String()),
    iban: Type.String(),
    bic: Type.String(),
    logo: Type.Unknown(),
  }),
  invoicing: Type.Object({
    defaultCreditDays: Type.Number(),
    attachPdf: Type.Boolean(),
    defaultShipment: Type.String(),
    kidScheme: Type.String(),
    kidBase: Type.String(),
    kidLength: Type.Number(),
    creditNotesOwnSeries: Type.Boolean(),
    firstInvoiceNumber: Type.Number(),
    firstCreditNoteNumber: Type.Number(),
    firstOfferNumber: Type.Number(),
    firstOrderConfirmationNumber: Type.Number(),
    firstCustomerNumber: Type.Number(),
    offerValidDays: Type.Number(),
    ourReference: Type.Unknown(),
  }),
  api: Type.Object({
    enabled: Type.Boolean(),
    port: Type.Number(),
  }),
  ui: Type.Object({
    language: Type.String(),
  }),
  dunning: Type.Object({
    reminderFee: Type.Number(),
    debtCollectionNoticeFee: Type.Number(),
    deadlineDays: Type.Number(),
    autoEnabled: Type.Boolean(),
    autoDaysAfterDue: Type.Number(),
    autoFee: Type.Boolean(),
    autoInterest: Type.Boolean(),
    autoShipment: Type.String(),
    autoMaxNotices: Type.Number(),
  }),
  sending: Type.Object({
    smtp: Type.Object({
      host: Type.String(),
      port: Type.Number(),
      security: Type.String(),
      user: Type.String(),
      passwordSet: Type.Boolean(),
    }),
    fromAddress: Type.String(),
    fromName: Type.String(),
    replyTo: Type.String(),
    smsGatewayUrl: Type.String(),
  }),
});
export type SettingsView = Static<typeof SettingsView>;

export const ApiKeyView = Type.Object({
  key: Type.String(),
});
export type ApiKeyView = Static<typeof ApiKeyView>;

