import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's root folder, found the same way from the sources (tsx) and from the build (dist/). */
function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = path.join(projectRoot, 'server/db/migrations');
export const contentDir = path.join(projectRoot, 'content');
/** The icons of the types of tourism, served under /icons/: part of the portal, not of its demo content. */
export const iconsDir = path.join(projectRoot, 'server/modules/media/icons');
export const localesDir = path.join(projectRoot, 'locales');
