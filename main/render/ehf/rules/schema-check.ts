/**
 * The UBL 2.1 schema check of an EHF document by libxml2's xmllint compiled to WebAssembly (xmllint-wasm), run in this
 * thread: the wasm is compiled once, each check gets a fresh instance (xmllint exits after one run) with the built
 * schemas in its in-memory file system. The same checks as `xmllint --noout --schema` of validate-ehf.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

interface InputFile { fileName: string; contents: string }
type Factory = (opts: Record<string, unknown>) => Promise<unknown>;

let engine: { factory: Factory; wasm: WebAssembly.Module } | null = null;
const schemaFiles = new Map<string, InputFile[]>();

/**
 * xmllint-wasm's Emscripten module without its own worker wrapper (the package starts a new Worker per call, which is
 * most of its time): the module's factory, evaluated once from the package's file.
 */
function load(): { factory: Factory; wasm: WebAssembly.Module } {
  if (engine) return engine;
  const require = createRequire(import.meta.url);
  const dir = dirname(require.resolve('xmllint-wasm/package.json'));
  const file = join(dir, 'xmllint-node.js');
  let src = readFileSync(file, 'utf8');
  const cut = src.indexOf(';(function initWorker()');
  if (cut > 0) src = src.slice(0, cut);
  const mod = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('module', 'exports', 'require', '__filename', '__dirname', src)(mod, mod.exports, require, file, dir);
  const factory = mod.exports as Factory;
  if (typeof factory !== 'function') throw new Error('xmllint-wasm: its module factory was not found');
  return (engine = { factory, wasm: new WebAssembly.Module(readFileSync(join(dir, 'xmllint.wasm'))) });
}

function schemas(rulesDir: string, files: string[]): InputFile[] {
  let list = schemaFiles.get(rulesDir);
  if (!list) {
    list = files.map((f) => ({ fileName: f, contents: readFileSync(join(rulesDir, f), 'utf8') }));
    schemaFiles.set(rulesDir, list);
  }
  return list;
}

/** Runs xmllint once; its exit code and what it wrote to stderr. */
function xmllint(args: string[], files: InputFile[]): Promise<{ code: number; stderr: string }> {
  const { factory, wasm } = load();
  return new Promise((resolve, reject) => {
    let stderr = '';
    let done = false;
    const finish = (code: number) => {
      if (done) return;
      done = true;
      resolve({ code, stderr });
    };
    factory({
      inputFiles: files,
      arguments: args,
      print: () => undefined,
      printErr: (t: string) => (stderr += `${t}\n`),
      onExit: finish,
      onAbort: (reason: unknown) => !done && ((done = true), reject(new Error(`xmllint-wasm aborted: ${String(reason)}`))),
      wasmMemory: new WebAssembly.Memory({ initial: 256, maximum: 4096 }),
      instantiateWasm: (imports: WebAssembly.Imports, ready: (i: WebAssembly.Instance, m: WebAssembly.Module) => void) => {
        WebAssembly.instantiate(wasm, imports).then((instance) => ready(instance, wasm), reject);
        return {};
      },
    }).then(() => finish(0), (e: unknown) => (done ? undefined : e && typeof e === 'object' && 'status' in e ? finish(Number((e as { status: number }).status)) : reject(e)));
  });
}

/**
 * The schema's complaints about one document (empty when it is valid), each as xmllint words it without file and line.
 * `schema` is the main schema's path inside the rules folder, `files` every schema file there.
 */
export async function schemaProblems(xml: string, rulesDir: string, schema: string, files: string[]): Promise<string[]> {
  const doc = 'ehf.xml';
  const { code, stderr } = await xmllint(['--noout', '--nonet', '--schema', schema, doc], [...schemas(rulesDir, files), { fileName: doc, contents: xml }]);
  const lines = stderr.split('\n').filter((l) => l.trim() && !/fails to validate|validates$/.test(l));
  if (code === 0) return [];
  if (!lines.length) lines.push(`xmllint ended with ${code}`);
  return lines.map((l) => l.replace(/^ehf\.xml:\d+:\s*/, ''));
}
