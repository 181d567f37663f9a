import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import moduleBoundaries from './tools/eslint/module-boundaries.cjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      '.nx/**',
      'libs/contracts/src/generated/**',
      'packages/*/src/**',
      'packages/*/dist/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { workspace: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: {
      'workspace/module-boundaries': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    // The scan UI (apps/scan-ui): browser code, React components in TSX.
    files: ['apps/scan-ui/src/**/*.tsx', 'apps/scan-ui/src/**/*.ts'],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      // Node's globals do not exist in the browser bundle.
      'no-restricted-globals': ['error', 'process', 'require', '__dirname', 'Buffer'],
    },
  },
);
