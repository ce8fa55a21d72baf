// Zod-free, so the Settings screen (in the window's first script) can read them without the schemas.

/** Provider accounts a shop may keep. */
export const MAX_ACCOUNTS = 5;
/** A sale is sent at most this often in all, whatever the setting says (two providers and a spare). */
export const MAX_ATTEMPTS_CEILING = 3;
