/*
 * A zip bomb dressed as an .xlsx, for the import's tests and bench: a workbook's parts, its sheet
 * padded with `unpackedBytes` of blank space that deflates to almost nothing. The local and
 * central headers claim the sheet unpacks to 1 KB, as a hostile file would, so only inflating it
 * tells its real size.
 */
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Fleet" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

interface ZipEntry {
  name: string;
  /** The entry deflated, and what it unpacks to. */
  packed: Buffer;
  size: number;
  claimedSize?: number;
}

const packed = (name: string, text: string): ZipEntry => ({
  name,
  packed: deflateRawSync(Buffer.from(text)),
  size: Buffer.byteLength(text),
});

/** The parts deflated as one stream, a megabyte of blanks at a time: no bomb is held whole. */
async function deflatedParts(parts: readonly (Buffer | number)[]): Promise<{ packed: Buffer; size: number }> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const blanks = Buffer.alloc(1024 * 1024, ' ');
  let size = 0;
  for (const part of parts) {
    if (typeof part !== 'number') {
      deflate.write(part);
      size += part.length;
      continue;
    }
    for (let left = part; left > 0; left -= blanks.length) {
      const piece = blanks.subarray(0, Math.min(left, blanks.length));
      size += piece.length;
      if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await ended;
  return { packed: Buffer.concat(chunks), size };
}

/** A zip of the deflated entries, each header claiming the size given (or the real one). */
function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const { packed } = entry;
    const size = entry.claimedSize ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(header, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A workbook whose one sheet unpacks to about `unpackedBytes` (blank space around one row). */
export async function workbookBomb(unpackedBytes: number): Promise<Buffer> {
  const sheet = await deflatedParts([
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
    unpackedBytes,
    Buffer.from(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Holder.Email</t></is></c></row></sheetData></worksheet>',
    ),
  ]);
  return zip([
    packed('[Content_Types].xml', CONTENT_TYPES),
    packed('_rels/.rels', RELS),
    packed('xl/workbook.xml', WORKBOOK),
    packed('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    { name: 'xl/worksheets/sheet1.xml', ...sheet, claimedSize: 1024 },
  ]);
}
