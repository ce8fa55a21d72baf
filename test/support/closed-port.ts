import { createServer } from 'node:net';

/** A loopback port with nothing listening on it: connecting is refused (a recharge that never left). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((r) => server.close(() => r()));
  return address.port;
}
