export { startSandbox, type Sandbox, type StartOptions } from './server';
export type { SandboxOptions, SandboxOptionsInput, Faults } from './options';
export { TEST_SUFFIXES } from './scenarios';
