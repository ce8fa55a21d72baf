import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { fileTempDir } from '../support/temp-dir';

// CI runs `npm run lint:layers` on src/; this proves each floor's rule bites on a real violation,
// written as files in a scratch tree shaped like ours.
const config: IConfiguration = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const root = fileTempDir('layers');

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function violations(files: Record<string, string>): Promise<string[]> {
  for (const [path, text] of Object.entries(files)) write(path, text);
  const result = await cruise(Object.keys(files), {
    baseDir: root,
    ruleSet: { forbidden: config.forbidden ?? [] },
    tsPreCompilationDeps: true,
    validate: true,
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

describe('layering rule', () => {
  it('fails a service that imports the IPC surface, even for a type only', async () => {
    expect(
      await violations({
        'src/main/core/ipc/router.ts': 'export type Router = { dispatch(): void };\n',
        'src/main/core/poller/poller.ts': "import type { Router } from '../ipc/router';\nexport const r: Router | null = null;\n",
      }),
    ).toEqual(['services-never-reach-up: src/main/core/poller/poller.ts -> src/main/core/ipc/router.ts']);
  });

  it('fails the core reaching the sandbox, shared reaching the core, and the renderer reaching main', async () => {
    const found = await violations({
      'src/sandbox/index.ts': 'export const startSandbox = 1;\n',
      'src/main/core/session/provider-session.ts':
        "import { startSandbox } from '../../../sandbox/index';\nexport const s = startSandbox;\n",
      'src/main/core/errors/user-facing-error.ts': 'export class UserFacingError extends Error {}\n',
      'src/shared/money.ts':
        "import { UserFacingError } from '../main/core/errors/user-facing-error';\nexport const e = UserFacingError;\n",
      'src/renderer/App.tsx':
        "import { UserFacingError } from '../main/core/errors/user-facing-error';\nexport const a = UserFacingError;\n",
    });
    expect(found.sort()).toEqual([
      'core-knows-no-root: src/main/core/session/provider-session.ts -> src/sandbox/index.ts',
      'renderer-only-through-contract: src/renderer/App.tsx -> src/main/core/errors/user-facing-error.ts',
      'shared-is-the-ground: src/shared/money.ts -> src/main/core/errors/user-facing-error.ts',
    ]);
  });

  it('lets a service use errors and txn, and the IPC surface use services', async () => {
    expect(
      await violations({
        'src/main/core/txn/txn-record.ts': 'export type TxnRecord = { id: number };\n',
        'src/main/core/ledger/ledger.ts': "import type { TxnRecord } from '../txn/txn-record';\nexport const rows: TxnRecord[] = [];\n",
        'src/main/core/ipc/handlers/txn.ts': "import { rows } from '../../ledger/ledger';\nexport const h = rows;\n",
      }),
    ).toEqual([]);
  });
});
