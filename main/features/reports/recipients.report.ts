/**
 * Recipients report: the customer register with the 20 columns of spec 2.11 (order kept), read in the register's own
 * keyset chunks (Norwegian alphabetical order). `balance` is what the customer owes now (NOK, all open invoices);
 * `kid` the KID of the customer's latest invoice; `labelNumber` rule 1. Rule 2: in XLS the customFields column becomes
 * one column per custom field; in CSV it is one text column "Felt: verdi; …".
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ReportRow, TableColumn } from '../../render/report/report-table.js';
import { streamRecipients, type RecipientView } from '../recipients/index.js';
import { columnsAsAsked } from './report-generate.js';
import { balanceNok } from '../invoices/index.js';
import { defineReport } from './report.types.js';

const SHIPMENT = { SNAIL: { nb: 'Papir', en: 'Paper' }, EMAIL: { nb: 'E-post', en: 'E-mail' } } as Record<string, { nb: string; en: string }>;

async function balancesAndKids(db: Kysely<Database>, numbers: number[]) {
  const [balances, kids] = await Promise.all([
    db
      .selectFrom('documents as d')
      .innerJoin('invoice_balances as b', 'b.document_id', 'd.id')
      .where('d.recipient_number', 'in', numbers)
      .select('d.recipient_number')
      .select(sql<number>`sum(${balanceNok})`.as('balance'))
      .groupBy('d.recipient_number')
      .execute(),
    db
      .selectFrom('documents as d')
      .where('d.id', 'in', (eb) =>
        eb.selectFrom('documents as x').select((e) => e.fn.max('x.id').as('id')).where('x.kind', '=', 'invoice').where('x.number', 'is not', null).where('x.recipient_number', 'in', numbers).groupBy('x.recipient_number'),
      )
      .select(['d.recipient_number', 'd.kid'])
      .execute(),
  ]);
  return { balance: new Map(balances.map((b) => [b.recipient_number, Number(b.balance)])), kid: new Map(kids.map((k) => [k.recipient_number, k.kid])) };
}

const fieldKey = (n: number) => `customField${n}`;

export const recipientsReport = defineReport({
  resource: 'recipients',
  group: 'customers',
  title: { nb: 'Kunder', en: 'Recipients' },
  filename: 'kunder',
  formats: ['XLS', 'CSV'],
  params: ['labelNumber'],
  columns: [
    { key: 'customerNumber', nb: 'Kundenr.', en: 'Customer no.', type: 'text', preselected: true },
    { key: 'organisationNumber', nb: 'Org.nr.', en: 'Org. no.', type: 'text', preselected: true },
    { key: 'name', nb: 'Navn', en: 'Name', type: 'text', preselected: true },
    { key: 'address1', nb: 'Adresse', en: 'Address', type: 'text', preselected: true },
    { key: 'address2', nb: 'Adresse 2', en: 'Address 2', type: 'text' },
    { key: 'zip', nb: 'Postnr.', en: 'Postcode', type: 'text', preselected: true },
    { key: 'city', nb: 'Poststed', en: 'City', type: 'text', preselected: true },
    { key: 'country', nb: 'Land', en: 'Country', type: 'text' },
    { key: 'phone', nb: 'Telefon', en: 'Phone', type: 'text', preselected: true },
    { key: 'mobile', nb: 'Mobil', en: 'Mobile', type: 'text' },
    { key: 'fax', nb: 'Faks', en: 'Fax', type: 'text' },
    { key: 'email', nb: 'E-post', en: 'E-mail', type: 'text', preselected: true },
    { key: 'web', nb: 'Nettside', en: 'Website', type: 'text' },
    { key: 'labels', nb: 'Etiketter', en: 'Labels', type: 'text' },
    { key: 'discount', nb: 'Rabatt %', en: 'Discount %', type: 'number' },
    { key: 'balance', nb: 'Saldo', en: 'Balance', type: 'money', preselected: true },
    { key: 'preferredShipment', nb: 'Foretrukket forsendelse', en: 'Preferred shipment', type: 'text' },
    { key: 'customFields', nb: 'Egendefinerte felt', en: 'Custom fields', type: 'text' },
    { key: 'kid', nb: 'KID', en: 'KID', type: 'text' },
    { key: 'activeAgiroAgreement', nb: 'Aktiv AvtaleGiro', en: 'Active AvtaleGiro', type: 'text' },
  ],
  async tableColumns(ctx, req) {
    const cols = columnsAsAsked(this, req);
    if (req.format !== 'XLS' || !req.columns.includes('customFields')) return cols;
    const fields = await ctx.db.selectFrom('custom_fields').select(['number', 'name', 'type']).orderBy('number').execute();
    const expanded: TableColumn[] = fields.map((f) => ({ key: fieldKey(f.number), label: f.name, type: f.type === 'NUMBER' ? 'number' : f.type === 'DATE' ? 'date' : 'text' }));
    return cols.flatMap((c) => (c.key === 'customFields' ? expanded : [c]));
  },
  async *rows(ctx, p, req) {
    const yes = req.lang === 'nb' ? 'Ja' : 'Yes';
    const no = req.lang === 'nb' ? 'Nei' : 'No';
    let chunk: RecipientView[] = [];
    const flush = async (): Promise<ReportRow[]> => {
      const { balance, kid } = await balancesAndKids(ctx.db, chunk.map((r) => r.number));
      return chunk.map((r) => {
        const row: ReportRow = {
          customerNumber: r.customerNumber,
          organisationNumber: r.organisation.number,
          name: r.name,
          address1: r.contact.address.address1,
          address2: r.contact.address.address2,
          zip: r.contact.address.zip,
          city: r.contact.address.city,
          country: r.contact.address.country,
          phone: r.contact.phone,
          mobile: r.contact.mobile,
          fax: r.contact.fax,
          email: r.contact.email,
          web: r.contact.web,
          labels: r.labels.map((l) => l.name).join(', '),
          discount: r.settings.discount,
          balance: balance.get(r.number) ?? 0,
          preferredShipment: r.settings.defaultShipment ? (SHIPMENT[r.settings.defaultShipment]?.[req.lang] ?? r.settings.defaultShipment) : null,
          customFields: r.customFields.map((f) => `${f.name}: ${String(f.value)}`).join('; '),
          kid: kid.get(r.number) ?? null,
          activeAgiroAgreement: r.capabilities.avtaleGiro ? yes : no,
        };
        for (const f of r.customFields) row[fieldKey(f.number)] = typeof f.value === 'boolean' ? (f.value ? yes : no) : (f.value as string | number | null);
        return row;
      });
    };
    for await (const r of streamRecipients(ctx, { labelNumber: p.labelNumber })) {
      chunk.push(r);
      if (chunk.length >= 500) {
        yield await flush();
        chunk = [];
      }
    }
    if (chunk.length) yield await flush();
  },
});
