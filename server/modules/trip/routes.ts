import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, TripAnswer, TripFileQuery, TripQuery } from '../../../common/api.js';
import type { Lang } from '../../../common/languages.js';
import { decodePlan } from '../../../common/trip-link.js';
import { planEntries, type TripPlan } from '../../../common/trip-plan.js';
import { localizedUrl } from '../../../common/urls.js';
import { sendAttachment } from '../../lib/download.js';
import { downloadLang, productName } from '../../lib/download-query.js';
import { HttpError } from '../../lib/errors.js';
import { toGpx } from '../../lib/gpx.js';
import { eventsToIcs } from '../../lib/ics.js';
import { fileResponse } from '../../lib/openapi.js';
import { readRoute } from '../../lib/readers.js';
import { calendarEvent } from '../events/repository.js';
import { parseItemsParam, readTripItems } from './repository.js';

/** The words of the plan's files, in the file's language (the page's own are in locales/). */
const fileWords: Record<Lang, { title: string; day: (n: number) => string; unplanned: string }> = {
  ru: { title: 'Моя поездка по Ленинградской области', day: (n) => `День ${n}`, unplanned: 'Без дня' },
  en: { title: 'My trip in the Leningrad Region', day: (n) => `Day ${n}`, unplanned: 'No day yet' },
  zh: { title: '我的列宁格勒州行程', day: (n) => `第${n}天`, unplanned: '未安排' },
};

/** The plan a file is made of: `plan=` (a shared link's, with days and notes) or `items=` (one group). */
function planOf(query: { items?: string; plan?: string }): TripPlan {
  if (query.plan !== undefined) {
    const decoded = decodePlan(query.plan);
    if (!decoded.ok)
      throw new HttpError(
        400,
        decoded.problem === 'version'
          ? 'querystring plan was made by another version of the site and cannot be read'
          : decoded.problem === 'too-large'
            ? 'querystring plan holds too many days or items'
            : 'querystring plan is not a plan link (1*<unplanned>*<day 1>*…)',
      );
    return decoded.plan;
  }
  if (query.items !== undefined)
    return { unplanned: [], days: [parseItemsParam(query.items).map((key) => ({ key }))] };
  throw new HttpError(400, 'querystring must have either plan or items');
}

export const tripRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['trip'];
  app.routeReads.trip = readRoute(
    app,
    '/trip/',
    {
      photos: true,
      schema: {
        tags,
        summary: "What a visitor's trip plan shows of its saved items, in one call",
        description:
          'Unknown or removed items are listed in `missing`, not an error: a saved plan or a shared link outlives the items it names.',
        querystring: TripQuery,
        response: { 200: TripAnswer, 400: ErrorBody },
      },
    },
    async (request) =>
      readTripItems(
        app.readDb,
        parseItemsParam(request.query.items),
        request.lang,
        await app.dictionary.get(),
      ),
  );

  app.get(
    '/trip/gpx/',
    {
      schema: {
        tags,
        summary:
          "The plan's places as GPX waypoints (named by day and order, with the notes) and its routes as tracks",
        querystring: TripFileQuery,
        response: {
          200: fileResponse('the plan as a GPX file', ['application/gpx+xml'], {
            attachment: 'trip.gpx',
            example:
              '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">…</gpx>',
          }),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const lang = downloadLang(request.query, request.lang);
      const plan = planOf(request.query);
      const words = fileWords[lang];
      const { items } = await readTripItems(
        app.readDb,
        planEntries(plan).map((e) => e.key),
        lang,
        await app.dictionary.get(),
      );
      const byKey = new Map(items.map((i) => [i.key, i]));
      const publicUrl = app.config.publicUrl;
      const urlOf = (section: string, id: number) =>
        localizedUrl(publicUrl, `/${section}/detail/${id}`, lang);
      const groups = [
        { label: words.unplanned, entries: plan.unplanned },
        ...plan.days.map((entries, n) => ({ label: words.day(n + 1), entries })),
      ];
      const single = plan.unplanned.length === 0 && plan.days.length === 1;
      const placed = groups.flatMap((g) =>
        g.entries
          .map((e) => byKey.get(e.key))
          .filter((item) => item !== undefined)
          .map((item, n) => ({
            item,
            name: single ? `${n + 1}. ${item.name}` : `${g.label} · ${n + 1}. ${item.name}`,
            note: g.entries.find((e) => e.key === item.key)?.note ?? null,
          })),
      );
      const body = toGpx({
        name: words.title,
        description: placed.map((p) => p.name).join('; '),
        url: localizedUrl(publicUrl, '/trip', lang),
        updated: new Date(),
        waypoints: placed.map(({ item, name, note }) => ({
          lat: item.lat,
          lon: item.lon,
          name,
          description: note,
          type: null,
          url: urlOf(item.section, item.id),
        })),
        tracks: placed
          .filter((p) => p.item.line.length > 1)
          .map(({ item, name }) => ({
            name,
            url: urlOf(item.section, item.id),
            type: null,
            line: item.line as [number, number][],
          })),
        creator: productName,
      });
      return sendAttachment(reply, {
        body,
        type: 'application/gpx+xml; charset=utf-8',
        ext: 'gpx',
        asciiName: 'trip',
        name: words.title,
        lang,
      });
    },
  );

  app.get(
    '/trip/ics/',
    {
      schema: {
        tags,
        summary: "The plan's events as one iCalendar (.ics) file, an entry per event",
        querystring: TripFileQuery,
        response: {
          200: fileResponse("the plan's events as an iCalendar file", ['text/calendar'], {
            attachment: 'trip.ics',
            example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\n…\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
          }),
          400: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const lang = downloadLang(request.query, request.lang);
      const plan = planOf(request.query);
      const dict = await app.dictionary.get();
      const ids = planEntries(plan)
        .map((e) => /^events\.(\d+)$/.exec(e.key)?.[1])
        .filter((id) => id !== undefined)
        .map(Number);
      const events = await Promise.all(
        ids.map((id) => calendarEvent(app.readDb, id, lang, dict, app.config.publicUrl)),
      );
      const body = eventsToIcs(
        events.filter((e) => e !== null),
        `-//${productName}//Trip//EN`,
      );
      return sendAttachment(reply, {
        body,
        type: 'text/calendar; charset=utf-8',
        ext: 'ics',
        asciiName: 'trip',
        name: fileWords[lang].title,
        lang,
      });
    },
  );
};
