// Builds the portal when the build is missing or older than its sources (used by `npm start`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = [
  'server',
  'common',
  'content',
  'scripts',
  'web',
  'locales',
  'vite.config.ts',
  'vite.admin.config.ts',
  'react-router.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

function newest(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return /\.(ts|tsx|mts|json|css|svg|js|html)$/.test(p) ? st.mtimeMs : 0;
  let max = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'data') continue;
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

// The back office's bundle (vite.admin.config.ts) is part of the build: a build without it is old.
const complete = fs.existsSync(path.join(root, 'dist', 'admin', 'index.html'));
const built = complete ? (fs.statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0) : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (changed > built) {
  console.log(built ? 'sources changed: building…' : 'first start: building…');
  // A test runner's NODE_ENV=test must not leak into the bundle (React's development build).
  execSync('npm run build', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  fs.mkdirSync(path.dirname(stamp), { recursive: true });
  fs.writeFileSync(stamp, new Date().toISOString());
}
