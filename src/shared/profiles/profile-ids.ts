/**
 * The ids of the profiles the app ships, for the settings file and the screens to name without
 * loading the profiles themselves (the window's first script stays small). A test keeps this list
 * equal to the profiles in `builtin-profiles.ts`.
 */
export const BUILTIN_PROFILE_IDS = ['document', 'caps-json', 'code-xml', 'hash-text', 'numeric-json', 'comma-line'] as const;
export type BuiltinProfileId = (typeof BUILTIN_PROFILE_IDS)[number];
export const DEFAULT_PROFILE_ID: BuiltinProfileId = 'document';

/** Shipped with the app (else imported by the owner, or unknown). */
export const isBuiltinProfile = (id: string): id is BuiltinProfileId => (BUILTIN_PROFILE_IDS as readonly string[]).includes(id);
