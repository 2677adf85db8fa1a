/**
 * Reading an uploaded bulk file (server/bulk/file.ts) and the template (server/bulk/template.ts): formats,
 * encodings, delimiters, the size and row limits, problems and their listing, chunked delivery, and the
 * temporary file. Every fixture is built here; no database is needed.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_COLUMNS, BULK_MAX_LISTED_PROBLEMS, type BulkRowInput } from '../../common/bulk';
import { readBulkFile, type BulkFileRow, type ReadBulkFileOptions } from '../../server/bulk/file';
import { BULK_TEMPLATE_ROWS, bulkTemplate } from '../../server/bulk/template';
import { ApiError } from '../../server/http/errors';

const NOW = new Date('2026-06-15T12:00:00Z');
let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'bulk-file-test-'));
});
afterAll(async () => {
  await rm(tempDir, { recursive: true, force: true });
});

/** Reads bytes as an upload, collecting what onRows receives. */
async function read(bytes: Buffer | string, filename = 'upload.csv', options: Partial<ReadBulkFileOptions> = {}) {
  const chunks: BulkFileRow[][] = [];
  const result = await readBulkFile(
    { filename, stream: Readable.from([typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes]) },
    {
      maxRows: 10_000,
      now: NOW,
      tempDir,
      onRows: async (rows) => {
        chunks.push(rows);
      },
      ...options,
    },
  );
  return { ...result, chunks, rows: chunks.flat() };
}

