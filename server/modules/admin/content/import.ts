import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  AdminError,
  ContentImport,
  type ContentImportT,
  ImportConflict,
  ImportIdParams,
  ImportList,
  ImportListQuery,
  ImportPlan,
  ImportSectionParams,
  ImportUploadQuery,
  maxImportBytes,
} from '../../../../common/admin-api.js';
import {
  type EditableSection,
  editableSections,
  isEditableSection,
  isReferenceSource,
  roleOf,
} from '../../../../common/editorial.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { checkSave } from './checks.js';
import { readSheet } from './import-file.js';
import { planImport } from './import-plan.js';
import {
  addImport,
  cancelImport,
  getImport,
  type ImportRecord,
  listImports,
  markApplied,
  markUndone,
  planAnswer,
  planLifetimeMs,
} from './import-repository.js';
import { allItems, Conflict, createItem, deleteItem, updateItem, versionsOf } from './repository.js';

// A section's spreadsheet read back (decision 46), in three steps:
// 1. POST /import/{section}: the file (CSV or XLSX, as the export writes them) as the body. A dry
//    run: nothing changes; the answer lists per row what would change (the cells before and
//    after), new rows, refused rows with their reasons; the plan is kept under the import's id.
// 2. POST /imports/{id}/apply: the plan's saves in one transaction, each through the same save as
//    a form (history entry, version, every later rule of the save path), each naming the import;
//    refused as a whole when an item was saved since the dry run.
// 3. POST /imports/{id}/undo: every item back to its state before the import (new items deleted),
//    again as saves naming it; refused as a whole when an item was saved after the import.

const tags = ['admin'];
const errors = { 400: AdminError, 401: AdminError, 403: AdminError, 404: AdminError };

/** The types a spreadsheet is sent with (browsers send a CSV as text/csv, Excel's Windows as its own). */
const fileTypes = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];

/** What only admins edit (the directories, the main page), only admins import. */
function mayImport(request: FastifyRequest, section: EditableSection) {
  if (roleOf(section) === 'admin' && staffOf(request).role !== 'admin')
    throw staffError(403, 'admin_only', 'only an admin may do this');
}

async function readImport(app: FastifyInstance, request: FastifyRequest, id: string): Promise<ImportRecord> {
  const record = await getImport(app.db, id);
  if (!record || !isEditableSection(record.section)) throw staffNotFound(`import ${id}`);
  mayImport(request, record.section);
  return record;
}

/** An import without its plan: what the apply, the undo and the cancel answer. */
async function readRecord(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
): Promise<ContentImportT> {
  const { plan: _, staff_id: __, ...record } = await readImport(app, request, id);
  return record;
}

const conflict = (code: 'import_conflict' | 'import_changed_since', message: string, ids: number[]) =>
  staffError(409, code, message, { ids, params: { ids: ids.join(', '), count: ids.length } });

/** The upload's refusals Fastify makes itself (too large, a type no parser takes), with the import's codes. */
function uploadErrors(error: FastifyError): never {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    throw staffError(
      413,
      'import_too_large',
      `the file is larger than ${maxImportBytes / 1024 / 1024} MB: split it`,
      {
        params: { mb: maxImportBytes / 1024 / 1024 },
      },
    );
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    throw staffError(415, 'import_file_type', 'send the file as text/csv or as an XLSX workbook');
  throw error;
}

