/**
 * Type-level test of the report operations (main/features/reports/reports.ops.ts), run by `npm run typecheck`: each is
 * in the operation table's types like any other, so `call` checks its name, its path number and its query against the
 * report's own parameters. Every `@ts-expect-error` below must be an error. Nothing here runs.
 */
import { call, save } from '../../renderer/src/api/client';
import type { FileValue, InputOf, OutputOf } from '../../renderer/src/api/op-types';
import type { ReportQuery } from '../../renderer/src/features/reports/reports-api';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

export async function reportCallCases(): Promise<void> {
  // A report answers its file; its column descriptors are typed too.
  const file = await call('reports.invoices', { query: { format: 'CSV', columns: 'number,total', from: '2026-01-01', to: '2026-12-31', paid: 'LOST' } });
  same<typeof file, FileValue>(true);
  const columns = await call('reports.invoicesColumns', { query: { lang: 'nb' } });
  same<typeof columns, OutputOf<'reports.invoicesColumns'>>(true);
  const key: string = columns[0].key;
  void key;

  // The query is the report's own parameters, each with its type.
  same<NonNullable<InputOf<'reports.vat'>['query']>['year'], number | undefined>(true);
  same<NonNullable<InputOf<'reports.invoices'>['query']>['recipientNumber'], number | undefined>(true);

  // @ts-expect-error a parameter no report has (fromDate is not from)
  await call('reports.invoices', { query: { format: 'CSV', columns: 'number', fromDate: '2026-01-01' } });
  // @ts-expect-error the VAT return takes year and term, not a period
  await call('reports.vat', { query: { format: 'JSON', from: '2026-01-01' } });
  // @ts-expect-error a number parameter given as text
  await call('reports.invoices', { query: { format: 'CSV', columns: 'number', recipientNumber: '12' } });
  // @ts-expect-error the sales ledger is of one customer: its path number is required
  await call('reports.recipientsSalesledger', { query: { format: 'CSV', columns: 'date' } });
  await call('reports.recipientsSalesledger', { params: { number: 12 }, query: { format: 'CSV', columns: 'date', from: '2026-01-01' } });
  // @ts-expect-error the payment-per-product reports have no column descriptors
  await call('reports.paymentsProductsColumns', { query: { lang: 'nb' } });
  // @ts-expect-error no such report
  await call('reports.invoicesByMonth', { query: { format: 'CSV' } });

  // Electron's save takes file operations only, checked the same way.
  await save('reports.saft', { query: { from: '2026-01-01', to: '2026-12-31' } });
  // @ts-expect-error reports.list answers JSON, not a file
  await save('reports.list', { query: { lang: 'nb' } });
  // @ts-expect-error a parameter the SAF-T export does not take
  await save('reports.saft', { query: { from: '2026-01-01', to: '2026-12-31', paid: 'true' } });

  // The report screen's query holds every report's parameters as typed by their operations.
  const q: ReportQuery = { format: 'CSV', year: 2026, labelNumber: '-1' };
  // @ts-expect-error year is a number
  const bad: ReportQuery = { year: '2026' };
  void q;
  void bad;
}
