import { decodeLogo, type Letterhead } from '@receivables/contracts';

import { frameEmailHtml } from './email-html';
import { escapeHtml } from './html-escape';

/** The box a logo is shown in at most, in CSS pixels: a letterhead, not a banner. */
const LOGO_BOX = { width: 240, height: 64 };

const FOOTER_STYLE = 'margin:28px 0 0;padding:12px 0 0;border-top:1px solid #e4e7eb;font-size:12px;line-height:1.5;color:#52606d;';

/**
 * The footer's lines, each only when set: the registered name, the company number, the
 * registered office on one line, the VAT number. No jurisdiction is claimed ("Registered in
 * England and Wales"): the organisation's country of registration is not recorded.
 */
export function letterheadLines(letterhead: Letterhead): string[] {
  const office = letterhead.company_address?.split('\n').map((line) => line.trim()).filter((line) => line !== '').join(', ');
  return [
    letterhead.company_name,
    letterhead.company_number ? `Company number ${letterhead.company_number}` : null,
    office ? `Registered office: ${office}` : null,
    letterhead.vat_number ? `VAT number ${letterhead.vat_number}` : null,
  ].filter((line): line is string => line !== null && line !== '');
}

/** A PNG's or JPEG's size in pixels from its header, or null when it cannot be read. */
export function imageSize(bytes: Uint8Array, type: string): { width: number; height: number } | null {
  const u16 = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  if (type === 'image/png') {
    const width = u16(16) * 65536 + u16(18);
    const height = u16(20) * 65536 + u16(22);
    return width > 0 && height > 0 ? { width, height } : null;
  }
  // JPEG: walk the segments to the first start-of-frame marker, which holds the size.
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = u16(at + 5);
      const width = u16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    const standalone = marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
    at += standalone ? 2 : 2 + u16(at + 2);
  }
  return null;
}

/**
 * The logo as an `<img>` whose src is its data: URL (what the app's previews show; the sender
 * swaps it for an inline attachment, inline-logo.ts). Its width and height are written out,
 * scaled into LOGO_BOX, because Outlook ignores CSS sizes and would show it at full size.
 */
function logoHtml(logo: string, alt: string): string {
  const decoded = decodeLogo(logo);
  if ('reason' in decoded) return '';
  const size = imageSize(decoded.bytes, decoded.type);
  const scale = size ? Math.min(1, LOGO_BOX.width / size.width, LOGO_BOX.height / size.height) : 1;
  const dimensions = size
    ? `width="${Math.max(1, Math.round(size.width * scale))}" height="${Math.max(1, Math.round(size.height * scale))}" `
    : '';
  const style = `display:block;border:0;max-width:${LOGO_BOX.width}px;max-height:${LOGO_BOX.height}px;${size ? 'height:auto;' : ''}`;
  return `<div style="margin:0 0 20px;"><img src="${escapeHtml(logo)}" alt="${escapeHtml(alt)}" ${dimensions}style="${style}"></div>`;
}

/**
 * An email as the organisation sends it (decision 0038): its logo at the top of the HTML, and
 * under the signature its company details, in the HTML and as plain lines in the text. Nothing
 * is added for what is not set; every value is escaped. `email` is laid out (layoutEmailHtml).
 */
export function withLetterhead<T extends { html: string; text: string }>(email: T, letterhead: Letterhead | null | undefined): T {
  if (!letterhead) return email;
  const lines = letterheadLines(letterhead);
  const top = letterhead.logo ? logoHtml(letterhead.logo, letterhead.company_name ?? 'Logo') : '';
  const bottom = lines.length > 0 ? `<div style="${FOOTER_STYLE}"><p style="margin:0;">${lines.map(escapeHtml).join('<br>')}</p></div>` : '';
  if (top === '' && bottom === '') return email;
  return {
    ...email,
    html: frameEmailHtml(email.html, { top, bottom }),
    text: lines.length > 0 ? `${email.text}\n\n${lines.join('\n')}` : email.text,
  };
}
