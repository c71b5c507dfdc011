/**
 * The public signup page (GET /events/{eventId}): plain HTML in Norwegian, no outside resources, one small script (Poststed
 * from Postnummer, main/domain/postcode-fill.ts; the page works without it). The form
 * posts application/x-www-form-urlencoded to POST /events/{eventId}/signup, which answers this page again: with the
 * errors next to their fields, or with the receipt. A strict CSP (meta) allows only the inline style and posting back here.
 */
import { Type } from '@sinclair/typebox';
import { POSTCODE_FILL_SCRIPT, POSTCODE_FILL_SCRIPT_CSP } from '../../domain/postcode-fill.js';
import { POW_SCRIPT, POW_SCRIPT_CSP } from '../../domain/pow-script.js';
import { postPlace } from '../../domain/postcodes.js';
import { formatDate, formatMoney } from '../../render/format.js';
import type { FieldError } from '../../ops/errors.js';
import type { Challenge, SignupResult } from './events.output.js';
import type { SignupInput } from './events.schema.js';
import { norwegianMessage } from './signup-messages.js';
import type { publicFacts } from './signup.service.js';

type Facts = Awaited<ReturnType<typeof publicFacts>>;
const isNorway = (country: string | null) => !country || /^(no|nor|norge|norway|noreg)$/i.test(country.trim());
const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const when = (dt: string | null) => (dt ? `${formatDate(dt)} kl. ${dt.slice(11, 16)}` : '');

const formText = (description?: string) => Type.Optional(Type.String(description ? { description } : {}));

/**
 * The page's form as posted (application/x-www-form-urlencoded), what formToSignup reads: the signup body's paths
 * (invoice.zip), a custom field as cf.<number>, the captcha as captchaToken/captchaAnswer. Stated in OpenAPI.
 */
export const SignupForm = Type.Object(
  {
    name: formText(),
    email: formText(),
    mobile: formText(),
    ...Object.fromEntries(['name', 'address', 'zip', 'city', 'country', 'orgNo', 'yourRef'].map((k) => [`invoice.${k}`, formText()])),
    discountCode: formText(),
    captchaToken: formText('the token of the question on the page'),
    captchaAnswer: formText(),
    powChallenge: formText('the proof-of-work challenge on the page'),
    powNonce: formText("the nonce the page's script found (without it, the question's answer counts)"),
  },
  {
    additionalProperties: false,
    patternProperties: { '^cf\\.[0-9]+$': Type.String({ description: 'custom field <number>: its text; a BOOLEAN field is true when sent' }) },
    description: 'the signup page form; empty fields count as not given',
  },
);

