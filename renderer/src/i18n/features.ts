/**
 * Each feature folder exports its texts as { nb: {...}, en: {...} } with keys prefixed by the feature
 * (e.g. "recipients.title"). Add one import per feature here.
 */
import { recipientsTexts } from '../features/recipients/recipients.i18n';

type Texts = { nb: Record<string, string>; en: Record<string, string> };
const all: Texts[] = [recipientsTexts];

export const featureTexts: Texts = {
  nb: Object.assign({}, ...all.map((t) => t.nb)),
  en: Object.assign({}, ...all.map((t) => t.en)),
};
