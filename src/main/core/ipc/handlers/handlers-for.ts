import type { Channel } from '../../../../shared/ipc/contract';
import type { Handler } from '../router';

/** The handlers of one domain (`txn:*`, `auth:*`, …): each domain's file answers exactly its channels. */
export type HandlersFor<Domain extends string> = {
  [C in Channel as C extends `${Domain}:${string}` ? C : never]: Handler<C>;
};
