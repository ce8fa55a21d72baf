import { z } from 'zod';
import { recordSchema } from './state';

/** Parent → child: run a function (its source) with the child's window and stand-in. */
export const commandSchema = z.object({ id: z.number().int(), fn: z.string(), arg: z.unknown() });
export type Command = z.infer<typeof commandSchema>;

/** Child → parent: a record as it happens, or the answer to a command. */
export const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('record'), record: recordSchema }),
  z.object({ type: z.literal('answer'), id: z.number().int(), ok: z.boolean(), value: z.unknown(), error: z.string() }),
]);
export type ControlMessage = z.infer<typeof messageSchema>;