/** The ApiError a read fails with. */
async function failure(bytes: Buffer | string, filename = 'upload.csv', options: Partial<ReadBulkFileOptions> = {}): Promise<ApiError> {
  try {
    await read(bytes, filename, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the file was accepted');
}

const names = (rows: BulkFileRow[]) => rows.map((r) => r.input.search_term);

/** A zip written by hand: each entry stored or deflated, with a central directory. */
function zip(entries: Array<[name: string, content: string | Buffer, deflate?: boolean]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content, deflate] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = deflate ? deflateRawSync(data) : data;
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

async function workbook(build: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const HEADER = BULK_COLUMNS.join(',');

describe('the template', () => {
  const expected: BulkRowInput[] = [
    {
      search_term: 'Maribel Quintero Havlik',
      entity_type: 'person',
      birth_day: 14,
      birth_month: 3,
      birth_year: 1986,
      countries: ['ES', 'PT'],
      residence_countries: ['ES'],
      nationality: 'ES',
      gender: 'female',
      unique_identifier: 'PASSPORT X1234567',
      client_reference: 'CLIENT-0001',
      aml_monitoring: true,
      adverse_media_monitoring: false,
    },
    {
      search_term: 'Brightwater Tiling Cooperative Ltd',
      entity_type: 'company',
      birth_year: 2011,
      countries: ['GB'],
      residence_countries: [],
      unique_identifier: '08123456',
      client_reference: 'CLIENT-0002',
      aml_monitoring: false,
      adverse_media_monitoring: true,
    },
  ];

  it.each(['csv', 'xlsx'] as const)('%s has the template columns and reads back as clean rows', async (format) => {
    const result = await read(bulkTemplate(format), `bulk-search-template.${format}`);
    expect(result.format).toBe(format);
    expect(result.problem_count).toBe(0);
    expect(result.rows).toEqual(expected.map((input, i) => ({ row: i + 2, input })));
  });

  it('csv starts with a BOM and the columns in order', () => {
    const text = bulkTemplate('csv').toString('utf8');
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(BULK_TEMPLATE_ROWS).toHaveLength(2);
  });
});

describe('CSV', () => {
  const rowsText = ['Anna Berg,person', 'Brightwater Tiling Ltd,company'];

  it('reads headers in any spelling and ignores unknown columns', async () => {
    const result = await read('Full Name;Notes;TYPE;Country\nAnna Berg;vip;Person;gb|fr\n');
    expect(result.rows).toEqual([{ row: 2, input: expect.objectContaining({ search_term: 'Anna Berg', entity_type: 'person', countries: ['GB', 'FR'] }) }]);
  });

  it.each([
    ['comma', ','],
    ['semicolon', ';'],
    ['tab', '\t'],
    ['pipe', '|'],
  ])('takes the delimiter from the header line: %s', async (_name, d) => {
    const text = [`name${d}entity_type${d}countries`, `"Berg, Anna"${d}person${d}GB`, `Brightwater Tiling Ltd${d}company${d}`].join('\n');
    const result = await read(text);
    expect(names(result.rows)).toEqual(['Berg, Anna', 'Brightwater Tiling Ltd']);
  });

  it("honours Excel's sep= line", async () => {
    const result = await read('sep=;\r\nname;entity_type\r\nAnna, Berg;person\r\n');
    expect(result.rows).toEqual([{ row: 2, input: expect.objectContaining({ search_term: 'Anna, Berg' }) }]);
  });

  it('reads quoted fields with line breaks and quotes, and numbers rows by record', async () => {
    const text = `name,entity_type,client_reference\r\n"Anna ""The Rock"" Berg",person,"line one\r\nline two"\r\nBrightwater Tiling Ltd,company,x\r\n`;
    const result = await read(text);
    expect(result.rows.map((r) => [r.row, r.input.search_term, r.input.client_reference])).toEqual([
      [2, 'Anna "The Rock" Berg', 'line one\r\nline two'],
      [3, 'Brightwater Tiling Ltd', 'x'],
    ]);
  });

  it('keeps quoted line breaks whole across read chunks', async () => {
    const lines = ['name,entity_type,client_reference'];
    for (let i = 0; i < 20_000; i++) lines.push(`"Berg, Anna ${i}",person,"first ${i}\r\nsecond ${i}"`);
    const result = await read(lines.join('\r\n'), 'f.csv', { maxRows: 20_000 });
    expect(result.rows).toHaveLength(20_000);
    expect(result.rows.every((r, i) => r.row === i + 2 && r.input.search_term === `Berg, Anna ${i}` && r.input.client_reference === `first ${i}\r\nsecond ${i}`)).toBe(true);
  });

  it('refuses a quote that is never closed once it runs past any real row', async () => {
    const text = `name,entity_type\n"Anna Berg,person\n${'Carl Berg,person\n'.repeat(80_000)}`;
    expect((await failure(text)).code).toBe('incorrect_file_format');
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('reads %s line breaks', async (_name, br) => {
    const result = await read([HEADER.split(',').slice(0, 2).join(','), ...rowsText].join(br) + br);
    expect(names(result.rows)).toEqual(['Anna Berg', 'Brightwater Tiling Ltd']);
  });

  it('skips blank lines (not counted) but keeps the row numbers of the file', async () => {
    const result = await read('\n\nname,entity_type\n\nAnna Berg,person\n , \nBrightwater Tiling Ltd,company\n\n');
    expect(result.rows.map((r) => r.row)).toEqual([5, 7]);
    expect(result.problems).toEqual([]);
  });

  it('reads a one-column file and reports the missing column', async () => {
    const result = await read('name\nAnna Berg\nBerg, Anna\n');
    expect(result.problems).toEqual([{ row: 1, column: 'entity_type', code: 'bulk_missing_column' }]);
    expect(result.problem_count).toBe(1);
    expect(result.rows).toEqual([]);
  });
});

describe('encodings', () => {
  const text = 'name,entity_type\nJosé Müller Peña,person\nمحمد الفلاني,person\nИван Сидоров,person\n';
  const expected = ['José Müller Peña', 'محمد الفلاني', 'Иван Сидоров'];

  it('UTF-8 without a BOM', async () => {
    expect(names((await read(Buffer.from(text, 'utf8'))).rows)).toEqual(expected);
  });

  it('UTF-8 with a BOM', async () => {
    expect(names((await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]))).rows)).toEqual(expected);
  });

  it('UTF-16 LE with a BOM', async () => {
    expect(names((await read(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]))).rows)).toEqual(expected);
  });

  it('UTF-16 BE with a BOM', async () => {
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.alloc(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
    expect(names((await read(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).rows)).toEqual(expected);
  });

  it('UTF-16 LE without a BOM, as some programs save it', async () => {
    expect(names((await read(Buffer.from(text, 'utf16le'))).rows)).toEqual(expected);
  });

  it('Windows-1252 when the bytes are not UTF-8', async () => {
    // é ü ñ and the euro sign (0x80 in Windows-1252) in single bytes.
    const bytes = Buffer.concat([Buffer.from('name,entity_type,client_reference\nJos', 'latin1'), Buffer.from([0xe9]), Buffer.from(' M', 'latin1'), Buffer.from([0xfc]), Buffer.from('ller Pe', 'latin1'), Buffer.from([0xf1]), Buffer.from('a,person,', 'latin1'), Buffer.from([0x80]), Buffer.from('5\n', 'latin1')]);
    const result = await read(bytes);
    expect(result.rows.map((r) => [r.input.search_term, r.input.client_reference])).toEqual([['José Müller Peña', '€5']]);
  });

  it('keeps letters whole across read chunks', async () => {
    // 40,000 rows of Arabic and Cyrillic names: far more than one 256 KB read, so letters fall on chunk edges.
    const lines = ['name,entity_type'];
    for (let i = 0; i < 20_000; i++) lines.push(`محمد الفلاني ${i},person`, `Иван Сидоров ${i},person`);
    const result = await read(lines.join('\n'), 'big.csv', { maxRows: 50_000 });
    expect(result.rows).toHaveLength(40_000);
    expect(result.rows.every((r, i) => r.input.search_term === (i % 2 ? `Иван Сидоров ${(i - 1) / 2}` : `محمد الفلاني ${i / 2}`))).toBe(true);
  });
});

describe('Excel .xlsx', () => {
  it('reads the first worksheet with numbers, dates, rich text, formulas and shared strings', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('People');
      sheet.addRow(['Name', 'Entity Type', 'Birth Day', 'Birth Month', 'Birth Year', 'Countries', 'National ID', 'Client Reference', 'AML Monitoring']);
      sheet.addRow([{ richText: [{ text: 'Anna ', font: { bold: true } }, { text: 'Berg' }] }, 'Person', 5, 11, 1979, 'se;no', 8601145009087, new Date(Date.UTC(1990, 4, 17)), true]);
      sheet.addRow([{ formula: '"Bright"&"water Ltd"', result: 'Brightwater Ltd' }, 'company', null, null, { formula: '2000+11', result: 2011 }, 'GB', null, 'ref-2', 'no']);
      sheet.addRow(['محمد الفلاني', 'person']);
      sheet.addRow(['Иван Сидоров', 'person']);
      sheet.getCell('H2').numFmt = 'yyyy-mm-dd';
      book.addWorksheet('Other').addRow(['name', 'entity_type']);
      book.getWorksheet('Other')!.addRow(['Not Read', 'person']);
    });
    const result = await read(bytes, 'people.xlsx');
    expect(result.format).toBe('xlsx');
    expect(result.problems).toEqual([]);
    expect(result.rows).toEqual([
      {
        row: 2,
        input: expect.objectContaining({ search_term: 'Anna Berg', entity_type: 'person', birth_day: 5, birth_month: 11, birth_year: 1979, countries: ['SE', 'NO'], national_id: '8601145009087', client_reference: '1990-05-17', aml_monitoring: true }),
      },
      { row: 3, input: expect.objectContaining({ search_term: 'Brightwater Ltd', entity_type: 'company', birth_year: 2011, client_reference: 'ref-2', aml_monitoring: false }) },
      { row: 4, input: expect.objectContaining({ search_term: 'محمد الفلاني' }) },
      { row: 5, input: expect.objectContaining({ search_term: 'Иван Сидоров' }) },
    ]);
  });

  it('reads the first tab even when its part is not sheet1.xml, and numbers rows as the sheet does', async () => {
    const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
    const sheet = (rows: string) => `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
    const bytes = zip([
      [
        'xl/workbook.xml',
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Batch" sheetId="2" r:id="rId2"/><sheet name="Old" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
      [
        'xl/_rels/workbook.xml.rels',
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>',
      ],
      ['xl/worksheets/sheet1.xml', sheet(`<row r="1">${cell('A1', 'name')}${cell('B1', 'entity_type')}</row><row r="2">${cell('A2', 'Wrong Sheet')}${cell('B2', 'person')}</row>`), true],
      ['xl/worksheets/sheet2.xml', sheet(`<row r="3">${cell('A3', 'name')}${cell('B3', 'entity_type')}</row><row r="6">${cell('A6', 'Anna Berg')}${cell('B6', 'person')}</row>`), true],
    ]);
    const result = await read(bytes, 'tabs.xlsx');
    expect(result.rows.map((r) => [r.row, r.input.search_term])).toEqual([[6, 'Anna Berg']]);
  });

  it('reads a workbook whose workbook part comes last, every time (exceljs issue 3064)', async () => {
    // exceljs writes xl/workbook.xml after the worksheets; its own one-pass reader lost it about one read in three here.
    const bytes = await workbook((book) => {
      const first = book.addWorksheet('First');
      first.addRow(['name', 'entity_type']);
      first.addRow(['Anna Berg', 'person']);
      book.addWorksheet('Second').addRow(['c', 'd']);
    });
    for (let i = 0; i < 15; i++) expect(names((await read(bytes, 'twice.xlsx')).rows)).toEqual(['Anna Berg']);
  });

  it('keeps thousands of Arabic and Cyrillic names whole (shared strings unpacked in chunks)', async () => {
    const expected: string[] = [];
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('s');
      sheet.addRow(['name', 'entity_type']);
      for (let i = 0; i < 3_000; i++) {
        const name = i % 2 ? `Иван Сидоров ${i}` : `محمد الفلاني ${i}`;
        expected.push(name);
        sheet.addRow([name, 'person']);
      }
    });
    const result = await read(bytes, 'names.xlsx');
    expect(names(result.rows)).toEqual(expected);
  });

  it('reports problems with the sheet row, column and value', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('s');
      sheet.addRow(['name', 'entity_type', 'gender']);
      sheet.addRow(['Anna Berg', 'person', 'female']);
      sheet.addRow(['Brightwater Ltd', 'ship', '']);
    });
    const result = await read(bytes, 'bad.xlsx');
    expect(result.problems).toEqual([{ row: 3, column: 'entity_type', code: 'bulk_entity_type', value: 'ship' }]);
    expect(result.chunks).toEqual([]);
  });
});

describe('files that are not a bulk file', () => {
  it('refuses a PDF', async () => {
    const pdf = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';
    expect((await failure(pdf, 'names.csv')).code).toBe('incorrect_file_format');
  });

  it('refuses binary garbage', async () => {
    // A fixed pseudo-random sequence, so the test reads the same bytes every time.
    const bytes = Buffer.alloc(4096);
    let x = 12345;
    for (let i = 0; i < bytes.length; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = x >> 16;
    }
    expect((await failure(bytes, 'names.csv')).code).toBe('incorrect_file_format');
  });

  it('refuses a zip that is not a workbook', async () => {
    const other = zip([['word/document.xml', '<w:document/>', true], ['[Content_Types].xml', '<Types/>']]);
    expect((await failure(other, 'names.xlsx')).code).toBe('incorrect_file_format');
  });

  it('refuses an old .xls (OLE2) file', async () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect((await failure(ole, 'names.xlsx')).code).toBe('incorrect_file_format');
  });

  it('refuses a file named as another format, whatever it holds', async () => {
    expect((await failure('name,entity_type\nAnna Berg,person\n', 'names.pdf')).code).toBe('incorrect_file_format');
    expect((await failure('name,entity_type\nAnna Berg,person\n', 'names.xls')).code).toBe('incorrect_file_format');
  });

  it('refuses a truncated workbook and one with broken XML', async () => {
    const good = await workbook((book) => {
      book.addWorksheet('s').addRow(['name', 'entity_type']);
    });
    expect((await failure(good.subarray(0, Math.floor(good.length / 2)), 'cut.xlsx')).code).toBe('incorrect_file_format');
    const broken = zip([
      ['xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="s" sheetId="1"/></sheets></workbook>'],
      ['xl/worksheets/sheet1.xml', '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row><row r="2"><c r="A2"></row></sheetData></worksheet>', true],
    ]);
    expect((await failure(broken, 'broken.xlsx')).code).toBe('incorrect_file_format');
  });

  it('reads a hand-made minimal workbook with inline strings', async () => {
    const sheet = (cells: string[][]) =>
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells
        .map((row, r) => `<row r="${r + 1}">${row.map((v, c) => `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`)
        .join('')}</sheetData></worksheet>`;
    const bytes = zip([
      ['xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="s" sheetId="1"/></sheets></workbook>'],
      ['xl/worksheets/sheet1.xml', sheet([['name', 'entity_type'], ['Anna Berg', 'person']]), true],
    ]);
    expect(names((await read(bytes, 'mini.xlsx')).rows)).toEqual(['Anna Berg']);
  });
});

describe('limits', () => {
  it('refuses a file over maxBytes with 413 and stops reading the upload', async () => {
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 16 * 1024;
        this.push(Buffer.alloc(16 * 1024, 'a'));
      },
    });
    let error: unknown;
    try {
      await readBulkFile({ filename: 'big.csv', stream: endless }, { maxRows: 10, maxBytes: 100_000, tempDir, onRows: async () => undefined });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).code).toBe('file_too_large');
    expect(endless.destroyed).toBe(true);
    // Stopped at the limit: at most the stream's read-ahead past it.
    expect(produced).toBeLessThan(100_000 + 200 * 1024);
  });

  it('accepts a file of exactly maxBytes', async () => {
    const text = 'name,entity_type\nAnna Berg,person\n';
    expect((await read(text, 'f.csv', { maxBytes: Buffer.byteLength(text) })).rows).toHaveLength(1);
  });

  it('refuses a workbook that unpacks far beyond the size limit (a zip bomb)', async () => {
    const huge = `<worksheet><sheetData>${' '.repeat(5_000_000)}</sheetData></worksheet>`;
    const bomb = zip([
      ['xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets><sheet name="s" sheetId="1"/></sheets></workbook>'],
      ['xl/worksheets/sheet1.xml', huge, true],
    ]);
    expect(bomb.length).toBeLessThan(50_000);
    const error = await failure(bomb, 'bomb.xlsx', { maxBytes: 100_000 });
    expect([error.status, error.code]).toEqual([413, 'file_too_large']);
  });

  it('refuses more rows than maxRows with bulk_limit and the limit; blank rows do not count', async () => {
    const ok = await read('name,entity_type\nA Berg,person\n\nB Berg,person\n,\nC Berg,person\n', 'f.csv', { maxRows: 3 });
    expect(ok.rows).toHaveLength(3);
    const error = await failure('name,entity_type\nA Berg,person\nB Berg,person\nC Berg,person\nD Berg,person\n', 'f.csv', { maxRows: 3 });
    expect([error.status, error.code, error.message]).toEqual([400, 'bulk_limit', 'A batch may hold at most 3 entities. Contact your provider to raise the limit.']);
    expect(error.toJSON()).toMatchObject({ code: 'bulk_limit', limit: 3 });
  });

  it('stops at the limit in a workbook too', async () => {
    const bytes = await workbook((book) => {
      const sheet = book.addWorksheet('s');
      sheet.addRow(['name', 'entity_type']);
      for (let i = 0; i < 20; i++) sheet.addRow([`Person ${i} Berg`, 'person']);
    });
    expect((await failure(bytes, 'f.xlsx', { maxRows: 19 })).code).toBe('bulk_limit');
  });

  it.each([
    ['an empty file', ''],
    ['blank lines', '\n\r\n  \n'],
    ['a header only', 'name,entity_type\r\n'],
    ['a header and blank rows', 'name,entity_type\n,\n  ,  \n'],
  ])('refuses %s with bulk_file_empty', async (_name, text) => {
    const error = await failure(text);
    expect([error.status, error.code]).toEqual([400, 'bulk_file_empty']);
  });
});

describe('problems', () => {
  it('lists each problem with row, column, code and value, and hands over no rows', async () => {
    const text = ['name,entity_type,birth_year,gender,countries', 'Anna Berg,person,1980,female,GB', 'B,person,,,', 'Carl Berg,robot,1700,x,GB;ZZ'].join('\n');
    const result = await read(text);
    expect(result.problems).toEqual([
      { row: 3, column: 'name', code: 'search_term_length', value: 'B' },
      { row: 4, column: 'entity_type', code: 'bulk_entity_type', value: 'robot' },
      { row: 4, column: 'birth_year', code: 'year_min', value: '1700' },
      { row: 4, column: 'countries', code: 'invalid_country', value: 'ZZ' },
      { row: 4, column: 'gender', code: 'bulk_gender', value: 'x' },
    ]);
    expect(result.problem_count).toBe(5);
    expect(result.chunks).toEqual([]);
  });

  it('reports header problems on the header line, without repeating them on each row', async () => {
    const result = await read('\nname,Name,gender\nAnna Berg,,x\n');
    expect(result.problems).toEqual([
      { row: 2, column: 'name', code: 'bulk_duplicate_column', value: 'Name' },
      { row: 2, column: 'entity_type', code: 'bulk_missing_column' },
      { row: 3, column: 'gender', code: 'bulk_gender', value: 'x' },
    ]);
  });

  it(`lists at most ${BULK_MAX_LISTED_PROBLEMS} problems but counts them all`, async () => {
    const lines = ['name,entity_type'];
    for (let i = 0; i < BULK_MAX_LISTED_PROBLEMS + 250; i++) lines.push(`Person ${i} Berg,alien`);
    const result = await read(lines.join('\n'));
    expect(result.problems).toHaveLength(BULK_MAX_LISTED_PROBLEMS);
    expect(result.problem_count).toBe(BULK_MAX_LISTED_PROBLEMS + 250);
    expect(result.problems.at(-1)!.row).toBe(BULK_MAX_LISTED_PROBLEMS + 1);
    expect(result.rows).toEqual([]);
  });
});

describe('delivery in chunks', () => {
  const file = (count: number, bad: number[] = []) => {
    const lines = ['name,entity_type'];
    for (let i = 0; i < count; i++) lines.push(`Person ${i} Berg,${bad.includes(i) ? 'ghost' : 'person'}`);
    return lines.join('\n');
  };

  it('hands clean rows over in file order, chunkSize at a time', async () => {
    const result = await read(file(2_500));
    expect(result.chunks.map((c) => c.length)).toEqual([1_000, 1_000, 500]);
    expect(result.rows.map((r) => r.row)).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 2));
    const small = await read(file(7), 'f.csv', { chunkSize: 3 });
    expect(small.chunks.map((c) => c.length)).toEqual([3, 3, 1]);
  });

  it('hands over nothing after the first problem, yet counts every problem after it', async () => {
    const result = await read(file(2_500, [1_500, 2_400]));
    expect(result.chunks.map((c) => c.length)).toEqual([1_000]);
    expect(result.problem_count).toBe(2);
    expect(result.problems.map((p) => p.row)).toEqual([1_502, 2_402]);
  });

  it('lets an error of onRows through unchanged', async () => {
    const boom = new Error('database went away');
    await expect(read(file(5), 'f.csv', { chunkSize: 2, onRows: async () => Promise.reject(boom) })).rejects.toBe(boom);
  });
});

describe('the temporary file', () => {
  it('is removed after a read, a refused file and a failing onRows', async () => {
    const own = await mkdtemp(join(tmpdir(), 'bulk-spool-'));
    try {
      const options = { tempDir: own };
      await read('name,entity_type\nAnna Berg,person\n', 'f.csv', options);
      expect(await readdir(own)).toEqual([]);
      await failure('x'.repeat(5_000), 'f.csv', { ...options, maxBytes: 1_000 });
      expect(await readdir(own)).toEqual([]);
      await failure('%PDF-1.7\n', 'f.csv', options);
      await failure(await workbook((b) => b.addWorksheet('s').addRow(['name'])), 'f.xlsx', { ...options, maxRows: 0 }).catch(() => undefined);
      await read('name,entity_type\nAnna Berg,person\n', 'f.csv', { ...options, onRows: async () => Promise.reject(new Error('x')) }).catch(() => undefined);
      expect(await readdir(own)).toEqual([]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });
});
