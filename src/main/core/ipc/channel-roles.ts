import type { Channel, ParsedRequestOf } from '../../../shared/ipc/contract';
import type { Role } from '../../../shared/lock-schemas';
import type { Settings } from '../../../shared/settings-schema';

/** What a role decision may look at besides the request. */
export interface RoleFacts {
  readonly settings: Settings;
}

/**
 * Every confirmation of `recharge:submit` that lets a recharge go out while the same one may already
 * have gone: each is the owner's above the owner's limit. `confirmMobileOnDth` is not one of them
 * (it is about where the number goes, not about sending twice).
 */
export const SEND_AGAIN_CONFIRMATIONS = [
  'confirmDuplicate',
  'confirmOpen',
] as const satisfies readonly (keyof ParsedRequestOf<'recharge:submit'>)[];

type Decision<C extends Channel> = Role | ((request: ParsedRequestOf<C>, facts: RoleFacts) => Role);

/**
 * Who may use each channel: the one table, checked by the router before any handler runs. Its type
 * names every channel of the contract, so a new channel without a decision does not compile.
 * Staff run the counter (recharge, check, complaints, receipts, history, reports to read); the
 * owner changes what the shop is (account, token, settings, PIN), recounts a closed day, and lets money
 * or the books leave or be replaced (exports, backups, restore, move to another PC).
 */
export const CHANNEL_ROLES: { readonly [C in Channel]: Decision<C> } = {
  'app:info': 'staff',
  'app:update': 'staff',
  // Support asks for it when something goes wrong; it holds no token, no PIN and numbers cut to 4 digits.
  'app:saveDiagnostics': 'staff',
  'app:notices': 'staff',
  'app:dismissNotice': 'staff',
  'app:practice': 'staff',
  // Restarting waits for no recharge in flight; it changes nothing of the shop's.
  'app:restartToUpdate': 'staff',
  'backup:status': 'staff',
  'backup:list': 'staff',
  'backup:run': 'owner',
  'backup:setFolder': 'owner',
  'backup:restore': 'owner',
  'backup:export': 'owner',
  'backup:import': 'owner',
  // A recharge that may go out a second time (over a duplicate warning, or while the number's
  // earlier one is unresolved), above the owner's limit, needs the owner.
  'recharge:submit': (r, { settings }) =>
    SEND_AGAIN_CONFIRMATIONS.some((flag) => r[flag]) && r.amount > settings.lock.duplicateOverrideRupees ? 'owner' : 'staff',
  // Which account takes a recharge, and every attempt of a sale: what the counter shows (issue 29).
  'recharge:route': 'staff',
  'txn:attempts': 'staff',
  // The counter takes the customer's money: staff record how it came and that UPI arrived.
  'sale:unreceived': 'staff',
  'sale:doubles': 'staff',
  // The owner's word that both providers were asked: a double is then told no more.
  'sale:doubleChecked': 'owner',
  'sale:markReceived': 'staff',
  // Money handed back (or kept as credit) after a failed recharge happens at the counter too.
  'sale:toGiveBack': 'staff',
  'sale:settle': 'staff',
  'sale:answerFix': 'staff',
  'txn:history': 'staff',
  'txn:get': 'staff',
  'txn:open': 'staff',
  'txn:check': 'staff',
  'txn:lastForNumber': 'staff',
  'txn:answerChange': 'staff',
  'balance:get': 'staff',
  'balance:refresh': 'staff',
  'balance:accounts': 'staff',
  'complaint:create': 'staff',
  'complaint:list': 'staff',
  'auth:status': 'staff',
  'auth:save': 'owner',
  'auth:clear': 'owner',
  // It sends a token to a server of the caller's choosing: part of changing the account.
  'auth:test': 'owner',
  'settings:get': 'staff',
  // Only the language may be switched by whoever is at the counter.
  'settings:update': (patch) => (Object.keys(patch).every((k) => k === 'language') ? 'staff' : 'owner'),
  'clipboard:write': 'staff',
  'report:summary': 'staff',
  'report:wallet': 'staff',
  // Who did what is the owner's to read: staff see no one's money (issue 38 item 2).
  'report:people': 'owner',
  'report:export': 'owner',
  'receipt:get': 'staff',
  'receipt:print': 'staff',
  // Reading the OS's printer names changes nothing; choosing one is a settings:update.
  'receipt:printers': 'staff',
  'dayclose:get': 'staff',
  'dayclose:list': 'staff',
  // Staff count the drawer and record the day's first closing blind; a recount beside it is the owner's.
  'dayclose:close': (r) => (r.recount ? 'owner' : 'staff'),
  'lock:status': 'staff',
  'lock:unlock': 'staff',
  'lock:lock': 'staff',
  'lock:touch': 'staff',
  // The first PIN is set by anyone (no PIN means everyone is owner); changing it needs the owner.
  'lock:setPin': 'owner',
  // The provider token is the proof here, checked by the lock service.
  'lock:resetPin': 'staff',
  // Who may sign in at the counter, and with which PIN: the owner's (issue 38).
  'lock:addPerson': 'owner',
  'lock:renamePerson': 'owner',
  'lock:resetPersonPin': 'owner',
  'lock:removePerson': 'owner',
  // The customer book is counter work: naming a regular, finding one, the list to call.
  'customer:get': 'staff',
  'customer:save': 'staff',
  'customer:find': 'staff',
  'customer:names': 'staff',
  'customer:due': 'staff',
  // Which profile reads the provider's answers is part of what the account is: the owner's.
  'profile:list': 'staff',
  'profile:check': 'owner',
  'profile:use': 'owner',
  // The workbench reads a pasted profile, sends the account's secret through it, and exports one: the owner's.
  'profile:bench': 'owner',
  'profile:test': 'owner',
  'profile:export': 'owner',
  'customer:atCounter': 'staff',
  'customer:validity': 'staff',
  // How long a pack lasts moves every customer's due date: a setting of the shop's.
  'customer:setValidity': 'owner',
  // The counter takes payments, corrects its own slips (a new entry, never an edit), writes
  // reminders and reads the dues; how much credit a customer may have is the owner's.
  'khata:get': 'staff',
  'khata:pay': 'staff',
  'khata:correct': 'staff',
  'khata:setLimit': 'owner',
  'khata:setLang': 'staff',
  'khata:dues': 'staff',
  'khata:reminder': 'staff',
  'shop:status': 'staff',
  // Where the books go and the database password: part of the account.
  'shop:configure': 'owner',
  'shop:history': 'staff',
  'shop:report': 'staff',
  // Every counter's expected cash and count: staff count their own drawer blind, so only the owner.
  'shop:day': 'owner',
  // Choosing and browsing folders serve the owner's backup and move-PC settings; a listing shows
  // the PC's file names, which staff have no need of.
  'files:choose': 'owner',
  'files:list': 'owner',
  // Which provider accounts exist, where each recharge goes and each account's token: the owner's,
  // as the one account of Settings is.
  'routing:get': 'owner',
  'routing:save': 'owner',
  'routing:resume': 'owner',
  'routing:setToken': 'owner',
};

export function requiredRole<C extends Channel>(channel: C, request: ParsedRequestOf<C>, facts: RoleFacts): Role {
  const decision: Decision<C> = CHANNEL_ROLES[channel];
  return typeof decision === 'function' ? decision(request, facts) : decision;
}
