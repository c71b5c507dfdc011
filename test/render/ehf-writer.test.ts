import { describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import type { DocumentView } from '../../main/render/document-view';
import { EHF_NEEDS_BUYER_ORG, renderEhf, unitCodeFor } from '../../main/render/ehf/ehf-writer';
import {
  buildDoc, creditNote, ehfFixtures, invoiceEur, invoiceLong, invoiceNok, invoiceNotVat, invoicePrivate, invoiceSimple, offer,
} from './fixtures';
import { ehfRulesPresent, expectValidEhf } from '../helpers/ehf-validator.js';

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';

/** Tiny DOM helper over the xmlbuilder2 parser. */
function parse(xml: string) {
  const doc = create(xml).node as unknown as Document;
  const root = doc.documentElement;
  const kids = (el: Element, ns: string, name: string): Element[] =>
    Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
  /** Path like "cac:LegalMonetaryTotal/cbc:PayableAmount", relative to el (default: root). */
  const all = (p: string, el: Element = root): Element[] => {
    let current: Element[] = [el];
    for (const step of p.split('/')) {
      const [prefix, name] = step.split(':');
      const ns = prefix === 'cbc' ? CBC : CAC;
      current = current.flatMap((e) => kids(e, ns, name));
    }
    return current;
  };
  const text = (p: string, el: Element = root): string | undefined => all(p, el)[0]?.textContent ?? undefined;
  const texts = (p: string, el: Element = root): string[] => all(p, el).map((e) => e.textContent ?? '');
  return { root, all, text, texts };
}

describe('renderEhf: NOK invoice with mixed VAT', () => {
  const xml = renderEhf(invoiceNok);
  const x = parse(xml);

  it('is a Peppol BIS 3 invoice with the Norwegian identifiers', () => {
    expect(x.root.localName).toBe('Invoice');
    expect(x.text('cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
    expect(x.text('cbc:ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(x.text('cbc:ID')).toBe('10001');
    expect(x.text('cbc:IssueDate')).toBe('2026-01-15');
    expect(x.text('cbc:DueDate')).toBe('2026-01-29');
    expect(x.text('cbc:InvoiceTypeCode')).toBe('380');
    expect(x.text('cbc:DocumentCurrencyCode')).toBe('NOK');
    expect(x.all('cbc:TaxCurrencyCode')).toHaveLength(0);
    const seller = x.all('cac:AccountingSupplierParty/cac:Party')[0];
    const endpoint = x.all('cbc:EndpointID', seller)[0];
    expect(endpoint.textContent).toBe('923609016');
    expect(endpoint.getAttribute('schemeID')).toBe('0192');
    expect(x.texts('cac:PartyTaxScheme/cbc:CompanyID', seller)).toEqual(['NO923609016MVA', 'Foretaksregisteret']);
    expect(x.all('cac:PartyLegalEntity/cbc:CompanyID', seller)[0].getAttribute('schemeID')).toBe('0192');
    const buyer = x.all('cac:AccountingCustomerParty/cac:Party')[0];
    expect(x.text('cbc:EndpointID', buyer)).toBe('982463718');
    expect(x.text('cac:PartyName/cbc:Name', buyer)).toBe('Kjøpmann Ærlig & Sønn AS');
  });

  it('carries references, KID, account and delivery', () => {
    expect(x.text('cbc:BuyerReference')).toBe('Per Ærlig');
    expect(x.text('cac:OrderReference/cbc:ID')).toBe('PO-7781');
    expect(x.text('cac:PaymentMeans/cbc:PaymentMeansCode')).toBe('30');
    expect(x.text('cac:PaymentMeans/cbc:PaymentID')).toBe('000104210001');
    expect(x.text('cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID')).toBe('86011117947');
    expect(x.text('cac:Delivery/cbc:ActualDeliveryDate')).toBe('2026-01-10');
    expect(x.text('cbc:Note')).toContain('Takk for oppdraget');
  });

  it('states VAT per rate and category with the exemption reason for E only', () => {
    const subs = x.all('cac:TaxTotal/cac:TaxSubtotal');
    const rows = subs.map((s) => [
      x.text('cac:TaxCategory/cbc:ID', s), x.text('cac:TaxCategory/cbc:Percent', s),
      x.text('cbc:TaxableAmount', s), x.text('cbc:TaxAmount', s), x.text('cac:TaxCategory/cbc:TaxExemptionReason', s),
    ]);
    const expected = invoiceNok.vat.map((v) => [
      v.vatCategory, v.vatCategory === 'S' ? String(v.taxRateHundredths / 100) : '0',
      (v.baseOre / 100).toFixed(2), (v.taxOre / 100).toFixed(2), v.vatCategory === 'E' ? v.exemptionReason : undefined,
    ]);
    expect(rows).toEqual(expected);
    expect(rows.map((r) => r[0]).sort()).toEqual(['E', 'S', 'S', 'Z']);
    expect(x.text('cac:TaxTotal/cbc:TaxAmount')).toBe((invoiceNok.taxOre / 100).toFixed(2));
  });

  it('has totals equal to the document figures, two decimals', () => {
    expect(x.text('cac:LegalMonetaryTotal/cbc:LineExtensionAmount')).toBe('14076.10');
    expect(invoiceNok.netOre).toBe(1407610);
    expect(x.text('cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount')).toBe('14076.10');
    expect(x.text('cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe((invoiceNok.totalOre / 100).toFixed(2));
    expect(x.text('cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('16589.72');
    expect(x.all('cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toHaveLength(0);
    for (const a of x.all('cac:LegalMonetaryTotal/cbc:PayableAmount')) expect(a.getAttribute('currencyID')).toBe('NOK');
  });

  it('writes lines with exact net amounts, fractional quantities, unit codes and discounts', () => {
    const lines = x.all('cac:InvoiceLine');
    expect(lines).toHaveLength(5);
    const lineNet = lines.map((l) => x.text('cbc:LineExtensionAmount', l));
    expect(lineNet).toEqual(invoiceNok.lines.map((l) => (l.netOre / 100).toFixed(2)));
    const qty = lines.map((l) => [x.text('cbc:InvoicedQuantity', l), x.all('cbc:InvoicedQuantity', l)[0].getAttribute('unitCode')]);
    expect(qty).toEqual([['7.5', 'HUR'], ['12', 'EA'], ['0.5', 'MTR'], ['3', 'EA'], ['1', 'DAY']]);
    // Line 2: 12 x 89.50 = 1074.00 less 10 % = 966.60
    const discounted = lines[1];
    expect(x.text('cac:Price/cbc:PriceAmount', discounted)).toBe('89.50');
    expect(x.text('cac:AllowanceCharge/cbc:ChargeIndicator', discounted)).toBe('false');
    expect(x.text('cac:AllowanceCharge/cbc:Amount', discounted)).toBe('107.40');
    expect(x.text('cac:AllowanceCharge/cbc:BaseAmount', discounted)).toBe('1074.00');
    expect(x.text('cac:AllowanceCharge/cbc:MultiplierFactorNumeric', discounted)).toBe('10');
    expect(x.text('cbc:LineExtensionAmount', discounted)).toBe('966.60');
    expect(x.all('cac:AllowanceCharge', lines[0])).toHaveLength(0);
    expect(x.texts('cac:Item/cac:ClassifiedTaxCategory/cbc:ID', lines[3])).toEqual(['Z']);
    expect(x.texts('cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', lines[4])).toEqual(['0']);
    expect(x.text('cac:Item/cac:SellersItemIdentification/cbc:ID', lines[0])).toBe('KONS');
  });

  it('formats every amount with exactly two decimals and quantities with at most three', () => {
    for (const m of xml.matchAll(/currencyID="[A-Z]{3}">([^<]*)</g)) expect(m[1]).toMatch(/^-?\d+\.\d{2}$/);
    for (const m of xml.matchAll(/Quantity unitCode="[^"]+">([^<]*)</g)) expect(m[1]).toMatch(/^-?\d+(\.\d{1,3})?$/);
  });
});

describe('renderEhf: other documents', () => {
  it('EUR invoice: document currency EUR, tax currency NOK with a NOK TaxAmount only', () => {
    const x = parse(renderEhf(invoiceEur));
    expect(x.text('cbc:DocumentCurrencyCode')).toBe('EUR');
    expect(x.text('cbc:TaxCurrencyCode')).toBe('NOK');
    const totals = x.all('cac:TaxTotal');
    expect(totals).toHaveLength(2);
    expect(x.all('cbc:TaxAmount', totals[0])[0].getAttribute('currencyID')).toBe('EUR');
    expect(x.text('cbc:TaxAmount', totals[0])).toBe((invoiceEur.taxOre / 100).toFixed(2));
    expect(x.all('cbc:TaxAmount', totals[1])[0].getAttribute('currencyID')).toBe('NOK');
    expect(x.text('cbc:TaxAmount', totals[1])).toBe((invoiceEur.taxNokOre / 100).toFixed(2));
    expect(x.all('cac:TaxSubtotal', totals[1])).toHaveLength(0);
    expect(x.all('cac:LegalMonetaryTotal/cbc:PayableAmount')[0].getAttribute('currencyID')).toBe('EUR');
    // No "your reference": the order number satisfies PEPPOL-EN16931-R003.
    expect(x.all('cbc:BuyerReference')).toHaveLength(0);
    expect(x.text('cac:OrderReference/cbc:ID')).toBe('EU-2026-04');
    // This invoice has no KID.
    expect(x.all('cac:PaymentMeans/cbc:PaymentID')).toHaveLength(0);
    // 12.5 % discount line
    const line2 = x.all('cac:InvoiceLine')[1];
    expect(x.text('cbc:InvoicedQuantity', line2)).toBe('1.5');
    expect(x.text('cbc:LineExtensionAmount', line2)).toBe((invoiceEur.lines[1].netOre / 100).toFixed(2));
    expect(x.text('cac:AllowanceCharge/cbc:MultiplierFactorNumeric', line2)).toBe('12.5');
  });

  it('credit note: CreditNote with BillingReference to the credited invoice', () => {
    const x = parse(renderEhf(creditNote));
    expect(x.root.localName).toBe('CreditNote');
    expect(x.text('cbc:CreditNoteTypeCode')).toBe('381');
    expect(x.text('cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID')).toBe('10001');
    expect(x.text('cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate')).toBe('2026-01-15');
    expect(x.all('cac:CreditNoteLine')).toHaveLength(2);
    expect(x.text('cac:CreditNoteLine/cbc:CreditedQuantity')).toBe('2');
    expect(x.text('cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe((creditNote.totalOre / 100).toFixed(2));
  });

  it('credit note given with negative amounts is written with positive credited amounts', () => {
    const neg: DocumentView = {
      ...creditNote,
      lines: creditNote.lines.map((l) => ({ ...l, quantityMilli: -l.quantityMilli, netOre: -l.netOre, taxOre: -l.taxOre, totalOre: -l.totalOre })),
      vat: creditNote.vat.map((v) => ({ ...v, baseOre: -v.baseOre, taxOre: -v.taxOre, baseNokOre: -v.baseNokOre, taxNokOre: -v.taxNokOre })),
      netOre: -creditNote.netOre, taxOre: -creditNote.taxOre, totalOre: -creditNote.totalOre, taxNokOre: -creditNote.taxNokOre,
    };
    expect(renderEhf(neg)).toBe(renderEhf(creditNote));
  });

  it('seller not VAT registered: category O, no VAT id, no rate, zero VAT', () => {
    const x = parse(renderEhf(invoiceNotVat));
    const seller = x.all('cac:AccountingSupplierParty/cac:Party')[0];
    expect(x.all('cac:PartyTaxScheme', seller)).toHaveLength(0);
    expect(x.text('cac:TaxTotal/cbc:TaxAmount')).toBe('0.00');
    const subs = x.all('cac:TaxTotal/cac:TaxSubtotal');
    expect(subs).toHaveLength(1);
    expect(x.text('cac:TaxCategory/cbc:ID', subs[0])).toBe('O');
    expect(x.all('cac:TaxCategory/cbc:Percent', subs[0])).toHaveLength(0);
    expect(x.text('cac:TaxCategory/cbc:TaxExemptionReason', subs[0])).toBeTruthy();
    expect(x.text('cbc:TaxableAmount', subs[0])).toBe('1950.00');
    for (const l of x.all('cac:InvoiceLine')) {
      expect(x.texts('cac:Item/cac:ClassifiedTaxCategory/cbc:ID', l)).toEqual(['O']);
      expect(x.all('cac:Item/cac:ClassifiedTaxCategory/cbc:Percent', l)).toHaveLength(0);
    }
    // Neither your reference nor order number: a BuyerReference fallback keeps R003 satisfied.
    expect(x.text('cbc:BuyerReference')).toBe('n/a');
  });

  it('prepaid amount: PrepaidAmount and PayableAmount = total - prepaid', () => {
    const x = parse(renderEhf(invoiceSimple));
    expect(x.text('cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')).toBe('1365.00');
    expect(x.text('cac:LegalMonetaryTotal/cbc:PrepaidAmount')).toBe('200.00');
    expect(x.text('cac:LegalMonetaryTotal/cbc:PayableAmount')).toBe('1165.00');
  });

  it('long invoice: 60 lines, line sum equals LineExtensionAmount', () => {
    const x = parse(renderEhf(invoiceLong));
    const lines = x.all('cac:InvoiceLine');
    expect(lines).toHaveLength(60);
    const sum = lines.reduce((s, l) => s + Math.round(Number(x.text('cbc:LineExtensionAmount', l)) * 100), 0);
    expect(sum).toBe(invoiceLong.netOre);
  });

  it('refuses a buyer without organisation number with a clear message', () => {
    expect(() => renderEhf(invoicePrivate)).toThrow(EHF_NEEDS_BUYER_ORG);
    expect(EHF_NEEDS_BUYER_ORG).toBe("EHF needs the recipient's organisation number");
  });

  it('refuses offers', () => {
    expect(() => renderEhf(offer)).toThrow(/only available for invoices and credit notes/);
  });

  it('escapes XML special characters', () => {
    const doc = buildDoc({ lines: [{ description: 'Rør <DN50> & "bend"', quantity: 1000, price: 100 }] });
    const x = parse(renderEhf(doc));
    expect(x.text('cac:InvoiceLine/cac:Item/cbc:Name')).toBe('Rør <DN50> & "bend"');
  });

  it('maps units to UN/ECE codes, C62 when unknown', () => {
    expect(unitCodeFor('timer')).toBe('HUR');
    expect(unitCodeFor('Stk')).toBe('EA');
    expect(unitCodeFor('kg')).toBe('KGM');
    expect(unitCodeFor(null)).toBe('C62');
    expect(unitCodeFor('bunt')).toBe('C62');
  });
});

describe.skipIf(!ehfRulesPresent())('renderEhf: official Peppol validation (in-process; ehf-corpus.test.ts compares it with validate-ehf)', () => {
  for (const [name, doc] of Object.entries(ehfFixtures)) {
    it(`${name} passes the UBL schema, EN 16931 and Peppol rules`, async () => {
      // The only warning allowed: NO-R-002 ("Foretaksregisteret") for the sole proprietorship, which is not in that register.
      await expectValidEhf(renderEhf(doc), ['NO-R-002']);
    }, 120_000);
  }
});
