import type { Settings as ServiceSettings } from '../../../../main/features/settings/settings.schema';

/** The originator's settings as settings.get answers: the service's own type (erased at build time). */
export type Settings = ServiceSettings;
export type CompanySettings = Settings['company'];
export type InvoicingSettings = Settings['invoicing'];
