import type { Writable } from 'node:stream';
import { isReportFormat, isReportType, type ReportFormat } from '@club/contract';
import { notFound } from '../../lib/app-error.ts';
import type { Ctx } from '../../lib/ctx.ts';
import { writePdfReport } from './pdf-table.ts';
import type { Cell, TableBlock, TableReport, TableSection } from './report-model.ts';
import { reportDefinitions, type Column, type RawBlock, type RawSection } from './reports.definitions.ts';
import { findSeason } from './reports.repository.ts';
import { writeXlsxReport } from './xlsx-sheet.ts';

/** A report download, checked and ready to stream: nothing has been written yet. */
export interface PreparedReport {
  fileName: string;
  write(out: Writable): Promise<void>;
}

/**
 * Checks season, type and format (404 for any unknown one) before a byte is sent, so that
 * these errors still reach the client as JSON; the rows are read while streaming.
 */
export async function prepareReport(
  ctx: Ctx,
  input: { seasonId: number; type: string; format: string; clubName: string },
): Promise<PreparedReport> {
  if (!isReportType(input.type)) throw notFound('Diese Liste gibt es nicht.');
  if (!isReportFormat(input.format)) throw notFound('Dieses Dateiformat gibt es nicht.');
  const season = await findSeason(ctx.db, input.seasonId);
  if (!season) throw notFound('Diese Saison gibt es nicht.');
  const definition = reportDefinitions[input.type];
  const format: ReportFormat = input.format;
  const label = season.name.replaceAll('/', '-');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition's own row type
  const columns: Column<any>[] = format === 'xlsx' ? definition.xlsx : definition.pdf;
  const report: TableReport = {
    title: definition.title,
    subtitle: `Saison ${season.name}`,
    author: input.clubName,
    createdAt: ctx.now,
    columns: columns.map(({ header, kind, width, total }) => (total ? { header, kind, width, total } : { header, kind, width })),
    sections: () => project(definition.sections(ctx.db, season, label), columns),
  };
  return {
    fileName: `${definition.fileBase}-${label}.${format}`,
    write: (out) => (format === 'xlsx' ? writeXlsxReport(out, report) : writePdfReport(out, report)),
  };
}

/** Report rows → table cells, one per column. */
async function* project<R>(sections: AsyncIterable<RawSection<R>>, columns: readonly Column<R>[]): AsyncIterable<TableSection> {
  for await (const section of sections) {
    yield {
      name: section.name,
      heading: section.heading ?? section.name,
      subtotals: section.subtotals,
      blocks: projectBlocks(section.blocks, columns),
    };
  }
}

async function* projectBlocks<R>(blocks: AsyncIterable<RawBlock<R>>, columns: readonly Column<R>[]): AsyncIterable<TableBlock> {
  for await (const block of blocks) {
    yield {
      ...(block.heading ? { heading: block.heading } : {}),
      rows: (async function* () {
        for await (const batch of block.rows) yield cellsOf(batch, columns);
      })(),
    };
  }
}

/**
 * A batch's rows as cells, made one row at a time as the writer takes them; each row read from
 * the database is let go once it is made into cells. So neither the batch's database rows nor
 * its cells outlive the drawing of their own row, and they die young (a batch held whole while
 * it is drawn was most of what a large report left in the old generation).
 */
function* cellsOf<R>(batch: (R | undefined)[], columns: readonly Column<R>[]): Iterable<Cell[]> {
  for (let i = 0; i < batch.length; i++) {
    const row = batch[i] as R;
    batch[i] = undefined;
    yield columns.map((c) => c.value(row) ?? null);
  }
}
