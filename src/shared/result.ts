import * as z from 'zod';

/**
 * Every IPC answer is a Result, never a thrown error: an exception crossing the bridge loses its
 * meaning, while a code lets the renderer say what happened in the shopkeeper's language.
 */
export const ipcErrorSchema = z.object({
  code: z.string().min(1).max(64),
  message: z.string().max(2000),
});
export type IpcError = z.infer<typeof ipcErrorSchema>;

export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError };

export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

export function err(code: string, message: string): { ok: false; error: IpcError } {
  return { ok: false, error: { code, message } };
}

export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: ipcErrorSchema })]);
}
