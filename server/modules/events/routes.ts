import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ErrorBody, EventCard, EventDetail, ListOrPage } from '../../../common/api.js';
import { localizedUrl } from '../../../common/urls.js';
import { sendAttachment } from '../../lib/download.js';
import { DownloadQuery, downloadLang, productName } from '../../lib/download-query.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { eventToIcs } from '../../lib/ics.js';
import { applyFilters, applySearch, IdParams, listQuerySchema, paginate } from '../../lib/list.js';
import { fileResponse } from '../../lib/openapi.js';
import { requestUrl } from '../../lib/request-url.js';
import { regionToday } from '../../lib/today.js';
import { eventCardColumns, eventFilters, findEvent, toEventCard } from './repository.js';

const DateParam = Type.String({ format: 'date', description: 'YYYY-MM-DD' });

export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['content'];
  app.get(
    '/events/',
    {
      schema: {
        tags,
        summary: 'Events that overlap a date range; by default those not yet over, soonest first',
        querystring: listQuerySchema(eventFilters, {
          date_from: Type.Optional(DateParam),
          date_to: Type.Optional(DateParam),
        }),
        response: { 200: ListOrPage(EventCard), 400: ErrorBody },
      },
    },
    async (request) => {
      const { date_from, date_to } = request.query;
      if (date_from && date_to && date_to < date_from) {
        throw new HttpError(400, 'querystring date_to must not be before date_from');
      }
      const dict = await app.dictionary.get();
      let base = applySearch(
        applyFilters(app.readDb.selectFrom('events'), request.query, eventFilters),
        request.query.search,
      );
      base = base.where('end_date', '>=', date_from ?? regionToday());
      if (date_to) base = base.where('start_date', '<=', date_to);
      return paginate(
        base,
        (qb) => qb.select(eventCardColumns).orderBy('start_date').orderBy('id'),
        (rows) => rows.map((r) => toEventCard(r, request.lang, dict)),
        request.query,
        requestUrl(app, request),
      );
    },
  );

  app.get(
    '/events/:id/',
    {
      schema: {
        tags,
        summary: 'One event',
        params: IdParams,
        response: { 200: EventDetail, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const event = await findEvent(app.readDb, request.params.id, request.lang, await app.dictionary.get());
      if (!event) throw notFound(`event ${request.params.id}`);
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
      const event = await findEvent(app.readDb, id, lang, await app.dictionary.get());
      if (!event) throw notFound(`event ${id}`);
      const { updated_at } = await app.readDb
        .selectFrom('events')
        .select('updated_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const publicUrl = app.config.publicUrl;
      const url = localizedUrl(publicUrl, `/events/detail/${id}`, lang);
      const place = [event.venue, event.address ?? event.city?.name].filter(Boolean).join(', ');
      const body = eventToIcs({
        uid: `event-${id}@${new URL(publicUrl).hostname}`,
        updated: new Date(updated_at),
        startDate: event.start_date,
        endDate: event.end_date,
        summary: event.name,
        description: `${event.description}\n\n${url}`,
        location: place || null,
        geo: { lat: event.lat, lon: event.lon },
        url,
        lang,
        prodId: `-//${productName}//Events//EN`,
      });
      return sendAttachment(reply, {
        body,
        type: 'text/calendar; charset=utf-8',
        ext: 'ics',
        asciiName: `event-${id}`,
        name: event.name,
        lang,
      });
    },
  );
};
