import { afterAll, beforeAll, expect, test } from 'vitest';
import { recipient, startTestServer, type TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

// On PostgreSQL the creations really run at once (one connection each): without the numbering lock two of them would read
// the same highest number and one would fail on the unique customer number (409). On SQLite the one writer serialises them.
test('ten concurrent creations without a customer number: ten 201, ten different consecutive numbers', async () => {
  const results = await Promise.all(Array.from({ length: 10 }, (_, i) => s.json('/recipients/', { body: recipient({ name: `Samtidig ${i}` }) })));
  expect(results.map((r) => r.status), JSON.stringify(results.map((r) => r.body))).toEqual(Array(10).fill(201));
  const numbers = results.map((r) => (r.body as { customerNumber: string }).customerNumber);
  const sorted = numbers.map(Number).sort((a, b) => a - b);
  expect(new Set(numbers).size).toBe(10);
  expect(sorted[9] - sorted[0]).toBe(9);
});
