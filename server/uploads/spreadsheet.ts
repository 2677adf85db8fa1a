/**
 * Reading an uploaded spreadsheet (a bulk search file, a custom list): spooled to a temporary file while
 * it arrives (so its size is known without holding it in memory), its format decided by its content, then
 * read once more as a stream, record by record, and handed to the caller's check of each row
 * (checkRows), which passes clean rows on in chunks. 100,000 rows never sit in memory at once; after the
 * first problem no more rows are handed over, but the rest of the file is still checked so that the
 * answer counts every problem.
 *
 * Formats: Excel .xlsx (read with exceljs's parsers, first worksheet only) and CSV/text in UTF-8 (with or
 * without BOM), UTF-16 LE/BE (BOM, or the zero bytes of ASCII text without one) or Windows-1252 (any file
 * that is not valid UTF-8), with a comma, semicolon, tab or pipe delimiter taken from the header line
 * (Excel's "sep=;" first line is honoured). Anything else is 'incorrect_file_format'.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInflateRaw } from 'node:zlib';
import { Readable, Transform, pipeline as streamPipeline } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { FileProblem } from '../../common/spreadsheet';
import { ApiError } from '../http/errors';

/**
 * The most an .xlsx may unpack to, counted as it unpacks, as a multiple of the file size limit: a real
 * workbook packs about 8 times (more with repetitive cells), a "zip bomb" thousands of times. It also
 * bounds the shared strings exceljs keeps in memory.
 */
export const XLSX_MAX_UNPACK_RATIO = 20;

const HEAD_BYTES = 64 * 1024;

type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

const badFormat = () => new ApiError(400, 'incorrect_file_format');

/** One line of the file: its number (the header is usually 1) and its cells as text. */
export interface FileRecord {
  row: number;
  cells: string[];
}

export interface SpreadsheetSource {
  filename: string;
  stream: Readable;
}

export interface SpreadsheetOptions {
  maxBytes: number;
  /** File name endings accepted ('.csv', '.xlsx'); a name with another ending is refused before reading. */
  extensions: readonly string[];
  /** The message of an empty file. */
  empty: 'bulk_file_empty';
  /** Where the upload is spooled; default the system's temporary directory. */
  tempDir?: string;
}

/**
 * Spools an upload, decides its format and hands its records to read(), which consumes them; answers
 * what read() answers and the format. Throws ApiError for a file that is no spreadsheet (400
 * incorrect_file_format), too large (413 file_too_large) or empty.
 */
