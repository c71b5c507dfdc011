/**
 * Electronic addresses and party identifiers of a recipient (Peppol EAS / ISO 6523 ICD schemes).
 *
 * A recipient's `organisation.icd` says which scheme its `organisation.number` belongs to. Kvitt accepts every code of the
 * Peppol "Electronic Address Scheme" list (what an EHF's EndpointID may carry) except the three Italian codes whose check
 * digits Kvitt does not compute, plus 9908 (the retired EHF 2.0 code for Norwegian organisation numbers, written as 0192).
 * The numbers of schemes the Peppol rules check (PEPPOL-COMMON-R040 … R057) are checked here the same way, so an identifier
 * that would make an EHF fail is refused when the recipient is saved. Pure: no I/O.
 */
import { isValidOrgNumber, normaliseOrgNumber } from './orgnr.js';

/** 0192 Norwegian organisation number; null, 9908 and 192 all mean it. */
export const NORWEGIAN_ORG_ICD = '0192';

/** The Peppol EAS code list (BIS Billing 3.0, PEPPOL-EN16931-CL008). */
const EAS = (
  '0002 0007 0009 0060 0088 0096 0097 0106 0130 0135 0142 0151 0183 0184 0188 0190 0191 0192 0195 0196 0198 0199 0200 0201 ' +
  '0204 0208 0209 0210 0211 0216 0218 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 ' +
  '9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 ' +
  '9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'
).split(' ');

/** Italian codes whose check digits (IPA, Codice Fiscale, Partita IVA) Kvitt does not compute: not accepted. */
const NOT_SUPPORTED = new Set(['0201', '0210', '0211']);

/** EAS codes that are VAT numbers (not ISO 6523 ICD codes): their country prefix. They go in PartyTaxScheme, not PartyLegalEntity. */
const VAT_SCHEMES: Record<string, string> = {
  '9910': 'HU', '9914': 'AT', '9920': 'ES', '9922': 'AD', '9923': 'AL', '9924': 'BA', '9925': 'BE', '9926': 'BG', '9927': 'CH',
  '9928': 'CY', '9929': 'CZ', '9930': 'DE', '9931': 'EE', '9932': 'GB', '9933': 'EL', '9934': 'HR', '9935': 'IE', '9936': 'LI',
  '9937': 'LT', '9938': 'LU', '9939': 'LV', '9940': 'MC', '9941': 'ME', '9942': 'MK', '9943': 'MT', '9944': 'NL', '9945': 'PL',
  '9946': 'PT', '9947': 'RO', '9948': 'RS', '9949': 'SI', '9950': 'SK', '9951': 'SM', '9952': 'TR', '9953': 'VA', '9957': 'FR',
};

/** EAS codes that are not ISO 6523 ICD codes and are no VAT number either (9913 business register, 9915, 9918 IBAN, 9919, 9959 US EIN). */
const NON_ICD = new Set(['9913', '9915', '9918', '9919', '9959']);

/** Scheme names a person recognises (the rest show their code). */
export const SCHEME_NAMES: Record<string, string> = {
  '0192': 'Norsk organisasjonsnummer', '0007': 'Svensk organisasjonsnummer', '0184': 'Dansk CVR-nummer',
  '0088': 'GLN (GS1)', '0216': 'Finsk OVT-kode', '0208': 'Belgisk foretaksnummer', '0106': 'Nederlandsk KvK-nummer',
  '0060': 'DUNS-nummer', '0009': 'Fransk SIRET', '0002': 'Fransk SIRENE', '0204': 'Tysk Leitweg-ID', '9930': 'Tysk MVA-nummer',
};

const digitsOnly = (s: string) => s.replace(/[\s.-]/g, '');

function gln(v: string): boolean {
  if (!/^[0-9]+$/.test(v)) return false;
  const digits = [...v].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((d, i) => { sum += d * (i % 2 === 0 ? 3 : 1); });
  return (10 - (sum % 10)) % 10 === check;
}

