import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The back office's browser app (react-admin): a build of its own, served by the server under
 * /admin (server/admin-web.ts) and loaded by no public page. ADMIN_BUILD_DIR lets several builds
 * live side by side, as WEB_BUILD_DIR does for the public site.
 */
const root = path.resolve(import.meta.dirname, 'web/admin');

/** react-admin's UI kit (MUI and its styling engine) in one chunk: it changes less often than our screens. */
const ui = /node_modules[\\/](@mui|@emotion|@popperjs|react-transition-group|stylis)[\\/]/;
/** React, the router and the query cache: the same in every release of the back office. */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack|react-hook-form)[\\/]/;

export default defineConfig({
  root,
  base: '/admin/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic' } },
  // `npm run dev:admin`: the back office with hot reload on its own port, its API calls passed to
  // the portal (`npm run dev`, PORT or 3000). Cookies are per host, not per port: the session works.
  server: {
    port: 5174,
    proxy: { '/api': `http://localhost:${process.env.PORT || 3000}` },
  },
  build: {
    target: 'es2022',
    outDir: path.resolve(import.meta.dirname, process.env.ADMIN_BUILD_DIR || 'dist/admin'),
    emptyOutDir: true,
    rolldownOptions: {
      // MUI's modules begin with "use client" (for React Server Components): meaningless in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework },
            { name: 'ui', test: ui },
          ],
        },
      },
    },
  },
});
