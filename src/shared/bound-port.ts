/**
 * The port a listening server was given (port 0 asks the OS to pick one). `address()` answers a
 * string for pipes and null before listening; neither can happen to our TCP servers once bound.
 */
export function boundPort(server: { address(): string | { port: number } | null }): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  return address.port;
}