function luhn(v: string): boolean {
  let sum = 0;
  [...v].reverse().forEach((c, i) => {
    let d = Number(c) * (i % 2 === 1 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  });
  return sum % 10 === 0;
}

function abn(v: string): boolean {
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const d = [...v].map(Number);
  d[0] -= 1;
  return d.reduce((s, x, i) => s + x * w[i], 0) % 89 === 0;
}

/** The identifier as the scheme writes it, or null when it is not a valid identifier of that scheme. */
type Normaliser = (raw: string) => string | null;

const NORMALISERS: Record<string, Normaliser> = {
  '0192': (r) => (isValidOrgNumber(r) ? normaliseOrgNumber(r) : null),
  '0088': (r) => { const v = digitsOnly(r); return gln(v) ? v : null; },
  '0184': (r) => { const v = r.replace(/\s/g, '').toUpperCase(); return /^(DK)?[0-9]{8}$/.test(v) ? v.replace(/^DK/, '') : null; },
  '0096': (r) => { const v = digitsOnly(r); return /^[0-9]{10}$/.test(v) ? v : null; },
  '0198': (r) => { const v = r.replace(/\s/g, '').toUpperCase(); const m = /^(DK)?([0-9]{8})$/.exec(v); return m ? `DK${m[2]}` : null; },
  '0208': (r) => { const v = digitsOnly(r); return /^[0-9]{10}$/.test(v) && 97 - (Number(v.slice(0, 8)) % 97) === Number(v.slice(8)) ? v : null; },
  '0007': (r) => { const v = digitsOnly(r); return /^[0-9]{10}$/.test(v) && luhn(v) ? v : null; },
  '0151': (r) => { const v = digitsOnly(r); return /^[0-9]{11}$/.test(v) && abn(v) ? v : null; },
  '0106': (r) => { const v = digitsOnly(r); return /^[0-9]{8}$/.test(v) ? v : null; },
  '0190': (r) => { const v = digitsOnly(r); return /^[0-9]{20}$/.test(v) ? v : null; },
  '0217': (r) => { const v = digitsOnly(r); return /^[0-9]{12}$/.test(v) ? v : null; },
  '9944': (r) => { const v = r.replace(/[\s.]/g, '').toUpperCase(); const w = v.startsWith('NL') ? v : `NL${v}`; return /^NL[0-9]{9}B[0-9]{2}$/.test(w) ? w : null; },
};

/** A VAT number: the country prefix (added when missing), then 2 to 14 letters or digits. */
function vatNormaliser(prefix: string): Normaliser {
  return (r) => {
    const v = r.replace(/[\s.-]/g, '').toUpperCase();
    const w = v.startsWith(prefix) ? v : `${prefix}${v}`;
    return /^[A-Z]{2}[0-9A-Z]{2,14}$/.test(w) ? w : null;
  };
}

/** Any other scheme: printable, no spaces at the ends, at most 50 characters. */
const anyId: Normaliser = (r) => { const v = r.trim(); return v && v.length <= 50 && !/\s/.test(v) ? v : null; };

/** The 4-digit scheme code of a stored ICD (null, 9908 and 192 are Norwegian organisation numbers). */
export function schemeOf(icd: number | string | null | undefined): string {
  if (icd === null || icd === undefined || icd === '') return NORWEGIAN_ORG_ICD;
  const code = String(icd).padStart(4, '0');
  return code === '9908' ? NORWEGIAN_ORG_ICD : code;
}

/** Every ICD a recipient may have (4-digit strings), 0192 first. */
export const ACCEPTED_ICDS: readonly string[] = [NORWEGIAN_ORG_ICD, '9908', ...EAS.filter((c) => c !== NORWEGIAN_ORG_ICD && !NOT_SUPPORTED.has(c))];

export function isAcceptedIcd(icd: number | string | null | undefined): boolean {
  return icd === null || icd === undefined || ACCEPTED_ICDS.includes(String(icd).padStart(4, '0'));
}

/** The identifier in the form its scheme writes it, or null when it is not valid in that scheme (or the scheme is not accepted). */
export function normalisePartyId(icd: number | string | null | undefined, raw: string): string | null {
  if (!isAcceptedIcd(icd)) return null;
  const scheme = schemeOf(icd);
  const f = NORMALISERS[scheme] ?? (VAT_SCHEMES[scheme] ? vatNormaliser(VAT_SCHEMES[scheme]) : anyId);
  return f(raw);
}

export interface PartyIdentity {
  /** EAS code for EndpointID. */
  scheme: string;
  /** The identifier as written. */
  id: string;
  /** The ISO 6523 ICD for PartyIdentification / PartyLegalEntity, or null when the scheme is no ICD (VAT numbers, IBAN …). */
  icd: string | null;
  /** The VAT number for PartyTaxScheme when the scheme is a VAT scheme. */
  vatNumber: string | null;
}

/** How a recipient's identifier is written in an EHF; null when it is not a valid identifier of its scheme. */
export function partyIdentity(icd: number | string | null | undefined, raw: string): PartyIdentity | null {
  const id = normalisePartyId(icd, raw);
  if (id === null) return null;
  const scheme = schemeOf(icd);
  const vat = VAT_SCHEMES[scheme] ?? null;
  return { scheme, id, icd: vat || NON_ICD.has(scheme) ? null : scheme, vatNumber: vat ? id : null };
}
