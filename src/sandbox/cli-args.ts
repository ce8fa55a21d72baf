import { parseArgs } from 'node:util';
import { sandboxOptionsSchema, DEFAULT_COMMISSION_BP, type SandboxOptions } from './options';

const STRING_FLAGS = [
  'port',
  'seed',
  'username',
  'token',
  'balance',
  'seller-balance',
  'profile',
  'dialect',
  'pending-ms',
  'plans',
  'script',
  'reversal-ms',
  'status-case',
  'error-style',
  'duplicate-ref-id',
  'same-number-window-ms',
  'callback-url',
  'callback-host',
  'callback-method',
  'callback-retries',
  'callback-timeout-ms',
  'commission',
  'state-file',
  'latency-ms',
  'jitter-ms',
  'fault-no-reply',
  'fault-refuse',
  'fault-reset',
  'fault-502',
  'fault-garbage',
  'fault-html',
] as const;
const BOOLEAN_FLAGS = ['accepted', 'html-content-type', 'help'] as const;

export const USAGE = `usage: npm run sandbox -- [options]
  --port N                 port on 127.0.0.1 (default: a free one)
  --seed N                 seed for the demo outcomes and faults (default 1)
  --username 10DIGITS      reseller username (default 9876543210)
  --token T                API token (default demo-token-not-secret)
  --balance RUPEES         opening buyer balance (default 5000)
  --profile demo|success   outcomes for non-test numbers (default demo)
  --dialect NAME           speak a provider profile's dialect: document (default),
                           caps-json, code-xml, hash-text, numeric-json, comma-line, or a
                           library provider: rechargeexchange, joloapi, rechargkit, rechapi,
                           apilogin, pinwallet
  --pending-ms N           Pending resolves after N ms (default 5000)
  --plans failure=1,pending-failure=2,...  what non-test numbers do, as weights per plan
                           (success, failure, pending-success, pending-failure, success-refund,
                           pending-forever, success-complaint-refund, failure-reversed, and the
                           changed answers of issue 35 below)
  --script PLAN,PLAN,...   the first recharges take these plans in order, whatever their numbers
  --reversal-ms N          a failure-reversed recharge turns Success N ms after its Failure (default 30000)
  changed answers (plans; the provider's books move only as its wallet allows):
    failure-reversed          Failure, then Success after --reversal-ms (on any attempt, the last too)
    refused-carried-out       a refusal (code 128), then carried out: Pending, Success after --reversal-ms
    refused-other-ref         a refusal naming another ref_id; ours was carried out (Success)
    refused-429               HTTP 429 with a refusal body; carried out (Success)
    gateway-504               a gateway's {"errorcode":"504"} (HTTP 504); carried out (Success)
    success-other-number      a Success naming another number; the status check names ours
    success-other-amount      a Success naming another amount; the status check names ours
    success-other-operator    a Success naming another operator; the status check names ours
    success-refund            Success, refunded after --pending-ms
    pending-failure-reversed  Pending, Failure after --pending-ms, Success after --reversal-ms more
    failure-reversed-refund   Failure, Success after --reversal-ms, Refunded after --pending-ms more
  (admin, while running: PUT /sandbox/plans, POST /sandbox/script; GET /sandbox/ lists the routes)
  --status-case title|upper|lower
  --accepted               answer Accepted instead of Pending on submit
  --error-style body|http  Error in a 200 body, or HTTP 4xx with FAILURE + errorcode
  --html-content-type      JSON replies sent as text/html
  --duplicate-ref-id reject|replay
  --same-number-window-ms N  reject same number+amount within N ms (code 110)
  --callback-url URL | --callback-host URL   where status updates go
  --callback-method GET|POST  --callback-retries N  --callback-timeout-ms N
  --commission JIO=2.5,AT=3  commission percent per operator
  --state-file PATH        keep state in SQLite across restarts
  --latency-ms N --jitter-ms N
  --fault-refuse F         recharges turned away unprocessed (code 128, as a wallet too low would)
  --fault-no-reply F --fault-reset F --fault-502 F --fault-garbage F --fault-html F  (fractions 0..1)`;

function num(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`not a number: ${v}`);
  return n;
}

function commission(v: string | undefined): Record<string, number> | undefined {
  if (v === undefined) return undefined;
  const out = { ...DEFAULT_COMMISSION_BP };
  for (const part of v.split(',')) {
    const [code, pct] = part.split('=');
    const value = num(pct);
    if (!code || value === undefined) throw new Error(`--commission wants CODE=PERCENT pairs, got ${part}`);
    out[code.trim().toUpperCase()] = Math.round(value * 100);
  }
  return out;
}

function plans(v: string | undefined): Record<string, number> | undefined {
  if (v === undefined) return undefined;
  const out: Record<string, number> = {};
  for (const part of v.split(',')) {
    const [plan, weight] = part.split('=');
    const value = num(weight);
    if (!plan || value === undefined) throw new Error(`--plans wants PLAN=WEIGHT pairs, got ${part}`);
    out[plan.trim()] = value;
  }
  return out;
}

/** Turns command-line flags into validated sandbox options; unknown flags are an error. */
export function parseSandboxArgs(argv: string[]): SandboxOptions | 'help' {
  const { values: v } = parseArgs({
    args: argv,
    options: {
      ...Object.fromEntries(STRING_FLAGS.map((f) => [f, { type: 'string' as const }])),
      ...Object.fromEntries(BOOLEAN_FLAGS.map((f) => [f, { type: 'boolean' as const }])),
    },
    strict: true,
    allowPositionals: false,
  });
  if (v['help']) return 'help';
  const s = (k: string) => {
    const value = v[k];
    return typeof value === 'string' ? value : undefined;
  };
  const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined));
  return sandboxOptionsSchema.parse(
    clean({
      port: num(s('port')),
      seed: num(s('seed')),
      username: s('username'),
      token: s('token'),
      balance: num(s('balance')),
      sellerBalance: num(s('seller-balance')),
      profile: s('profile'),
      dialect: s('dialect'),
      pendingMs: num(s('pending-ms')),
      plans: plans(s('plans')),
      script: s('script')
        ?.split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      reversalMs: num(s('reversal-ms')),
      statusCase: s('status-case'),
      accepted: v['accepted'] === true ? true : undefined,
      errorStyle: s('error-style'),
      htmlContentType: v['html-content-type'] === true ? true : undefined,
      duplicateRefId: s('duplicate-ref-id'),
      sameNumberWindowMs: num(s('same-number-window-ms')),
      callbackUrl: s('callback-url'),
      callbackHost: s('callback-host'),
      callbackMethod: s('callback-method')?.toUpperCase(),
      callbackRetries: num(s('callback-retries')),
      callbackTimeoutMs: num(s('callback-timeout-ms')),
      commissionBp: commission(s('commission')),
      stateFile: s('state-file'),
      faults: clean({
        latencyMs: num(s('latency-ms')),
        jitterMs: num(s('jitter-ms')),
        noReply: num(s('fault-no-reply')),
        refuse: num(s('fault-refuse')),
        resetAfter: num(s('fault-reset')),
        badGateway: num(s('fault-502')),
        garbage: num(s('fault-garbage')),
        htmlError: num(s('fault-html')),
      }),
    }),
  );
}
