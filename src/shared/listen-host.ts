const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether the callback listener may bind to this host: one address of this computer, written
 * plainly. Refused: every-address binds (0.0.0.0, ::, and spellings that mean them, like "0" or
 * "0x0"), broadcast, brackets, ports, spaces, CR/LF and anything else that is not a plain IPv4,
 * IPv6 or DNS name. The WHATWG URL parser (in Node and the browser alike) does the normalising,
 * so a shorthand that a resolver would read as another address does not match its own spelling.
 */
export function isListenHost(raw: string): boolean {
  if (raw.length === 0 || raw.length > 253 || /[^A-Za-z0-9.:-]/.test(raw)) return false;
  if (raw.includes(':')) return isListenIPv6(raw);
  let hostname: string;
  try {
    hostname = new URL(`http://${raw}/`).hostname;
  } catch {
    return false;
  }
  if (hostname !== raw.toLowerCase()) return false;
  const octets = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(hostname);
  if (octets) return octets[1] !== '0' && hostname !== '255.255.255.255';
  return hostname.split('.').every((label) => LABEL.test(label)) && !/^\d+$/.test(hostname.split('.').at(-1) ?? '');
}

function isListenIPv6(raw: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(`http://[${raw}]/`).hostname;
  } catch {
    return false;
  }
  return hostname !== '[::]' && hostname !== '[::ffff:0:0]';
}

export const LISTEN_HOST_MESSAGE =
  'Use one address of this computer, like 127.0.0.1 or its network address (192.168.1.20). 0.0.0.0 and :: (every address) are not allowed, so the listener is not open to every network.';
