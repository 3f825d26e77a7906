import { compile } from 'html-to-text';
import juice from 'juice';
import sanitizeHtml from 'sanitize-html';

import { escapeHtml } from './html-escape';

/**
 * What a template's HTML may keep once rendered: text structure, links and tables. Scripts,
 * styles, forms, images that track and event handlers never reach a customer, whatever was typed
 * or merged in.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'span', 'div'],
  allowedAttributes: { a: ['href'], table: ['class'], th: ['class'], td: ['class'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

export const sanitizeEmailHtml = (html: string): string => sanitizeHtml(html, SANITIZE);

/**
 * The one stylesheet of every email. Mail clients drop `<style>` blocks and external CSS, so it
 * is inlined onto each element (juice) after sanitising.
 */
const EMAIL_CSS = `
body { margin: 0; padding: 0; background: #ffffff; }
.email { max-width: 640px; margin: 0 auto; padding: 24px; font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2933; }
p { margin: 0 0 14px; }
a { color: #00695c; }
table.invoices { border-collapse: collapse; width: 100%; margin: 8px 0 16px; font-size: 14px; }
table.invoices th { text-align: left; border-bottom: 2px solid #cbd2d9; padding: 6px 8px; }
table.invoices td { border-bottom: 1px solid #e4e7eb; padding: 6px 8px; }
table.invoices .num { text-align: right; white-space: nowrap; }
table.invoices .ref { white-space: nowrap; }
table.invoices tfoot th, table.invoices tfoot td { border-top: 2px solid #cbd2d9; border-bottom: 0; font-weight: 600; }
`;

/** A sanitised body fragment as a complete email document with its CSS inlined. */
export function layoutEmailHtml(fragment: string, subject: string): string {
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body><div class="email">${fragment}</div></body></html>`;
  // The stylesheet is given, not written into the document for juice to find again: finding and
  // parsing it was a third of inlining's cost, paid on every email of a scheduling pass.
  return juice.inlineContent(document, EMAIL_CSS, { preserveMediaQueries: false });
}

const EMAIL_OPENING = /<div class="email"[^>]*>/;
const EMAIL_CLOSING = /<\/div><\/body><\/html>\s*$/;

/**
 * A laid-out email (layoutEmailHtml) with `top` put first inside its column and `bottom` last:
 * the letterhead's logo and footer, added around whatever wrote the body. Both are trusted HTML
 * with their styles inline (the stylesheet was inlined already). A document of another shape
 * gets them at the start and end of its body, or of the whole.
 */
export function frameEmailHtml(document: string, parts: { top: string; bottom: string }): string {
  const opened = EMAIL_OPENING.test(document) ? document.replace(EMAIL_OPENING, (tag) => `${tag}${parts.top}`) : addAfterBody(document, parts.top);
  if (EMAIL_CLOSING.test(opened)) return opened.replace(EMAIL_CLOSING, (tail) => `${parts.bottom}${tail}`);
  const end = opened.lastIndexOf('</body>');
  return end === -1 ? `${opened}${parts.bottom}` : `${opened.slice(0, end)}${parts.bottom}${opened.slice(end)}`;
}

function addAfterBody(document: string, html: string): string {
  const body = /<body[^>]*>/i.exec(document);
  if (!body) return `${html}${document}`;
  const at = body.index + body[0].length;
  return `${document.slice(0, at)}${html}${document.slice(at)}`;
}

/** html-to-text's converter for our emails, built once: compiling its options is most of a conversion's cost. */
const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'table.invoices', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
});

/** The plain-text part: the same words as the HTML, links written out, the invoice table as columns. */
export function emailText(fragment: string): string {
  return toText(fragment).trim();
}
