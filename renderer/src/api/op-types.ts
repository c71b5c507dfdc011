/**
 * The operation table's types as the renderer sees them: each operation's name, what `call` takes and what it answers.
 * Type-only imports: nothing of main/ reaches the renderer bundle (tsc and the build check it: test/types/call.test-d.ts).
 */
import type { EnvelopeValue, FileValue, PageValue } from '../../../main/ops/define';
import type { OpName, OpTypesByName } from '../../../main/op-table';

export type { FileValue, OpName, PageValue };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** One part of an input: absent when the operation has none, optional when every field of it is optional. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : {} extends T // eslint-disable-line @typescript-eslint/no-empty-object-type -- "all fields optional"
    ? { [P in K]?: T }
    : { [P in K]: T };

type Raw<N extends OpName> = OpTypesByName[N]['input'];

/** What `call(name, input)` takes: `{params, query, body}` as the operation's schemas state them; required parts required. */
export type InputOf<N extends OpName> = Simplify<
  Part<'params', Raw<N>['params']> & Part<'query', Raw<N>['query']> & Part<'body', Raw<N>['body']>
>;

/** The rest arguments of `call`: the input may be left out when no part of it is required. */
export type InputArgs<N extends OpName> = {} extends InputOf<N> ? [input?: InputOf<N>] : [input: InputOf<N>]; // eslint-disable-line @typescript-eslint/no-empty-object-type

/** Everything the operation may answer: a list is an array, or a page when `perPage` is given. */
export type AnyOutputOf<N extends OpName> = EnvelopeValue<OpTypesByName[N]['result']>;

/** What `call` answers without `perPage`: lists are whole arrays. */
export type OutputOf<N extends OpName> = Exclude<AnyOutputOf<N>, PageValue<unknown>>;

/** What `call` answers with `query.perPage`: a list's page (other operations answer as without). */
export type PagedOutputOf<N extends OpName> = [Extract<AnyOutputOf<N>, PageValue<unknown>>] extends [never]
  ? AnyOutputOf<N>
  : Extract<AnyOutputOf<N>, PageValue<unknown>>;

/** The item type of a list operation. */
export type ItemOf<N extends OpName> = OutputOf<N> extends (infer T)[] ? T : never;

/** The operations whose answer is a file (PDF, EHF, XLSX …). */
export type FileOpName = { [N in OpName]: AnyOutputOf<N> extends FileValue ? N : never }[OpName];

/** The file operations of one document, `{params: {number}}`: PDFs and EHFs of invoices, credit notes, offers … */
export type DocumentFileOpName = {
  [N in FileOpName]: InputOf<N> extends { params: { number: number } } ? ({ params: { number: number } } extends InputOf<N> ? N : never) : never;
}[FileOpName];

/** The operations that answer a page when asked with perPage (lists). */
export type ListOpName = { [N in OpName]: [Extract<AnyOutputOf<N>, PageValue<unknown>>] extends [never] ? never : N }[OpName];

/** Operation names grouped by area, for a screen's name table: `{…} as const satisfies OpTree` lets tsc check each leaf. */
export interface OpTree {
  readonly [key: string]: OpName | OpTree;
}

/** Operations named `<prefix>.<suffix>` whose name exists: `OpOf<'offers', 'pdf'>` is 'offers.pdf', a missing one never. */
export type OpOf<Prefix extends string, Suffix extends string> = Extract<`${Prefix}.${Suffix}`, OpName>;
