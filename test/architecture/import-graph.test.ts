/**
 * The import graph of main/ and db/ (dependency-cruiser) held to the allowed area graph, which is written once, as data,
 * in ./area-graph.ts (docs/architecture.md carries a table generated from it, checked here):
 * - the lower layers import only what LAYERS lets them (domain and db nothing, render the domain, ops db and the
 *   context): every area may use them;
 * - the areas above import each other exactly as AREA_GRAPH says, and AREA_GRAPH is a DAG: no two areas import each
 *   other, directly or round a loop. A lower area that needs something of a higher one declares it (an interface, a
 *   registration) and the composition root wires it (main/registrations.ts, main/task-table.ts);
 * - an area, the composition root included, imports another (not a lower layer) only through that area's entry file
 *   (ENTRY_FILE), type-only imports included; the composition root also takes operation lists and worker tasks
 *   (ROOT_MAY_IMPORT);
 * - no import cycle between files.
 * A failure names the imports that break a rule.
 */
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { AREA_GRAPH, areaGraphDoc, DOC_BEGIN, DOC_END, entryOf, LAYERS, levelsOf, ROOT_MAY_IMPORT } from './area-graph.js';

export function areaOf(path: string): string | null {
  const feature = /^main\/features\/([^/]+)\//.exec(path);
  if (feature) return feature[1];
  const folder = /^main\/([^/]+)\//.exec(path);
  if (folder) return folder[1];
  if (path.startsWith('db/')) return 'db';
  if (/^main\/[^/]+$/.test(path)) return 'main';
  return null;
}

