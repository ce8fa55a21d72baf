import { parseHarnessArgs } from './cli-args';
import { startHarness } from './start-harness';

// `npm run web`: a development and test tool, never part of the packaged app.
let args;
try {
  args = parseHarnessArgs(process.argv.slice(2));
} catch (e) {
  console.error(
    `web harness: ${e instanceof Error ? e.message : String(e)}\nusage: npm run web -- [--port 5317] [--data-dir DIR] [--accept-weak-token-protection]`,
  );
  process.exit(2);
}
const harness = await startHarness({ ...args, log: (line) => console.log(line) });
console.log(`data folder: ${harness.dataDir}`);
console.log(`listening on ${harness.url}`);
// For curl and scripts: the page gets this key by itself; any other caller must send it.
console.log(`ipc key for this run (header x-rechargedesk-key): ${harness.key}`);

const stop = () => {
  void harness.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
