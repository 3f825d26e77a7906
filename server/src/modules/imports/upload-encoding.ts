import { TextDecoder } from 'node:util';

import { formatFileSize } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';

/** How many bytes from the first non-ASCII one decide the encoding. */
export const SNIFF_BYTES = 64 * 1024;

export type UploadEncoding = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

const BOMS: { bytes: number[]; encoding: UploadEncoding }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/**
 * Bytes of an uploaded file as text, without holding the file. A byte-order mark decides the
 * encoding (and is dropped); otherwise the first 64 KiB from the first non-ASCII byte do: valid
 * UTF-8 (a character cut at the window's end is fine) is UTF-8, anything else Windows-1252, which
 * is what Excel's plain "CSV" writes for £ in the UK. Starting the window at the first non-ASCII
 * byte rather than at the top of the file means a long all-ASCII start (a Windows-1252 file whose
 * first £ is on row 5,000) is not mistaken for UTF-8. Pure ASCII reads the same either way.
 */
export class UploadDecoder {
  /** Known once a BOM or a non-ASCII byte has been seen; ASCII-only files stay `utf-8`. */
  encoding: UploadEncoding = 'utf-8';

  async *decode(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
    let decoder: TextDecoder | undefined;
    let start: Buffer | undefined = Buffer.alloc(0);
    let window: Buffer[] = [];
    let windowBytes = 0;
    for await (const piece of bytes) {
      let chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      if (start) {
        // A BOM is at most 3 bytes; wait for them before looking.
        start = Buffer.concat([start, chunk]);
        if (start.length < 3) continue;
        chunk = start;
        start = undefined;
        const bom = BOMS.find((b) => b.bytes.every((byte, i) => chunk[i] === byte));
        if (bom) decoder = this.use(bom.encoding);
      }
      if (decoder) {
        yield this.run(decoder, chunk, false);
        continue;
      }
      if (windowBytes === 0) {
        // Below 0x80, Latin-1 is ASCII: one byte, one character, so indexes match.
        const text = chunk.toString('latin1');
        const firstNonAscii = text.search(/[\x80-\xff]/u);
        if (firstNonAscii < 0) {
          yield text;
          continue;
        }
        if (firstNonAscii > 0) yield text.slice(0, firstNonAscii);
        chunk = chunk.subarray(firstNonAscii);
      }
      window.push(chunk);
      windowBytes += chunk.length;
      if (windowBytes >= SNIFF_BYTES) {
        const sample = Buffer.concat(window);
        decoder = this.use(sniff(sample, false));
        window = [];
        yield this.run(decoder, sample, false);
      }
    }
    if (start && start.length > 0) {
      // A file of one or two bytes: no BOM fits, read it as it is.
      window = [start];
      windowBytes = start.length;
    }
    if (!decoder && windowBytes > 0) {
      const sample = Buffer.concat(window);
      decoder = this.use(sniff(sample, true));
      yield this.run(decoder, sample, false);
    }
    if (decoder) yield this.run(decoder, undefined, true);
  }

  private use(encoding: UploadEncoding): TextDecoder {
    this.encoding = encoding;
    // UTF-8 is decoded strictly: a file that turns out not to be is refused, never garbled.
    return new TextDecoder(encoding, { fatal: encoding === 'utf-8' });
  }

  private run(decoder: TextDecoder, chunk: Buffer | undefined, end: boolean): string {
    try {
      return decoder.decode(chunk, { stream: !end });
    } catch {
      throw new AppError('DOMAIN_RULE', 'The file mixes text encodings: it starts as UTF-8 but has bytes further on that are not', [
        { field: 'file', reason: 'save it again as “CSV UTF-8” and upload that' },
      ]);
    }
  }
}

/** UTF-8 when `sample` is valid UTF-8 (allowing a character cut at its end unless `isEnd`). */
function sniff(sample: Buffer, isEnd: boolean): UploadEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: !isEnd });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * The bytes of `source`, refusing more than `maxBytes` as soon as they arrive (413), so an
 * oversized upload without a Content-Length is cut short rather than read to its end.
 */
export async function* limitBytes(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) throw fileTooLarge(maxBytes);
    yield chunk;
  }
}

export const fileTooLarge = (maxBytes: number): AppError =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${formatFileSize(maxBytes)} an import accepts`, [
    { field: 'file', reason: `must be at most ${maxBytes} bytes` },
  ]);
