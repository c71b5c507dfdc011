/** Shared pieces of the benchmarks (not a benchmark itself). */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
export const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
export const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024)} MB`;

export interface ServerChild {
  proc: ChildProcess;
  port: number;
  ask<T = any>(msg: unknown, key: string): Promise<T>;
  /** CPU time (user + system) the server process has used so far, in milliseconds. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts test/bench/server.child.ts in its own Node process (as a user runs the server); `nodeArgs` e.g. --cpu-prof. */
export async function startChild(mode: 'kvitt' | 'bare' | 'fastify', dbFile = '', nodeArgs: string[] = []): Promise<ServerChild> {
  const proc = fork(resolve(ROOT, 'test/bench/server.child.ts'), [mode, dbFile], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', '--expose-gc', ...nodeArgs],
    env: { ...process.env, KVITT_API_KEY: KEY, KVITT_TODAY: '2026-03-15' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((res, rej) => {
    proc.once('message', (m: any) => res(m.port));
    proc.once('exit', (code) => rej(new Error(`server child exited with ${code}`)));
  });
  const ask = <T>(msg: unknown, key: string) =>
    new Promise<T>((res) => {
      const on = (m: any) => {
        if (m && key in m) {
          proc.off('message', on);
          res(m[key]);
        }
      };
      proc.on('message', on);
      proc.send(msg as any);
    });
  return {
    proc,
    port,
    ask,
    cpuMs: async () => {
      const c = await ask<{ user: number; system: number }>('cpu', 'cpu');
      return (c.user + c.system) / 1000;
    },
    stop: () =>
      new Promise<void>((res) => {
        if (proc.exitCode !== null) return res();
        proc.once('exit', () => res());
        proc.disconnect();
      }),
  };
}

/** One HTTP request over loopback; resolves with status and body text. */
export function httpRequest(opts: { port: number; path: string; method?: string; headers?: Record<string, string>; body?: string | Buffer; agent?: Agent }): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port: opts.port, path: opts.path, method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => res({ status: r.statusCode!, body: Buffer.concat(chunks).toString('utf8'), headers: r.headers }));
    });
    req.on('error', rej);
    req.end(opts.body);
  });
}

/** `total` GETs of `path` with `concurrency` keep-alive connections; returns requests per second. */
export async function loadGet(port: number, path: string, headers: Record<string, string>, total: number, concurrency: number): Promise<{ rps: number; seconds: number; bytes: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let started = 0;
  let bytes = 0;
  const worker = async () => {
    while (started < total) {
      started++;
      const r = await httpRequest({ port, path, headers, agent });
      if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 200)}`);
      bytes += r.body.length;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { rps: total / seconds, seconds, bytes };
}

/**
 * Pins every thread of process `pid` to the given CPUs (`taskset -a -p -c`; threads started later inherit it), so two
 * servers measured against each other run on the same core. Answers false when taskset is missing or refuses.
 */
export function pinProcess(pid: number, cpuList: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Milliseconds of CPU (user + system) this process has used. */
export const selfCpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
