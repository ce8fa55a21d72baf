import { join } from 'node:path';
import { startSandbox, type Sandbox } from '../../../sandbox';
import type { EventBus } from '../ipc/event-bus';
import { Ledger } from '../ledger/ledger';
import type { TxnRecord } from '../ledger/ledger-types';
import { BalanceService } from '../balance/balance-service';
import { ComplaintService } from '../complaints/complaint-service';
import { Poller, type PollerSettings } from '../poller/poller';
import { createRefIdGenerator } from '../recharge/ref-id';
import { RechargeService } from '../recharge/recharge-service';
import { ResellerClient, DEFAULT_TIMEOUTS, type ClientTimeouts, type ProviderCredentials } from '../reseller/reseller-client';
import type { Settings } from '../../../shared/settings-schema';
import { Reconciler } from './reconciler';
import { notificationFor } from '../../../shared/notification-text';

export const DEMO_USERNAME = '9876543210';
const DEMO_TOKEN = 'demo-practice-token';

export type SessionSpec = { mode: 'demo' } | { mode: 'live'; credentials: ProviderCredentials };

export interface SessionOptions {
  dataDir: string;
  settings: () => Settings;
  events: EventBus;
  now?: () => number;
  timeouts?: ClientTimeouts;
  notify?: (title: string, body: string, txn: TxnRecord) => void;
  /** Demo sandbox pending delay; tests shorten it. */
  demoPendingMs?: number;
}

export interface ProviderSession {
  readonly mode: 'demo' | 'live';
  readonly username: string;
  readonly ledger: Ledger;
  readonly client: ResellerClient;
  readonly poller: Poller;
  readonly balances: BalanceService;
  readonly complaints: ComplaintService;
  readonly recharge: RechargeService;
  readonly reconciler: Reconciler;
  readonly sandbox: Sandbox | null;
  close(): Promise<void>;
}

function pollerSettings(s: Settings): PollerSettings {
  return {
    firstDelayMs: s.poller.firstCheckSeconds * 1000,
    maxDelayMs: s.poller.maxIntervalMinutes * 60_000,
    maxInFlight: s.poller.maxInFlight,
    ratePerSecond: s.poller.ratePerSecond,
    maxOpenAgeMs: s.poller.maxOpenHours * 3600_000,
  };
}

/** Demo and live never share a ledger: each has its own folder, live one per username. */
export function ledgerPath(dataDir: string, spec: SessionSpec): string {
  return spec.mode === 'demo'
    ? join(dataDir, 'demo', 'ledger.db')
    : join(dataDir, 'live', spec.credentials.username.replace(/[^0-9A-Za-z_-]/g, '_'), 'ledger.db');
}

/**
 * Everything that talks to one provider account: in demo mode the sandbox runs in-process on a
 * loopback port with a practice account (its state kept beside the demo ledger, so demo history
 * still reconciles after a restart).
 */
export async function openProviderSession(spec: SessionSpec, o: SessionOptions): Promise<ProviderSession> {
  const now = o.now ?? Date.now;
  let sandbox: Sandbox | null = null;
  let credentials: ProviderCredentials;
  if (spec.mode === 'demo') {
    sandbox = await startSandbox({
      stateFile: join(o.dataDir, 'demo', 'sandbox.db'),
      username: DEMO_USERNAME,
      token: DEMO_TOKEN,
      balance: 5000,
      pendingMs: o.demoPendingMs ?? 5000,
      seed: Math.floor(Math.random() * 1e9),
    });
    credentials = { baseUrl: sandbox.url, username: sandbox.credentials.username, token: sandbox.credentials.token };
  } else {
    credentials = spec.credentials;
  }

  const ledger = Ledger.open(ledgerPath(o.dataDir, spec), now());
  const client = new ResellerClient(() => credentials, o.timeouts ?? DEFAULT_TIMEOUTS);
  const reconciler = new Reconciler(ledger);
  const emitTxn = (txn: TxnRecord) => o.events.emit('txn:updated', { txn });

  const balances = new BalanceService({
    ledger,
    client,
    now,
    lowThreshold: () => o.settings().lowBalanceRupees * 100,
    onUpdate: (balance) => o.events.emit('balance:updated', { balance }),
    onLow: (buyer, threshold) => o.events.emit('balance:low', { buyer, threshold }),
  });

  const poller = new Poller({
    ledger,
    client,
    now,
    settings: () => pollerSettings(o.settings()),
    onChange: (before, after) => {
      if (before.status === after.status && before.attempts === after.attempts) return;
      emitTxn(after);
      if (after.balanceAfter !== null && after.status !== before.status) balances.noteReplyBalance(after.balanceAfter);
      const note = notificationFor(after, o.settings().language);
      if (note && before.status !== after.status) o.notify?.(note.title, note.body, after);
    },
    onConnection: (online) => o.events.emit('connection:changed', { online }),
    onChecked: (refId) => reconciler.checked(refId),
    sourceFor: (refId) => (reconciler.isWaiting(refId) ? 'reconcile' : 'poll'),
  });

  const recharge = new RechargeService({
    ledger,
    client,
    balances,
    newRefId: createRefIdGenerator(o.settings().installPrefix, now),
    now,
    settings: () => ({
      duplicateWindowMs: o.settings().recharge.duplicateWindowMinutes * 60_000,
      firstCheckMs: o.settings().poller.firstCheckSeconds * 1000,
    }),
    isReconciling: (number) => reconciler.isReconciling(number),
    scheduleChecks: () => poller.kick(),
    onChange: emitTxn,
  });

  reconciler.begin(now());
  poller.start();

  return {
    mode: spec.mode,
    username: credentials.username,
    ledger,
    client,
    poller,
    balances,
    complaints: new ComplaintService(ledger, client, now),
    recharge,
    reconciler,
    sandbox,
    async close() {
      poller.stop();
      await poller.idle();
      await client.close();
      await sandbox?.close();
      ledger.close({ check: true });
    },
  };
}
