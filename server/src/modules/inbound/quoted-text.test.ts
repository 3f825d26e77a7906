import { describe, expect, it } from 'vitest';

import { visibleReplyText } from './quoted-text';

describe('visibleReplyText', () => {
  it('drops a Gmail-style quote under "On … wrote:"', () => {
    const text = 'Thanks, will pay Friday.\n\nOn Mon, 3 Mar 2025 at 09:12, Acme Credit Control <reply+abc@in.acme.test> wrote:\n> Dear Jane,\n> Invoice INV-1001 is overdue.\n';
    expect(visibleReplyText(text)).toBe('Thanks, will pay Friday.');
  });

  it('drops an Outlook header block whose From: line has an address, and the signature above it', () => {
    const text = 'Hi,\n\nWe paid this yesterday.\n\nKind regards,\nJane Smith\n\nFrom: Acme Credit Control <reply+abc@in.acme.test>\nSent: 03 March 2025 09:12\nTo: Jane Smith <jane@customer.test>\nSubject: Invoice INV-1001 is overdue\n\nDear Jane,\nInvoice INV-1001 was due on 14/02/2025.';
    expect(visibleReplyText(text)).toBe('Hi,\n\nWe paid this yesterday.');
  });

  it('drops an Outlook header block without an address, which the parser misses', () => {
    const text = 'Will pay Friday\n\nJohn\n\nFrom: Acme Credit Control\nSent: Monday, March 3, 2025 9:12 AM\nTo: John\nSubject: Overdue\n\nDear John, please pay by 14/02/2025.';
    expect(visibleReplyText(text)).toBe('Will pay Friday\n\nJohn');
  });

  it('drops Outlook\'s underscore separator and a French header block', () => {
    const text = 'Paiement effectué.\n\n________________________________\nDe : Acme Credit Control\nEnvoyé : lundi 3 mars 2025 09:12\nÀ : Jean\nObjet : Facture\n\nBonjour';
    expect(visibleReplyText(text)).toBe('Paiement effectué.');
  });

  it('drops "-----Original Message-----" even with no blank line before it, and CRLF line ends', () => {
    const text = 'Remittance attached.\r\n-----Original Message-----\r\nFrom: Acme\r\nDear customer, please pay.';
    expect(visibleReplyText(text)).toBe('Remittance attached.');
  });

  it('drops a signature after "-- " and a mobile footer', () => {
    expect(visibleReplyText('Paid today.\n\n-- \nJane Smith\nAccounts Payable')).toBe('Paid today.');
    expect(visibleReplyText('Paid today.\n\nSent from my iPhone')).toBe('Paid today.');
  });

  it('keeps a customer\'s own words that merely start with "From"', () => {
    expect(visibleReplyText('From 1 April please write to ap@customer.test.\nThanks')).toBe('From 1 April please write to ap@customer.test.\nThanks');
  });

  it('keeps the full text of a reply that is nothing but quotes', () => {
    expect(visibleReplyText('> Dear Jane,\n> Invoice INV-1001 is overdue.')).toBe('> Dear Jane,\n> Invoice INV-1001 is overdue.');
    expect(visibleReplyText('')).toBe('');
  });
});
