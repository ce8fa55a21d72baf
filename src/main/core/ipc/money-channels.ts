import type { Channel } from '../../../shared/ipc/contract';

/**
 * The channels that move or record money: a sale, a payment, a correction, a give-back, a close
 * count, a complaint. When the owner has named staff, none of them runs with nobody signed in
 * (issue 38): every one of them is to be someone's.
 */
export const MONEY_CHANNELS: ReadonlySet<Channel> = new Set<Channel>([
  'recharge:submit',
  'sale:markReceived',
  'sale:settle',
  'sale:answerFix',
  'sale:doubleChecked',
  'txn:answerChange',
  'khata:pay',
  'khata:correct',
  'dayclose:close',
  'complaint:create',
]);
