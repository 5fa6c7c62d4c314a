import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'web',
  buildDirectory: 'dist/web',
  ssr: true,
} satisfies Config;
