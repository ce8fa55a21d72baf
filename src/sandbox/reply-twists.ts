import type { Reply } from './replies';

/**
 * What a dishonest or broken provider answers to a recharge it has carried out (issue 35 item 3):
 * the money moved as the plan says, the status check tells the truth, only the reply lies.
 *
 * - `refusal-other-ref`: a refusal (code 128) naming another ref_id.
 * - `refusal-429`: a rate limiter's HTTP 429 with a refusal body.
 * - `gateway-504-json`: a gateway's HTTP 504 with `{"errorcode":"504"}`, in no dialect.
 * - `success-other-number`, `success-other-amount`, `success-other-operator`: the true reply
 *   echoing another number (last digit changed), amount (₹1 more) or operator.
 */
export const REPLY_TWISTS = [
  'refusal-other-ref',
  'refusal-429',
  'gateway-504-json',
  'success-other-number',
  'success-other-amount',
  'success-other-operator',
] as const;
export type ReplyTwist = (typeof REPLY_TWISTS)[number];

/** The reply said instead; `raw`: written as it is, not in the wire's dialect. */
export interface Twisted {
  readonly reply: Reply;
  readonly raw: boolean;
}

const otherDigit = (s: string) => s.slice(0, -1) + String((Number(s.at(-1) ?? '0') + 1) % 10);

export function twistReply(twist: ReplyTwist | null, reply: Reply): Twisted | null {
  const body = reply.body;
  const refusal = { status: 'Error', errorcode: '128', message: 'Insufficient Fund' };
  switch (twist) {
    case null:
      return null;
    case 'refusal-other-ref':
      return { reply: { httpStatus: 200, body: { ...refusal, ref_id: otherDigit(String(body['ref_id'] ?? '0')) } }, raw: false };
    case 'refusal-429':
      return { reply: { httpStatus: 429, body: { status: 'Error', message: 'Too many requests' } }, raw: false };
    case 'gateway-504-json':
      return { reply: { httpStatus: 504, body: { errorcode: '504', message: 'Gateway Time-out' } }, raw: true };
    case 'success-other-number':
      return { reply: { ...reply, body: { ...body, number: otherDigit(String(body['number'] ?? '0')) } }, raw: false };
    case 'success-other-amount':
      return { reply: { ...reply, body: { ...body, amount: String(Number(body['amount'] ?? 0) + 1) } }, raw: false };
    case 'success-other-operator':
      return { reply: { ...reply, body: { ...body, operator: body['operator'] === 'AT' ? 'JIO' : 'AT' } }, raw: false };
  }
}
