/**
 * The floor of a paid event signup for test/bench/events.bench.ts (not a benchmark itself): the fastest honest way to
 * write what Kvitt's paid signup writes, without Kvitt. Per participant, in its own SAVEPOINT, as many per COMMIT as
 * the caller says (Kvitt's group commit's grouping), with statements prepared once on the same better-sqlite3
 * connection: the event row's seat count and signup number (UPDATE … RETURNING), the next customer number (the same
 * indexed max), the new recipient, the invoice number (the series counter, UPDATE … RETURNING), the issued invoice
 * (totals, MOD10 KID, the frozen recipient and seller, its content's sha256), its line, its balance, the two queued
 * mails (the confirmation with its text, the invoice), the participant, and the four audit rows: the same rows in the
 * same tables with the same content as Kvitt writes (events.bench.ts compares a floor signup's rows with Kvitt's,
 * column by column). What the floor leaves out is what is not a write: the rules (the event's row, custom fields,
 * settings and product read, the confirmation-per-hour check), HTTP, JSON in and out, validation.
 *
 * `twoRowFloor` is the old floor: the lock row's UPDATE and the participant's INSERT only.
 */
import type SqliteDatabase from 'better-sqlite3';
import { hash, randomUUID } from 'node:crypto';
import { mod10CheckDigit } from '../../main/domain/kid.js';

export interface FloorEvent {
  number: number;
  name: string;
  /** 'YYYY-MM-DD HH:MM' */
  startsAt: string;
  locationName: string;
  /** øre, without VAT */
  price: number;
  /** hundredths of a percent */
  taxRate: number;
  productCode: string;
}

export interface FloorSeller {
  name: string;
  orgNumber: string;
  address1: string;
  zip: string;
  city: string;
  bankAccount: string;
  iban: string;
}

const NOW = '2026-03-15 12:00:00';
const TODAY = '2026-03-15';
const DUE = '2026-03-29';
const ACTOR = 'owner (API key)';

/** 1 250,00 as Norwegian text (no-break space between thousands, comma decimals), the way the confirmation mail writes an amount. */
function kroner(ore: number): string {
  const kr = Math.trunc(ore / 100);
  return `${String(kr).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')},${String(ore % 100).padStart(2, '0')}`;
}

export interface FloorParticipant {
  name: string;
  email: string;
  invoice: { name: string; address: string; zip: string; city: string };
}

/**
 * Prepares the floor for one event; the answer writes a group of participants in one COMMIT, each in its own SAVEPOINT.
 * The series rows are made here once, as Kvitt makes them on its first invoice and first new customer.
 */
