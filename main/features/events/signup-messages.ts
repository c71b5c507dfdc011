/**
 * The signup page speaks Norwegian: each field error of a failed signup (the API's English message, made for integrators)
 * becomes a Norwegian sentence for the person filling in the form, chosen by the field it names.
 */
import type { FieldError } from '../../ops/errors.js';

const tooLong = (m: string) => /at most \d+ characters/.test(m);

const BY_FIELD: Record<string, (m: string) => string> = {
  name: (m) => (tooLong(m) ? 'Navnet kan ha høyst 100 tegn.' : /web or e-mail/.test(m) ? 'Skriv bare navnet ditt, uten nett- eller e-postadresser.' : 'Skriv navnet ditt.'),
  email: (m) => (tooLong(m) ? 'E-postadressen kan ha høyst 64 tegn.' : 'Skriv e-postadressen din, for eksempel ola@eksempel.no.'),
  mobile: () => 'Skriv et norsk mobilnummer med 8 siffer, eller la feltet stå tomt.',
  'invoice.name': () => 'Skriv hvem fakturaen skal til.',
  'invoice.address': () => 'Skriv fakturaadressen.',
  'invoice.zip': (m) => (/4 digits/.test(m) ? 'Et norsk postnummer har 4 siffer.' : 'Skriv postnummeret.'),
  'invoice.city': () => 'Skriv poststedet.',
  'invoice.country': () => 'Ukjent land. Skriv for eksempel Norge eller Sverige.',
  'invoice.orgNo': () => 'Organisasjonsnummeret er ikke gyldig (9 siffer).',
  'invoice.yourRef': () => 'Referansen kan ha høyst 64 tegn.',
  discountCode: () => 'Ukjent rabattkode for dette arrangementet.',
  captcha: (m) =>
    /without JavaScript right now/.test(m)
      ? 'For mange påmeldinger uten JavaScript akkurat nå. Slå på JavaScript i nettleseren, eller prøv igjen om en time.'
      : /proof-of-work|challenge/.test(m)
        ? 'Siden ble for gammel eller er allerede brukt. Svar på spørsmålet og send på nytt.'
        : /answer the question/.test(m)
          ? 'Svar på spørsmålet.'
          : 'Feil svar, eller spørsmålet er utløpt. Svar på det nye spørsmålet.',
  registrationDeadline: () => 'Påmeldingsfristen er ute.',
  participantLimit: () => 'Arrangementet er fullt.',
};

/** The Norwegian text for one field error of the signup form. */
export function norwegianMessage(e: FieldError): string {
  const byField = BY_FIELD[e.field];
  if (byField) return byField(e.message);
  if (/^customFields\[\d+\]\.value$/.test(e.field)) return tooLong(e.message) ? 'Svaret kan ha høyst 500 tegn.' : 'Ugyldig svar.';
  if (/^customFields\[\d+\]/.test(e.field)) return 'Spørsmålet finnes ikke lenger; last siden på nytt.';
  return 'Noe i skjemaet er ikke gyldig; sjekk feltene og prøv igjen.';
}
