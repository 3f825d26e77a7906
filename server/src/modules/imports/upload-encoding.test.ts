import { describe, expect, it } from 'vitest';

import { isAppError } from '../../errors/app-error';

import { limitBytes, SNIFF_BYTES, UploadDecoder } from './upload-encoding';

async function decode(...chunks: (Buffer | string)[]): Promise<{ text: string; encoding: string }> {
  const decoder = new UploadDecoder();
  let text = '';
  async function* bytes() {
    for (const c of chunks) yield await Promise.resolve(typeof c === 'string' ? Buffer.from(c) : c);
  }
  for await (const piece of decoder.decode(bytes())) text += piece;
  return { text, encoding: decoder.encoding };
}

const cp1252 = (text: string) => Buffer.from(text, 'latin1');

describe('UploadDecoder', () => {
  it('reads UTF-8 and drops its byte-order mark', async () => {
    expect(await decode(Buffer.from('\uFEFFName,Amount\r\nCafé,£1\r\n'))).toEqual({ text: 'Name,Amount\r\nCafé,£1\r\n', encoding: 'utf-8' });
  });

  it('reads UTF-8 without a BOM, even with a character split between chunks', async () => {
    const bytes = Buffer.from('Blue Door Café,£12');
    const split = bytes.indexOf(0xc3) + 1;
    expect(await decode(bytes.subarray(0, split), bytes.subarray(split))).toEqual({ text: 'Blue Door Café,£12', encoding: 'utf-8' });
  });

  it('accepts a character cut by the 64 KiB window', async () => {
    const head = Buffer.from(`£${'a'.repeat(SNIFF_BYTES - 3)}`);
    const bytes = Buffer.concat([head, Buffer.from('é and more')]);
    const { text, encoding } = await decode(bytes.subarray(0, SNIFF_BYTES), bytes.subarray(SNIFF_BYTES));
    expect(encoding).toBe('utf-8');
    expect(text.endsWith('aé and more')).toBe(true);
  });

  it('reads Windows-1252 when the bytes are not UTF-8 (Excel’s “CSV” with £)', async () => {
    expect(await decode(cp1252('Name,Amount\r\nCafé Crème,£1,234.56\r\n'), cp1252('Ünïcode,5\r\n'))).toEqual({
      text: 'Name,Amount\r\nCafé Crème,£1,234.56\r\nÜnïcode,5\r\n',
      encoding: 'windows-1252',
    });
    // 0x80 is the euro sign in Windows-1252 (not a control character as in Latin-1).
    expect((await decode(Buffer.from([0x80, 0x35]))).text).toBe('€5');
  });

  it('looks for the encoding from the first non-ASCII byte, however far into the file', async () => {
    const ascii = 'Name,Amount\r\n' + 'Plain Ltd,1.00\r\n'.repeat(10_000);
    const result = await decode(ascii, cp1252('Café,£2.00\r\n'));
    expect(result.encoding).toBe('windows-1252');
    expect(result.text.endsWith('Café,£2.00\r\n')).toBe(true);
    expect(await decode('Name\r\nPlain\r\n')).toEqual({ text: 'Name\r\nPlain\r\n', encoding: 'utf-8' });
  });

  it('reads UTF-16 with a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tAmount\r\nCafé\t£1\r\n', 'utf16le')]);
    expect(await decode(bytes.subarray(0, 5), bytes.subarray(5))).toEqual({ text: 'Name\tAmount\r\nCafé\t£1\r\n', encoding: 'utf-16le' });
  });

  it('refuses a file that starts as UTF-8 and later is not', async () => {
    const error = await decode(`£${'a'.repeat(SNIFF_BYTES)}`, cp1252('Café')).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('DOMAIN_RULE');
  });

  it('reads files of one and two bytes', async () => {
    expect(await decode('a')).toEqual({ text: 'a', encoding: 'utf-8' });
    expect(await decode(Buffer.from([0xa3]))).toEqual({ text: '£', encoding: 'windows-1252' });
    expect(await decode()).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('limitBytes', () => {
  it('passes a file within the limit and refuses the chunk that goes over it with a 413', async () => {
    const read = async (max: number) => {
      let n = 0;
      for await (const chunk of limitBytes([Buffer.alloc(600), Buffer.alloc(600)], max)) n += chunk.length;
      return n;
    };
    expect(await read(1200)).toBe(1200);
    const error = await read(1000).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