export async function readSpreadsheet<T>(
  source: SpreadsheetSource,
  options: SpreadsheetOptions,
  read: (records: AsyncGenerator<FileRecord>) => Promise<T>,
): Promise<T & { format: 'csv' | 'xlsx' }> {
  const extension = /\.[^./\\]+$/.exec(source.filename ?? '')?.[0]?.toLowerCase();
  // The name alone never makes a file readable, but a name that says "PDF" or "xls" is believed when it says no.
  if (extension && !options.extensions.includes(extension)) {
    source.stream.destroy();
    throw badFormat();
  }
  const dir = await mkdtemp(join(options.tempDir ?? tmpdir(), 'upload-'));
  try {
    const path = join(dir, 'upload');
    const spooled = await spool(source.stream, path, options.maxBytes);
    if (spooled.bytes === 0) throw new ApiError(400, options.empty);
    const head = spooled.head;
    if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
      return { ...(await read(workbookRecords(xlsxRecords(path, spooled.bytes, options.maxBytes * XLSX_MAX_UNPACK_RATIO)))), format: 'xlsx' };
    }
    const encoding = textEncoding(head, spooled.utf8Valid);
    if (!encoding || startsWith(head, [0x25, 0x50, 0x44, 0x46]) /* %PDF */) throw badFormat();
    if (!encoding.startsWith('utf-16') && (spooled.nulBytes > 0 || spooled.controlBytes > spooled.bytes / 100)) throw badFormat();
    const { delimiter, newline, skipFirst } = csvLayout(new TextDecoder(encoding).decode(head));
    return { ...(await read(csvRecords(path, encoding, delimiter, newline, skipFirst))), format: 'csv' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A workbook exceljs cannot read (broken XML, a damaged zip) is not a file we accept; our own refusals pass through. */
async function* workbookRecords(records: AsyncGenerator<FileRecord>): AsyncGenerator<FileRecord> {
  const iterator = records[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<FileRecord>;
      try {
        next = await iterator.next();
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw badFormat();
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await iterator.return?.(undefined);
  }
}

export interface RowCheck<C extends string, I> {
  /** The template column of each header cell, and the header's problems. */
  header(cells: string[]): { columns: (C | null)[]; problems: FileProblem<C>[] };
  /** One data row's cells by column: its input when clean, its problems, or empty for a blank row. */
  row(cells: Partial<Record<C, string>>, row: number): { input?: I; problems: FileProblem<C>[]; empty?: true };
  /** Data rows allowed; one more throws limitError(). */
  maxRows: number;
  limitError(): ApiError;
  /** Problems kept in the answer (every one is counted). */
  maxListed: number;
  /** Receives clean rows, in file order, while the file is read; never called after a problem is found. */
  onRows(rows: Array<{ row: number; input: I }>): Promise<void>;
  /** Rows per onRows call. */
  chunkSize: number;
  /** The message of a file without data rows. */
  empty: 'bulk_file_empty';
}

export interface RowCheckResult<C extends string> {
  /** Data rows in the file (blank rows are not counted). */
  rows: number;
  problems: FileProblem<C>[];
  problem_count: number;
}

/** The header, then every data row: counted, checked, and handed over in chunks while the file is clean. */
export async function checkRows<C extends string, I>(records: AsyncGenerator<FileRecord>, check: RowCheck<C, I>): Promise<RowCheckResult<C>> {
  const chunkSize = Math.max(1, check.chunkSize);
  const problems: FileProblem<C>[] = [];
  let problemCount = 0;
  const report = (found: FileProblem<C>[]) => {
    problemCount += found.length;
    for (const p of found) if (problems.length < check.maxListed) problems.push(p);
  };
  let columns: (C | null)[] | null = null;
  let missing = new Set<C | ''>();
  let rows = 0;
  let staged: Array<{ row: number; input: I }> = [];

  for await (const { row, cells } of records) {
    if (!columns) {
      // Blank lines above the header are allowed.
      if (cells.every((c) => !(c ?? '').trim())) continue;
      const header = check.header(cells);
      columns = header.columns;
      const headerProblems = header.problems.map((p) => ({ ...p, row }));
      missing = new Set(headerProblems.filter((p) => p.code === 'bulk_missing_column').map((p) => p.column));
      report(headerProblems);
      continue;
    }
    const byColumn: Partial<Record<C, string>> = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      if (column) byColumn[column] = cells[i] ?? '';
    }
    const checked = check.row(byColumn, row);
    if (checked.empty) continue;
    rows++;
    if (rows > check.maxRows) throw check.limitError();
    // A missing column is one header problem, not one "required" on every row.
    const found = checked.problems.filter((p) => !missing.has(p.column));
    if (found.length) report(found);
    if (problemCount > 0) {
      staged = [];
      continue;
    }
    staged.push({ row, input: checked.input! });
    if (staged.length >= chunkSize) {
      const chunk = staged;
      staged = [];
      await check.onRows(chunk);
    }
  }
  if (rows === 0) throw new ApiError(400, check.empty);
  if (problemCount === 0 && staged.length) await check.onRows(staged);
  return { rows, problems, problem_count: problemCount };
}

interface Spooled {
  bytes: number;
  head: Buffer;
  utf8Valid: boolean;
  nulBytes: number;
  /** Bytes below 0x20 other than tab, line feed, form feed, carriage return and Ctrl-Z: text has almost none. */
  controlBytes: number;
}

/** Copies the upload to path, counting bytes (413 at once past maxBytes) and noting what the format check needs. */
async function spool(stream: Readable, path: string, maxBytes: number): Promise<Spooled> {
  const out: Spooled = { bytes: 0, head: Buffer.alloc(0), utf8Valid: true, nulBytes: 0, controlBytes: 0 };
  const heads: Buffer[] = [];
  let headLength = 0;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      out.bytes += chunk.length;
      if (out.bytes > maxBytes) return done(new ApiError(413, 'file_too_large'));
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        heads.push(part);
        headLength += part.length;
      }
      if (out.utf8Valid) {
        try {
          utf8.decode(chunk, { stream: true });
        } catch {
          out.utf8Valid = false;
        }
      }
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i];
        if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1a) {
          if (b === 0) out.nulBytes++;
          out.controlBytes++;
        }
      }
      done(null, chunk);
    },
    flush(done) {
      if (out.utf8Valid) {
        try {
          utf8.decode();
        } catch {
          out.utf8Valid = false;
        }
      }
      done();
    },
  });
  // pipeline destroys the upload stream when the limit is passed, so reading stops there.
  await pipeline(stream, counter, createWriteStream(path));
  out.head = Buffer.concat(heads);
  return out;
}

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((b, i) => buffer[i] === b);

