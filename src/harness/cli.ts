import { parseHarnessArgs } from './cli-args';
import { startHarness } from './start-harness';
import { StartupError } from '../main/core/errors/startup-error';

// `npm run web`: a development and test tool, never part of the packaged app.
let args;
try {
  args = parseHarnessArgs(process.argv.slice(2));
} catch (e) {
  console.error(`web harness: ${e instanceof Error ? e.message : String(e)}\nusage: npm run web -- [--port 5317] [--data-dir DIR]`);
  process.exit(2);
}
let harness;
try {
  harness = await startHarness({ ...args, log: (line) => console.log(line) });
} catch (e) {
  // A start-up error already says what happened and what to do; anything else is shown as it is.
  console.error(
    `web harness could not start: ${e instanceof StartupError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
  );
  process.exit(1);
}
console.log(`data folder: ${harness.dataDir}`);
console.log(`listening on ${harness.url}`);

const stop = () => {
  void harness.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
