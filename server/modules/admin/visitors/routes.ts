import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  AdminError,
  Done,
  EraseBody,
  Erased,
  ErasurePreview,
  FeedbackList,
  FeedbackListQuery,
  FeedbackMessage,
  FeedbackNote,
  FeedbackNoteBody,
  FeedbackReplyBody,
  FeedbackUpdateBody,
  SubscriberList,
  SubscriberListQuery,
} from '../../../../common/admin-api.js';
import { csvLine } from '../../../lib/csv.js';
import { maskEmail } from '../../../lib/mask.js';
import { fileResponse } from '../../../lib/openapi.js';
import { isEmail } from '../../visitors/routes.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import {
  addFeedbackNote,
  deleteSubscriber,
  eraseAddress,
  erasurePreview,
  feedbackMessage,
  keptAccount,
  listFeedback,
  listSubscribers,
  replyToFeedback,
  setFeedbackStatus,
} from './repository.js';

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }) });

/** The feedback inbox, the newsletter's subscribers and erasure on request. */
export const visitorMessagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * The Reply-To of a reply by `staff`: the From is the portal's no-reply address, so without it a
   * visitor who answers the reply writes to nobody.
   */
  const replyTo = (staff: { email: string }) =>
    app.config.mailReplyTo ?? app.config.feedbackTo ?? staff.email;
  /** A message as `request`'s member of staff sees it: with where an answer to their reply would go. */
  const message = async (request: FastifyRequest, id: number) => {
    const found = await feedbackMessage(app.db, id);
    if (!found) throw staffNotFound(`feedback message ${id}`);
    return { ...found, reply_to: replyTo(staffOf(request)) };
  };

  app.get(
    '/feedback',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The feedback inbox, newest first: by state and words',
        querystring: FeedbackListQuery,
        response: { 200: FeedbackList, ...errors },
      },
    },
    (request) => {
      const perPage = request.query.per_page ?? 25;
      return listFeedback(app.db, {
        ...(request.query.status ? { status: request.query.status } : {}),
        ...(request.query.q ? { q: request.query.q } : {}),
        limit: perPage,
        offset: ((request.query.page ?? 1) - 1) * perPage,
      });
    },
  );

  app.get(
    '/feedback/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'One message with the staff’s notes and replies',
        params: IdParams,
        response: { 200: FeedbackMessage, ...errors },
      },
    },
    (request) => message(request, request.params.id),
  );

  app.patch(
    '/feedback/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Set a message’s state: new, in progress, answered or spam',
        params: IdParams,
        body: FeedbackUpdateBody,
        response: { 200: FeedbackMessage, ...errors },
      },
    },
    async (request) => {
      if (!(await setFeedbackStatus(app.db, request.params.id, request.body.status)))
        throw staffNotFound(`feedback message ${request.params.id}`);
      return message(request, request.params.id);
    },
  );

  app.post(
    '/feedback/:id/notes',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'A note of the staff on a message (visitors never see it)',
        params: IdParams,
        body: FeedbackNoteBody,
        response: { 201: FeedbackNote, ...errors },
      },
    },
    async (request, reply) => {
      await message(request, request.params.id);
      const staff = staffOf(request);
      const note = await addFeedbackNote(app.db, request.params.id, staff.id, request.body.text.trim());
      return reply.status(201).send({
        id: note.id,
        kind: 'note' as const,
        text: request.body.text.trim(),
        created_at: note.created_at.toISOString(),
        staff: { id: staff.id, name: staff.name, email: staff.email },
      });
    },
  );

  app.post(
    '/feedback/:id/reply',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Reply to the sender by mail (through the mail queue); the message becomes answered',
        params: IdParams,
        body: FeedbackReplyBody,
        response: { 200: FeedbackMessage, ...errors },
      },
    },
    async (request) => {
      const original = await message(request, request.params.id);
      if (!original.email || !isEmail(original.email)) {
        throw staffError(
          400,
          'reply_nowhere',
          'the sender left no email address: there is nowhere to reply',
          {
            field: 'text',
          },
        );
      }
      const staff = staffOf(request);
      const text = request.body.text.trim();
      const quoted = original.message
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n');
      const subject =
        request.body.subject?.trim() ||
        (original.lang === 'ru'
          ? 'Ответ туристического портала Ленинградской области'
          : 'A reply from the Leningrad Region tourism portal');
      await replyToFeedback(app.db, app.mail, {
        feedbackId: original.id,
        staffId: staff.id,
        text,
        letter: { to: original.email, replyTo: original.reply_to, subject, text: `${text}\n\n${quoted}\n` },
      });
      app.mail.kick();
      request.log.info({ to: maskEmail(original.email), id: original.id }, 'feedback reply queued');
      return message(request, original.id);
    },
  );

  app.get(
    '/subscribers',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The newsletter’s subscribers, newest first: by address and state',
        querystring: SubscriberListQuery,
        response: { 200: SubscriberList, ...errors },
      },
    },
    (request) => {
      const perPage = request.query.per_page ?? 25;
      return listSubscribers(app.db, {
        ...(request.query.q ? { q: request.query.q } : {}),
        ...(request.query.state ? { state: request.query.state } : {}),
        limit: perPage,
        offset: ((request.query.page ?? 1) - 1) * perPage,
      });
    },
  );

  app.get(
    '/subscribers.csv',
    {
      // an export: every subscriber, however many, for staff who wait for the file
      config: { staff: 'editor', databaseWait: 'job' },
      schema: {
        tags,
        summary: 'The subscribers the filter picks, as CSV (UTF-8, a header row)',
        querystring: Type.Omit(SubscriberListQuery, ['page', 'per_page']),
        response: {
          200: fileResponse('the subscribers as CSV', ['text/csv'], { attachment: 'subscribers-{date}.csv' }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { results } = await listSubscribers(app.db, {
        ...(request.query.q ? { q: request.query.q } : {}),
        ...(request.query.state ? { state: request.query.state } : {}),
      });
      const lines = [
        csvLine(['id', 'email', 'lang', 'state', 'created_at', 'confirmed_at', 'unsubscribed_at']),
      ];
      for (const r of results)
        lines.push(
          csvLine([r.id, r.email, r.lang, r.state, r.created_at, r.confirmed_at, r.unsubscribed_at]),
        );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="subscribers-${day}.csv"`)
        .send(lines.join(''));
    },
  );

  app.delete(
    '/subscribers/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Remove a subscriber (no more mail; the address may subscribe again)',
        params: IdParams,
        response: { 200: Done, ...errors },
      },
    },
    async (request) => {
      if (!(await deleteSubscriber(app.db, request.params.id)))
        throw staffNotFound(`subscriber ${request.params.id}`);
      return { ok: true as const };
    },
  );

  /** The address of an erasure's body, checked: a 400 naming the field when it is no address. */
  const addressOf = (body: { email: string }) => {
    const email = body.email.trim();
    if (!isEmail(email))
      throw staffError(400, 'email_invalid', 'body email is not a valid email address', { field: 'email' });
    return email;
  };

  app.post(
    '/erase/preview',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'What an erasure of an email address would delete, without deleting anything',
        description:
          'Counts and the latest few of each: the subscription, the feedback messages with their notes, the ' +
          'mails to the address (sent or waiting) with the staff’s copies of its messages, and a staff account ' +
          'of the address (`blocked` says why the erasure would be refused: an active account, or your own). ' +
          'POST, so that the address is in no URL or access log.',
        body: EraseBody,
        response: { 200: ErasurePreview, 400: AdminError, 401: AdminError, 403: AdminError },
      },
    },
    async (request) => {
      const preview = await erasurePreview(app.db, addressOf(request.body));
      const blocked = preview.staff
        ? (keptAccount(preview.staff, staffOf(request).id)?.message ?? null)
        : null;
      return { ...preview, blocked };
    },
  );

  app.post(
    '/erase',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Erase everything stored about an email address, at its owner’s request',
        description:
          'Deletes the subscription, the feedback messages sent from the address with the notes on them, ' +
          'the mails to it (sent or waiting) with the staff’s copies of its messages, and a disabled staff ' +
          'account of the address (the history it made stays, naming no one). Cannot be undone. 409 (nothing ' +
          'deleted) when the address has an active staff account or is your own.',
        body: EraseBody,
        response: { 200: Erased, 400: AdminError, 401: AdminError, 403: AdminError, 409: AdminError },
      },
    },
    async (request) => {
      const email = addressOf(request.body);
      const erased = await eraseAddress(app.db, email, staffOf(request).id);
      request.log.info({ ...erased, email: maskEmail(email), by: staffOf(request).id }, 'address erased');
      return erased;
    },
  );
};
