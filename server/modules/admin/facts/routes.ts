import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Value } from 'typebox/value';
import {
  AdminError,
  FactSectionParams,
  OsmAccepted,
  OsmProposalParams,
  OsmProposals,
  OsmProposalsQuery,
  type OsmProposalT,
  OsmSearchResult,
  StaleFacts,
  StaleFactsQuery,
} from '../../../../common/admin-api.js';
import { regionToday } from '../../../../common/date-presets.js';
import { editorialSchema } from '../../../../common/editorial.js';
import { type FactSourcesT, factUnknown, osmObjectUrl } from '../../../../common/fact-sources.js';
import { richDocContext } from '../../../../common/rich-text-schema.js';
import type { PlaceSection } from '../../../../common/sections.js';
import { staffOf } from '../auth/guard.js';
import { getItem, updateItem } from '../content/repository.js';
import { staffError, staffNotFound } from '../errors.js';
import { readSettings } from '../settings/repository.js';
import { factsOfTags, matchPlace } from './osm-match.js';
import { askOverpass, overpassQuery } from './overpass.js';
import {
  decide,
  type NewProposal,
  type ProposalRow,
  placesOf,
  proposalFor,
  proposalsOf,
  rejectProposal,
  replaceProposals,
  stalePlaces,
  sureProposals,
} from './repository.js';

// The facts' sources in the back office (decision 047): the places whose facts need checking,
// and the facts found in OpenStreetMap, each accepted (saved through the content's save with
// source 'osm', the object and today's date) or rejected by staff.

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };

const canonical = (v: unknown) => JSON.stringify(v ?? null);

/** The day `days` before `today` (YYYY-MM-DD). */
const daysBefore = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const proposalOut = (r: ProposalRow): OsmProposalT =>
  ({
    ...r,
    osm_ref: `${r.osm_type}/${r.osm_id}`,
    osm_url: osmObjectUrl(`${r.osm_type}/${r.osm_id}`),
    osm_id: undefined,
    osm_type: undefined,
    found_at: r.found_at instanceof Date ? r.found_at.toISOString() : String(r.found_at),
  }) as unknown as OsmProposalT;

/** The value a proposal puts in the place: accessibility facts join the ones already known. */
const placedValue = (r: ProposalRow, current: unknown) =>
  r.fact === 'accessibility' ? { ...((current ?? {}) as object), ...(r.proposed as object) } : r.proposed;

/**
 * Accepts one waiting proposal: the place's document with the fact and its source (osm, the
 * object, today) saved as the back office saves an item. Refused when it was decided already or
 * its value cannot be stored.
 */
async function accept(app: FastifyInstance, id: number, staffId: number): Promise<void> {
  await app.contentChanges.change(async (trx) => {
    const r = await proposalFor(trx, id);
    if (!r) throw staffNotFound(`proposal ${id}`);
    if (r.status !== 'pending')
      throw staffError(409, 'osm_decided', `proposal ${id} was ${r.status} already`);
    if (r.proposed === null)
      throw staffError(
        409,
        'osm_not_applicable',
        `OpenStreetMap's ${r.fact} "${r.raw}" cannot be stored as it is`,
      );
    const item = await getItem(trx, r.section, r.place_id, true);
    if (!item) throw staffNotFound(`${r.section} ${r.place_id}`);
    const ref = `${r.osm_type}/${r.osm_id}`;
    const sources = (item.document.fact_sources ?? {}) as FactSourcesT;
    const document = {
      ...item.document,
      [r.fact]: placedValue(r, item.document[r.fact]),
      fact_sources: { ...sources, [r.fact]: { source: 'osm', checked: regionToday(), ref } },
    };
    if (!Value.Check(richDocContext, editorialSchema(r.section), document))
      throw staffError(
        409,
        'osm_not_applicable',
        `OpenStreetMap's ${r.fact} "${r.raw}" cannot be stored as it is`,
      );
    await updateItem(
      trx,
      r.section,
      r.place_id,
      item.version,
      { status: item.status, publish_at: item.publish_at, document, provenance: { source: 'osm', ref } },
      staffId,
    );
    await decide(trx, id, 'accepted', staffId);
  });
}