export function paidSignupFloor(raw: SqliteDatabase.Database, ev: FloorEvent, seller: FloorSeller): (group: FloorParticipant[]) => void {
  raw.prepare("insert into number_series (series, next_number) values ('customer-number', 0), ('invoice', 10001) on conflict do nothing").run();
  const seat = raw.prepare('update events set signup_seq = signup_seq + 1, seats_taken = seats_taken + 1 where number = ? returning signup_seq');
  const maxCustomer = raw.prepare(
    "select cast(customer_number as bigint) as n from recipients where customer_number glob '[0-9]*' and customer_number not glob '*[^0-9]*' and length(customer_number) <= 15 order by cast(customer_number as bigint) desc limit 1",
  ).pluck();
  const recipient = raw.prepare(
    `insert into recipients (customer_number, name, address1, zip, city, country, email, discount, ehf_capable, efaktura, avtalegiro, deleted, search_text, sort_name, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'NO', ?, 0, 0, 0, 0, 0, ?, ?, '${NOW}', '${NOW}')`,
  );
  const invoiceNumber = raw.prepare("update number_series set next_number = next_number + 1 where series = 'invoice' returning next_number").pluck();
  const document = raw.prepare(
    `insert into documents (kind, series, number, recipient_number, recipient_snapshot, originator_snapshot, issue_date, due_date, delivery_date, your_reference, kid, invoice_text, currency, exchange_rate_micro, net, tax, total, tax_nok, total_nok, content_hash, issued_at, created_at, updated_at)
     values ('invoice', 'invoice', ?, ?, ?, ?, '${TODAY}', '${DUE}', ?, ?, ?, ?, 'NOK', 1000000, ?, ?, ?, ?, ?, ?, '${NOW}', '${NOW}', '${NOW}')`,
  );
  const line = raw.prepare(
    `insert into document_lines (document_id, line_no, product_code, description, quantity_milli, unit_price, discount, tax_rate, vat_category, net, tax, total)
     values (?, 1, ?, ?, 1000, ?, 0, ?, 'S', ?, ?, ?)`,
  );
  const balance = raw.prepare('insert into invoice_balances (document_id, balance, paid_total, credited_total, lost_total, lost) values (?, ?, 0, 0, 0, 0)');
  const outbox = raw.prepare(
    `insert into outbox (ref_type, ref_number, document_id, method, address, status, description, payload, message_id, attempts, created_at, updated_at)
     values (?, ?, ?, 'email', ?, 'IN_PROGRESS', ?, ?, ?, 0, '${NOW}', '${NOW}')`,
  );
  const participant = raw.prepare(
    `insert into event_participants (event_number, number, status, name, email, invoice_party, custom_values, amount, recipient_number, invoice_document_id, signed_up_at, registered_at, updated_at)
     values (?, ?, 'registered', ?, ?, ?, '[]', ?, ?, ?, '${NOW}', '${NOW}', '${NOW}')`,
  );
  const audit = raw.prepare(`insert into audit_log (at, entity, entity_id, action, data, actor) values ('${NOW}', ?, ?, ?, ?, '${ACTOR}')`);

  // What every participant's invoice shares: computed once, as any writer of many alike invoices would.
  const [d, t] = ev.startsAt.split(' ');
  const when = `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)} kl. ${t}`;
  const lineText = `${ev.name} ${when}`;
  const net = ev.price;
  const tax = Math.round((net * ev.taxRate) / 10000);
  const total = net + tax;
  const originator = JSON.stringify({
    name: seller.name, orgNumber: seller.orgNumber, orgForm: null, vatRegistered: true, address1: seller.address1, address2: null,
    zip: seller.zip, city: seller.city, country: 'NO', email: null, phone: null, mobile: null, web: null,
    bankAccount: seller.bankAccount, iban: seller.iban, bic: null, logo: null,
  });
  const subject = `Påmelding: ${ev.name}`;
  const confirmationDescription = `${subject} sendt på e-post`;
  const deliveryDate = d;

  // The highest customer number, looked up once per COMMIT (the one writer: nobody else adds one meanwhile), as Kvitt does.
  let highest = 0;
  const one = raw.transaction(({ name, email, invoice: party }: FloorParticipant) => {
    const seq = (seat.get(ev.number) as { signup_seq: number }).signup_seq;
    const customerNumber = String(Math.max(10000, highest) + 1);
    highest = Math.max(10000, highest) + 1;
    const recipientNumber = Number(
      recipient.run(customerNumber, party.name, party.address, party.zip, party.city, email,
        `${party.name} ${email} ${party.city} ${customerNumber}`.toLowerCase(), party.name.toLowerCase()).lastInsertRowid,
    );
    const number = (invoiceNumber.get() as number) - 1; // the counter holds the next number to give
    const kidBase = String(number).padStart(7, '0'); // the default KID: the invoice number, 8 digits with the MOD10 check digit
    const kid = kidBase + mod10CheckDigit(kidBase);
    const recipientSnapshot = JSON.stringify({
      name: party.name, orgNumber: null, orgForm: null, icd: null, address1: party.address, address2: null, zip: party.zip, city: party.city,
      country: 'NO', email, phone: null, mobile: null, fax: null, web: null, recipientNumber, customerNumber,
    });
    const invoiceText = `Påmelding til ${lineText}. Deltaker: ${name}`;
    const contentHash = hash('sha256', JSON.stringify([
      'kvitt-document-v1', 'invoice', 'invoice', number, recipientNumber, recipientSnapshot, originator, null, TODAY, DUE, null,
      deliveryDate, null, null, name, kid, invoiceText, 'NOK', 1000000, null, null, null, null, net, tax, total, tax, total, NOW,
      [[1, ev.productCode, lineText, 1000, null, net, 0, ev.taxRate, 'S', null, net, tax, total]],
    ]), 'hex');
    const documentId = Number(
      document.run(number, recipientNumber, recipientSnapshot, originator, deliveryDate, name, kid, invoiceText, net, tax, total, tax, total, contentHash).lastInsertRowid,
    );
    line.run(documentId, ev.productCode, lineText, net, ev.taxRate, net, tax, total);
    balance.run(documentId, total);
    audit.run('recipient', String(recipientNumber), 'create', '{"count":1}');
    audit.run('invoice', String(number), 'issue', JSON.stringify({ draft: documentId, series: 'invoice', total, kid, contentHash }));
    const text = `Hei ${name},\n\ndu er påmeldt ${ev.name}.\nTid: ${when}\nSted: ${ev.locationName}\nFaktura ${number} på kr ${kroner(total)} kommer i en egen e-post.\n\nVelkommen!`;
    outbox.run('event', ev.number, null, email, confirmationDescription,
      JSON.stringify({ kind: 'message', cc: [], subject, text, html: null, attachments: [] }), `<kvitt.${randomUUID()}@kvitt.local>`);
    outbox.run('invoice', number, documentId, email, `Faktura ${number} sendt på e-post`, '{"htmlContent":null,"copy":false}', `<kvitt.${randomUUID()}@kvitt.local>`);
    audit.run('shipment', `event ${ev.number}`, 'queue', JSON.stringify([{ method: 'email', address: email }, { method: 'email', address: email, ref: `invoice ${number}` }]));
    participant.run(ev.number, seq, name, email, JSON.stringify({ name: party.name, address: party.address, zip: party.zip, city: party.city, country: null, orgNo: null, yourRef: null }),
      total, recipientNumber, documentId);
    audit.run('event-participant', `${ev.number}/${seq}`, 'signup', JSON.stringify({ status: 'registered', amount: total, discountCode: null, invoice: number }));
  });
  const group = raw.transaction((members: FloorParticipant[]) => {
    highest = Number(maxCustomer.get() ?? 0);
    for (const m of members) one(m); // nested: a SAVEPOINT each
  });
  return group;
}

/** The old floor: per participant the lock row's UPDATE and the participant's INSERT, nothing else. */
export function twoRowFloor(raw: SqliteDatabase.Database, eventNumber: number): (group: FloorParticipant[]) => void {
  const lock = raw.prepare('update events set signup_seq = signup_seq + 1 where number = ? returning signup_seq');
  const insert = raw.prepare(
    `insert into event_participants (event_number, number, status, name, email, mobile, invoice_party, discount_code, custom_values, amount, signed_up_at, updated_at)
     values (?, ?, 'registered', ?, ?, null, ?, null, '[]', 125000, '${NOW}', '${NOW}')`,
  );
  const one = raw.transaction(({ name, email, invoice }: FloorParticipant) => {
    const { signup_seq } = lock.get(eventNumber) as { signup_seq: number };
    insert.run(eventNumber, signup_seq, name, email, JSON.stringify(invoice));
  });
  return raw.transaction((members: FloorParticipant[]) => {
    for (const m of members) one(m);
  });
}
