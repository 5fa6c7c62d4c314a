import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The libraries every page runs (React, React Router, TanStack Query, i18next) go in one chunk:
 * split by the bundler into a dozen files that every page loads anyway, they cost about 3 KB
 * gzip more (each file's imports and exports, and gzip starting afresh in each). Not TanStack's
 * several-queries hook: only the list pages use it (in the group, every page loaded its 1.2 KB).
 */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next)[\\/](?!.*[\\/](useQueries|queriesObserver)\.js$)/;

/**
 * The portal's own small modules that every page runs (the API client and its queries, web/lib with
 * the shared hooks and the icons, what the header and the cards know of the visitor's saved trip,
 * the picture) go in one `app` chunk for the same reason: split, they made a dozen files of a few
 * hundred bytes each. Nothing with styles: every lazily loaded chunk imports this one, and React
 * Router gives the style sheet of a chunk that is also loaded lazily a second address (`#`), so
 * the page would load it again with each of them.
 * Not web/lib/offline.ts: only the trip plan's page keeps pages for offline use (in the group, it
 * came with every page). Not web/lib/map/: the map's address and items, which the map and the detail
 * pages' map links use, not every page.
 */
const app =
  /[\\/]web[\\/]lib[\\/](?!offline\.ts|map[\\/])|[\\/]web[\\/]api[\\/](client|queries)|[\\/]common[\\/](languages|pages|urls)\.ts|[\\/]web[\\/]components[\\/]saved[\\/]store\.ts|preload-helper|[\\/]web[\\/]components[\\/]picture[\\/]/;

/**
 * The site's shell (header, footer, error page), with its styles, and what only it and a few pages
 * use (the search field, the feedback dialog's context): one chunk, where the search field was one
 * of its own. Not the menu's content (web/shell/menu-*) and the footer's (footer-content and the
 * components only they use), which load near the screen or at the first interaction; their CSS
 * modules are in the group, so that their styles come with the page, as their server HTML does.
 */
const shell =
  /[\\/]web[\\/]shell[\\/](?!menu-|footer-content|contact-list\.tsx|badge-widget\.tsx|social-links)|[\\/]web[\\/]components[\\/]search-field[\\/]|[\\/]web[\\/]features[\\/]feedback[\\/]feedback-context/;

/**
 * The home page's small modules that its route and its sections loaded near the screen share
 * (the sections' class names, whose styles come with the page, and their ids): one
 * chunk instead of one each.
 */
const homeShared =
  /[\\/]web[\\/](features[\\/]home[\\/](section|hobby-search|tourism-types)\.module\.css|features[\\/]home[\\/]section-ids\.ts|components[\\/]region-map[\\/]region-map\.module\.css)/;

export default defineConfig({
  plugins: [reactRouter()],
  publicDir: 'web/public',
  css: {
    modules: {
      // A component's class names are a hash of the module's path and the local name (the local
      // name itself stays readable in the source and the style sheet's source map): the names,
      // written in every element of a page and in each module's class map, were a tenth of a
      // detail page's HTML. The same hash on the server and in the browser.
      generateScopedName: '_[hash:base64:5]',
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework },
            { name: 'app', test: app },
            { name: 'shell', test: shell },
            { name: 'home-shared', test: homeShared },
          ],
        },
      },
    },
  },
});