/** Form field names are the signup body's paths (invoice.zip, customFields[0].value -> cf.<number>). */
export function formToSignup(form: URLSearchParams, fieldNumbers: Array<{ number: number; type: string }>): SignupInput {
  const get = (k: string) => {
    const v = form.get(k);
    return v === null || v.trim() === '' ? null : v;
  };
  const inv = ['name', 'address', 'zip', 'city', 'country', 'orgNo', 'yourRef'] as const;
  const invoice = Object.fromEntries(inv.map((k) => [k, get(`invoice.${k}`)]));
  // Without the page's script (or before it answered), an empty Poststed comes from a known Norwegian postcode.
  if (invoice.city === null && isNorway(invoice.country)) invoice.city = postPlace(invoice.zip);
  const token = get('captchaToken');
  const pow = get('powChallenge');
  const nonce = get('powNonce');
  return {
    name: form.get('name') ?? '',
    email: form.get('email') ?? '',
    mobile: get('mobile'),
    invoice: Object.values(invoice).some((v) => v !== null) ? invoice : null,
    discountCode: get('discountCode'),
    customFields: fieldNumbers.map((f) => ({ number: f.number, value: f.type === 'BOOLEAN' ? form.get(`cf.${f.number}`) !== null : get(`cf.${f.number}`) })),
    ...(pow && nonce ? { captcha: { challenge: pow, nonce } } : token ? { captcha: { token, answer: form.get('captchaAnswer') ?? '' } } : {}),
  };
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e;line-height:1.45}
h1{margin-bottom:.2rem}.facts{color:#495057}.box{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}
label{display:block;margin:.6rem 0 .15rem;font-weight:600}input[type=text],input[type=email],input[type=tel]{width:100%;padding:.45rem;border:1px solid #ced4da;border-radius:4px;box-sizing:border-box}
.err{color:#c92a2a;font-size:.9rem}.price{font-size:1.25rem;font-weight:700}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#228be6;color:#fff;border:0;border-radius:4px}
.check label{display:inline;font-weight:400}fieldset{border:1px solid #dee2e6;border-radius:8px;margin-top:1rem}`;

function page(title: string, body: string): Buffer {
  return Buffer.from(`<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src ${POSTCODE_FILL_SCRIPT_CSP} ${POW_SCRIPT_CSP}; connect-src 'self'; form-action 'self'">
<title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`);
}

function header(f: Facts): string {
  const ev = f.ev;
  const loc = JSON.parse(ev.location) as Record<string, string | null>;
  const contact = JSON.parse(ev.contact_person) as Record<string, string | null>;
  const seats = ev.participant_limit !== null ? `<p><strong>Ledige plasser: ${Math.max(0, ev.participant_limit - f.taken)}</strong> av ${ev.participant_limit}</p>` : '';
  const stats = ev.show_signup_stats ? `<p>Påmeldte: ${f.taken}</p>` : '';
  return `<h1>${esc(ev.name)}</h1>
<p class="facts">${esc(when(ev.starts_at))}${ev.end_at ? ` – ${esc(when(ev.end_at))}` : ''}<br>${esc([loc.name, loc.address, [loc.zip, loc.city].filter(Boolean).join(' ')].filter(Boolean).join(', '))}</p>
${ev.description ? `<p>${esc(ev.description).replace(/\n/g, '<br>')}</p>` : ''}
<p class="price">${f.price > 0 ? `Pris: kr ${esc(formatMoney(f.price))}${f.discount ? ` med rabattkode ${esc(f.discount.code)}` : ''}` : 'Gratis'}</p>
${seats}${stats}${ev.registration_deadline ? `<p>Påmeldingsfrist: ${esc(when(ev.registration_deadline))}</p>` : ''}
<p class="facts">Arrangør: ${esc(f.seller)}. Kontakt: ${esc(contact.name)}${contact.email ? `, ${esc(contact.email)}` : ''}${contact.phone ? `, ${esc(contact.phone)}` : ''}</p>`;
}

/** The page with its form; `errors` from a failed post are shown next to the fields they name. */
export function signupPage(f: Facts, opts: { values?: URLSearchParams; errors?: FieldError[]; challenge: Challenge | null }): Buffer {
  const v = opts.values ?? new URLSearchParams();
  const errs = opts.errors ?? [];
  const errOf = (...names: string[]) => {
    const m = errs.filter((e) => names.includes(e.field)).map((e) => esc(norwegianMessage(e)));
    return m.length ? `<div class="err">${m.join('<br>')}</div>` : '';
  };
  const input = (name: string, label: string, type = 'text', extra = '', errName = name) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" value="${esc(v.get(name))}" ${extra}>${errOf(errName)}`;
  const id = f.ev.public_id;
  const code = v.get('discountCode') ?? f.discount?.code ?? '';
  const closed = f.closed.length ? `<div class="box err">${f.closed.map((e) => esc(e.code === 'EVENT_FULL' ? 'Arrangementet er fullt.' : 'Påmeldingsfristen er ute.')).join('<br>')}</div>` : '';
  const general = errs.filter((e) => ['registrationDeadline', 'participantLimit', '(body)'].includes(e.field));
  const fields = f.fields
    .map((cf, i) => {
      const name = `cf.${cf.number}`;
      const price = cf.price !== null ? ` (kr ${esc(formatMoney(cf.price))} + mva)` : '';
      const err = errOf(`customFields[${i}].value`, `customFields[${i}].number`);
      return cf.type === 'BOOLEAN'
        ? `<div class="check"><input id="${name}" name="${name}" type="checkbox" ${v.get(name) !== null ? 'checked' : ''}> <label for="${name}">${esc(cf.name)}${price}</label>${err}</div>`
        : input(name, `${esc(cf.name)}${price}`, 'text', 'maxlength="500"', `customFields[${i}].value`);
    })
    .join('\n');
  const captcha = opts.challenge
    ? `<input type="hidden" name="powChallenge" value="${esc(opts.challenge.pow.challenge)}" data-bits="${opts.challenge.pow.bits}"><input type="hidden" name="powNonce" value="">`
      + `<input type="hidden" name="captchaToken" value="${esc(opts.challenge.token)}"><div id="sum"><label for="captchaAnswer">${esc(opts.challenge.question)} (mot automatisk påmelding)</label><input id="captchaAnswer" name="captchaAnswer" type="text" inputmode="numeric" required></div>${errOf('captcha')}`
    : '';
  const form = f.closed.length
    ? ''
    : `<form method="post" action="/events/${id}/signup" novalidate>
${general.length ? `<div class="box err">${general.map((e) => esc(norwegianMessage(e))).join('<br>')}</div>` : ''}
${input('name', 'Navn *', 'text', 'required maxlength="100"')}${input('email', 'E-post *', 'email', 'required maxlength="64"')}${input('mobile', 'Mobil', 'tel', 'maxlength="20"')}
${fields}
<fieldset><legend>Faktureres til${f.price > 0 ? ' *' : ''}</legend>
${input('invoice.name', 'Navn (person eller firma)', 'text', 'maxlength="42"')}${input('invoice.address', 'Adresse', 'text', 'maxlength="42"')}
${input('invoice.zip', 'Postnummer', 'text', 'maxlength="8"')}${input('invoice.city', 'Poststed', 'text', 'maxlength="36"')}
${input('invoice.country', 'Land (tomt: Norge)', 'text', 'maxlength="64"')}${input('invoice.orgNo', 'Organisasjonsnummer', 'text', 'maxlength="20"')}${input('invoice.yourRef', 'Deres referanse', 'text', 'maxlength="64"')}
</fieldset>
<input type="hidden" name="discountCode" value="${esc(code)}">${errOf('discountCode')}
${captcha}
<button type="submit">Meld meg på</button>
</form><script>${POSTCODE_FILL_SCRIPT}</script>${opts.challenge ? `<script>${POW_SCRIPT}</script>` : ''}`;
  const codeForm =
    f.ev.price > 0 && !f.closed.length
      ? `<form method="get" action="/events/${id}" class="box"><label for="code">Rabattkode</label><input id="code" name="discountCode" type="text" maxlength="15" value="${esc(code)}">${f.codeUnknown ? '<div class="err">Ukjent rabattkode</div>' : ''}<button type="submit">Bruk kode</button></form>`
      : '';
  return page(f.ev.name, `${header(f)}${closed}${codeForm}${form}`);
}

export function receiptPage(f: Facts, r: SignupResult): Buffer {
  const status = r.status === 'pending' ? 'Påmeldingen venter på bekreftelse fra arrangøren. Du får en e-post når den er godkjent.' : 'Du er påmeldt. Bekreftelsen kommer på e-post.';
  const pay = r.amount > 0 ? `<p>Beløp: kr ${esc(formatMoney(Math.round(r.amount * 100)))}${r.status === 'registered' ? ' (fakturaen kommer på e-post)' : ''}</p>` : '';
  return page(`Påmeldt: ${f.ev.name}`, `${header(f)}<div class="box"><h2>Takk for påmeldingen!</h2><p>${status}</p>${r.participantNumber !== undefined ? `<p>Deltakernummer: ${r.participantNumber}</p>` : ''}${pay}</div>`);
}
