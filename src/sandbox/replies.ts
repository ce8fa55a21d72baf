import { paise, paiseToDecimalString } from '../shared/money';
import type { SandboxOptions } from './options';
import type { Rejection } from './errors';
import type { Account, Complaint, Txn } from './store';

export interface Reply {
  readonly httpStatus: number;
  readonly body: Record<string, unknown>;
  /** Sent as it is, in no dialect: a body from something in front of the provider (a gateway). */
  readonly raw?: string;
}

const money = (p: number) => paiseToDecimalString(paise(p));

/** Applies the deployment's letter case to a status word (Success / SUCCESS / success). */
export function cased(word: string, options: Pick<SandboxOptions, 'statusCase'>): string {
  if (options.statusCase === 'upper') return word.toUpperCase();
  if (options.statusCase === 'lower') return word.toLowerCase();
  return word;
}

/**
 * The transaction fields of section 2.1, every value a string. `balance` is the buyer balance
 * after this step; `margin_amount` is the commission earned, so zero unless the recharge stands.
 */
export function txnReply(
  txn: Txn,
  account: Account,
  options: SandboxOptions,
  extra: { onSubmit?: boolean; duplicate?: boolean } = {},
): Reply {
  const word = extra.onSubmit && txn.status === 'Pending' && options.accepted ? 'Accepted' : txn.status;
  const body: Record<string, unknown> = {
    status: cased(word, options),
    number: txn.number,
    amount: String(txn.amount / 100),
    operator: txn.operator,
    ref_id: txn.refId,
    txn_id: txn.txnId,
    opt_id: txn.optId,
    margin_amount: money(txn.status === 'Success' ? txn.margin : 0),
    balance: money(account.buyer),
    message: word === 'Accepted' ? 'We have accepted your request' : txn.message,
  };
  if (extra.duplicate) body['duplicate'] = true;
  return { httpStatus: 200, body };
}

export function balanceReply(account: Account, options: SandboxOptions): Reply {
  return {
    httpStatus: 200,
    body: {
      status: cased('Success', options),
      buyerBalance: money(account.buyer),
      sellerBalance: money(account.seller),
      lienBalance: money(account.lien),
      message: '',
    },
  };
}

export function complaintReply(complaint: Complaint, existing: boolean, options: SandboxOptions): Reply {
  return {
    httpStatus: 200,
    body: {
      status: cased('Success', options),
      message: existing ? 'Complaint already registered for this transaction' : 'Complaint registered',
      complain_id: complaint.complainId,
    },
  };
}

/** `Error` in a 200 body (the document), or HTTP 4xx with `FAILURE` and an error code (field notes). */
export function rejectionReply(rejection: Rejection, options: SandboxOptions): Reply {
  if (options.errorStyle === 'http') {
    return { httpStatus: rejection.httpStatus, body: { status: 'FAILURE', errorcode: rejection.code, message: rejection.message } };
  }
  return { httpStatus: 200, body: { status: cased('Error', options), message: rejection.message, errorcode: rejection.code } };
}
