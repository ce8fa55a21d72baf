import { EventEmitter } from 'node:events';
import { z } from 'zod';

/**
 * Switches for the failures a real machine can have and a test wants to drive; read once from
 * ELECTRON_STANDIN_SWITCHES (JSON) in a child process, or set directly in-process.
 */
export const switchesSchema = z.strictObject({
  /** Another copy of the app already holds the single-instance lock. */
  secondInstance: z.boolean().default(false),
  /** safeStorage: working, no OS encryption at all, or a vault it can no longer decrypt. */
  safeStorage: z.enum(['available', 'unavailable', 'decrypt-fails']).default('available'),
  linuxBackend: z.string().default('gnome_libsecret'),
  /** The clipboard takes nothing (a Linux desktop with no clipboard owner does this silently). */
  clipboardFails: z.boolean().default(false),
  notificationsSupported: z.boolean().default(true),
  /** The button index every message box answers with. */
  messageBoxResponse: z.number().int().min(0).default(0),
  isPackaged: z.boolean().default(false),
  /**
   * What the open and save dialogs answer, in order, one per dialog shown: a path, or null for
   * Cancel. Once used up, every dialog is cancelled (a test that scripts none sees nothing chosen).
   */
  fileDialogAnswers: z.array(z.string().nullable()).default([]),
});
export type Switches = z.infer<typeof switchesSchema>;

/** What the app did to the outside world that a shopkeeper would see, in order. */
export const recordSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dialog'), method: z.string(), title: z.string(), message: z.string(), detail: z.string() }),
  z.object({ kind: z.literal('notification'), title: z.string(), body: z.string() }),
  z.object({ kind: z.literal('clipboard'), text: z.string() }),
  z.object({ kind: z.literal('shell'), method: z.string(), target: z.string() }),
  z.object({ kind: z.literal('app'), event: z.string(), detail: z.string() }),
  z.object({ kind: z.literal('window'), event: z.string(), url: z.string() }),
  z.object({ kind: z.literal('console'), level: z.string(), text: z.string() }),
  z.object({ kind: z.literal('exit'), code: z.number() }),
]);
export type StandInRecord = z.infer<typeof recordSchema>;

export class StandInState extends EventEmitter {
  switches: Switches = switchesSchema.parse({});
  readonly records: StandInRecord[] = [];
  /** How app.exit() ends: the real process in a child, a recorded call in-process. */
  exitProcess: (code: number) => void = (code) => process.exit(code);

  record(r: StandInRecord): void {
    this.records.push(r);
    this.emit('record', r);
  }
}

// One state per process, even if the stand-in is loaded twice (once by import, once by require).
const KEY = Symbol.for('rechargedesk.electron-standin.state');
const existing: unknown = Reflect.get(globalThis, KEY);
export const standIn: StandInState = existing instanceof StandInState ? existing : new StandInState();
Reflect.set(globalThis, KEY, standIn);

const fromEnv = process.env['ELECTRON_STANDIN_SWITCHES'];
if (fromEnv) standIn.switches = switchesSchema.parse(JSON.parse(fromEnv));

/** An Electron-style event whose default can be prevented. */
export interface PreventableEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}

export function preventableEvent<T extends object>(extra: T): PreventableEvent & T {
  const event = {
    ...extra,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}
