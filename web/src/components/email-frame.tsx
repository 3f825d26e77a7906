import Box from '@mui/material/Box';

/**
 * Links open in a new tab instead of inside the frame: navigating the frame to a payment page
 * would be refused by our own CSP (frame-src falls back to 'self') and leave an error page.
 */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => `${head}${base}`) : `${base}${html}`;
}

/**
 * A rendered email in a sandboxed frame: no scripts, no same-origin access, no forms — only
 * `allow-popups` (and escaping the sandbox for them) so a "Pay now" link can open in its own tab.
 * `srcDoc` keeps it in this document: nothing is fetched, and the email's inline styles cannot
 * reach the app's. Emails are written for white paper, so the frame stays white in dark mode.
 */
export function EmailFrame({ html, title, height }: { html: string; title: string; height?: { xs: number; sm: number } }) {
  // By default it fills a full-screen dialog on a phone (flex) and is 480 px high from 600 px up;
  // a page gives it a height of its own.
  const size = height
    ? { flex: 'none', height, minHeight: 0 }
    : { flex: { xs: '1 1 auto', sm: 'none' }, height: { xs: 'auto', sm: 480 }, minHeight: { xs: 360, sm: 0 } };
  const page = withLinksInNewTab(html);
  return (
    // Keyed by its document: a new email makes a new frame. Chromium can leave a frame on its old
    // document when srcdoc changes just after the frame was inserted (a preview shown from the last
    // good render, then replaced), so the email on screen would not be the one the text part shows.
    <Box
      key={page}
      component="iframe"
      title={title}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      srcDoc={page}
      referrerPolicy="no-referrer"
      sx={{
        display: 'block',
        width: '100%',
        ...size,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: '#ffffff',
      }}
    />
  );
}