/** The text encoding of a file by its BOM, the zero bytes of UTF-16 ASCII, or UTF-8 validity; null when it is no text. */
function textEncoding(head: Buffer, utf8Valid: boolean): TextEncoding | null {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(head, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(head, [0xfe, 0xff])) return 'utf-16be';
  if (head.length >= 4) {
    if (head[0] !== 0 && head[1] === 0 && head[2] !== 0 && head[3] === 0) return 'utf-16le';
    if (head[0] === 0 && head[1] !== 0 && head[2] === 0 && head[3] !== 0) return 'utf-16be';
  }
  // Old spreadsheet and office files (OLE2: .xls, encrypted .xlsx) and gzip are binary however they decode.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0]) || startsWith(head, [0x1f, 0x8b])) return null;
  return utf8Valid ? 'utf-8' : 'windows-1252';
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * How a CSV file is laid out, from its first 64 KB: the line break its first line ends with, and the
 * delimiter: Excel's "sep=X" line if there is one, else the candidate found most often in the header line
 * outside quotes.
 */
export function csvLayout(headText: string): { delimiter: string; newline: '\n' | '\r' | '\r\n'; skipFirst: boolean } {
  const text = headText.replace(/^\uFEFF/, '');
  const firstLine = /^[^\r\n]*/.exec(text)![0];
  const brk = text.slice(firstLine.length, firstLine.length + 2);
  // Mixed breaks still read: a stray carriage return is trimmed away with the cell's spaces.
  const newline = brk === '\r\n' ? '\r\n' : brk.startsWith('\r') ? '\r' : '\n';
  const sep = /^sep=(.)\s*$/i.exec(firstLine);
  if (sep && sep[1] !== '"') return { delimiter: sep[1], newline, skipFirst: true };
  const counts = new Map<string, number>();
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (DELIMITERS as readonly string[]).includes(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best: string = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = counts.get(d) ?? 0;
    if (n > bestCount) [best, bestCount] = [d, n];
  }
  // No delimiter in the header: a one-column file; a comma is as good as any for it.
  return { delimiter: best, newline, skipFirst: false };
}


/**
 * The longest a single CSV record may be. A real row of the template is well under a kilobyte; a quote
 * that is never closed would otherwise make the rest of the file one record, read again with each chunk.
 */
export const CSV_MAX_RECORD_CHARS = 1024 * 1024;

/**
 * The records of a CSV file, decoded as it streams; quoted fields may span lines. papaparse's parser is
 * fed chunk by chunk and keeps the incomplete last record for the next chunk (what its own streamer does,
 * without its per-row pause and resume, which copies the rest of the chunk on every row).
 */
async function* csvRecords(path: string, encoding: TextEncoding, delimiter: string, newline: '\n' | '\r' | '\r\n', skipFirst: boolean): AsyncGenerator<FileRecord> {
  const decoder = new TextDecoder(encoding);
  const file = createReadStream(path, { highWaterMark: 256 * 1024 });
  const parser = new Papa.Parser({ delimiter, newline });
  let partial = '';
  let base = 0;
  let row = 0;
  let done = false;
  try {
    const chunks = (async function* () {
      for await (const chunk of file) yield decoder.decode(chunk as Buffer, { stream: true });
      yield decoder.decode();
    })();
    for await (const text of chunks) {
      if (!text) continue;
      const input = partial + text;
      const results = parser.parse(input, base, true) as { data: string[][]; meta: { cursor: number } };
      partial = input.substring(results.meta.cursor - base);
      base = results.meta.cursor;
      if (partial.length > CSV_MAX_RECORD_CHARS) throw badFormat();
      for (const cells of results.data) {
        row++;
        if (skipFirst && row === 1) continue;
        yield { row: skipFirst ? row - 1 : row, cells };
      }
    }
    done = true;
    if (partial) {
      const results = parser.parse(partial, base, false) as { data: string[][] };
      for (const cells of results.data) {
        row++;
        if (skipFirst && row === 1) continue;
        yield { row: skipFirst ? row - 1 : row, cells };
      }
    }
  } finally {
    if (!done) file.destroy();
  }
}

/**
 * The parts of exceljs's streaming WorkbookReader this module drives (exceljs is pinned to 4.4.0). Its own
 * read() takes the zip as one forward pass (unzipper's Parse), which on Node 18 and later intermittently
 * loses the entries after the worksheets (exceljs issue 3064: "Cannot read properties of undefined (reading
 * 'sheets')"), and decodes each chunk on its own, which breaks a letter split between two chunks. So the zip
 * is opened here through its central directory (the file is on disk anyway), each part is unpacked with
 * zlib into text, and exceljs parses the parts in the order they depend on one another: relationships,
 * workbook, shared strings, styles, then the first worksheet row by row.
 */
interface ExcelStreamReader {
  workbookRels?: Array<{ Id: string; Target: string }>;
  model?: { sheets?: Array<{ rId?: string; id?: number; name?: string }> };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
}

/** The rows of the workbook's first worksheet, each cell as text, numbered as the sheet numbers them. */
async function* xlsxRecords(path: string, size: number, maxUnpacked: number): AsyncGenerator<FileRecord> {
  const zip = await readZipDirectory(path, size);
  const budget = { left: maxUnpacked };
  // Styles are read so that date cells come as dates; hyperlinks and other parts are skipped.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ExcelStreamReader;
  const part = (name: string) => zip.get(name);
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(await openZipEntry(path, rels, budget));
  await reader._parseWorkbook(await openZipEntry(path, part('xl/workbook.xml')!, budget));
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(await openZipEntry(path, strings, budget)));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(await openZipEntry(path, styles, budget));

  const sheetName = firstSheetPart(reader, zip);
  const stream = await openZipEntry(path, zip.get(sheetName)!, budget);
  try {
    for (const event of reader._parseWorksheet(stream, /sheet(\d+)\.xml$/.exec(sheetName)![1])) {
      for await (const row of event.value) {
        const values = row.values as unknown[];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { row: row.number, cells };
      }
      return;
    }
  } finally {
    stream.destroy();
  }
}

