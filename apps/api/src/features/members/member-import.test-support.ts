import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import request from 'supertest';

/**
 * Member lists as clubs bring them, made in the tests: a CSV as Excel in Switzerland saves it
 * («CSV (Trennzeichen-getrennt)»: `;`, Windows-1252, CRLF), a CSV in UTF-8 with BOM, an XLSX with
 * real date cells and text cells, and a zip whose part unpacks to far more than it says.
 */

function csvText(rows: readonly (readonly string[])[], delimiter: string): string {
  const cell = (v: string) => (v.includes(delimiter) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((r) => r.map(cell).join(delimiter)).join('\r\n') + '\r\n';
}

export function excelCsv(rows: readonly (readonly string[])[]): Buffer {
  return iconv.encode(csvText(rows, ';'), 'win1252');
}

export function utf8BomCsv(rows: readonly (readonly string[])[], delimiter = ','): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvText(rows, delimiter), 'utf8')]);
}

/** A workbook whose first sheet holds the rows; Date values become date cells (dd.mm.yyyy). */
export async function xlsxOf(rows: readonly (readonly ExcelJS.CellValue[])[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Mitglieder');
  for (const r of rows) {
    const row = sheet.addRow([...r]);
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd.mm.yyyy';
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A zip of one deflated part: `bytes` zeros (packed into a few hundred kilobytes; its header claims 1,000). */
export async function zipBomb(bytes: number, name = 'xl/worksheets/sheet1.xml'): Promise<Buffer> {
  const deflate = createDeflateRaw();
  const packed: Buffer[] = [];
  deflate.on('data', (d: Buffer) => packed.push(d));
  const zeros = Buffer.alloc(16 * 1024 * 1024);
  for (let n = 0; n < bytes; n += zeros.length) if (!deflate.write(zeros)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const data = Buffer.concat(packed);
  const fileName = Buffer.from(name);
  const crc = crc32(Buffer.alloc(0));
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(1000, 22); // the header lies about the unpacked size
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export function uploadFile(baseUrl: string, cookie: string | undefined, content: Buffer, fileName: string) {
  const req = request(baseUrl).post('/api/v1/admin/members/imports');
  if (cookie) req.set('Cookie', cookie);
  return req.attach('file', content, { filename: fileName, contentType: 'application/octet-stream' });
}
