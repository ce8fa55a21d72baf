import * as z from 'zod';

const errorShape = z.looseObject({
  name: z.unknown(),
  message: z.unknown(),
  code: z.unknown(),
  cause: z.looseObject({ code: z.unknown() }).optional().catch(undefined),
});

export interface ErrorFacts {
  readonly name: string;
  readonly message: string;
  /** A Node or undici error code (`ECONNREFUSED`), from the error or its cause; '' when none. */
  readonly code: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * What can be read from anything thrown: libraries throw Errors, strings, or plain objects, and a
 * `catch` clause sees `unknown`. Reading it through one parser keeps casts out of every catch.
 */
export function errorFacts(e: unknown): ErrorFacts {
  const parsed = errorShape.safeParse(e);
  if (!parsed.success) return { name: '', message: typeof e === 'string' ? e : String(e), code: '' };
  const { name, message, code, cause } = parsed.data;
  return { name: text(name), message: text(message) || String(e), code: text(code) || text(cause?.code) };
}
