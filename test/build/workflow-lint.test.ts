import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWorkflowFolder, workflowLinter } from '../../src/build/workflow-lint';

// `npm run lint:workflows` is the only check the CI and release workflows get on this machine (no
// runner here can start them): it must catch a broken workflow, and pass the project's own.
const WORKFLOWS = resolve(import.meta.dirname, '../../.github/workflows');

const broken = `name: broken
on: pull_request
jobs:
  test:
    runs-on: \${{ matrix.os }}
    strategy:
      matrix:
        os: [ubuntu-latest]
    steps:
      - run: echo \${{ matrx.os }}
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
    timeout-minutes: ten
`;

describe('the workflow linter', () => {
  it('names a misspelt context and a wrong value, by line', async () => {
    const lint = await workflowLinter();
    const found = lint(broken, 'broken.yml').map((f) => `${f.line}:${f.kind}`);
    expect(found).toContain('10:expression');
    expect(found.some((f) => f.startsWith('14:'))).toBe(true);
  });

  it('passes the configuration variables context it is too old to know, and nothing near it', async () => {
    const lint = await workflowLinter();
    const uses = (name: string) =>
      `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "\${{ ${name}.URL }}"\n`;
    expect(lint(uses('vars'), 'vars.yml')).toEqual([]);
    expect(lint(uses('varz'), 'varz.yml').map((f) => f.kind)).toEqual(['expression']);
  });

  it('finds no problem in the project’s CI and release workflows', async () => {
    const { files, findings } = await lintWorkflowFolder(WORKFLOWS);
    expect(files).toEqual(['ci.yml', 'release.yml']);
    expect(findings).toEqual([]);
  });
});
