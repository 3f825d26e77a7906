/**
 * The customers the letter corpus (letter-corpus.test.ts) writes to. `MAIN` is the set the wording
 * was written against and whose letters are kept as files; `HELD_OUT` is shaped differently on
 * purpose (titles and initials, euros and dollars, three invoices, pence, a due date across a month
 * boundary, due today) and only checked: the wording is never tuned to it.
 *
 * Every figure a letter should print is written here by hand or computed by the test from these
 * numbers, never by the code under test.
 */
export interface CorpusInvoice {
  number: string;
  dueDate: string;
  /** Minor units. */
  amount: number;
  /** The invoice's payment link in the combinations "with links" (null: this one has none). */
  paymentUrl: string | null;
}

export interface CorpusContact {
  name: string;
  /** How the friendly tones greet them (docs/email-tones.md rule 7), written by hand. */
  firstName: string;
  email: string;
}

export interface CorpusProfile {
  label: string;
  customerName: string;
  currency: 'GBP' | 'EUR' | 'USD';
  primary: CorpusContact;
  escalation: CorpusContact;
  senderName: string;
  signature: string;
  /** The organisation's today and the invoices of a letter once overdue, oldest due first. */
  overdue: { today: string; invoices: CorpusInvoice[] };
  /** …and of a reminder before the due date: the invoices coming due on the next due date (decision 0036). */
  beforeDue: { today: string; invoices: CorpusInvoice[] };
}

export const MAIN: CorpusProfile = {
  label: 'main',
  customerName: 'Harbour Lane Bakery',
  currency: 'GBP',
  primary: { name: 'Sophie Taylor', firstName: 'Sophie', email: 'accounts@harbourlane.co.uk' },
  escalation: { name: 'Mark Evans', firstName: 'Mark', email: 'mark.evans@harbourlane.co.uk' },
  senderName: 'Northwind Accounts',
  signature: 'Pat Lee\nCredit control',
  overdue: {
    today: '2026-11-23',
    invoices: [
      { number: 'INV-1001', dueDate: '2026-09-01', amount: 120_000, paymentUrl: 'https://pay.example.com/inv-1001' },
      { number: 'INV-1002', dueDate: '2026-10-01', amount: 34_550, paymentUrl: 'https://pay.example.com/inv-1002' },
    ],
  },
  beforeDue: {
    today: '2026-11-23',
    invoices: [
      { number: 'INV-1003', dueDate: '2026-11-26', amount: 48_000, paymentUrl: 'https://pay.example.com/inv-1003' },
      { number: 'INV-1004', dueDate: '2026-11-26', amount: 9_525, paymentUrl: 'https://pay.example.com/inv-1004' },
    ],
  },
};

export const HELD_OUT: CorpusProfile[] = [
  {
    label: 'held-out EUR',
    customerName: 'Brasserie Lumière SARL',
    currency: 'EUR',
    primary: { name: 'Dr Ann Lee', firstName: 'Dr Ann Lee', email: 'compta@brasserie-lumiere.fr' },
    escalation: { name: 'J. R. Okafor', firstName: 'J. R. Okafor', email: 'direction@brasserie-lumiere.fr' },
    senderName: 'Kestrel Finance',
    signature: '',
    overdue: {
      today: '2027-03-02',
      invoices: [
        { number: 'F-2026-118', dueDate: '2026-12-31', amount: 1_234_567, paymentUrl: 'https://pay.example.eu/f-118' },
        { number: 'F-2027-004', dueDate: '2027-01-31', amount: 99, paymentUrl: null },
        { number: 'F-2027-019', dueDate: '2027-02-26', amount: 200_010, paymentUrl: 'https://pay.example.eu/f-019' },
      ],
    },
    beforeDue: {
      today: '2027-01-29',
      invoices: [
        { number: 'F-2027-011', dueDate: '2027-01-29', amount: 31_005, paymentUrl: null },
        { number: 'F-2027-012', dueDate: '2027-01-29', amount: 100_000, paymentUrl: 'https://pay.example.eu/f-012' },
        { number: 'F-2027-013', dueDate: '2027-01-29', amount: 4_560, paymentUrl: 'https://pay.example.eu/f-013' },
      ],
    },
  },
  {
    label: 'held-out USD',
    customerName: 'Northgate Freight Inc.',
    currency: 'USD',
    primary: { name: 'Marie-Claire Dubois', firstName: 'Marie-Claire', email: 'ap@northgate-freight.com' },
    escalation: { name: 'Mrs. Patel', firstName: 'Mrs. Patel', email: 'cfo@northgate-freight.com' },
    senderName: 'Kestrel Finance',
    signature: 'Ola Nordmann\nAccounts receivable\n+44 20 7946 0000',
    overdue: {
      today: '2026-03-02',
      invoices: [
        { number: '7731', dueDate: '2026-02-26', amount: 123_456_789, paymentUrl: 'https://pay.example.com/7731' },
        { number: '7735', dueDate: '2026-02-27', amount: 5_001, paymentUrl: 'https://pay.example.com/7735' },
        { number: '7740', dueDate: '2026-03-01', amount: 70_000, paymentUrl: null },
      ],
    },
    beforeDue: {
      today: '2026-01-31',
      invoices: [
        { number: '7720', dueDate: '2026-02-01', amount: 18_050, paymentUrl: 'https://pay.example.com/7720' },
        { number: '7721', dueDate: '2026-02-01', amount: 1, paymentUrl: 'https://pay.example.com/7721' },
        { number: '7722', dueDate: '2026-02-01', amount: 250_000, paymentUrl: 'https://pay.example.com/7722' },
      ],
    },
  },
];
