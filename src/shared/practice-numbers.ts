import * as z from 'zod';

/** What a practice number's recharge does in demo mode, as the practice provider plays it. */
export const PRACTICE_PLAYS = [
  'success',
  'failure',
  'pending-success',
  'pending-failure',
  'success-refund',
  'pending-forever',
  'success-complaint-refund',
] as const;

/** A number ending that always plays the same way, so a trainee can try each outcome on purpose. */
export const practiceNumberSchema = z.object({ ending: z.string().regex(/^\d{4}$/), plays: z.enum(PRACTICE_PLAYS) });
export type PracticeNumber = z.infer<typeof practiceNumberSchema>;
