import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig } from 'vite';

const workspace = fileURLToPath(new URL('../..', import.meta.url));

/** The scan explorer: static files in dist/apps/scan-ui that scan-api serves at `/`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@canton-scan/contracts/browser': `${workspace}libs/contracts/src/browser.ts` },
  },
  build: {
    outDir: `${workspace}dist/apps/scan-ui`,
    emptyOutDir: true,
    // scan-api serves the UI only when the build is complete (its manifest marks it built).
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  // `npx vite --config apps/scan-ui/vite.config.mts`: the UI against a local scan-api (npm start).
  server: { proxy: { '/api': 'http://localhost:5012' } },
});
