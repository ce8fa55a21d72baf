import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// CI runs the linter; this proves the rule it relies on is really there and bites.
describe('electron import boundary', () => {
  const eslint = new ESLint();
  const source = "import { app } from 'electron';\nimport Store from 'electron-store';\nexport { app, Store };\n";

  async function errorsFor(path: string): Promise<string[]> {
    const [result] = await eslint.lintText(source, { filePath: path });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it('fails files outside src/main/electron and src/preload that import electron or electron-store', async () => {
    for (const path of [
      'src/main/core/ledger.ts',
      'src/main/index.ts',
      'src/shared/money.ts',
      'src/renderer/app/App.tsx',
      'src/sandbox/server.ts',
    ]) {
      expect(await errorsFor(path), path).toHaveLength(2);
    }
  });

  it('allows them in the adapter folder and the preload', async () => {
    expect(await errorsFor('src/main/electron/settings-store.ts')).toEqual([]);
    expect(await errorsFor('src/preload/index.ts')).toEqual([]);
  });
});
