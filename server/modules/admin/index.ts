import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validationName } from '../../lib/errors.js';
import { accountsRoutes } from './accounts/routes.js';
import { registerStaffGuard } from './auth/guard.js';
import { authRoutes } from './auth/routes.js';
import { exportRoutes } from './content/export.js';
import { importRoutes } from './content/import.js';
import { contentRoutes } from './content/routes.js';
import { startScheduler } from './content/scheduler.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { staffError } from './errors.js';
import { factsRoutes } from './facts/routes.js';
import { mediaLibraryRoutes } from './media/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { visitorMessagesRoutes } from './visitors/routes.js';

/**
 * Everything under /api/admin: the back office's API. Each route says who may call it
 * (`config.staff`), and the guard enforces it before anything else runs.
 */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A request the schemas refuse: the answer's message is the usual one (server/lib/errors.ts), and
  // the code and the value's name let the back office say it in its language.
  app.setSchemaErrorFormatter((errors) => {
    const first = errors[0];
    const field = first ? validationName(first) : '';
    return staffError(400, 'invalid_value', 'the request is not valid', { params: { field } });
  });
  registerStaffGuard(app);
  await app.register(authRoutes);
  await app.register(accountsRoutes);
  await app.register(settingsRoutes);
  await app.register(contentRoutes);
  await app.register(exportRoutes);
  await app.register(factsRoutes);
  await app.register(importRoutes);
  await app.register(visitorMessagesRoutes);
  await app.register(newsletterRoutes);
  await app.register(dashboardRoutes);
  await app.register(mediaLibraryRoutes);
  startScheduler(app);
};
