/**
 * Type-level test of answer codes, run by `npm run typecheck`: every `@ts-expect-error` below must be an error, or tsc
 * fails with "Unused '@ts-expect-error'". An OpError and the HTTP adapter's errorReply take a catalogue code and no
 * status; the status is the catalogue's, typed as the code's own. Nothing here runs.
 */
import type { FastifyReply } from 'fastify';
import { errorReply } from '../../main/http/results';
import { OpError } from '../../main/ops/errors';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

export function opErrorCases(reply: FastifyReply): void {
  // A catalogue code: its status is the catalogue's, known to the type system.
  const lost = new OpError('NOT_LOST', 'Invoice 1 is not marked as lost', [], { number: 1 });
  same<typeof lost.status, 409>(true);
  same<(typeof lost)['code'], 'NOT_LOST'>(true);

  // @ts-expect-error 'NO_SUCH_CODE' is not in the catalogue (main/ops/op-codes.ts)
  void new OpError('NO_SUCH_CODE', 'x');
  // @ts-expect-error the status is not written beside the code any more
  void new OpError(409, 'CONFLICT', 'x');
  // @ts-expect-error a plain string is not a code
  void new OpError('conflict' as string, 'x');

  errorReply(reply, 'METHOD_NOT_ALLOWED', 'PATCH is not allowed on /recipients/');
  // @ts-expect-error errorReply takes a catalogue code, its status from the catalogue
  errorReply(reply, 405, 'METHOD_NOT_ALLOWED', 'x');
  // @ts-expect-error 'TEAPOT' is not in the catalogue
  errorReply(reply, 'TEAPOT', 'x');
}
