import * as z from 'zod';
import { outcome, outcomeSchema, type Outcome, type OutcomeCode, type OutcomeParams } from './outcomes/outcome-registry';

/**
 * Every IPC answer is a Result, never a thrown error: an exception crossing the bridge loses its
 * meaning, while an outcome (a registry code and its typed values) lets the renderer say what
 * happened in the shopkeeper's language.
 */
export const ipcErrorSchema = outcomeSchema;
export type IpcError = Outcome;

export type Result<T> = { ok: true; data: T } | { ok: false; error: IpcError };

export function ok<T>(data: T): Result<T> {
  return { ok: true, data };
}

export function err<C extends OutcomeCode>(code: C, params: OutcomeParams<C>): { ok: false; error: IpcError } {
  return { ok: false, error: outcome(code, params) };
}

export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), data }), z.object({ ok: z.literal(false), error: ipcErrorSchema })]);
}
