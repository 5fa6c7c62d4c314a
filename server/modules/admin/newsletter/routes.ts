import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  AdminError,
  Done,
  Issue,
  IssueBody,
  IssueList,
  IssuePreview,
  IssuePreviewQuery,
  IssueSendBody,
} from '../../../../common/admin-api.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import {
  createIssue,
  defaultRatePerMinute,
  findIssues,
  issueContent,
  issueMail,
  missingItems,
  queueTestMails,
  startSending,
  updateIssue,
} from './repository.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError, 409: AdminError };
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });

/** Newsletter issues: compose, preview, a test to oneself, and sending to every confirmed subscriber. */
export const newsletterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const one = async (id: number) => {
    const [issue] = await findIssues(app.db, id);
    if (!issue) throw staffNotFound(`newsletter issue ${id}`);
    return issue;
  };
  const checkItems = async (body: IssueBody) => {
    for (const [table, ids] of [
      ['news', body.news_ids],
      ['events', body.event_ids],
    ] as const) {
      const missing = await missingItems(app.db, table, ids);
      if (missing.length) {
        throw staffError(
          400,
          'issue_items_missing',
          `body ${table === 'news' ? 'news_ids' : 'event_ids'}: no published ${table} ${missing.join(', ')}`,
          {
            field: table === 'news' ? 'news_ids' : 'event_ids',
          },
        );
      }
    }
  };

  app.get(
    '/newsletter/issues',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The newsletter’s issues, newest first, with their sending counts',
        response: { 200: IssueList, ...errors },
      },
    },
    async () => {
      const results = await findIssues(app.db);
      return { count: results.length, results };
    },
  );

  app.post(
    '/newsletter/issues',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'A new issue (a draft)',
        body: IssueBody,
        response: { 201: Issue, ...errors },
      },
    },
    async (request, reply) => {
      await checkItems(request.body);
      const id = await createIssue(app.db, request.body, staffOf(request).id);
      return reply.status(201).send(await one(id));
    },
  );

  app.get(
    '/newsletter/issues/:id',
    {
      config: { staff: 'editor' },
      schema: { tags, summary: 'One issue', params: IdParams, response: { 200: Issue, ...errors } },
    },
    (request) => one(request.params.id),
  );

  app.put(
    '/newsletter/issues/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Change a draft issue',
        params: IdParams,
        body: IssueBody,
        response: { 200: Issue, ...errors },
      },
    },
    async (request) => {
      const issue = await one(request.params.id);
      if (issue.status !== 'draft')
        throw staffError(409, 'issue_locked', 'this issue is being sent or was sent: it cannot change');
      await checkItems(request.body);
      await updateIssue(app.db, issue.id, request.body);
      return one(issue.id);
    },
  );

  app.get(
    '/newsletter/issues/:id/preview',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The issue’s mail as a subscriber of a language gets it',
        params: IdParams,
        querystring: IssuePreviewQuery,
        response: { 200: IssuePreview, ...errors },
      },
    },
    async (request) => {
      const issue = await one(request.params.id);
      const content = await issueContent(app.db, issue);
      const mail = issueMail(
        content,
        app.config.publicUrl,
        request.query.lang ?? 'ru',
        'preview@example.org',
        'preview-token',
      );
      return { subject: mail.subject, text: mail.text, html: mail.html ?? '' };
    },
  );

  app.post(
    '/newsletter/issues/:id/test',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Mail the issue to yourself, in every language (subject marked [test])',
        params: IdParams,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      const issue = await one(request.params.id);
      const content = await issueContent(app.db, issue);
      await queueTestMails(app.db, app.mail, content, app.config.publicUrl, staffOf(request).email);
      app.mail.kick();
      return { ok: true as const };
    },
  );

  app.post(
    '/newsletter/issues/:id/send',
    {
      // queues a mail per subscriber in one transaction: as long as it takes, like the mail queue
      config: { staff: 'editor', databaseWait: 'job' },
      schema: {
        tags,
        summary: 'Send the issue to every confirmed subscriber, through the mail queue at a set rate',
        description:
          'Each subscriber gets it once, in the language they subscribed in, with List-Unsubscribe and ' +
          'List-Unsubscribe-Post (RFC 8058). Asking again queues only the subscribers confirmed since.',
        params: IdParams,
        body: IssueSendBody,
        response: { 200: Issue, ...errors },
      },
    },
    async (request) => {
      const issue = await one(request.params.id);
      const rate = request.body.rate_per_minute ?? issue.rate_per_minute ?? defaultRatePerMinute;
      const queued = await startSending(app.db, app.mail, app.config.publicUrl, issue.id, rate);
      app.mail.kick();
      request.log.info({ issue: issue.id, queued, rate }, 'newsletter issue queued');
      return one(issue.id);
    },
  );
};
