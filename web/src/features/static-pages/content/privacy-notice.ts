import { CONTACT_EMAIL, PRODUCT_NAME } from '../../../lib/product';

import type { StaticPageContent } from './types';

export const privacyNotice: StaticPageContent = {
  title: 'Privacy Notice',
  updated: '2026-01-05',
  intro: `This notice explains what personal data ${PRODUCT_NAME} processes, why, and what rights you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.`,
  sections: [
    {
      heading: 'Who we are and our role',
      paragraphs: [
        `For the accounts of people who use ${PRODUCT_NAME}, we are the controller. For the details of your customers and their contacts that you put into the service, your business is the controller and we act as its processor, handling that data only on your documented instructions under our terms of service.`,
      ],
    },
    {
      heading: 'What we process',
      bullets: [
        'Account data: your name, email address, a salted hash of your password, and the organisations you belong to.',
        'Customer data you provide or connect: business names, contact names, email addresses and phone numbers, invoices, payments and amounts owed.',
        'Communications: the reminder emails sent on your behalf, and replies your customers send back.',
        'Technical data: security logs of sign-ins and API requests (IP address, time, browser), kept to protect the service.',
      ],
    },
    {
      heading: 'Why we process it and on what basis',
      bullets: [
        'To provide the service you signed up for: performance of our contract with you.',
        'To keep the service secure and prevent abuse: our legitimate interests.',
        'To meet legal obligations, such as keeping financial records: legal obligation.',
      ],
      paragraphs: ['We do not sell personal data, use it for advertising, or make decisions about individuals by automated means alone.'],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'We use a small number of sub-processors to host the service, deliver email and, if you connect it, read invoices from your payment provider. Each is bound by a written contract. Where data leaves the UK we rely on an adequacy decision or the UK International Data Transfer Agreement.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data is kept while your account is open and deleted within 90 days of closure. Customer data is kept for as long as your organisation keeps it in the service, and deleted within 90 days after your organisation is closed, unless the law requires us to keep it longer. Security logs are kept for 12 months.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You can ask for a copy of your data, ask us to correct or delete it, object to or restrict its use, and ask for it in a portable format. Write to ${CONTACT_EMAIL}; we answer within one month. If you are unhappy with our answer you may complain to the Information Commissioner's Office (ico.org.uk).`,
        'If you are a customer of one of our users and want to exercise your rights, please contact the business that is chasing the payment: it decides how your data is used, and we will help it respond.',
      ],
    },
  ],
};
