import { parseDecimal, toInputText } from '../../shared/money';
import type { DocItem, DocKind, DocumentData, DraftBody } from './document.types';

/** One line as the person edits it: numbers stay text until saved so "1,5" can be typed. */
export interface LineForm {
  key: string;
  productCode: string;
  description: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  taxRate: string;
  vatCategory: 'S' | 'Z' | 'E' | null;
  exemptionReason: string | null;
  unit: string | null;
}

export interface DocForm {
  kind: DocKind;
  credit: boolean;
  creditedInvoiceNumber: number | null;
  recipientNumber: number | null;
  recipientLabel: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  deliveryDate: string | null;
  expiryDate: string | null;
  /** Delivery address (2.4 deliveryAddress); all blank means none. */
  deliveryAddress: string;
  deliveryZip: string;
  deliveryCity: string;
  deliveryCountry: string | null;
  ourReference: string;
  yourReference: string;
  orderNumber: string;
  currency: string;
  invoiceText: string;
  lines: LineForm[];
}

let seq = 0;
export const newKey = () => `l${++seq}`;

export function emptyLine(): LineForm {
  return { key: newKey(), productCode: '', description: '', quantity: '1', unitPrice: '', discount: '', taxRate: '25', vatCategory: null, exemptionReason: null, unit: null };
}

export function emptyForm(kind: DocKind): DocForm {
  return {
    kind,
    credit: kind === 'credit-note',
    creditedInvoiceNumber: null,
    recipientNumber: null,
    recipientLabel: null,
    invoiceDate: null,
    dueDate: null,
    deliveryDate: null,
    expiryDate: null,
    deliveryAddress: '',
    deliveryZip: '',
    deliveryCity: '',
    deliveryCountry: null,
    ourReference: '',
    yourReference: '',
    orderNumber: '',
    currency: 'NOK',
    invoiceText: '',
    lines: [emptyLine()],
  };
}

export function lineFromItem(item: DocItem): LineForm {
  return {
    key: newKey(),
    productCode: item.productCode ?? '',
    description: item.description ?? '',
    quantity: toInputText(item.quantity),
    unitPrice: item.unitPrice === null || item.unitPrice === undefined ? '' : toInputText(item.unitPrice, 2),
    discount: item.discount ? toInputText(item.discount) : '',
    taxRate: String(item.taxRate ?? 25),
    vatCategory: item.vatCategory === 'O' ? null : (item.vatCategory ?? null),
    exemptionReason: item.exemptionReason ?? null,
    unit: item.unit ?? null,
  };
}

export function formFromDocument(kind: DocKind, doc: DocumentData): DocForm {
  return {
    kind: doc.credit ? 'credit-note' : kind,
    credit: !!doc.credit,
    creditedInvoiceNumber: doc.creditedInvoiceNumber ?? null,
    recipientNumber: doc.recipient?.number ?? null,
    recipientLabel: doc.recipient ? (doc.recipient.customerNumber ? `${doc.recipient.name} (${doc.recipient.customerNumber})` : doc.recipient.name) : null,
    invoiceDate: doc.invoiceDate ?? null,
    dueDate: doc.dueDate ?? null,
    deliveryDate: doc.deliveryDate ?? null,
    expiryDate: doc.expiryDate ?? null,
    deliveryAddress: doc.deliveryAddress?.address ?? '',
    deliveryZip: doc.deliveryAddress?.zip ?? '',
    deliveryCity: doc.deliveryAddress?.city ?? '',
    deliveryCountry: doc.deliveryAddress?.country ?? null,
    ourReference: doc.ourReference ?? '',
    yourReference: doc.yourReference ?? '',
    orderNumber: doc.orderNumber ?? '',
    currency: doc.currency ?? 'NOK',
    invoiceText: doc.invoiceText ?? '',
    lines: doc.items?.length ? doc.items.map(lineFromItem) : [emptyLine()],
  };
}

