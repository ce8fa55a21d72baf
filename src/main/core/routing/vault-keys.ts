import { accountIdSchema, type AccountId } from '../../../shared/routing/routing-schema';
import { FIRST_ACCOUNT_ID } from '../../../shared/routing/single-account';

/**
 * Where each account's token is kept in the vault's store. The first account keeps the key today's
 * one token already lives under, so turning several accounts on moves no secret: a token copied
 * and then deleted is a token a crash can lose. Every other account gets its own key from its id
 * (ids are lower-case letters, digits and dashes, so no id can name another's key).
 */
const LEGACY_TOKEN_KEY = 'token';

export function tokenKeyFor(account: AccountId): string {
  const id = accountIdSchema.parse(account);
  return id === FIRST_ACCOUNT_ID ? LEGACY_TOKEN_KEY : `token.${id}`;
}
