// Prints the migration that adds a section of places, from its module: the `section` check with
// every section of the registry and the section's partial search indexes.
//   npx tsx scripts/section-migration.ts <slug> > server/db/migrations/NNN-<slug>.sql
import { isPlaceSection } from '../common/sections.js';
import { addSectionMigration } from '../server/db/section-sql.js';

const slug = process.argv[2] ?? '';
if (!isPlaceSection(slug)) {
  console.error(
    `usage: tsx scripts/section-migration.ts <slug>: "${slug}" is no section of places in common/sections.ts`,
  );
  process.exit(2);
}
process.stdout.write(addSectionMigration(slug));
