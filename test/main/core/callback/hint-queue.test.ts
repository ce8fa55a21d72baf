import { describe, expect, it } from 'vitest';
import { HintQueue } from '../../../../src/main/core/callback/hint-queue';

/** A check that stays under way until the test lets it end. */
function gatedChecks() {
  const started: string[] = [];
  const open: (() => void)[] = [];
  const check = (refId: string) => {
    started.push(refId);
    return new Promise<void>((resolve) => open.push(resolve));
  };
  const finishAll = async () => {
    for (const done of open.splice(0)) done();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { started, check, finishAll };
}

describe('callback hints', () => {
  it('per ref_id: one check under way, one waiting, the rest folded into it', async () => {
    let clock = 0;
    const g = gatedChecks();
    const q = new HintQueue({ check: g.check, log: () => {}, minGapMs: 5_000, now: () => clock });
    for (let i = 0; i < 1000; i++) q.hint('A');
    expect(g.started).toEqual(['A']);
    expect(q.size).toBe(2);
    await g.finishAll();
    // Not before the gap: a flood cannot turn into a check per answer.
    expect(g.started).toEqual(['A']);
    clock = 5_000;
    q.hint('B');
    expect(g.started).toEqual(['A', 'A', 'B']);
    await g.finishAll();
    expect(q.size).toBe(0);
    q.close();
  });

  it('a bounded queue over all ref_ids: beyond it hints are dropped and the log says so once', async () => {
    const g = gatedChecks();
    const logged: string[] = [];
    const q = new HintQueue({ check: g.check, log: (l) => logged.push(l), concurrency: 2, maxWaiting: 10 });
    for (let i = 0; i < 500; i++) q.hint(`R${i}`);
    expect(g.started).toEqual(['R0', 'R1']);
    expect(q.size).toBe(12);
    expect(logged).toHaveLength(1);
    await g.finishAll();
    expect(g.started.slice(2)).toEqual(['R2', 'R3']);
    q.hint('LATE');
    expect(logged.at(-1)).toMatch(/488 dropped/);
    q.close();
  });
});
