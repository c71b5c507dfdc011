/**
 * The allowed area graph of main/ and db/, written once, as data: test/architecture/import-graph.test.ts holds the real
 * import graph (dependency-cruiser) to it, and the table in docs/architecture.md ("Areas") is generated from it
 * (`npx tsx scripts/area-graph-doc.ts`; the test fails when the docs differ).
 *
 * Areas: `main/features/<x>/` is area x, `main/<folder>/` is that folder, `db/` is db; the files directly in `main/`
 * (the composition root: op-table.ts, task-table.ts, registrations.ts, app.ts, context.ts, ...) are `main`, which
 * imports every area and lends them the context; it is outside this table.
 */

/** The lower layers, and the only areas each may import. Every area above them may import them, file by file. */
export const LAYERS: Record<string, string[]> = {
  domain: [],
  db: [],
  push: [],
  render: ['domain'],
  ops: ['db', 'main'],
};

/**
 * The areas above the lower layers and the areas each imports, exactly (an edge added or gone fails until this table
 * says so). It must stay a DAG: a lower area that needs something of a higher one declares it (an interface, a
 * registration) and the composition root wires it (main/registrations.ts, main/task-table.ts).
 */
export const AREA_GRAPH: Record<string, string[]> = {
  accounting: ['settings'],
  audit: [],
  backups: ['audit'],
  bank: ['audit', 'invoices', 'settings'],
  common: ['audit'],
  documents: ['audit', 'common', 'products', 'settings'],
  dunnings: ['audit', 'common', 'documents', 'invoices', 'sending', 'settings'],
  events: ['audit', 'common', 'documents', 'invoices', 'products', 'recipients', 'sending', 'settings'],
  'first-day': ['audit', 'settings'],
  http: ['users'],
  invoices: ['audit', 'documents', 'products', 'sending', 'settings'],
  'migrate-data': [],
  offers: ['audit', 'common', 'documents', 'invoices', 'products', 'sending', 'settings'],
  'office-server': ['http'],
  overview: ['documents', 'invoices', 'offers'],
  products: ['audit'],
  recipients: ['audit', 'common', 'documents', 'invoices', 'settings'],
  recurring: ['audit', 'documents', 'products', 'sending', 'settings'],
  reports: ['accounting', 'audit', 'documents', 'events', 'invoices', 'recipients', 'sending', 'settings', 'workers'],
  seed: ['common', 'documents', 'events', 'invoices', 'offers', 'products', 'recipients', 'settings'],
  sending: ['audit', 'common', 'documents', 'settings', 'workers'],
  settings: ['audit', 'common'],
  users: ['audit', 'settings'],
  workers: [],
};

/**
 * Each area's entry file, the one file other areas import it through: `index.ts` in the area's folder, except where
 * named here (documents: its `core.ts`, the document core every kind builds on). An entry re-exports only files of its
 * own area, and no file of the area imports its own entry (so a barrel cannot close an import cycle). Type-only imports
 * count like any other. Not held to it:
 * - the lower layers (LAYERS): toolkits every area uses file by file; they import no area above them, so a deep import
 *   into them cannot tie areas together;
 * - in the composition root (`main`), which wires the areas: an area's operation lists (`*.ops.ts`, which only
 *   op-table.ts takes) and its worker tasks (`*-task.ts`, loaded alone, and lazily, in a worker thread). Putting them in
 *   the entries would make every importer of an area, and every worker thread, load its operations and tasks.
 */
export const ROOT_MAY_IMPORT = /\.ops\.ts$|-task\.ts$/;
export const ENTRY_FILE: Record<string, string> = { documents: 'core.ts' };

export function entryOf(area: string, path: string): string {
  const dir = path.startsWith('main/features/') ? `main/features/${area}` : `main/${area}`;
  return `${dir}/${ENTRY_FILE[area] ?? 'index.ts'}`;
}

/** The areas by level (0: imports no other area of the table; n: imports some of level n-1), names sorted in each. */
export function levelsOf(graph: Record<string, string[]>): string[][] {
  const level = new Map<string, number>();
  const of = (a: string, seen: string[] = []): number => {
    if (level.has(a)) return level.get(a)!;
    if (seen.includes(a)) throw new Error(`area loop: ${[...seen, a].join(' -> ')}`);
    const l = Math.max(-1, ...(graph[a] ?? []).map((b) => of(b, [...seen, a]))) + 1;
    level.set(a, l);
    return l;
  };
  for (const a of Object.keys(graph)) of(a);
  const out: string[][] = [];
  for (const [a, l] of level) (out[l] ??= []).push(a);
  return out.map((names) => names.sort());
}

export const DOC_BEGIN = '<!-- area-graph: generated from test/architecture/area-graph.ts by scripts/area-graph-doc.ts -->';
export const DOC_END = '<!-- /area-graph -->';

/** The table docs/architecture.md carries between DOC_BEGIN and DOC_END. */
export function areaGraphDoc(graph: Record<string, string[]> = AREA_GRAPH): string {
  const users = (a: string) => Object.keys(graph).filter((b) => graph[b].includes(a)).sort();
  const rows = levelsOf(graph).flatMap((names, l) =>
    names.map((a) => `| ${l} | \`${a}\` | ${graph[a].join(', ') || '—'} | ${users(a).join(', ') || '—'} |`),
  );
  const layers = Object.entries(LAYERS).map(([a, to]) => `\`${a}\`${to.length ? ` (imports ${to.join(', ')})` : ''}`);
  return [
    DOC_BEGIN,
    `Lower layers, which every area may import file by file: ${layers.join(', ')}.`,
    '',
    '| Level | Area | Imports (besides the lower layers) | Imported by |',
    '| --- | --- | --- | --- |',
    ...rows,
    DOC_END,
  ].join('\n');
}
