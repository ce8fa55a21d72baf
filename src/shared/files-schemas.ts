import * as z from 'zod';

const place = z.string().min(1).max(1000);

/**
 * Choosing a folder or a file for the shopkeeper: the OS dialog in the app. A shell without one
 * (the web harness) answers `browse` with a folder to start from, and the window shows its own
 * small browser over `files:list`. A typed path is always accepted as well.
 */
export const filesChannels = {
  choose: {
    request: z.strictObject({
      kind: z.enum(['folder', 'file']),
      /** The folder to start in (what the box holds now); '' for the shell's own choice. */
      start: z.string().max(1000).default(''),
    }),
    response: z.discriminatedUnion('way', [
      /** The OS dialog answered: the path, or null when the shopkeeper cancelled. */
      z.object({ way: z.literal('chosen'), path: z.string().nullable() }),
      z.object({ way: z.literal('browse'), folder: place }),
    ]),
  },
  list: {
    request: z.strictObject({ folder: place }),
    response: z.object({
      /** The folder listed, as an absolute path. */
      folder: z.string(),
      /** Its parent; null at the top of the drive. */
      parent: z.string().nullable(),
      /** Folders first, then files, by name; hidden ones left out; at most FOLDER_LIST_MAX. */
      entries: z.array(z.object({ name: z.string(), path: z.string(), kind: z.enum(['folder', 'file']) })),
      /** More entries than were sent. */
      more: z.boolean(),
    }),
  },
};

export const FOLDER_LIST_MAX = 500;
export type FileKind = z.infer<typeof filesChannels.choose.request>['kind'];
