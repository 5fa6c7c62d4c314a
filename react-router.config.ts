import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  // WEB_BUILD_DIR lets several builds live side by side (e.g. parallel checkouts); default dist/web.
  buildDirectory: process.env.WEB_BUILD_DIR || 'dist/web',
  ssr: true,
} satisfies Config;
