import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { maxImportRows } from '../../../../common/admin-api.js';
import { staffError } from '../errors.js';

// A spreadsheet as the import reads it: a header row and rows of text cells, from a CSV (UTF-8,
// as the export writes it) or the first sheet of an XLSX workbook. Every cell is the text the
// export would have written for a value ('' when empty), so that a file exported and read back
// compares equal cell by cell. A file that cannot be read is refused as a whole (a 400 naming
// what to do); a cell that cannot be taken (a formula) is named, and its row refused.

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  cells: string[];
  /** Cells that are formulas, by column index, with the cell's address (XLSX only). */
  formulas: Map<number, string>;
  /** How many cells the row has when that is not the header's count (a CSV line cut short or too long). */
  width?: number;
}

export interface Sheet {
  format: SheetFormat;
  header: string[];
  rows: SheetRow[];
}

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An Excel 97-2003 (.xls) file: a compound document, not the XLSX the import reads. */
const oleMagic = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * Which format a file is in, by its content (a workbook is a zip archive), its name and its
 * declared type only telling what it was meant to be.
 */
export function formatOf(body: Buffer, name: string, type: string): SheetFormat {
  if (body.subarray(0, 4).equals(zipMagic)) return 'xlsx';
  const meantXlsx =
    /\.xlsx?$/i.test(name) || type.includes('spreadsheetml') || body.subarray(0, 4).equals(oleMagic);
  if (meantXlsx)
    throw staffError(
      400,
      'import_not_workbook',
      'the file is not an XLSX workbook: save it as "Excel workbook (.xlsx)" or as CSV UTF-8',
    );
  return 'csv';
}

/**
 * Whether bytes that are not UTF-8 look like a Russian text in Windows-1251: most bytes above
 * 0x7F are its Cyrillic letters (0xC0-0xFF), the encoding of a CSV saved by Excel in a Russian
 * Windows as plain "CSV".
 */
function looksLikeCp1251(bytes: Buffer): boolean {
  let high = 0;
  let letters = 0;
  for (const b of bytes.subarray(0, 64 * 1024)) {
    if (b < 0x80) continue;
    high++;
    if (b >= 0xc0) letters++;
  }
  return high > 0 && letters / high > 0.6;
}

/** The text of a CSV file, which must be UTF-8 (with or without the byte order mark the export writes). */
function decodeUtf8(body: Buffer): string {
  const bytes = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const cp1251 = looksLikeCp1251(bytes);
    throw staffError(
      400,
      'import_not_utf8',
      `the file is not UTF-8${cp1251 ? ' (it looks like Windows-1251)' : ''}: save it as "CSV UTF-8" and import it again`,
      { params: { encoding: cp1251 ? 'Windows-1251' : 'unknown' } },
    );
  }
}

/**
 * The export's defusing quote taken off again: csv-stringify's `escape_formulas` puts a `'` before
 * a text starting with = + - @, a tab, a carriage return or their full-width forms, so that a
 * spreadsheet shows it rather than running it (decision 45). A text that really starts with `'`
 * followed by one of them comes back without its quote: the price of a round trip that is exact
 * for every value the export writes.
 */
export const undefused = (cell: string) =>
  /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? cell.slice(1) : cell;

/** The separator of a CSV, read from its header line (no column name holds a comma, a semicolon or a tab). */
function delimiterOf(text: string): string {
  const end = text.search(/\r?\n/);
  const first = end < 0 ? text : text.slice(0, end);
  for (const d of [',', ';', '\t']) if (first.includes(d)) return d;
  return ',';
}

function tooMany(): never {
  throw staffError(400, 'import_too_many_rows', `the file has more than ${maxImportRows} rows: split it`, {
    params: { max: maxImportRows },
  });
}

function readCsv(body: Buffer): Sheet {
  const text = decodeUtf8(body);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      to: maxImportRows + 2,
    }) as string[][];
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const line = (err as CsvError & { lines?: number }).lines ?? 0;
    throw staffError(400, 'import_malformed', `the CSV cannot be read at line ${line}: ${err.message}`, {
      params: { line },
    });
  }
  const [header = [], ...rest] = records;
  if (rest.length > maxImportRows) tooMany();
  return {
    format: 'csv',
    header: header.map((h) => h.trim()),
    rows: rest.map((cells, i) => ({
      row: i + 2,
      cells: header.map((_h, c) => undefused(cells[c] ?? '')),
      formulas: new Map(),
      ...(cells.length !== header.length ? { width: cells.length } : {}),
    })),
  };
}

/** An ISO day for a date at midnight (what a typed date is), else the whole time. */
const dateText = (d: Date) =>
  d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds() ? d.toISOString() : d.toISOString().slice(0, 10);

/** A cell's value as the export's text, or 'formula' for a formula (its value is not taken). */
function cellText(value: ExcelJS.CellValue): string | { formula: true } {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return dateText(value);
  if ('formula' in value || 'sharedFormula' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) {
    const text = value.text as string | { richText: { text: string }[] };
    return typeof text === 'string' ? text : text.richText.map((r) => r.text).join('');
  }
  if ('error' in value) return String(value.error);
  return '';
}

async function readXlsx(body: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    throw staffError(
      400,
      'import_not_workbook',
      'the file is not an XLSX workbook: save it as "Excel workbook (.xlsx)" or as CSV UTF-8',
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { format: 'xlsx', header: [], rows: [] };
  if (sheet.rowCount > maxImportRows + 1) tooMany();
  const headerRow = sheet.getRow(1);
  const header: string[] = [];
  for (let c = 1; c <= headerRow.cellCount; c++) {
    const text = cellText(headerRow.getCell(c).value);
    header.push(typeof text === 'string' ? text.trim() : '');
  }
  while (header.length && header[header.length - 1] === '') header.pop();
  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    const formulas = new Map<number, string>();
    header.forEach((_h, c) => {
      const cell = row.getCell(c + 1);
      const text = cellText(cell.value);
      if (typeof text === 'string') cells.push(text);
      else {
        cells.push('');
        formulas.set(c, cell.address);
      }
    });
    if (cells.every((t) => t === '') && !formulas.size) continue;
    rows.push({ row: r, cells, formulas });
  }
  return { format: 'xlsx', header, rows };
}

/** A file's header and rows; a 400 when it cannot be read as a spreadsheet. */
export async function readSheet(body: Buffer, name: string, type: string): Promise<Sheet> {
  const format = formatOf(body, name, type);
  const sheet = format === 'xlsx' ? await readXlsx(body) : readCsv(body);
  if (!sheet.header.length || !sheet.rows.length)
    throw staffError(400, 'import_empty', 'the file has no rows under its header row');
  return sheet;
}