export const factsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/facts/stale',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Places whose facts were last checked longer ago than the settings allow, or never dated',
        querystring: StaleFactsQuery,
        response: { 200: StaleFacts, ...errors },
      },
    },
    async (request) => {
      const { facts_stale_days } = await readSettings(app.db);
      const before = daysBefore(regionToday(), facts_stale_days);
      const perPage = request.query.per_page ?? 50;
      const page = await stalePlaces(app.db, {
        before,
        ...(request.query.section ? { section: request.query.section } : {}),
        limit: perPage,
        offset: ((request.query.page ?? 1) - 1) * perPage,
      });
      return { stale_days: facts_stale_days, before, ...page };
    },
  );

  app.post(
    '/facts/osm/:section/search',
    {
      config: { staff: 'editor', databaseWait: 'job' },
      schema: {
        tags,
        summary: 'Find facts of a section’s places in OpenStreetMap (Overpass API): the review queue',
        description:
          'Matches each place to an OpenStreetMap object by name and distance and queues the facts its tags state ' +
          'differently (the waiting ones of an earlier search are replaced). 503 when the Overpass API cannot be ' +
          'reached or does not answer in time, 502 when it answers with an error.',
        params: FactSectionParams,
        response: { 200: OsmSearchResult, 502: AdminError, 503: AdminError, ...errors },
      },
    },
    async (request) => {
      const section = request.params.section as PlaceSection;
      const places = (await placesOf(app.db, section)).filter((p) => p.lat != null && p.lon != null);
      if (places.length === 0) return { places: 0, elements: 0, sure: 0, doubtful: 0, proposals: 0, same: 0 };
      const settings = await readSettings(app.db);
      const timeout = app.config.overpassTimeoutMs;
      const elements = await askOverpass(
        settings.overpass_url ?? app.config.overpassUrl,
        overpassQuery(
          places.map((p) => [p.lat, p.lon]),
          Math.ceil(timeout / 1000),
        ),
        timeout,
      );
      const today = regionToday();
      const rows: NewProposal[] = [];
      let sure = 0;
      let doubtful = 0;
      let same = 0;
      for (const place of places) {
        const names = Object.values((place.name ?? {}) as Record<string, string>);
        const match = matchPlace({ id: place.id, names, point: [place.lat, place.lon] }, elements);
        if (!match) continue;
        if (match.confidence === 'sure') sure++;
        else doubtful++;
        for (const found of factsOfTags(match.element.tags ?? {}, today)) {
          const current = place[found.fact] as unknown;
          const value =
            found.fact === 'accessibility' && found.proposed
              ? { ...((current ?? {}) as object), ...(found.proposed as object) }
              : found.proposed;
          if (found.proposed !== null && !factUnknown(current) && canonical(value) === canonical(current)) {
            same++;
            continue;
          }
          rows.push({
            place_id: place.id,
            fact: found.fact,
            proposed: found.proposed,
            raw: found.raw,
            current: factUnknown(current) ? null : current,
            osm_type: match.element.type,
            osm_id: match.element.id,
            osm_name: match.element.tags?.name ?? null,
            distance_m: match.distance,
            confidence: match.confidence,
          });
        }
      }
      await replaceProposals(app.db, section, rows);
      return {
        places: places.length,
        elements: elements.length,
        sure,
        doubtful,
        proposals: rows.length,
        same,
      };
    },
  );

  app.get(
    '/facts/osm/:section/proposals',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The facts found in OpenStreetMap for a section’s places (waiting ones by default)',
        params: FactSectionParams,
        querystring: OsmProposalsQuery,
        response: { 200: OsmProposals, ...errors },
      },
    },
    async (request) => ({
      results: (
        await proposalsOf(app.db, request.params.section as PlaceSection, request.query.status ?? 'pending')
      ).map(proposalOut),
    }),
  );

  app.post(
    '/facts/osm/proposals/:id/accept',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Accept a fact found in OpenStreetMap: saved to its place with source osm and today’s date',
        params: OsmProposalParams,
        response: { 200: OsmAccepted, 409: AdminError, ...errors },
      },
    },
    async (request) => {
      await accept(app, request.params.id, staffOf(request).id);
      return { accepted: 1, skipped: 0 };
    },
  );

  app.post(
    '/facts/osm/proposals/:id/reject',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Reject a fact found in OpenStreetMap: the place keeps its own',
        params: OsmProposalParams,
        response: { 200: OsmAccepted, 409: AdminError, ...errors },
      },
    },
    async (request) => {
      await rejectProposal(app.db, request.params.id, staffOf(request).id);
      return { accepted: 0, skipped: 0 };
    },
  );

  app.post(
    '/facts/osm/:section/accept-sure',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Accept every waiting fact of a sure match whose value can be stored',
        description:
          'Each is saved as one accept; one another editor changed meanwhile is skipped and stays waiting.',
        params: FactSectionParams,
        response: { 200: OsmAccepted, ...errors },
      },
    },
    async (request) => {
      const by = staffOf(request).id;
      let accepted = 0;
      let skipped = 0;
      for (const id of await sureProposals(app.db, request.params.section as PlaceSection)) {
        try {
          await accept(app, id, by);
          accepted++;
        } catch (error) {
          request.log.info(
            { id, err: { message: (error as Error).message } },
            'sure OpenStreetMap fact not accepted',
          );
          skipped++;
        }
      }
      return { accepted, skipped };
    },
  );
};
