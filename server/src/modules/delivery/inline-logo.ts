import type { Attachment } from 'nodemailer';

/** The Content-ID the letterhead's logo goes by in a sent email, and in the copy of it kept. */
export const LOGO_CID = 'logo.letterhead@receivables';

const DATA_IMAGE = /src="data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})"/g;
const CID_IMAGE = new RegExp(`<img[^>]*src="cid:${LOGO_CID.replace(/\./g, '\\.')}"[^>]*>`, 'g');

/**
 * An email's letterhead logo as an inline attachment its HTML names by `cid:` (decision 0038):
 * many mail clients block `data:` images. The only images an email can hold are the letterhead's
 * (templates' are stripped, email-html.ts), so every `data:` image is the logo.
 */
export function inlineLogo(html: string): { html: string; attachments: Attachment[] } {
  const attachments: Attachment[] = [];
  const inlined = html.replace(DATA_IMAGE, (_match, type: string, base64: string) => {
    if (attachments.length === 0) attachments.push({
      cid: LOGO_CID,
      filename: type === 'image/png' ? 'logo.png' : 'logo.jpg',
      contentType: type,
      contentDisposition: 'inline',
      content: Buffer.from(base64, 'base64'),
    });
    return `src="cid:${LOGO_CID}"`;
  });
  return { html: inlined, attachments };
}

/**
 * An email kept as it was sent, shown in the app: its `cid:` logo as the organisation's logo now
 * (a data: URL, which the app's frame can show), or gone when it has none any more. Kept with the
 * `cid:` only, an email does not copy the logo (up to 100 KB) into every row.
 */
export function showLogo(html: string, logo: string | null): string {
  if (!html.includes(`cid:${LOGO_CID}`)) return html;
  return logo ? html.replaceAll(`cid:${LOGO_CID}`, logo) : html.replace(CID_IMAGE, '');
}

/** The HTML an email is kept with: its logo named by `cid:`, as it was sent, not copied in. */
export const keptHtml = (html: string): string => html.replace(DATA_IMAGE, `src="cid:${LOGO_CID}"`);