/** The part of the first sheet tab: through the workbook's relationships, else the lowest-numbered worksheet. */
function firstSheetPart(reader: ExcelStreamReader, zip: Map<string, ZipEntry>): string {
  const first = reader.model?.sheets?.[0];
  const target = first && reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) {
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (zip.has(name) && WORKSHEET_PART.test(name)) return name;
  }
  const sheets = [...zip.keys()].filter((name) => WORKSHEET_PART.test(name));
  sheets.sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  return sheets[0];
}

const WORKSHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;

interface ZipEntry {
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * The entries of a zip by name, from its central directory. A zip that is not a workbook (no
 * xl/workbook.xml or no worksheet, encrypted entries, ZIP64, damaged records) is 'incorrect_file_format'.
 */
async function readZipDirectory(path: string, size: number): Promise<Map<string, ZipEntry>> {
  const handle = await open(path, 'r');
  try {
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    // The end-of-directory record is the last 22 bytes plus a comment of up to 65,535 bytes.
    const tailStart = Math.max(0, size - (22 + 0xffff));
    const tail = await read(tailStart, size - tailStart);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) throw badFormat();
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (directoryOffset + directorySize > size) throw badFormat();
    const directory = await read(directoryOffset, directorySize);
    const entries = new Map<string, ZipEntry>();
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw badFormat();
      const nameLength = directory.readUInt16LE(at + 28);
      const entry: ZipEntry = {
        flags: directory.readUInt16LE(at + 8),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        localOffset: directory.readUInt32LE(at + 42),
      };
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      // Bit 0 is encryption; 0xFFFFFFFF sizes are ZIP64, never needed below the file size limit.
      if (entry.flags & 1 || entry.size === 0xffffffff || entry.compressedSize === 0xffffffff || entry.localOffset + entry.compressedSize > size) throw badFormat();
      entries.set(name, entry);
      at += 46 + nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
    }
    if (!entries.has('xl/workbook.xml') || ![...entries.keys()].some((name) => WORKSHEET_PART.test(name))) throw badFormat();
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * One part of the zip as UTF-8 text chunks (a letter split between chunks is kept whole). Unpacked bytes
 * count against budget, the actual bytes and not what the directory claims: past it the file is
 * 'file_too_large', so a "zip bomb" stops there.
 */
async function openZipEntry(path: string, entry: ZipEntry, budget: { left: number }): Promise<Readable> {
  const handle = await open(path, 'r');
  let start: number;
  try {
    const header = Buffer.alloc(30);
    await handle.read(header, 0, 30, entry.localOffset);
    if (header.readUInt32LE(0) !== 0x04034b50) throw badFormat();
    start = entry.localOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (entry.method !== 0 && entry.method !== 8) throw badFormat();
  const decoder = new TextDecoder('utf-8');
  const text = new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      budget.left -= chunk.length;
      if (budget.left < 0) return done(new ApiError(413, 'file_too_large'));
      done(null, decoder.decode(chunk, { stream: true }) || undefined);
    },
    flush(done) {
      done(null, decoder.decode() || undefined);
    },
  });
  const raw = entry.compressedSize === 0 ? Readable.from([]) : createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  // Errors (a damaged deflate stream, the budget) reach the reader of the last stream.
  return entry.method === 8 ? streamPipeline(raw, createInflateRaw(), text, () => undefined) : streamPipeline(raw, text, () => undefined);
}

/** A cell as the user sees it: numbers as written, dates as YYYY-MM-DD, rich text joined, a formula's cached result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text?: unknown }>).map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  // Error cells (#N/A) and anything unknown read as blank.
  return '';
}

