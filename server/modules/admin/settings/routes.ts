import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AdminError, AdminSettings } from '../../../../common/admin-api.js';
import { readSettings, writeSettings } from './repository.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError };

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/settings',
    {
      config: { staff: 'admin' },
      schema: { tags, summary: 'The settings admins change', response: { 200: AdminSettings, ...errors } },
    },
    () => readSettings(app.db),
  );
  app.patch(
    '/settings',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Change settings (only the fields sent)',
        body: Type.Partial(AdminSettings),
        response: { 200: AdminSettings, ...errors },
      },
    },
    (request) => writeSettings(app.db, request.body),
  );
};
