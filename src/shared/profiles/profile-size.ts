/**
 * The largest profile file read (the largest built-in is about 28 KB): a bigger one is refused by
 * name. Apart from the schemas so that the window's first script can hold it without zod.
 */
export const MAX_PROFILE_CHARS = 64 * 1024;
