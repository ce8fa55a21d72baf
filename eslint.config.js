import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const electronImports = {
  paths: [
    { name: 'electron', message: 'Only src/main/electron and src/preload may import electron: keep the rest testable under Node.' },
    { name: 'electron-store', message: 'Only src/main/electron may import electron-store: use the SettingsStore port.' },
    { name: 'electron-updater', message: 'Only src/main/electron may import electron-updater: use the Updater port.' },
  ],
};

export default tseslint.config(
  { ignores: ['.tmp/**', 'out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', electronImports],
    },
  },
  {
    files: ['src/main/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The domain must run anywhere: in main, in the renderer, in the sandbox and in tests.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...electronImports, patterns: [{ group: ['node:*', 'react', 'react-dom'], message: 'src/shared is pure TypeScript.' }] },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronImports,
          patterns: [
            { group: ['node:*', '**/main/**', '**/sandbox/**', '**/harness/**'], message: 'The renderer talks only to window.desk.' },
          ],
        },
      ],
    },
  },
  {
    // Hooks called conditionally, or effects that miss a dependency, are bugs that only show
    // on a busy counter: stale balances, a form that keeps an old number.
    files: ['src/renderer/**/*.{ts,tsx}', 'test/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
