import { startHarness } from '../../../../src/harness/start-harness';

// A second process holding a data folder, for the lock tests: prints "ready", closes cleanly when
// its stdin says "close" (tsx's loader turns SIGTERM into a plain kill, so a signal cannot ask).
const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: lock-child DIR');
const harness = await startHarness({ dataDir, build: false });
process.stdout.write('ready\n');
process.stdin.on('data', (d: Buffer) => {
  if (d.toString().includes('close')) void harness.close().then(() => process.exit(0));
});
