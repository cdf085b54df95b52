/**
 * The runner data as an Excel workbook (issue 13 item 5): the 19 columns of the CSV in one sheet,
 * written with exceljs' streaming writer one batch of registrations at a time, so an event of any
 * size holds about one batch in memory. Cells are typed: identity and phone numbers are strings (a
 * leading 0, a '+' and all 16 digits of a NIK survive; Excel never turns them into 3,27301E+15), the
 * date of birth a real date shown dd/mm/yyyy. No formula guard is needed: a string cell is never
 * evaluated, so '=HYPERLINK(...)' typed as a name stays text.
 */
import { once } from 'node:events';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import ExcelJS from 'exceljs';
import type { RegistrationJson } from '../../../../domain/registrations/contract';
import {
  DOB_COLUMN,
  SPREADSHEET_DATE_FORMAT,
  runnerExportColumns,
  runnerSpreadsheetRow,
  runnerSpreadsheetWidths,
} from '../../../../domain/registrations/runner-export';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const RUNNER_SHEET_NAME = 'Data Pelari';

/** Uncompressed sheet XML that may wait for the zip (and so for the client) before the next batch is read. */
const SHEET_HIGH_WATER = 1024 * 1024;
/** Compressed bytes the zip may hold for the client (archiver's default is 1 MB: some 10 MB of sheet). */
const ZIP_HIGH_WATER = 64 * 1024;
/** The zip deflates the sheet in chunks of this size rather than one small chunk per row. */
const SHEET_CHUNK = 64 * 1024;

/**
 * The sheet's XML on its way into the zip, as a real Node stream. exceljs' own buffer passes every
 * chunk on whether or not the zip has room, so a slow client would leave the whole sheet in
 * memory; this one fills up instead (`writableNeedDrain`), which is what the writer waits on. It
 * takes exceljs' StringBuf chunks (copied at once: exceljs reuses them) and hands the zip 64 KB at
 * a time.
 */
class SheetStream extends Transform {
  private parts: Buffer[] = [];
  private size = 0;

  constructor() {
    super({ writableHighWaterMark: SHEET_HIGH_WATER, readableHighWaterMark: SHEET_CHUNK });
  }

  override write(chunk: unknown, ...rest: unknown[]): boolean {
    const data = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? chunk : (chunk as { toBuffer(): Buffer }).toBuffer();
    return (super.write as (c: unknown, ...r: unknown[]) => boolean)(data, ...rest);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.parts.push(chunk);
    this.size += chunk.length;
    if (this.size >= SHEET_CHUNK) this.pushParts();
    callback();
  }

  override _flush(callback: TransformCallback) {
    if (this.size) this.pushParts();
    callback();
  }

  private pushParts() {
    this.push(Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
  }
}

/** exceljs' writer with its sheet streams swapped for SheetStreams (its `_openStream` is where they are made). */
function workbookWriter(out: PassThrough, sheets: SheetStream[]) {
  // archiver takes `highWaterMark` (exceljs' types leave it out).
  const zip = { highWaterMark: ZIP_HIGH_WATER } as Partial<ExcelJS.stream.xlsx.WorkbookStreamWriterOptions['zip']>;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip });
  const internals = workbook as unknown as { zip: { append(source: Readable, options: { name: string }): void }; _openStream(path: string): SheetStream };
  internals._openStream = (path: string) => {
    const stream = new SheetStream();
    internals.zip.append(stream, { name: path });
    // What the writer's commit waits for, as with its own streams.
    stream.on('finish', () => stream.emit('zipped'));
    sheets.push(stream);
    return stream;
  };
  return workbook;
}

/** The column letter of a 1-based column number (1 → A, 18 → R, 27 → AA). */
function columnLetter(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/**
 * Streams the workbook of `batches` into the returned stream. The header row is bold, frozen and
 * carries an auto-filter over the 19 columns. Between batches it waits while the zip (and so the
 * client) has not yet taken what was written, so a slow download slows the database reads instead
 * of filling memory; a client that goes away stops the reads. `onError` hears of a failure midway
 * (the response has started by then; the stream is destroyed).
 */
export function streamRunnerWorkbook(batches: AsyncIterable<RegistrationJson[]>, onError: (err: unknown) => void): PassThrough {
  const out = new PassThrough();
  const sheets: SheetStream[] = [];
  const workbook = workbookWriter(out, sheets);
  workbook.creator = 'Derap';
  workbook.created = new Date();
  const lastColumn = columnLetter(runnerExportColumns.length);
  const sheet = workbook.addWorksheet(RUNNER_SHEET_NAME, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.autoFilter = `A1:${lastColumn}1`;
  // '@' is Excel's Text format: what the organizer types into these columns later stays text too.
  sheet.columns = runnerExportColumns.map((_, i) => ({
    width: runnerSpreadsheetWidths[i],
    style: { numFmt: i === DOB_COLUMN ? SPREADSHEET_DATE_FORMAT : '@' },
  }));
  const header = sheet.addRow([...runnerExportColumns]);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1F5F9' } };
  header.commit();

  const waitForClient = async () => {
    const sheet = sheets[0];
    if (!sheet?.writableNeedDrain || out.destroyed) return;
    const stop = new AbortController();
    // The loser is aborted (and rejects with AbortError): settled quietly, no listener left behind.
    const settle = (event: Promise<unknown>) => event.catch(() => undefined);
    try {
      await Promise.race([settle(once(sheet, 'drain', { signal: stop.signal })), settle(once(out, 'close', { signal: stop.signal }))]);
    } finally {
      stop.abort();
    }
  };

  void (async () => {
    for await (const batch of batches) {
      for (const registration of batch) sheet.addRow(runnerSpreadsheetRow(registration)).commit();
      if (out.destroyed) return;
      await waitForClient();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    onError(err);
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
