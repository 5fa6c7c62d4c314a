import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, EventCard, EventDetail, ListOrPage } from '../../../common/api.js';
import { daysBetween, MAX_RANGE_DAYS } from '../../../common/date-presets.js';
import { sendAttachment } from '../../lib/download.js';
import { DownloadQuery, downloadLang } from '../../lib/download-query.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { notFoundOrGone } from '../../lib/gone.js';
import { eventToIcs } from '../../lib/ics.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { fileResponse } from '../../lib/openapi.js';
import { readRoute } from '../../lib/readers.js';
import {
  calendarEvent,
  eventCardColumns,
  eventFilters,
  eventsOf,
  findEvent,
  toEventCard,
} from './repository.js';

const DateParam = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

/** The events list's own parameters, beside the filters and paging every list has. */
const EventsQuery = listQuerySchema(eventFilters, {
  date_from: Type.Optional(
    Type.String({ ...DateParam, description: 'YYYY-MM-DD: events that end on or after it' }),
  ),
  date_to: Type.Optional(
    Type.String({
      ...DateParam,
      description: `YYYY-MM-DD: events that start on or before it; at most ${MAX_RANGE_DAYS} days after date_from`,
    }),
  ),
  past: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'true: only events that ended before today (Europe/Moscow), newest first; by default only those not yet over, soonest first',
    }),
  ),
});

export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.routeReads.list.events = readRoute(
    app,
    '/events/',
    {
      photos: true,
      schema: {
        tags,
        summary: 'Events that overlap a date range; by default those not yet over, soonest first',
        querystring: EventsQuery,
        response: { 200: ListOrPage(EventCard), 400: ErrorBody },
      },
    },
    async (request) => {
      const { date_from, date_to, past } = request.query;
      if (date_from && date_to && date_to < date_from) {
        throw new HttpError(400, 'querystring date_to must not be before date_from');
      }
      if (date_from && date_to && daysBetween(date_from, date_to) > MAX_RANGE_DAYS) {
        throw new HttpError(
          400,
          `querystring date_to must be at most ${MAX_RANGE_DAYS} days after date_from`,
        );
      }
      const dict = await app.dictionary.get();
      const base = applySearch(
        applyFilters(
          eventsOf(app.readDb, { from: date_from, to: date_to, past }),
          request.query,
          eventFilters,
        ),
        request.query.search,
      );
      return paginate(
        base,
        (qb) =>
          past
            ? qb
                .select(eventCardColumns)
                .orderBy('end_date', 'desc')
                .orderBy('start_date', 'desc')
                .orderBy('id', 'desc')
            : qb.select(eventCardColumns).orderBy('start_date').orderBy('id'),
        (rows) => rows.map((r) => toEventCard(r, request.lang, dict)),
        request.query,
        request.url,
      );
    },
  );

  app.routeReads.detail.events = readRoute(
    app,
    '/events/:id/',
    {
      photos: true,
      schema: {
        tags,
        summary: 'One event',
        params: IdParams,
        response: { 200: EventDetail, 400: ErrorBody, 404: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => {
      const event = await findEvent(app.readDb, request.params.id, request.lang, await app.dictionary.get());
      if (!event)
        throw await notFoundOrGone(app.readDb, 'events', request.params.id, `event ${request.params.id}`);
      return event;
    },
  );

  app.get(
    '/events/:id/ics/',
    {
      schema: {
        tags,
        summary: 'The event as an iCalendar (.ics) file for adding to a calendar',
        params: IdParams,
        querystring: DownloadQuery,
        response: {
          200: fileResponse('the event as an iCalendar file', ['text/calendar'], {
            attachment: 'event-{id}.ics',
            example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n…\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          }),
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const lang = downloadLang(request.query, request.lang);
      const id = request.params.id;
      const event = await calendarEvent(
        app.readDb,
        id,
        lang,
        await app.dictionary.get(),
        app.config.publicUrl,
      );
      if (!event) throw notFound(`event ${id}`);
      const body = eventToIcs(event);
      return sendAttachment(reply, {
        body,
        type: 'text/calendar; charset=utf-8',
        ext: 'ics',
        asciiName: `event-${id}`,
        name: event.summary,
        lang,
      });
    },
  );
};
