import { openProviderSession } from '../../../../src/main/core/session/provider-session';
import { EventBus } from '../../../../src/main/core/events/event-bus';
import { startCallbackListener } from '../../../../src/main/core/callback/callback-listener';
import { settingsSchema } from '../../../../src/shared/settings-schema';
import { createRng } from '../../../../src/sandbox/rng';
import { z } from 'zod';
import { crashDialect, crashOperators, isLibraryDialect } from './crash-library';
import { ownersEngine, ownersVersion, shopCredentials } from '../../../support/library-account';

// One life of the core in the crash test: open the live session (which reconciles what the last
// life left open), hear the provider's callbacks, then submit recharges (raising a complaint on
// some successes) until killed. `settle` mode instead waits, with no new recharges, until the
// poller has nothing left it can resolve, checks the day's successes once, and exits cleanly.
// A library dialect's account is set up as the shop sets it: the owner's version of the profile
// with its operator codes, an address per host (`hostsJson`), and every credential it declares.
const [dataDir, baseUrl, username, token, seedText, mode, callbackPort, dialectText, hostsJson] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string | undefined,
];
const dialect = crashDialect(dialectText);
const hostUrls = z.record(z.string(), z.url()).parse(JSON.parse(hostsJson ?? '{}'));
const library = isLibraryDialect(dialect) ? ownersEngine(ownersVersion(dialect, crashOperators(dialect))) : null;
const rng = createRng(Number(seedText));
const settings = settingsSchema.parse({
  version: 1,
  installPrefix: 'CRSH',
  poller: { firstCheckSeconds: 1, maxIntervalMinutes: 1, maxInFlight: 3, ratePerSecond: 50 },
  recharge: { duplicateWindowMinutes: 0 },
  // The provider's dialect: every never-twice rule must hold through each profile.
  provider: { baseUrl: '', username: '', profile: dialect },
});
const say = (line: string) => process.stdout.write(`${line}\n`);

const session = await openProviderSession(
  {
    mode: 'live',
    credentials: library ? shopCredentials(library, token, { url: baseUrl, username, hostUrls }) : { baseUrl, username, token },
  },
  {
    dataDir,
    settings: () => settings,
    events: new EventBus(),
    timeouts: { connectMs: 1000, headersMs: 400, bodyMs: 400, totalMs: 1500 },
    ...(library ? { profiles: () => library } : {}),
  },
);
const listener = await startCallbackListener({
  host: '127.0.0.1',
  port: Number(callbackPort),
  log: () => {},
  onHint: (refId) => {
    if (session.ledger.get(refId)) void session.poller.checkNow(refId, 'callback');
  },
});
say('ready');

// …5555 success, …0000 failure, …1111/…2222 pending then final, …4444 pending forever,
// …3333 success then reversed, …6666 success then refunded on complaint.
const SUFFIXES = ['5555', '0000', '1111', '2222', '4444', '3333', '6666', '', '', ''];
if (mode === 'settle') {
  // Everything still open must be either pending forever (…4444) or never seen by the provider.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const stillResolving = session.ledger
      .openTxns()
      .filter((t) => !t.number.endsWith('4444') && t.status !== 'Unknown' && t.status !== 'Submitting');
    if ((stillResolving.length === 0 && session.reconciler.pending === 0) || Date.now() > deadline) break;
  }
  // The shopkeeper's end-of-day "check now" on the day's successes: a reversal whose callback came
  // only while the core was dead is found here (counted, so the test shows how often that was).
  let found = 0;
  for (const t of session.ledger.history({ limit: 100_000, statuses: ['Success'] })) {
    if ((await session.poller.checkNow(t.refId, 'manual'))?.status === 'Refunded') found++;
  }
  say(`sweep:${found}`);
  await listener.close();
  await session.close();
  say('settled');
  process.exit(0);
}

for (;;) {
  const suffix = SUFFIXES[Math.floor(rng() * SUFFIXES.length)]!;
  const body = String(Math.floor(rng() * 1e8)).padStart(8, '0');
  const number = `9${(body + '7777').slice(0, 9 - suffix.length)}${suffix}`.slice(0, 10);
  say('phase:submit');
  try {
    const r = await session.recharge.submit({
      number,
      operator: 'JIO',
      amount: 10 + Math.floor(rng() * 90),
      confirmDuplicate: true,
      confirmOpen: true,
    });
    if (r.txn.status === 'Success' && suffix === '6666') {
      say('phase:complaint');
      await session.complaints.create(r.txn.refId, 'recharge not received');
    }
  } catch (e) {
    say(`refused:${(e as { code?: string }).code ?? 'error'}`);
  }
  say('phase:poll');
  await new Promise((r) => setTimeout(r, Math.floor(rng() * 40)));
}
