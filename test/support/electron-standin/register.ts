/**
 * `node --import tsx --import ./register.ts out/main/index.js`: every `electron` import or
 * require of the process resolves to the stand-in, and a parent that forked this process can
 * watch what it records and drive its window (child-control.ts).
 */
import { registerHooks } from 'node:module';
import './child-control';

const esm = new URL('./index.ts', import.meta.url).href;
const cjs = new URL('./cjs-entry.cjs', import.meta.url).href;

registerHooks({
  resolve(specifier, context, next) {
    if (specifier !== 'electron') return next(specifier, context);
    const required = context.conditions?.includes('require') ?? false;
    return { url: required ? cjs : esm, format: required ? 'commonjs' : 'module', shortCircuit: true };
  },
});
