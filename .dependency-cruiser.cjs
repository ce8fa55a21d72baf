// The floors of the code, lowest first. Each rule names what a floor may NOT lean on; together they
// read as the picture in docs/architecture.md:
//
//   src/shared          the ground: domain types, zod schemas, the IPC contract
//   main/core/errors    UserFacingError            (shared)
//   main/core/txn       records and transitions    (shared, errors)
//   main/core/<service> services behind ports      (the floors below)
//   main/core/ipc       router and handlers        (services, through small interfaces)
//   main/shell          the shell's rules as plain code (app://, start-up words): core, shared
//   main/core/create-core.ts, main/*.ts, main/electron, harness: composition roots (wire, don't decide)
//
// The renderer, the preload and the sandbox stand beside the main process and share only src/shared.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    rule('shared-is-the-ground', 'src/shared imports nothing else of ours', '^src/shared/', '^src/(?!shared/)'),
    rule(
      'errors-lean-on-shared-only',
      'core/errors may use src/shared only',
      '^src/main/core/errors/',
      '^src/(?!shared/|main/core/errors/)',
    ),
    rule(
      'txn-leans-on-errors-and-shared',
      'core/txn may use src/shared and core/errors only',
      '^src/main/core/txn/',
      '^src/(?!shared/|main/core/(errors|txn)/)',
    ),
    rule(
      'services-never-reach-up',
      "a service never imports the IPC surface or the core's wiring",
      '^src/main/core/(?!ipc/|create-core\\.ts)',
      '^src/main/core/(ipc/|create-core\\.ts)',
    ),
    rule('ipc-does-not-wire', 'the IPC surface does not build the core', '^src/main/core/ipc/', '^src/main/core/create-core\\.ts'),
    rule(
      'core-knows-no-root',
      'core never imports the sandbox, the harness, the UI, Electron adapters or the roots',
      '^src/main/core/',
      '^src/(sandbox|harness|renderer|preload)/|^src/main/(electron|adapters|shell)/|^src/main/[^/]+\\.ts$',
    ),
    rule(
      'adapters-are-leaves',
      'adapters implement core ports and lean on nothing else of ours',
      '^src/main/adapters/',
      '^src/(sandbox|harness|renderer|preload)/|^src/main/electron/',
    ),
    rule(
      'shell-rules-are-pure',
      "main/shell holds the shell's rules as plain code: never Electron, the sandbox or the harness",
      '^src/main/shell/',
      '^src/(sandbox|harness|renderer|preload)/|^src/main/electron/',
    ),
    rule(
      'electron-shell-stays-thin',
      'the Electron adapters never reach the sandbox, the harness or the UI',
      '^src/main/electron/',
      '^src/(sandbox|harness|renderer)/',
    ),
    rule(
      'renderer-only-through-contract',
      "the renderer talks to the main process only through src/shared's contract",
      '^src/renderer/',
      '^src/(?!renderer/|shared/)',
    ),
    rule('preload-only-contract', 'the preload exposes the contract and nothing else', '^src/preload/', '^src/(?!preload/|shared/)'),
    rule(
      'sandbox-stands-alone',
      'the sandbox plays the provider and knows nothing of the app',
      '^src/sandbox/',
      '^src/(?!sandbox/|shared/)',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a floor that needs an upper floor's types leans on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
    exclude: { path: '^(out|node_modules)/' },
  },
};

function rule(name, comment, from, to) {
  return { name, comment, severity: 'error', from: { path: from }, to: { path: to } };
}
