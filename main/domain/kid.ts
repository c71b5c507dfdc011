/** KID (Norwegian payment reference): 2-25 digits, the last a MOD10 (Luhn) or MOD11 check digit (domain-norway.md section 3). */
export type KidScheme = 'NONE' | 'MOD10' | 'MOD11';

function digitsOf(base: string): number[] {
  if (!/^\d+$/.test(base)) throw new Error(`KID base must be digits, got "${base}"`);
  return [...base].map(Number);
}

/** Luhn: weights 2,1,2,1,... from the rightmost base digit; products over 9 minus 9. */
export function mod10CheckDigit(base: string): string {
  const d = digitsOf(base);
  let sum = 0;
  for (let i = d.length - 1, w = 2; i >= 0; i--, w = w === 2 ? 1 : 2) {
    const p = d[i] * w;
    sum += p > 9 ? p - 9 : p;
  }
  return String((10 - (sum % 10)) % 10);
}

/** MOD11: weights 2..7 repeating from the rightmost base digit; r = 0 gives 0, r = 1 gives '-', else 11 - r. */
export function mod11CheckDigit(base: string): string {
  const d = digitsOf(base);
  let sum = 0;
  for (let i = d.length - 1, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) sum += d[i] * w;
  const r = sum % 11;
  return r === 0 ? '0' : r === 1 ? '-' : String(11 - r);
}

export function withCheckDigit(scheme: 'MOD10' | 'MOD11', base: string): string {
  return base + (scheme === 'MOD10' ? mod10CheckDigit(base) : mod11CheckDigit(base));
}

export function isValidKid(kid: string, scheme: 'MOD10' | 'MOD11'): boolean {
  if (!/^\d{1,24}[\d-]$/.test(kid)) return false;
  return withCheckDigit(scheme, kid.slice(0, -1)) === kid;
}

export interface KidSettings {
  kidScheme: KidScheme;
  kidBase: 'INVOICE' | 'CUSTOMER_INVOICE';
  /** Total length including the check digit. */
  kidLength: number;
}

/**
 * The KID of an invoice: base = invoice number (INVOICE) or customer number followed by the invoice number
 * (CUSTOMER_INVOICE), left-padded with zeros to kidLength - 1, then the check digit. A base longer than that
 * is kept whole (never truncated, which could make two invoices share a KID); more than 24 digits is an error.
 */
export function buildKid(settings: KidSettings, invoiceNumber: number, customerNumber: string | number): string | null {
  if (settings.kidScheme === 'NONE') return null;
  const customer = String(customerNumber).replace(/\D/g, '');
  const raw = settings.kidBase === 'CUSTOMER_INVOICE' ? `${customer}${invoiceNumber}` : String(invoiceNumber);
  const base = raw.padStart(Math.max(1, settings.kidLength - 1), '0');
  if (base.length > 24) throw new Error(`KID base ${base} is longer than 24 digits`);
  return withCheckDigit(settings.kidScheme, base);
}