export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser(
    fileTypes,
    { parseAs: 'buffer', bodyLimit: maxImportBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/import/:section',
    {
      // a dry run reads every item of the section: staff wait for it, as for an export
      config: { staff: 'editor', databaseWait: 'job' },
      // a larger file is refused from its Content-Length, before any of it is read
      bodyLimit: maxImportBytes,
      errorHandler: (error, _request, _reply) => uploadErrors(error),
      schema: {
        tags,
        summary: `A dry run of a section's spreadsheet (CSV UTF-8 or XLSX, as the export writes it; the file as the body, at most ${maxImportBytes / 1024 / 1024} MB)`,
        description:
          'Nothing changes. The columns are matched by their header names; a column that is not there leaves its ' +
          'field as it is; unknown columns are listed and ignored. A row with an id changes that item, a row ' +
          'without one makes a new item; an id the section does not have is refused. The answer lists every ' +
          'changed, new and refused row; apply it with POST /api/admin/imports/{id}/apply.',
        params: ImportSectionParams,
        querystring: ImportUploadQuery,
        response: { 200: ImportPlan, 413: AdminError, 415: AdminError, ...errors },
      },
    },
    async (request) => {
      const { section } = request.params;
      if (!isEditableSection(section)) throw staffNotFound(`section ${section}`);
      mayImport(request, section);
      const body = request.body;
      if (!Buffer.isBuffer(body) || !body.length)
        throw staffError(400, 'file_expected', 'the body must be the spreadsheet’s file');
      const name = (request.query.name ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || `${section}.csv`;
      const sheet = await readSheet(body, name, request.headers['content-type'] ?? '');
      const planned = await planImport(app, section, sheet, await allItems(app.db, section));
      const id = randomUUID();
      const { counts, ...plan } = planned;
      const staffId = staffOf(request).id;
      await addImport(app.db, { id, section, file_name: name, format: sheet.format, counts }, staffId, plan);
      const record = await getImport(app.db, id);
      if (!record) throw staffNotFound(`import ${id}`);
      return planAnswer(record);
    },
  );

  app.get(
    '/imports',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'The latest imports (of a section): who read which file when, its counts, applied or undone',
        querystring: ImportListQuery,
        response: { 200: ImportList, ...errors },
      },
    },
    async (request) => {
      const admin = staffOf(request).role === 'admin';
      const allowed = editableSections.filter((s) => admin || roleOf(s) !== 'admin');
      const { section } = request.query;
      return {
        results: await listImports(app.db, section ? allowed.filter((s) => s === section) : allowed),
      };
    },
  );

  app.get(
    '/imports/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'One import with its dry run’s rows',
        params: ImportIdParams,
        response: { 200: ImportPlan, ...errors },
      },
    },
    async (request) => planAnswer(await readImport(app, request, request.params.id)),
  );

  app.delete(
    '/imports/:id',
    {
      config: { staff: 'editor' },
      schema: {
        tags,
        summary: 'Cancel a dry run that was not applied',
        params: ImportIdParams,
        response: { 200: ContentImport, 409: AdminError, ...errors },
      },
    },
    async (request) => {
      const record = await readImport(app, request, request.params.id);
      if (!(await cancelImport(app.db, record.id)))
        throw staffError(
          409,
          'import_not_planned',
          `the import is ${record.status}, not waiting to be applied`,
          {
            params: { status: record.status },
          },
        );
      return readRecord(app, request, record.id);
    },
  );

  app.post(
    '/imports/:id/apply',
    {
      config: { staff: 'editor', databaseWait: 'job' },
      schema: {
        tags,
        summary: 'Apply a dry run: every change in one transaction, each item’s history naming the import',
        description:
          'Refused (409 `import_conflict`, with the ids) when an item was saved since the dry run, and while ' +
          'the dry run has refused rows; nothing is written then.',
        params: ImportIdParams,
        response: { 200: ContentImport, 409: ImportConflict, ...errors },
      },
    },
    async (request) => {
      const record = await readImport(app, request, request.params.id);
      const section = record.section as EditableSection;
      const plan = record.plan;
      if (record.status !== 'planned' || !plan)
        throw staffError(
          409,
          'import_not_planned',
          `the import is ${record.status}, not waiting to be applied`,
          {
            params: { status: record.status },
          },
        );
      if (Date.parse(record.created_at) < Date.now() - planLifetimeMs)
        throw staffError(409, 'import_expired', 'the dry run is more than a day old: import the file again');
      if (record.counts.invalid > 0)
        throw staffError(
          409,
          'import_has_invalid_rows',
          `${record.counts.invalid} rows are refused: correct the file and import it again`,
          { params: { count: record.counts.invalid } },
        );
      const updates = plan.steps.filter((s) => s.id !== null);
      const versions = await versionsOf(
        app.db,
        section,
        updates.map((s) => s.id as number),
      );
      const changed = updates
        .filter((s) => versions.get(s.id as number) !== s.base)
        .map((s) => s.id as number);
      if (changed.length)
        throw conflict(
          'import_conflict',
          `${changed.length} items were saved since the dry run (${changed.slice(0, 20).join(', ')}): import the file again`,
          changed,
        );
      // the same rules as a form's save, again: a referred entry may have gone since the dry run
      for (const step of plan.steps) await checkSave(app, section, step.after, step.id);
      const by = staffOf(request).id;
      const origin = { importId: record.id };
      // the facts a row changes are dated today with the import as their source (decision 047)
      const provenance = { source: 'import' as const, note: `Import ${record.file_name}`.slice(0, 200) };
      try {
        await app.contentChanges.change(async (trx) => {
          const locked = await getImport(trx, record.id, true);
          if (locked?.status !== 'planned')
            throw staffError(409, 'import_not_planned', 'the import was applied or cancelled meanwhile', {
              params: { status: locked?.status ?? '' },
            });
          for (const step of plan.steps) {
            const save = { ...step.after, provenance };
            if (step.id === null) step.id = await createItem(trx, section, save, by, origin);
            else await updateItem(trx, section, step.id, step.base ?? 0, save, by, origin);
          }
          await markApplied(trx, record.id, by, plan);
        });
      } catch (err) {
        if (err instanceof Conflict)
          throw conflict('import_conflict', 'an item was saved meanwhile: import the file again', [
            err.current.id,
          ]);
        throw err;
      }
      return readRecord(app, request, record.id);
    },
  );

  app.post(
    '/imports/:id/undo',
    {
      config: { staff: 'editor', databaseWait: 'job' },
      schema: {
        tags,
        summary: 'Undo an applied import as a whole: every item back as it was before it, new items deleted',
        description:
          'Refused (409 `import_changed_since`, with the ids) when an item was saved after the import; nothing ' +
          'is written then. Each item’s history records the undo.',
        params: ImportIdParams,
        response: { 200: ContentImport, 409: ImportConflict, ...errors },
      },
    },
    async (request) => {
      const record = await readImport(app, request, request.params.id);
      const section = record.section as EditableSection;
      const plan = record.plan;
      if (record.status !== 'applied' || !plan)
        throw staffError(
          409,
          'import_not_applied',
          `the import is ${record.status}: only an applied import can be undone`,
          {
            params: { status: record.status },
          },
        );
      const steps = plan.steps.filter((s): s is typeof s & { id: number } => s.id !== null);
      const versions = await versionsOf(
        app.db,
        section,
        steps.map((s) => s.id),
      );
      // what the import left: the version after its save (1 for an item it made)
      const changed = steps.filter((s) => versions.get(s.id) !== (s.base ?? 0) + 1).map((s) => s.id);
      if (changed.length)
        throw conflict(
          'import_changed_since',
          `${changed.length} items were saved after the import (${changed.slice(0, 20).join(', ')}): undo those changes first, or edit the items`,
          changed,
        );
      for (const step of steps) if (step.before) await checkSave(app, section, step.before, step.id);
      const by = staffOf(request).id;
      const origin = { importId: record.id, undo: true };
      try {
        await app.contentChanges.change(async (trx) => {
          const locked = await getImport(trx, record.id, true);
          if (locked?.status !== 'applied')
            throw staffError(409, 'import_not_applied', 'the import was undone meanwhile', {
              params: { status: locked?.status ?? '' },
            });
          for (const step of steps) {
            const after = (step.base ?? 0) + 1;
            if (step.before) await updateItem(trx, section, step.id, after, step.before, by, origin);
            else
              await deleteItem(
                trx,
                section,
                isReferenceSource(section) ? section : null,
                step.id,
                after,
                by,
                origin,
              );
          }
          await markUndone(trx, record.id, by);
        });
      } catch (err) {
        if (err instanceof Conflict)
          throw conflict('import_changed_since', 'an item was saved meanwhile: look at its history', [
            err.current.id,
          ]);
        throw err;
      }
      return readRecord(app, request, record.id);
    },
  );
};
