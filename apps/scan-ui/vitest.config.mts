import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vitest/config';

const workspace = fileURLToPath(new URL('../..', import.meta.url));

/** Component tests (`*.spec.ts(x)` next to the code) in jsdom. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: { '@canton-scan/contracts/browser': `${workspace}libs/contracts/src/browser.ts` },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.spec.{ts,tsx}'],
    css: false,
    // The first render of a page (MUI's styles compiled) takes seconds on a shared, loaded machine.
    testTimeout: 60_000,
  },
});
