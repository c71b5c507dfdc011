/**
 * The response check itself (test/helpers/response-check.ts), which response-schemas.test.ts and every server under
 * KVITT_CHECK_RESPONSES=1 rely on: an answer that does not match its operation's output schema fails, naming that
 * operation, also where several operations share one schema (their validator is compiled once).
 */
import { describe, expect, it } from 'vitest';
import { checkResponse, opFor, ResponseMismatch } from '../helpers/response-check.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const column = { key: 'number', name: 'Nummer', preselected: true };

describe('the response check', () => {
  it('passes an answer that matches, fails one that does not, naming the operation asked', () => {
    for (const [path, name] of [
      ['/reports/invoices/availableColumns', 'reports.invoicesColumns'],
      ['/reports/openItems/availableColumns', 'reports.openItemsColumns'],
      ['/reports/invoices/availableColumns', 'reports.invoicesColumns'],
    ] as const) {
      expect(opFor('GET', path)?.name).toBe(name);
      expect(() => checkResponse('GET', path, 200, JSON_TYPE, [column])).not.toThrow();
      expect(() => checkResponse('GET', path, 200, JSON_TYPE, [{ ...column, preselected: 'ja' }])).toThrow(new RegExp(`^${name.replace('.', '\\.')} \\(GET ${path}\\) answered 200: does not match its output schema: .*preselected`));
      expect(() => checkResponse('GET', path, 200, JSON_TYPE, [{ key: 'number' }])).toThrow(ResponseMismatch);
    }
  });

  it('fails an invoice without its figures, and a success answer with another status than the operation states', () => {
    expect(() => checkResponse('GET', '/invoices/10001', 200, JSON_TYPE, { number: 10001 })).toThrow(/^invoices\.\w+ \(GET \/invoices\/10001\) answered 200: does not match/);
    expect(() => checkResponse('GET', '/reports/invoices/availableColumns', 201, JSON_TYPE, [column])).toThrow(/expected status 200/);
    expect(() => checkResponse('GET', '/invoices/10001', 404, JSON_TYPE, { code: 'NOT_FOUND' })).not.toThrow(); // errors are not success answers
  });
});
