/**
 * The load generator of test/bench/recipient-get.bench.ts in its own Node process (not a benchmark itself), so it
 * neither shares a thread with the bench's bookkeeping nor with a server. Talks to the parent over IPC:
 *   {load: {port, path, headers, n, concurrency}} -> {load: {rps, seconds, cpuMs}}   n keep-alive GETs (lib.ts loadGet)
 * cpuMs is this process's CPU (user + system) during the slice: what generating the load cost.
 */
import { loadGet, selfCpuMs } from './lib.js';

interface Job {
  port: number;
  path: string;
  headers: Record<string, string>;
  n: number;
  concurrency: number;
}

process.on('message', (m: { load: Job }) => {
  const { port, path, headers, n, concurrency } = m.load;
  const c0 = selfCpuMs();
  loadGet(port, path, headers, n, concurrency).then(
    (r) => process.send!({ load: { rps: r.rps, seconds: r.seconds, cpuMs: selfCpuMs() - c0 } }),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
});
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
