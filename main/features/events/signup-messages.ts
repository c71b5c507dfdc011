/**
 * The signup page speaks Norwegian: each field error of a failed signup becomes a Norwegian sentence for the person
 * filling in the form, chosen by the field it names and its code (never by reading the English message).
 */
import type { FieldError } from '../../ops/errors.js';

const BY_FIELD: Record<string, (code: string) => string> = {
  name: (c) => (c === 'TOO_LONG' ? 'Navnet kan ha høyst 100 tegn.' : c === 'NAME_WITH_LINK' ? 'Skriv bare navnet ditt, uten nett- eller e-postadresser.' : 'Skriv navnet ditt.'),
  email: (c) => (c === 'TOO_LONG' ? 'E-postadressen kan ha høyst 64 tegn.' : 'Skriv e-postadressen din, for eksempel ola@eksempel.no.'),
  mobile: () => 'Skriv et norsk mobilnummer med 8 siffer, eller la feltet stå tomt.',
  'invoice.name': () => 'Skriv hvem fakturaen skal til.',
  'invoice.address': () => 'Skriv fakturaadressen.',
  'invoice.zip': (c) => (c === 'INVALID_POSTCODE' ? 'Et norsk postnummer har 4 siffer.' : 'Skriv postnummeret.'),
  'invoice.city': () => 'Skriv poststedet.',
  'invoice.country': () => 'Ukjent land. Skriv for eksempel Norge eller Sverige.',
  'invoice.orgNo': () => 'Organisasjonsnummeret er ikke gyldig (9 siffer).',
  'invoice.yourRef': () => 'Referansen kan ha høyst 64 tegn.',
  discountCode: () => 'Ukjent rabattkode for dette arrangementet.',
  captcha: (c) =>
    c === 'CAPTCHA_NOSCRIPT_LIMIT'
      ? 'For mange påmeldinger uten JavaScript akkurat nå. Slå på JavaScript i nettleseren, eller prøv igjen om en time.'
      : c.startsWith('POW_') || c === 'CAPTCHA_POW_REQUIRED' || c === 'CAPTCHA_SUM_NOT_FOR_API'
        ? 'Siden ble for gammel eller er allerede brukt. Svar på spørsmålet og send på nytt.'
        : c === 'CAPTCHA_ANSWER_REQUIRED'
          ? 'Svar på spørsmålet.'
          : 'Feil svar, eller spørsmålet er utløpt. Svar på det nye spørsmålet.',
  registrationDeadline: () => 'Påmeldingsfristen er ute.',
  participantLimit: () => 'Arrangementet er fullt.',
};

/** The Norwegian text for one field error of the signup form. */
export function norwegianMessage(e: FieldError): string {
  const byField = BY_FIELD[e.field];
  if (byField) return byField(e.code);
  if (/^customFields\[\d+\]\.value$/.test(e.field)) return e.code === 'TOO_LONG' ? 'Svaret kan ha høyst 500 tegn.' : 'Ugyldig svar.';
  if (/^customFields\[\d+\]/.test(e.field)) return 'Spørsmålet finnes ikke lenger; last siden på nytt.';
  return 'Noe i skjemaet er ikke gyldig; sjekk feltene og prøv igjen.';
}
