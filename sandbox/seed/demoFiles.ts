/**
 * Small real files for the demo archive: plain-text letters (UTF-8) and one-page PDFs. The PDFs
 * are valid PDF 1.4 with an UNCOMPRESSED content stream that draws each line with `Tj` in
 * Helvetica (WinAnsiEncoding, so æ, ø and å are single bytes): any PDF reader opens them, and the
 * full-text index can read their text back without a PDF library.
 */
import { assemblePdf, pdfString } from '../files/textPdf';

export interface DemoLetter {
  /** Letterhead, e.g. "Fjordvik kommune — Plan og bygg". */
  from: string;
  to: string;
  date: string;
  heading: string;
  paragraphs: string[];
  signature: string;
}

export function letterLines(letter: DemoLetter): string[] {
  return [letter.from, '', letter.to, '', `Dato: ${letter.date}`, '', letter.heading.toUpperCase(), '', ...letter.paragraphs.flatMap((p) => [...wrap(p, 86), '']), 'Med hilsen', letter.signature];
}

export function demoTextFile(letter: DemoLetter): Buffer {
  return Buffer.from(letterLines(letter).join('\n') + '\n', 'utf8');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function demoPdf(lines: readonly string[]): Buffer {
  const shown = lines.slice(0, 60);
  const content = Buffer.concat([
    Buffer.from('BT\n/F1 10 Tf\n13 TL\n56 800 Td\n', 'latin1'),
    ...shown.flatMap((line, i) => [i === 0 ? Buffer.alloc(0) : Buffer.from('T*\n', 'latin1'), pdfString(line), Buffer.from(' Tj\n', 'latin1')]),
    Buffer.from('ET\n', 'latin1'),
  ]);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('endstream', 'latin1')]),
  ];
  return assemblePdf(objects);
}