const isBlankLine = (l: LineForm) => !l.productCode.trim() && !l.description.trim() && !l.unitPrice.trim();

/**
 * The draft body for the service, and local checks (numbers that cannot be read) keyed like the service's
 * field paths but by the form's line index. Wholly blank lines are left out; `formIndex[i]` is the form line
 * of body item i, so the service's `items[i].quantity` can be shown on the right line.
 */
export function toBody(form: DocForm, t: (key: string) => string): { body: DraftBody | null; errors: Record<string, string>; formIndex: number[] } {
  const errors: Record<string, string> = {};
  const formIndex: number[] = [];
  const items: DocItem[] = [];
  form.lines.forEach((l, i) => {
    if (isBlankLine(l)) return;
    const num = (text: string, field: string, required: boolean): number | null => {
      const v = parseDecimal(text);
      if (v === null) {
        if (required) errors[`items[${i}].${field}`] = t('docs.err.required');
        return null;
      }
      if (Number.isNaN(v)) {
        errors[`items[${i}].${field}`] = t('docs.err.number');
        return null;
      }
      return v;
    };
    const code = l.productCode.trim();
    const rate = Number(l.taxRate);
    formIndex.push(i);
    items.push({
      productCode: code || null,
      description: l.description.trim() || null,
      quantity: num(l.quantity, 'quantity', true) ?? 0,
      unitPrice: num(l.unitPrice, 'unitPrice', !code),
      discount: num(l.discount, 'discount', false),
      taxRate: rate,
      vatCategory: rate === 0 ? (l.vatCategory === 'E' ? 'E' : 'Z') : 'S',
      exemptionReason: rate === 0 && l.vatCategory === 'E' ? l.exemptionReason : null,
      unit: l.unit,
    });
  });
  if (!form.recipientNumber) errors['recipient.number'] = t('docs.err.customer');
  if (Object.keys(errors).length) return { body: null, errors, formIndex };
  const text = (s: string) => (s.trim() ? s.trim() : null);
  const delivery = { address: text(form.deliveryAddress), zip: text(form.deliveryZip), city: text(form.deliveryCity), country: form.deliveryCountry || null };
  const body: DraftBody = {
    recipient: { number: form.recipientNumber! },
    orderNumber: text(form.orderNumber),
    invoiceDate: form.invoiceDate,
    deliveryDate: form.deliveryDate,
    ourReference: text(form.ourReference),
    yourReference: text(form.yourReference),
    invoiceText: text(form.invoiceText),
    currency: form.currency,
    deliveryAddress: hasDelivery(form) ? delivery : null,
    items,
  };
  if (form.kind === 'invoice') body.dueDate = form.dueDate;
  if (form.kind === 'offer') body.expiryDate = form.expiryDate;
  if (form.credit) {
    body.credit = true;
    body.creditedInvoiceNumber = form.creditedInvoiceNumber;
  }
  return { body, errors, formIndex };
}

/** Whether any part of the delivery address is filled in. */
export function hasDelivery(form: DocForm): boolean {
  return !!(form.deliveryAddress.trim() || form.deliveryZip.trim() || form.deliveryCity.trim() || form.deliveryCountry);
}

/** Service field paths (items[i] of the body) moved onto the form's line indexes. */
export function remapFieldErrors(fields: Record<string, string>, formIndex: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const m = /^items\[(\d+)\](.*)$/.exec(path);
    out[m ? `items[${formIndex[Number(m[1])] ?? m[1]}]${m[2]}` : path] = message;
  }
  return out;
}

/** The figures of each line for live totals (unreadable numbers count as 0). */
export function lineFigures(l: LineForm) {
  const n = (s: string, dflt = 0) => {
    const v = parseDecimal(s);
    return v === null || Number.isNaN(v) ? dflt : v;
  };
  return { quantity: n(l.quantity), unitPrice: n(l.unitPrice), discount: Math.min(100, Math.max(0, n(l.discount))), taxRate: Number(l.taxRate) || 0 };
}
