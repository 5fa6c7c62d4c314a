// Validates the demo content in content/data: `npm run content:check`.
import path from 'node:path';
import { ContentError, loadContent } from '../content/load.js';
import { contentDir } from '../server/paths.js';

try {
  const c = await loadContent(path.join(contentDir, 'data'));
  const counts = Object.entries(c)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.length : Object.keys(v as object).length}`)
    .join(', ');
  console.log(`content is valid: ${counts}`);
} catch (e) {
  if (e instanceof ContentError || e instanceof SyntaxError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
