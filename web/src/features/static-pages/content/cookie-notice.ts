import { SESSION_LIFETIME_DAYS } from '@receivables/contracts';

import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/product';

import type { StaticPageContent } from './types';

export const cookieNotice: StaticPageContent = {
  title: 'Cookie Notice',
  updated: '2026-11-23',
  intro: `${PRODUCT_NAME} uses as little browser storage as it can. We do not use advertising, analytics or tracking cookies, and we do not let third parties set cookies through our service.`,
  sections: [
    {
      heading: 'Strictly necessary cookie',
      paragraphs: [
        'When you sign in we set one session cookie. It tells our servers that requests come from you, so that you stay signed in while you move between pages. It is marked HttpOnly and Secure, so scripts cannot read it and it is only sent over encrypted connections.',
        `The cookie lasts ${SESSION_LIFETIME_DAYS} days. Each day you use ${PRODUCT_NAME} it is renewed for another ${SESSION_LIFETIME_DAYS} days, so it expires after ${SESSION_LIFETIME_DAYS} days without use, and at once when you sign out.`,
        'Because the service cannot work without it, UK law (the Privacy and Electronic Communications Regulations) does not require your consent for it, and there is no setting to turn it off.',
      ],
    },
    {
      heading: 'Your colour scheme preference',
      paragraphs: [
        'If you switch between the light and dark colour schemes, your browser remembers the choice in its local storage on your device. It is not a cookie, it is never sent to us, and it contains nothing about you beyond that preference. You can clear it at any time in your browser settings.',
      ],
    },
    {
      heading: 'Short-lived access tokens',
      paragraphs: [
        'While you use the app, your browser holds a short-lived access token in memory (not in a cookie or in storage) to prove to our API which organisation you are working in. It lasts about 15 minutes and disappears when you close the tab.',
      ],
    },
    {
      heading: 'Managing cookies',
      bullets: [
        'You can delete cookies in your browser settings; you will then be signed out.',
        'Blocking the session cookie stops you from signing in.',
        `Questions about this notice can be sent to ${CONTACT_EMAIL}.`,
      ],
    },
  ],
};
