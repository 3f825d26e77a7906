import { compile } from 'html-to-text';

/**
 * html-to-text's converter for what customers send, built once (compiling its options is most of
 * a conversion's cost). Lines are not wrapped: the text is shown and searched, and quoted history is
 * found line by line (email-reply-parser); quoted blocks keep html-to-text's `> ` prefix for that.
 * Images are dropped: an inline image's `cid:` address means nothing in text.
 */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true, noAnchorUrl: true } },
  ],
});

/** The words of an HTML body as plain text, at most one blank line between paragraphs. */
export function htmlAsText(html: string): string {
  // html-to-text leaves a blank line for each empty `<div><br></div>`, which Gmail writes between paragraphs.
  return readableText(convertHtml(html)).replace(/\n{3,}/g, '\n\n');
}

function convertHtml(html: string): string {
  try {
    return toText(html);
  } catch {
    // html-to-text recurses per element, so HTML nested deep enough overflows the stack; the words
    // are still worth having, without their layout.
    return html.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ').trim();
  }
}

/**
 * Text as it is kept: one kind of line break (postal-mime keeps a base64 part's CRLFs but not a
 * quoted-printable one's), no trailing blank lines, and no NUL characters, which PostgreSQL refuses
 * in text and jsonb.
 */
export function readableText(text: string): string {
  return withoutNul(text).replace(/\r\n?/g, '\n').trimEnd();
}

export function withoutNul(text: string): string {
  return text.replace(/\0/g, '');
}
