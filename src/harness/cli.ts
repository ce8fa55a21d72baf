import { rmSync } from 'node:fs';
import { parseHarnessArgs } from './cli-args';
import { planCliRun, rememberPort } from './cli-state';
import { startHarness } from './start-harness';
import { PROJECT_ROOT } from './project-root';
import { startupOutcome } from '../main/shell/startup-failure';
import { outcomeText } from '../shared/words/outcome-text';

// `npm run web`: a development and test tool, never part of the packaged app.
const USAGE =
  'usage: npm run web -- [--port 5317] [--data-dir DIR | --temp] [--accept-weak-token-protection] [--not-sent-after-seconds N] [--not-sent-lookups N] [--balance-every-seconds N] [--dialect NAME]';
let args;
try {
  args = parseHarnessArgs(process.argv.slice(2));
} catch (e) {
  console.error(`web harness: ${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  process.exit(2);
}
const plan = await planCliRun(args, PROJECT_ROOT);
let harness;
try {
  harness = await startHarness({
    port: plan.port,
    dataDir: plan.dataDir,
    acceptWeakTokenProtection: args.acceptWeakTokenProtection,
    notSentRule: args.notSentRule,
    demoDialect: args.demoDialect,
    balanceEveryMs: args.balanceEveryMs,
    // A throwaway folder is deleted on exit: its closing backup would have nowhere to go.
    closingBackupInChild: !plan.throwaway,
    log: (line) => console.log(line),
    // Printed as soon as the page can load: the page and the core start side by side.
    onListening: (url) => console.log(`listening on ${url}`),
    // A page opened with the process (as the app's window is) gets its files before the core's
    // modules hold the event loop; opened later, it finds the core open.
    coreWaitsForPageMs: 300,
  });
} catch (e) {
  // A start-up failure the core or the OS names (a StartupError, a full disk, a disk error) is said
  // in the catalogue's words; only one nobody recognises is shown as it is.
  const outcome = startupOutcome(null, e);
  const technical = e instanceof Error ? (e.stack ?? e.message) : String(e);
  console.error(`web harness could not start: ${outcome.code === 'start_failed' ? technical : outcomeText('en', outcome)}`);
  process.exit(1);
}
if (!plan.throwaway) rememberPort(plan.dataDir, Number(new URL(harness.url).port));
console.log(`data folder: ${harness.dataDir}${plan.throwaway ? ' (throwaway: deleted on exit)' : ''}`);
// For curl and scripts: the page gets this key by itself; any other caller must send it.
console.log(`ipc key for this run (header x-rechargedesk-key): ${harness.key}`);

const stop = () => {
  void harness.close().then(() => {
    if (plan.throwaway) rmSync(plan.dataDir, { recursive: true, force: true });
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
