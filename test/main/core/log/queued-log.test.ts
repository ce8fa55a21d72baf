import { describe, expect, it } from 'vitest';
import { queuedLog } from '../../../../src/main/core/log/queued-log';

// The shop log's event lines are written just after the emit (a recharge is answered without
// waiting on its final log line), and never out of order with the log's other lines.

function recorder() {
  const lines: string[] = [];
  return { lines, log: { info: (m: string) => lines.push(`info ${m}`), error: (m: string) => lines.push(`error ${m}`) } };
}

const nextCheck = () => new Promise<void>((done) => setImmediate(done));

describe('queuedLog', () => {
  it('writes a queued line in the next check phase, in order, once', async () => {
    const { lines, log } = recorder();
    const q = queuedLog(log);
    q.later('txn:updated Submitting');
    q.later('txn:updated Success');
    expect(lines).toEqual([]);
    await nextCheck();
    expect(lines).toEqual(['info txn:updated Submitting', 'info txn:updated Success']);
    await nextCheck();
    expect(lines).toHaveLength(2);
  });

  it('writes the queued lines before any other line, and at flush', async () => {
    const { lines, log } = recorder();
    const q = queuedLog(log);
    q.later('txn:updated Submitting');
    q.error('recharge R1: the reply could not be saved; trying again');
    q.later('txn:updated Unknown');
    q.info?.('closing');
    q.later('txn:updated Success');
    q.flush();
    expect(lines).toEqual([
      'info txn:updated Submitting',
      'error recharge R1: the reply could not be saved; trying again',
      'info txn:updated Unknown',
      'info closing',
      'info txn:updated Success',
    ]);
    await nextCheck();
    expect(lines).toHaveLength(5);
  });

  it('queues nothing for a log without info lines', async () => {
    const errors: string[] = [];
    const q = queuedLog({ error: (m) => errors.push(m) });
    q.later('txn:updated Success');
    q.error('x');
    await nextCheck();
    expect(errors).toEqual(['x']);
  });
});
