import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/product';

import type { StaticPageContent } from './types';

export const termsAndConditions: StaticPageContent = {
  title: 'Terms and Conditions',
  updated: '2026-01-05',
  intro: `These terms govern the use of ${PRODUCT_NAME}, a service for businesses to track money owed to them and send payment reminders. The service is for business use only; by creating an organisation you confirm that you act for a business and have authority to accept these terms on its behalf.`,
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'We provide software to record customers, invoices and payments, and to send reminder emails according to workflows you configure. New organisations start in dry-run mode: emails are prepared but not sent until you switch sending on.',
      ],
    },
    {
      heading: 'Your responsibilities',
      bullets: [
        'Keep your sign-in details secure and tell us promptly about any unauthorised use.',
        'Make sure the data you enter is accurate and that you are entitled to use it, including to contact your customers about money they owe.',
        'Use the service lawfully: reminders must be fair and not misleading, and must respect applicable debt-collection guidance and the Late Payment of Commercial Debts (Interest) Act 1998 where it applies.',
        'Do not attempt to disrupt the service, access other organisations’ data, or send unsolicited marketing through it.',
      ],
    },
    {
      heading: 'Your data',
      paragraphs: [
        'Your organisation owns the data it puts into the service. We process it only to provide the service, as described in our Privacy Notice, and you can export or delete it at any time.',
      ],
    },
    {
      heading: 'Fees',
      paragraphs: [
        'Fees, if any, are as shown when you subscribe and are payable in advance. We will give at least 30 days’ notice of any price change, and you may cancel before it takes effect.',
      ],
    },
    {
      heading: 'Availability and liability',
      paragraphs: [
        'We aim to keep the service available and secure but do not guarantee that it will be uninterrupted or error-free. Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for anything else that cannot be limited by law. Otherwise, our total liability in any 12 months is limited to the fees you paid us in that period, and we are not liable for indirect or consequential loss or for loss of profit.',
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You may stop using the service and close your organisation at any time. We may suspend or end access if these terms are seriously breached, giving notice where we reasonably can.',
      ],
    },
    {
      heading: 'Law and contact',
      paragraphs: [
        `These terms are governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction. Questions about these terms can be sent to ${CONTACT_EMAIL}.`,
      ],
    },
  ],
};
