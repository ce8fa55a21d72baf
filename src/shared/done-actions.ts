/**
 * What a person's recorded action was (migration 22's done_by.action): the money actions, each
 * naming the row it wrote, and the changes to the shop's settings and accounts.
 */
export const DONE_ACTIONS = ['sale', 'money', 'fix', 'checked', 'close', 'complaint', 'settings', 'routing', 'account'] as const;
export type DoneAction = (typeof DONE_ACTIONS)[number];
