import { textPart, writeZip, type ZipPartSource } from './zip-writer';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook needs around its one sheet. */
function workbookParts(sheet: ZipPartSource): ZipPartSource[] {
  return [
    textPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    textPart(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    textPart(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    textPart(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
  ];
}

const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook whose one sheet holds the given rows as inline strings (a normal, small file). */
export function smallWorkbook(rows: string[][]): Promise<Buffer> {
  const xml = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map(
            (text, c) =>
              `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${text}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  return writeZip(workbookParts(textPart('xl/worksheets/sheet1.xml', SHEET_HEAD + xml + SHEET_TAIL)));
}

/**
 * A real .xlsx zip bomb: one sheet whose only cell is an inline string of `inflatedBytes` letters,
 * so the file is about a thousandth of what it unpacks to (300 MB packs to about 0.3 MB).
 * `declaredSize` forges the sheet's size in the central directory.
 */
export function xlsxBomb(inflatedBytes: number, options: { declaredSize?: number } = {}): Promise<Buffer> {
  const head = Buffer.from(`${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>`);
  const tail = Buffer.from(`</t></is></c></row>${SHEET_TAIL}`);
  const block = Buffer.alloc(1024 * 1024, 'A');
  const sheet: ZipPartSource = {
    name: 'xl/worksheets/sheet1.xml',
    chunks: function* () {
      yield head;
      for (let left = inflatedBytes; left > 0; left -= block.length) {
        yield left >= block.length ? block : block.subarray(0, left);
      }
      yield tail;
    },
    ...(options.declaredSize !== undefined ? { declaredSize: options.declaredSize } : {}),
  };
  return writeZip(workbookParts(sheet));
}
