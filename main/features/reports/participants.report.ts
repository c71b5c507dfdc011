/**
 * Participants report (spec 4.8: XLS, CSV; `eventNumber`): the participants of one event (or of every event), in event
 * and signup order, read in keyset chunks of 500. The status is the one the host sees (pending, registered, paid,
 * cancelled; paid from the invoice in SQL, events.view.ts). Rule 2: in XLS the customFields column becomes one column per
 * custom field (by name, in the events' own order); in CSV it is one text column "Felt: verdi; …".
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ReportRow, TableColumn } from '../../render/report/report-table.js';
import { eventRow, isPaid, participantsFrom } from '../events/index.js';
import { columnsAsAsked } from './report-generate.js';
import { defineReport } from './report.types.js';

const STATUS: Record<string, { nb: string; en: string }> = {
  pending: { nb: 'Venter på bekreftelse', en: 'Pending' },
  registered: { nb: 'Påmeldt', en: 'Registered' },
  paid: { nb: 'Betalt', en: 'Paid' },
  cancelled: { nb: 'Avmeldt', en: 'Cancelled' },
};
const fieldKey = (name: string) => `customField:${name}`;

async function fieldNames(db: Kysely<Database>, eventNumber: number | undefined): Promise<string[]> {
  let q = db.selectFrom('event_custom_fields').select(['name']).orderBy('event_number').orderBy('number');
  if (eventNumber !== undefined) q = q.where('event_number', '=', eventNumber);
  return [...new Set((await q.execute()).map((f) => f.name))];
}

export const participantsReport = defineReport({
  resource: 'participants',
  group: 'customers',
  title: { nb: 'Deltakere', en: 'Participants' },
  filename: 'deltakere',
  formats: ['XLS', 'CSV'],
  params: ['eventNumber'],
  columns: [
    { key: 'eventNumber', nb: 'Arrangement nr.', en: 'Event no.', type: 'number', preselected: true },
    { key: 'eventName', nb: 'Arrangement', en: 'Event', type: 'text', preselected: true },
    { key: 'eventDate', nb: 'Tidspunkt', en: 'Date', type: 'text' },
    { key: 'participantNumber', nb: 'Deltaker nr.', en: 'Participant no.', type: 'number', preselected: true },
    { key: 'name', nb: 'Navn', en: 'Name', type: 'text', preselected: true },
    { key: 'email', nb: 'E-post', en: 'E-mail', type: 'text', preselected: true },
    { key: 'mobile', nb: 'Mobil', en: 'Mobile', type: 'text' },
    { key: 'status', nb: 'Status', en: 'Status', type: 'text', preselected: true },
    { key: 'signedUpAt', nb: 'Påmeldt', en: 'Signed up', type: 'text' },
    { key: 'invoiceName', nb: 'Faktureres til', en: 'Invoice to', type: 'text' },
    { key: 'organisationNumber', nb: 'Org.nr.', en: 'Org. no.', type: 'text' },
    { key: 'discountCode', nb: 'Rabattkode', en: 'Discount code', type: 'text' },
    { key: 'amount', nb: 'Beløp', en: 'Amount', type: 'money', preselected: true },
    { key: 'invoiceNumber', nb: 'Faktura nr.', en: 'Invoice no.', type: 'number', preselected: true },
    { key: 'balance', nb: 'Utestående', en: 'Outstanding', type: 'money', preselected: true },
    { key: 'customFields', nb: 'Egendefinerte felt', en: 'Custom fields', type: 'text' },
  ],
  async check(ctx, p) {
    if (p.eventNumber !== undefined) await eventRow(ctx.db, p.eventNumber);
  },
  async tableColumns(ctx, req) {
    const cols = columnsAsAsked(this, req);
    if (req.format !== 'XLS' || !req.columns.includes('customFields')) return cols;
    const expanded: TableColumn[] = (await fieldNames(ctx.db, req.params.eventNumber)).map((name) => ({ key: fieldKey(name), label: name, type: 'text' }));
    return cols.flatMap((c) => (c.key === 'customFields' ? expanded : [c]));
  },
  async *rows(ctx, p, req) {
    const today = ctx.clock.today();
    const yes = req.lang === 'nb' ? 'Ja' : 'Yes';
    const no = req.lang === 'nb' ? 'Nei' : 'No';
    let after = { event: 0, number: 0 };
    for (;;) {
      let q = participantsFrom(ctx.db)
        .innerJoin('events as e', 'e.number', 'p.event_number')
        .selectAll('p')
        .select((eb) => [eb.case().when(isPaid(eb, today)).then('paid').else(eb.ref('p.status')).end().as('shown'), 'd.number as invoice_number', 'b.balance', 'e.name as event_name', 'e.starts_at'])
        .where((eb) => eb.or([eb('p.event_number', '>', after.event), eb.and([eb('p.event_number', '=', after.event), eb('p.number', '>', after.number)])]))
        .orderBy('p.event_number')
        .orderBy('p.number')
        .limit(500);
      if (p.eventNumber !== undefined) q = q.where('p.event_number', '=', p.eventNumber);
      const rows = await q.execute();
      if (!rows.length) return;
      yield rows.map((r): ReportRow => {
        const party = r.invoice_party ? (JSON.parse(r.invoice_party) as Record<string, string | null>) : {};
        const values = JSON.parse(r.custom_values) as Array<{ name: string; value: string | boolean | null }>;
        const row: ReportRow = {
          eventNumber: r.event_number,
          eventName: r.event_name,
          eventDate: r.starts_at,
          participantNumber: r.number,
          name: r.name,
          email: r.email,
          mobile: r.mobile,
          status: STATUS[r.shown as string]?.[req.lang] ?? String(r.shown),
          signedUpAt: r.signed_up_at.slice(0, 16),
          invoiceName: party.name ?? null,
          organisationNumber: party.orgNo ?? null,
          discountCode: r.discount_code,
          amount: r.amount,
          invoiceNumber: r.invoice_number,
          balance: r.balance,
          customFields: values.filter((v) => v.value !== null && v.value !== '').map((v) => `${v.name}: ${typeof v.value === 'boolean' ? (v.value ? yes : no) : v.value}`).join('; '),
        };
        for (const v of values) row[fieldKey(v.name)] = typeof v.value === 'boolean' ? (v.value ? yes : no) : v.value;
        return row;
      });
      const last = rows[rows.length - 1];
      after = { event: last.event_number, number: last.number };
    }
  },
});
