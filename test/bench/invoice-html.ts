/**
 * The sending bench's HTML invoice (not part of Kvitt): the same DocumentView as Kvitt's PDF, laid out in HTML/CSS the
 * way invoicing apps that print with headless Chromium do (A4, seller and facts top right, window address, lines,
 * VAT summary and totals, payment sentence, giro with KID at the bottom), so Chromium prints the same invoice.
 */
import type { DocumentView, PartySnapshot } from '../../main/render/document-view.js';
import { formatAccount, formatDate, formatMoney, formatOrgNumber, formatPercent, formatQuantity } from '../../main/render/format.js';

const esc = (s: string | null | undefined) => (s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
const lines = (p: PartySnapshot) => [p.address1, p.address2, [p.zip, p.city].filter(Boolean).join(' ')].filter(Boolean).map(esc);
const vatLabel = (c: string, r: number) => (c === 'Z' ? '0 % (fritatt)' : c === 'E' ? 'Unntatt' : `${formatPercent(r)} %`);

export function invoiceHtml(d: DocumentView): string {
  const s = d.seller;
  const b = d.buyer;
  const payable = d.totalOre - (d.prepaidOre ?? 0);
  const facts: Array<[string, string]> = [
    ['Fakturanr.', String(d.number)], ['Fakturadato', formatDate(d.issueDate)], ['Forfallsdato', formatDate(d.dueDate)],
    ...(d.deliveryDate ? [['Leveringsdato', formatDate(d.deliveryDate)] as [string, string]] : []),
    ['Kundenr.', String(b.customerNumber ?? b.recipientNumber ?? '')],
    ...(d.ourReference ? [['Vår referanse', d.ourReference] as [string, string]] : []),
    ...(d.yourReference ? [['Deres referanse', d.yourReference] as [string, string]] : []),
    ...(d.orderNumber ? [['Deres ordrenr.', d.orderNumber] as [string, string]] : []),
    ...(d.kid ? [['KID', d.kid] as [string, string]] : []),
  ];
  const hasDiscount = d.lines.some((l) => l.discountHundredths !== 0);
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><style>
@page { size: A4; margin: 16mm 15mm 14mm 20mm; }
body { font: 9pt Helvetica, Arial, sans-serif; color: #1f2933; margin: 0; }
.head { display: flex; justify-content: space-between; height: 70mm; }
h1 { font-size: 24pt; color: #174a8c; margin: 0; }
.seller { width: 72mm; font-size: 8.5pt; line-height: 1.1; }
.seller b { font-size: 11pt; }
.facts td:first-child { color: #5f6b7a; padding-right: 4pt; }
.window { position: absolute; left: 0; top: 31mm; width: 85mm; font-size: 10.5pt; }
.window small { font-size: 6.5pt; color: #5f6b7a; display: block; }
table.lines { width: 100%; border-collapse: collapse; font-size: 8.5pt; margin-top: 16pt; }
table.lines th { background: #eef2f7; font-size: 8pt; text-align: right; padding: 3pt; border-bottom: 0.8pt solid #174a8c; }
table.lines td { padding: 3pt; text-align: right; border-bottom: 0.4pt solid #c9d2dc; }
table.lines th:first-child, table.lines td:first-child { text-align: left; }
.sum { display: flex; justify-content: space-between; margin-top: 10pt; }
.vat { font-size: 7.5pt; } .vat td { padding: 1.5pt 2pt; text-align: right; } .vat td:first-child { text-align: left; }
.totals { width: 76mm; } .totals td { padding: 1.5pt 2pt; } .totals td + td { text-align: right; }
.totals tr.final td { font-size: 11pt; font-weight: bold; border-top: 1pt solid #174a8c; border-bottom: 1.6pt solid #174a8c; padding: 4pt 2pt; }
.pay { font-weight: bold; margin-top: 12pt; }
.giro { position: absolute; left: -20mm; right: -15mm; bottom: -14mm; height: 92mm; background: #fde7c8; border-top: 0.8pt dashed #9a6a2f; }
.giro .f { position: absolute; background: #fff; border: 0.5pt solid #e0a15a; font-size: 9.5pt; padding: 3pt; box-sizing: border-box; }
.giro label { position: absolute; font-size: 6.5pt; color: #7a4a12; }
</style></head><body><div style="position: relative; min-height: 267mm">
<div class="head"><div><h1>Faktura</h1></div><div class="seller">${s.logo ? `<img src="${s.logo}" style="max-width: 60mm; max-height: 17mm"><br>` : ''}<b>${esc(s.name)}</b><br>${lines(s).join('<br>')}<br>
Org.nr. ${esc(formatOrgNumber(s.orgNumber ?? '', s.vatRegistered === true))}<br>Foretaksregisteret<br>${esc(s.email)}<br>
<table class="facts">${facts.map(([k, v]) => `<tr><td>${k}</td><td${k === 'Fakturanr.' || k === 'Forfallsdato' ? ' style="font-weight:bold"' : ''}>${esc(v)}</td></tr>`).join('')}</table></div></div>
<div class="window"><small>${esc(s.name)}, ${esc(s.address1)}, ${esc(s.zip)} ${esc(s.city)}</small><b>${esc(b.name)}</b><br>${lines(b).join('<br>')}</div>
<table class="lines"><tr><th>Beskrivelse</th><th>Antall</th><th style="text-align:left">Enhet</th><th>Pris</th>${hasDiscount ? '<th>Rabatt %</th>' : ''}<th>Mva %</th><th>Beløp</th></tr>
${d.lines.map((l) => `<tr><td>${l.productCode ? `<span style="color:#5f6b7a;font-size:7.5pt">${esc(l.productCode)}</span> ` : ''}${esc(l.description)}</td><td>${formatQuantity(l.quantityMilli)}</td><td style="text-align:left">${esc(l.unit)}</td><td>${formatMoney(l.unitPriceOre)}</td>${hasDiscount ? `<td>${l.discountHundredths ? formatPercent(l.discountHundredths) : ''}</td>` : ''}<td>${l.vatCategory === 'E' ? 'Unnt.' : formatPercent(l.vatCategory === 'S' ? l.taxRateHundredths : 0)}</td><td>${formatMoney(l.netOre)}</td></tr>`).join('\n')}</table>
<div class="sum"><table class="vat"><tr><th>Mva-sats</th><th>Grunnlag</th><th>Mva</th></tr>${d.vat.map((v) => `<tr><td>${vatLabel(v.vatCategory, v.taxRateHundredths)}</td><td>${formatMoney(v.baseOre)}</td><td>${formatMoney(v.taxOre)}</td></tr>`).join('')}
${d.vat.filter((v) => v.exemptionReason).map((v) => `<tr><td colspan="3" style="text-align:left;color:#5f6b7a">${vatLabel(v.vatCategory, v.taxRateHundredths)}: ${esc(v.exemptionReason)}</td></tr>`).join('')}</table>
<table class="totals"><tr><td>Sum eks. mva</td><td>${formatMoney(d.netOre, 'NOK')}</td></tr><tr><td>Mva</td><td>${formatMoney(d.taxOre, 'NOK')}</td></tr><tr class="final"><td>Å betale</td><td>${formatMoney(payable, 'NOK')}</td></tr></table></div>
${d.invoiceText ? `<p style="margin-top:14pt">${esc(d.invoiceText)}</p>` : ''}
<p class="pay">Vennligst betal ${formatMoney(payable, 'NOK')} til konto ${formatAccount(s.bankAccount ?? '')} innen ${formatDate(d.dueDate)}. Bruk KID ${esc(d.kid)} ved betaling.</p>
<div class="giro"><b style="position:absolute;left:14mm;top:2mm;font-size:7pt;color:#7a4a12">KVITTERING</b>
<label style="left:14mm;top:5mm">Innbetalt til konto</label><div class="f" style="left:14mm;top:8mm;width:48mm;height:6mm">${formatAccount(s.bankAccount ?? '')}</div>
<label style="left:64mm;top:5mm">Beløp</label><div class="f" style="left:64mm;top:8mm;width:36mm;height:6mm">${formatMoney(payable)}</div>
<label style="left:14mm;top:20mm">Betalingsinformasjon</label><div style="position:absolute;left:14mm;top:24mm;font-size:8.5pt">Faktura nr. ${d.number} av ${formatDate(d.issueDate)}<br>KID: ${esc(d.kid)}</div>
<b style="position:absolute;left:105mm;top:19mm;font-size:20pt;color:#7a4a12">GIRO</b>
<label style="right:14mm;top:20mm">Betalingsfrist</label><div class="f" style="right:14mm;top:24mm;width:39mm;height:7mm"><b>${formatDate(d.dueDate)}</b></div>
<label style="left:14mm;top:42mm">Betalt av</label><div class="f" style="left:14mm;top:45mm;width:80mm;height:20mm">${esc(b.name)}<br>${lines(b).join('<br>')}</div>
<label style="left:105mm;top:42mm">Betalt til</label><div class="f" style="left:105mm;top:45mm;width:86mm;height:20mm">${esc(s.name)}<br>${lines(s).join('<br>')}</div>
<label style="left:14mm;top:69mm">Kundeidentifikasjon (KID)</label><div class="f" style="left:14mm;top:72mm;width:62mm;height:8mm"><b>${esc(d.kid)}</b></div>
<label style="left:78mm;top:69mm">Kroner</label><div class="f" style="left:78mm;top:72mm;width:36mm;height:8mm;text-align:right"><b>${formatMoney(payable).replace(/,\d\d$/, '')}</b></div>
<label style="left:116mm;top:69mm">Øre</label><div class="f" style="left:116mm;top:72mm;width:12mm;height:8mm;text-align:right"><b>${String(Math.abs(payable) % 100).padStart(2, '0')}</b></div>
<label style="left:132mm;top:69mm">Til konto</label><div class="f" style="left:132mm;top:72mm;width:59mm;height:8mm"><b>${formatAccount(s.bankAccount ?? '')}</b></div>
</div></div></body></html>`;
}
