/**
 * Each feature folder exports its texts as { nb: {...}, en: {...} } with keys prefixed by the feature
 * (e.g. "recipients.title"). Add one import per feature here.
 */
import { recipientsTexts } from '../features/recipients/recipients.i18n';
import { settingsTexts } from '../features/settings/settings.i18n';
import { documentsTexts } from '../features/documents/documents.i18n';
import { invoicesTexts } from '../features/invoices/invoices.i18n';
import { offersTexts } from '../features/offers/offers.i18n';
import { overviewTexts } from '../features/overview/overview.i18n';
import { productsTexts } from '../features/products/products.i18n';
import { eventsTexts } from '../features/events/events.i18n';
import { dunningsTexts } from '../features/dunnings/dunnings.i18n';
import { sendingTexts } from '../features/sending/sending.i18n';
import { reportsTexts } from '../features/reports/reports.i18n';
import { dataTexts } from '../features/settings/data.i18n';
import { usersTexts } from '../features/settings/users.i18n';
import { recurringTexts } from '../features/recurring/recurring.i18n';
import { firstDayTexts } from '../features/first-day/first-day.i18n';
import { bankTexts } from '../features/bank/bank.i18n';
import { accountingTexts } from '../features/accounting/accounting.i18n';

type Texts = { nb: Record<string, string>; en: Record<string, string> };
const all: Texts[] = [recipientsTexts, settingsTexts, documentsTexts, invoicesTexts, offersTexts, overviewTexts, productsTexts, eventsTexts, dunningsTexts, sendingTexts, reportsTexts, dataTexts, usersTexts, firstDayTexts, recurringTexts, accountingTexts];
all.push(bankTexts);

export const featureTexts: Texts = {
  nb: Object.assign({}, ...all.map((t) => t.nb)),
  en: Object.assign({}, ...all.map((t) => t.en)),
};
