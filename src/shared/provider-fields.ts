import type { Paise } from './money';
import type { ParsedStatus } from './status';

/** What a provider answer says about one transaction, typed and in paise: the core's own view. */
export interface ProviderFields {
  readonly status: ParsedStatus;
  readonly message: string;
  readonly errorCode: string | null;
  readonly number: string;
  readonly amount: Paise | null;
  readonly operator: string;
  readonly refId: string;
  readonly txnId: string;
  readonly optId: string;
  readonly margin: Paise | null;
  readonly balance: Paise | null;
  readonly buyerBalance: Paise | null;
  readonly sellerBalance: Paise | null;
  readonly lienBalance: Paise | null;
  readonly complainId: string;
  readonly duplicate: boolean;
}
