import type { FastifyInstance } from 'fastify';

/** How often, while the server closes, the connections that have become idle are closed. */
const SWEEP_MS = 50;
/** After this long closing, whatever is still open (a download still streaming) is cut. */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Closing the server ends its connections promptly. Node's `server.close()` closes the keep-alive connections idle at
 * that moment only; one whose answer was still being written then (a request in flight, the push stream that preClose
 * ends) becomes idle a moment later and is kept open for `keepAliveTimeout` (72 s in fastify), holding `close()` that
 * long: `serve` stopped with Ctrl+C or SIGTERM while a GUI tab was open took over a minute to exit. So from preClose on,
 * the idle connections are closed every SWEEP_MS (an answer in flight is still written whole), and after `graceMs`
 * every connection left.
 */
export function closeConnectionsPromptly(app: FastifyInstance, graceMs = CLOSE_GRACE_MS): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
    const last = setTimeout(() => server.closeAllConnections(), graceMs);
    sweep.unref();
    last.unref();
    server.once('close', () => {
      clearInterval(sweep);
      clearTimeout(last);
    });
    done();
  });
}
