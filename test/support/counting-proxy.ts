import { createServer, request } from 'node:http';
import { boundPort } from '../../src/shared/bound-port';

/**
 * A loopback front for a real provider (the sandbox) that counts what the app asks it, by the
 * request's path: a provider's limits are about requests that reach it, so they are counted there.
 */
export async function startCountingProxy(target: string) {
  const counts = new Map<string, number>();
  const to = new URL(target);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const out = request({ hostname: to.hostname, port: to.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${boundPort(server)}`,
    /** Requests whose path ends with `call` (`balance`, `statusByRefId`). */
    count: (call: string) => [...counts].filter(([p]) => p.endsWith(`/${call}`)).reduce((n, [, c]) => n + c, 0),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
