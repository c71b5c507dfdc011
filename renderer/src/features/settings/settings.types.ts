import type { OutputOf } from '../../api/op-types';

/** The originator's settings as settings.get answers them (the SMTP password write-only: `passwordSet`). */
export type Settings = OutputOf<'settings.get'>;
export type CompanySettings = Settings['company'];
export type InvoicingSettings = Settings['invoicing'];