/** The strongly connected parts (more than one file) of a graph given as adjacency lists (Tarjan, iterative). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work: Array<{ v: string; i: number }> = [{ v: start, i: 0 }];
    idx.set(start, index);
    low.set(start, index++);
    stack.push(start);
    on.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const next = (graph.get(top.v) ?? [])[top.i++];
      if (next !== undefined) {
        if (!idx.has(next)) {
          idx.set(next, index);
          low.set(next, index++);
          stack.push(next);
          on.add(next);
          work.push({ v: next, i: 0 });
        } else if (on.has(next)) low.set(top.v, Math.min(low.get(top.v)!, idx.get(next)!));
        continue;
      }
      work.pop();
      if (work.length) low.set(work[work.length - 1].v, Math.min(low.get(work[work.length - 1].v)!, low.get(top.v)!));
      if (low.get(top.v) === idx.get(top.v)) {
        const part: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          part.push(w);
        } while (w !== top.v);
        if (part.length > 1) out.push(part.sort());
      }
    }
  }
  return out;
}


let result: ICruiseResult;
const graph = new Map<string, string[]>();
beforeAll(async () => {
  // type-only imports count too: they tie the areas together for every reader and for the type check.
  result = (await cruise(['main', 'db'], { tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } }, undefined, {
    tsConfig: { fileName: 'tsconfig.json' },
  })).output as ICruiseResult;
  for (const m of result.modules) graph.set(m.source, m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve).map((d) => d.resolved));
}, 120_000);

describe('the import graph', () => {
  test('it was read: the operation table reaches every feature area', () => {
    const deps = graph.get('main/op-table.ts') ?? [];
    expect(new Set(deps.map(areaOf)).size).toBeGreaterThan(10);
    expect(graph.size).toBeGreaterThan(200);
  });

  /** Area edges, each with one import that makes it. */
  const areaEdges = () => {
    const edges = new Map<string, string>();
    for (const [from, deps] of graph) {
      const a = areaOf(from);
      for (const to of deps) {
        const b = areaOf(to);
        if (a && b && a !== b && !edges.has(`${a} ${b}`)) edges.set(`${a} ${b}`, `${from} -> ${to}`);
      }
    }
    return edges;
  };

  test('the lower layers import only what LAYERS allows', () => {
    const bad = [...areaEdges()].filter(([edge]) => {
      const [a, b] = edge.split(' ');
      return a in LAYERS && !LAYERS[a].includes(b);
    });
    expect(bad.map(([edge, why]) => `${edge}: ${why}`)).toEqual([]);
  });

  test('no two areas import each other, directly or round a loop: the area graph is a DAG', () => {
    const edges = areaEdges();
    const areas = new Map<string, string[]>();
    for (const e of edges.keys()) {
      const [a, b] = e.split(' ');
      if (a === 'main' || b === 'main') continue; // the composition root imports every area and lends them the context
      areas.set(a, [...(areas.get(a) ?? []), b]);
      if (!areas.has(b)) areas.set(b, []);
    }
    const loops = cyclesOf(areas).map((part) =>
      [...edges].filter(([e]) => part.includes(e.split(' ')[0]) && part.includes(e.split(' ')[1])).map(([e, why]) => `${e.replace(' ', ' -> ')}: ${why}`),
    );
    expect(loops).toEqual([]);
  });

  test("an area imports another only through that area's entry file (type-only imports too)", () => {
    const deep: string[] = [];
    for (const [from, deps] of graph) {
      const a = areaOf(from);
      if (!a) continue;
      for (const to of deps) {
        const b = areaOf(to);
        if (!b || b === a || b === 'main' || b in LAYERS) continue;
        if (a === 'main' && ROOT_MAY_IMPORT.test(to)) continue;
        if (to !== entryOf(b, to)) deep.push(`${from} -> ${to} (entry: ${entryOf(b, to)})`);
      }
    }
    expect(deep).toEqual([]);
  });

  test('an entry file re-exports its own area only, and its area does not import it', () => {
    const bad: string[] = [];
    for (const [from, deps] of graph) {
      const a = areaOf(from);
      if (!a || a === 'main' || a in LAYERS) continue;
      const entry = entryOf(a, from);
      if (from === entry) {
        for (const to of deps) if (areaOf(to) !== a && !(areaOf(to)! in LAYERS)) bad.push(`${from} re-exports or imports ${to}`);
      } else if (deps.includes(entry)) bad.push(`${from} imports its own area's entry ${entry}`);
    }
    expect(bad).toEqual([]);
  });

  test('the areas import each other exactly as AREA_GRAPH says (an edge added or gone: change the table)', () => {
    const edges = areaEdges();
    const upper = (a: string) => a !== 'main' && !(a in LAYERS);
    const areas = new Set([...graph.keys()].map(areaOf).filter((a): a is string => !!a && upper(a)));
    const unknownAreas = [...areas].filter((a) => !(a in AREA_GRAPH));
    const added = [...edges]
      .filter(([e]) => e.split(' ').every(upper) && !AREA_GRAPH[e.split(' ')[0]]?.includes(e.split(' ')[1]))
      .map(([e, why]) => `${e.replace(' ', ' -> ')}: ${why}`);
    const gone = Object.entries(AREA_GRAPH).flatMap(([a, to]) => to.filter((b) => !edges.has(`${a} ${b}`)).map((b) => `${a} -> ${b}`));
    const goneAreas = Object.keys(AREA_GRAPH).filter((a) => !areas.has(a));
    expect({ unknownAreas, added, gone, goneAreas }).toEqual({ unknownAreas: [], added: [], gone: [], goneAreas: [] });
  });

  test('AREA_GRAPH is a DAG, and docs/architecture.md carries its table (npx tsx scripts/area-graph-doc.ts)', () => {
    expect(() => levelsOf(AREA_GRAPH)).not.toThrow();
    expect(() => levelsOf({ a: ['b'], b: ['c'], c: ['a'] })).toThrow(/a -> b -> c -> a/);
    const docs = readFileSync('docs/architecture.md', 'utf8');
    const block = docs.slice(docs.indexOf(DOC_BEGIN), docs.indexOf(DOC_END) + DOC_END.length);
    expect(block).toBe(areaGraphDoc());
  });

  test('no import cycle between files (each named as the files it joins)', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  test('the cycle finder finds each cycle as its files, and nothing outside a cycle', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['f']], ['f', ['e']], ['g', ['a']]]);
    expect(cyclesOf(g).sort()).toEqual([['a', 'b', 'c'], ['e', 'f']]);
  });
});

describe("the renderer's import graph", () => {
  const screens = new Map<string, string[]>();
  beforeAll(async () => {
    const out = (await cruise(['renderer/src'], { tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' }, exclude: { path: 'node_modules' } }, undefined, {
      tsConfig: { fileName: 'tsconfig.json' },
    })).output as ICruiseResult;
    for (const m of out.modules) screens.set(m.source, m.dependencies.filter((d) => !d.coreModule && !d.couldNotResolve).map((d) => d.resolved));
  }, 120_000);

  test('it was read: the app shell reaches the screens', () => {
    expect(screens.size).toBeGreaterThan(100);
    expect([...screens.keys()].some((f) => f.startsWith('renderer/src/features/invoices/'))).toBe(true);
  });

  test('no import cycle between renderer files (each named as the files it joins)', () => {
    const own = new Map([...screens].filter(([f]) => f.startsWith('renderer/')).map(([f, deps]) => [f, deps.filter((d) => d.startsWith('renderer/'))]));
    expect(cyclesOf(own)).toEqual([]);
  });
});
