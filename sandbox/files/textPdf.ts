/**
 * Plain text as a PDF: valid PDF 1.4, Helvetica in WinAnsiEncoding (æ, ø and å are single bytes),
 * uncompressed content streams that draw each line with `Tj`, as many A4 pages as the text needs.
 * The sandbox's `download?type=lightpdf` answers text files with it; the demo archive's PDFs use
 * the same string encoding, so the full-text index reads both back without a PDF library.
 */

/** A PDF string literal in WinAnsi (Latin-1 for the Norwegian letters), with `\`, `(`, `)` escaped. */
export function pdfString(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const ch of text) {
    let code = ch.codePointAt(0) ?? 0x3f;
    if (ch === '—' || ch === '–') code = 0x2d;
    if (ch === '\t') code = 0x20;
    if (code > 0xff || code < 0x20) code = 0x3f;
    if (code === 0x28 || code === 0x29 || code === 0x5c) bytes.push(0x5c);
    bytes.push(code);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

const linesPerPage = 60;
const charactersPerLine = 95;

/** `text` split into lines no longer than a page is wide (long words are cut). */
export function pageLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = raw.replace(/\s+$/, '');
    if (line === '') out.push('');
    while (line.length > 0) {
      if (line.length <= charactersPerLine) {
        out.push(line);
        break;
      }
      const cut = line.lastIndexOf(' ', charactersPerLine);
      const at = cut > 0 ? cut : charactersPerLine;
      out.push(line.slice(0, at));
      line = line.slice(at).replace(/^ /, '');
    }
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

function pageContent(lines: readonly string[]): Buffer {
  return Buffer.concat([
    Buffer.from('BT\n/F1 10 Tf\n13 TL\n56 800 Td\n', 'latin1'),
    ...lines.flatMap((line, i) => [i === 0 ? Buffer.alloc(0) : Buffer.from('T*\n', 'latin1'), pdfString(line), Buffer.from(' Tj\n', 'latin1')]),
    Buffer.from('ET\n', 'latin1'),
  ]);
}

/** A PDF showing `text`, one page per 60 lines; an empty text gives one empty page. */
export function textPdf(text: string): Buffer {
  const lines = pageLines(text);
  const pages: string[][] = [];
  for (let i = 0; i < lines.length; i += linesPerPage) pages.push(lines.slice(i, i + linesPerPage));
  if (pages.length === 0) pages.push([]);
  // Objects: 1 catalog, 2 page tree, 3 font, then a page and its content for each page.
  const pageObject = (i: number) => 4 + 2 * i;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from(`<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`, 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
  ];
  pages.forEach((page, i) => {
    const content = pageContent(page);
    objects.push(Buffer.from(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageObject(i) + 1} 0 R >>`, 'latin1'));
    objects.push(Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('endstream', 'latin1')]));
  });
  return assemblePdf(objects);
}

/** A PDF file of `objects` (object 1 the catalog), with its cross-reference table. */
export function assemblePdf(objects: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}
