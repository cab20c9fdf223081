/**
 * The text of an uploaded file, for the `Tekst` collection. Plain-text files are read as UTF-8.
 * PDFs are read SIMPLY, without a PDF library: the string operands of the text-showing operators
 * (`Tj`, `TJ`, `'`, `"`) in the content streams, uncompressed or FlateDecode, decoded as Latin-1
 * (WinAnsi/PDFDoc for the letters Norwegian needs) or UTF-16 for hex strings with a BOM. That is
 * what simple generated PDFs (the demo archive's) contain; PDFs with embedded CID fonts or scans
 * yield little or no text. Other files are not read.
 */
import { inflateSync } from 'node:zlib';
import { isPdf } from '../files/contentType';

/** Longest text kept per file: enough for search, bounded for the index. */
export const maxIndexedTextLength = 200_000;

const textExtensions = /\.(txt|text|csv|md|xml|json|html?|eml)$/i;

export function isPlainText(contentType: string, fileName: string): boolean {
  return contentType.startsWith('text/') || textExtensions.test(fileName);
}

/** A plain-text file's text: UTF-8, without a byte-order mark. */
export function plainText(bytes: Buffer): string {
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

export function extractFileText(bytes: Buffer, contentType: string, fileName: string): string {
  let text = '';
  if (isPdf(bytes)) text = extractPdfText(bytes);
  else if (isPlainText(contentType, fileName)) text = plainText(bytes);
  // PostgreSQL text cannot hold NUL.
  return text.replace(/\u0000/g, '').slice(0, maxIndexedTextLength);
}

export function extractPdfText(pdf: Buffer): string {
  const out: string[] = [];
  const source = pdf.toString('latin1');
  const streamPattern = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>|<[^<>]*>)*)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = match[1];
    let data = pdf.subarray(start, end);
    if (/\/Filter\s*\/FlateDecode/.test(dictionary)) {
      try {
        data = inflateSync(data);
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(dictionary)) continue;
    if (/\/Subtype\s*\/(Image|XML)|\/Type\s*\/(XObject|Metadata)/.test(dictionary)) continue;
    const text = contentStreamText(data.toString('latin1'));
    if (text.trim()) out.push(text);
    streamPattern.lastIndex = end;
  }
  return out.join('\n');
}

/** Walks a content stream's tokens and keeps the strings that text operators show. */
export function contentStreamText(stream: string): string {
  let text = '';
  const operands: (string | number | (string | number)[])[] = [];
  let array: (string | number)[] | undefined;
  let i = 0;
  const newline = () => {
    if (text && !text.endsWith('\n')) text += '\n';
  };
  while (i < stream.length) {
    const c = stream[i];
    if (c === '(') {
      const { value, next } = literalString(stream, i);
      (array ?? operands).push(value);
      i = next;
    } else if (c === '<' && stream[i + 1] !== '<') {
      const close = stream.indexOf('>', i);
      const value = hexString(stream.slice(i + 1, close < 0 ? stream.length : close));
      (array ?? operands).push(value);
      i = close < 0 ? stream.length : close + 1;
    } else if (c === '[') {
      array = [];
      i++;
    } else if (c === ']') {
      if (array) operands.push(array);
      array = undefined;
      i++;
    } else if (c === '%') {
      while (i < stream.length && stream[i] !== '\n' && stream[i] !== '\r') i++;
    } else if (/\s/.test(c) || c === '<' || c === '>' || c === '{' || c === '}' || c === '/') {
      i++;
      if (c === '/') while (i < stream.length && /[^\s/[\]()<>{}%]/.test(stream[i])) i++;
    } else {
      let j = i;
      while (j < stream.length && /[^\s/[\]()<>{}%]/.test(stream[j])) j++;
      const token = stream.slice(i, j === i ? i + 1 : j);
      i = j === i ? i + 1 : j;
      const number = Number(token);
      if (!Number.isNaN(number) && /^[+-]?(\d|\.)/.test(token)) {
        (array ?? operands).push(number);
        continue;
      }
      const last = operands[operands.length - 1];
      switch (token) {
        case 'Tj':
          if (typeof last === 'string') text += last;
          break;
        case "'":
        case '"':
          newline();
          if (typeof last === 'string') text += last;
          break;
        case 'TJ':
          if (Array.isArray(last)) for (const part of last) text += typeof part === 'string' ? part : part < -200 ? ' ' : '';
          break;
        case 'T*':
        case 'Td':
        case 'TD':
        case 'ET':
          newline();
          break;
      }
      operands.length = 0;
    }
  }
  return text;
}

function literalString(s: string, start: number): { value: string; next: number } {
  let depth = 0;
  let value = '';
  let i = start;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      const n = s[i + 1];
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
      if (n !== undefined && n in escapes) {
        value += escapes[n];
        i++;
      } else if (n !== undefined && /[0-7]/.test(n)) {
        const octal = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4))?.[0] ?? n;
        value += String.fromCharCode(parseInt(octal, 8));
        i += octal.length;
      } else if (n === '\r' || n === '\n') {
        i += n === '\r' && s[i + 2] === '\n' ? 2 : 1;
      }
      continue;
    }
    if (c === '(') {
      depth++;
      if (depth === 1) continue;
    } else if (c === ')') {
      depth--;
      if (depth === 0) return { value, next: i + 1 };
    }
    value += c;
  }
  return { value, next: i };
}

function hexString(hex: string): string {
  const clean = hex.replace(/[^0-9a-fA-F]/g, '');
  const bytes = Buffer.from(clean.length % 2 ? clean + '0' : clean, 'hex');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let out = '';
    for (let k = 2; k + 1 < bytes.length; k += 2) out += String.fromCharCode((bytes[k] << 8) | bytes[k + 1]);
    return out;
  }
  return bytes.toString('latin1');
}
