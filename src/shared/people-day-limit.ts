/**
 * A busy counter's day is a few hundred sales; past this the owner's day list says it was cut. A
 * file of its own, without zod: the window's first script carries no schema (desk-api.ts).
 */
export const PEOPLE_DAY_LIMIT = 5000;
