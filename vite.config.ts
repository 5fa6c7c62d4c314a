import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The libraries every page runs (React, React Router, TanStack Query, i18next) go in one chunk:
 * split by the bundler into a dozen files that every page loads anyway, they cost about 3 KB
 * gzip more (each file's imports and exports, and gzip starting afresh in each).
 */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [reactRouter()],
  publicDir: 'web/public',
  build: {
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: framework }] } } },
  },
});
