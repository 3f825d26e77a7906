import { describe, expect, it } from 'vitest';

import { layoutEmailHtml } from './email-html';
import { imageSize, letterheadLines, withLetterhead } from './email-letterhead';

const NONE = { company_name: null, company_number: null, company_address: null, vat_number: null, logo: null };
const PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR'), Buffer.from([0, 0, 1, 0x90, 0, 0, 0, 0x64])]).toString('base64')}`;
const email = () => ({ subject: 'S', html: layoutEmailHtml('<p>Hello</p><p>Ann</p>', 'S'), text: 'Hello\n\nAnn' });

describe('withLetterhead', () => {
  it('adds nothing when nothing is set', () => {
    expect(withLetterhead(email(), NONE)).toEqual(email());
    expect(withLetterhead(email(), undefined)).toEqual(email());
  });

  it('puts the logo first in the column and the escaped facts last, in HTML and text', () => {
    const facts = { company_name: 'A & <B>', company_number: '01234567', company_address: 'Line 1\nLine 2', vat_number: 'GB123456789' };
    const letter = withLetterhead(email(), { ...facts, logo: PNG });
    // 400 × 100 scaled into 240 × 64.
    const logo = /<div class="email"[^>]*><div style="margin:0 0 20px;">(<img [^>]*>)/.exec(letter.html)?.[1] ?? '';
    expect(logo).toMatch(/^<img src="data:image\/png;base64,[^"]+" alt="A &amp; &lt;B&gt;" width="240" height="60" /);
    const footer = 'A &amp; &lt;B&gt;<br>Company number 01234567<br>Registered office: Line 1, Line 2<br>VAT number GB123456789';
    expect(letter.html.endsWith(`<p style="margin:0;">${footer}</p></div></div></body></html>`)).toBe(true);
    expect(letter.html.indexOf(footer)).toBeGreaterThan(letter.html.indexOf('Ann</p>'));
    expect(letter.text).toBe('Hello\n\nAnn\n\nA & <B>\nCompany number 01234567\nRegistered office: Line 1, Line 2\nVAT number GB123456789');
  });

  it('names each fact only when set, and never a jurisdiction', () => {
    expect(letterheadLines({ ...NONE, vat_number: 'GB123456789' })).toEqual(['VAT number GB123456789']);
    expect(withLetterhead(email(), { ...NONE, logo: PNG }).text).toBe(email().text);
  });
});

describe('imageSize', () => {
  it('reads a JPEG’s size from its frame header, past the segments before it', () => {
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 50, 0, 200, 3, 0, 0, 0]);
    expect(imageSize(jpeg, 'image/jpeg')).toEqual({ width: 200, height: 50 });
    expect(imageSize(Uint8Array.from([0xff, 0xd8, 0x00]), 'image/jpeg')).toBeNull();
  });
});
