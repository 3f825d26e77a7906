import { EMAIL_KINDS, MERGE_FIELDS, TONES, VARIATIONS } from '@receivables/contracts';
import { describe, expect, it, vi } from 'vitest';

import { greetingNames, type MergeData } from './merge-values';
import { generateTemplate } from './phrases/generate-template';
import { PHRASES } from './phrases/phrase-library';
import { renderEmail, type TemplateToRender } from './render-email';
import { validateTemplate } from './validate-template';

const data: MergeData = {
  customerName: 'Acme Widgets Ltd',
  contactName: 'Jo Bloggs',
  contactFirstName: 'Jo',
  primaryContactName: 'Sam Primary',
  currency: 'GBP',
  invoices: [
    { number: 'INV-1001', dueDate: '2026-09-01', amountRemaining: 120_000, paymentUrl: 'https://pay.example.com/inv-1001' },
    { number: 'INV-1002', dueDate: '2026-10-01', amountRemaining: 34_550, paymentUrl: null },
  ],
  today: '2026-11-23',
  remindersSent: 2,
  senderName: 'Northwind Accounts',
  signature: 'Pat Lee\nCredit control',
};

const template = (over: Partial<TemplateToRender>): TemplateToRender => ({
  tone: 'firm',
  kind: 'regular_email',
  subject: 'Overdue: {{ amount_overdue }}',
  body: '<p>Dear {{ contact_name }},</p>',
  variation: 'none',
  ...over,
});

/** The words of an HTML document, as a reader sees them. */
const words = (html: string): string[] =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .split(/\s+/)
    .filter(Boolean);

describe('renderEmail', () => {
  it('fills every merge field', async () => {
    const body = MERGE_FIELDS.map((f) => `<p>${f.name}: ${f.snippet}</p>`).join('\n');
    const email = await renderEmail(template({ body }), data, 'c1:a1');
    expect(email.text).toContain('customer_name: Acme Widgets Ltd');
    expect(email.text).toContain('contact_name: Jo Bloggs');
    expect(email.text).toContain('contact_first_name: Jo');
    expect(email.text).toContain('sign_off: Pat Lee');
    expect(email.text).toContain('payment_link_count: 1');
    expect(email.text).toContain('primary_contact_name: Sam Primary');
    expect(email.text).toContain('amount_overdue: £1,545.50');
    expect(email.text).toContain('invoice_count: 2');
    expect(email.text).toContain('days_late: 83');
    expect(email.text).toContain('oldest_due_date: 1 September 2026');
    expect(email.text).toContain('reminders_sent: 2');
    expect(email.text).toContain('sender_name: Northwind Accounts');
    expect(email.html).toContain('Pat Lee<br>Credit control');
    expect(email.html).toMatch(/<a href="https:\/\/pay\.example\.com\/inv-1001"[^>]*>Pay now<\/a>/);
    expect(email.text).toMatch(/INV-1002 +1 October 2026 +53 +£345\.50/);
    // Several invoices: a total row, the sum of the rows, under the amounts' column (issue 29).
    expect(email.text).toMatch(/\nTotal +£1,545\.50/);
    expect(email.html).toMatch(/<tfoot>.*Total.*£1,545\.50.*<\/tfoot>/s);
    expect(email.subject).toBe('Overdue: £1,545.50');
  });

  it('escapes a hostile customer name and never runs Liquid that arrives in data', async () => {
    const hostile = { ...data, customerName: '<script>alert(1)</script>{{ signature }}{% raw %}' };
    const email = await renderEmail(template({ subject: 'For {{ customer_name }}', body: '<p>{{ customer_name }} {{ customer_name | raw }}</p>' }), hostile, 's');
    expect(email.html).not.toContain('<script');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;{{ signature }}{% raw %}');
    expect(email.subject).toBe('For <script>alert(1)</script>{{ signature }}{% raw %}');
  });

  it('keeps a subject on one line whatever a value contains', async () => {
    const email = await renderEmail(template({ subject: 'Re: {{ customer_name }}' }), { ...data, customerName: 'A\r\nBcc: x@example.com' }, 's');
    expect(email.subject).toBe('Re: A Bcc: x@example.com');
  });

  it('strips what a mail client must never get, even when typed into the template', async () => {
    const body = '<p onclick="x()">Hi</p><script>steal()</script><img src="https://t.example/p.gif"><a href="javascript:alert(1)">x</a><style>p{}</style>';
    const email = await renderEmail(template({ body }), data, 's');
    expect(email.html).not.toMatch(/onclick|<script|steal|<img|javascript:/);
    expect(email.html).toContain('Hi');
  });

  it('inlines the stylesheet, as mail clients ignore style blocks', async () => {
    const email = await renderEmail(template({ body: '<p>{{ invoice_table }}</p>' }), data, 's');
    expect(email.html).not.toContain('<style');
    expect(email.html).toMatch(/<table class="invoices" style="[^"]*border-collapse: collapse/);
    // On a phone an invoice number and an amount stay whole: "INV-" and "1001" on two lines read as two.
    expect(email.html).toMatch(/<td class="ref" style="[^"]*white-space: nowrap[^"]*">INV-1001<\/td>/);
    expect(email.html).toMatch(/<td class="num" style="[^"]*white-space: nowrap[^"]*"[^>]*>£1,200\.00<\/td>/);
  });

  it('answers a render over its budget as the template’s fault, even where Liquid’s limiter throws outside its own error type', async () => {
    // Every reading of the clock a fifth of a second on: the budget has run out by the first check,
    // which liquidjs makes before its first part, outside the try that wraps a part's errors.
    let clock = performance.now();
    const slow = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 200));
    try {
      const refused = renderEmail(template({ body: '<p>Hello</p>' }), data, 's');
      await expect(refused).rejects.toMatchObject({ code: 'DOMAIN_RULE', details: [{ field: 'subject', reason: expect.stringMatching(/takes too long to render/) as string }] });
    } finally {
      slow.mockRestore();
    }
  });

  it('pairs every HTML part with a text part of the same words', async () => {
    for (const kind of EMAIL_KINDS) {
      for (const tone of TONES) {
        const email = await renderEmail(template({ ...generateTemplate(tone, kind), tone, kind }), data, 'c1:a1');
        const text = email.text.split(/\s+/).join(' ');
        for (const word of words(email.html).filter((w) => !/^(Pay|now)$/.test(w))) expect(text).toContain(word);
      }
    }
  });
});

/** What a reminder must never say (docs/email-tones.md): threats the sender cannot carry out, shouting. */
const THREATS = /legal action|solicitor|court|debt collect|credit (rating|score)|bailiff|final warning|failure to pay|!/i;

describe('generated templates', () => {
  it('render in every tone, kind and variation, with no merge field left unfilled', async () => {
    for (const kind of EMAIL_KINDS) {
      for (const tone of TONES) {
        const generated = generateTemplate(tone, kind);
        expect(validateTemplate(generated)).toEqual([]);
        for (const variation of VARIATIONS) {
          const email = await renderEmail({ ...generated, tone, kind, variation }, data, 'c1:a1');
          expect(email.subject.length).toBeGreaterThan(10);
          expect(`${email.subject} ${email.text}`).toContain('£1,545.50');
          expect(email.text).toContain('INV-1001');
          expect(email.text).not.toMatch(/{{|{%|undefined|NaN/);
        }
      }
    }
  });

  it('address an escalation to the escalation contact and refer to the reminders sent to the primary', async () => {
    for (const tone of TONES) {
      const email = await renderEmail({ ...generateTemplate(tone, 'escalation_email'), tone, kind: 'escalation_email', variation: 'none' }, data, 's');
      // The friendly tones by first name, the firm ones in full (issue 29).
      expect(email.text).toContain(tone === 'friendly-reminder' || tone === 'relationship-building' ? 'Dear Jo,' : 'Dear Jo Bloggs,');
      expect(email.text).toContain('Sam Primary');
    }
  });

  it('vary: the same customer and step always read the same, other steps read differently', async () => {
    const generated = template({ ...generateTemplate('friendly-reminder', 'regular_email'), tone: 'friendly-reminder', variation: 'vary' });
    const first = await renderEmail(generated, data, 'customer-1:step-1');
    expect(await renderEmail(generated, data, 'customer-1:step-1')).toEqual(first);
    // One after another: renders started together share the wall clock their time budget counts.
    const others = [];
    for (let i = 0; i < 8; i++) others.push(await renderEmail(generated, data, `customer-1:step-${i + 2}`));
    expect(new Set([first, ...others].map((e) => e.text)).size).toBeGreaterThan(1);
  });

  it('none always sends the first wording of each passage', async () => {
    const generated = template(generateTemplate('firm', 'regular_email'));
    const texts = [];
    for (const seed of ['a', 'b', 'c', 'd']) texts.push(await renderEmail(generated, data, seed));
    expect(new Set(texts.map((e) => e.text)).size).toBe(1);
    expect(texts[0]?.subject).toBe('Overdue: £1,545.50 due since 1 September 2026');
  });

  it('agree in number with one invoice or several, one reminder or several, in every wording', async () => {
    const one: MergeData = { ...data, invoices: data.invoices.slice(0, 1), remindersSent: 1 };
    const several = data;
    // What a count that disagrees with its words looks like, for each count; `sentence` spans
    // the rest of a sentence, amounts' decimal points included.
    const sentence = String.raw`(?:[^.]|\.\d)*?`;
    const wrongForOne = [/\b1 (invoices|reminders|times)\b/, new RegExp(String.raw`\b1 reminder to ${sentence} have\b`)];
    const wrongForSeveral = [
      /\ban \d/,
      /\b\d+ (invoice|reminder|time)\b(?!s)/,
      new RegExp(String.raw`\binvoices\b${sentence}\b(is|remains)\b`),
      new RegExp(String.raw`\binvoices\b${sentence}\battention to it\b`),
      new RegExp(String.raw`\breminders to ${sentence} has\b`),
    ];
    for (const kind of EMAIL_KINDS) {
      for (const tone of TONES) {
        const { subject, opening, ask, next, closing } = PHRASES[kind][tone];
        for (const wording of [...subject, ...opening, ...ask, ...next, ...closing]) {
          const phrase = template({ tone, kind, subject: 'x', body: `<p>${wording}</p>` });
          const forOne = (await renderEmail(phrase, one, 's')).text.replace(/\s+/g, ' ');
          const forSeveral = (await renderEmail(phrase, several, 's')).text.replace(/\s+/g, ' ');
          for (const wrong of wrongForOne) expect(forOne).not.toMatch(wrong);
          for (const wrong of wrongForSeveral) expect(forSeveral).not.toMatch(wrong);
        }
      }
    }
  });

  it('say only what is true: no "0 reminders" before any was sent, no "links above" without links, one sign-off, no address as a greeting', async () => {
    const unnamed = { ...greetingNames(null, 'Harbour Lane Bakery'), customerName: 'Harbour Lane Bakery' };
    const cases: { name: string; data: MergeData }[] = [
      { name: 'first reminder, no links, no contact name', data: { ...data, ...unnamed, remindersSent: 0, invoices: data.invoices.map((i) => ({ ...i, paymentUrl: null })) } },
      { name: 'later reminder with a link', data: { ...data, remindersSent: 3 } },
      { name: 'no signature', data: { ...data, signature: '' } },
    ];
    for (const { name, data: facts } of cases) {
      for (const kind of EMAIL_KINDS) {
        for (const tone of TONES) {
          const generated = template({ ...generateTemplate(tone, kind), tone, kind, variation: 'vary' });
          for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
            const email = await renderEmail(generated, facts, seed);
            const said = `${email.subject}\n${email.text}`.replace(/\s+/g, ' ');
            const where = `${kind} ${tone} (${name}, seed ${seed})`;
            expect(said, where).not.toMatch(/\b0 (reminders?|times?)\b/i);
            const claimsReminders = /we have (written|sent)|earlier reminders|reminders? to .* (have|has) (gone unanswered|not led)/i;
            if (facts.remindersSent === 0) expect(said, where).not.toMatch(claimsReminders);
            if (facts.invoices.every((i) => i.paymentUrl === null)) expect(said, where).not.toMatch(/links? above/i);
            expect(said, where).not.toMatch(/(Hi|Dear) [^ ,]*@/);
            const signOffs = facts.signature ? [facts.signature.split('\n')[0] ?? '', facts.senderName] : [facts.senderName];
            // Under the closing, once; a subject or a sentence may name the sender, but not as a second sign-off.
            expect(email.text.replace(/\s+/g, ' '), `${where}: one sign-off`).toMatch(new RegExp(`, ${signOffs[0] ?? ''}( Credit control)?$`));
            expect(email.text.split(signOffs[0] ?? '').length - 1, `${where}: the sign-off once`).toBe(1);
          }
        }
      }
    }
  });

  it('greet by first name in the friendly tones, full name in the firm ones, and the customer’s team when there is no name', async () => {
    const greeting = async (tone: (typeof TONES)[number], facts: MergeData) =>
      (await renderEmail(template({ ...generateTemplate(tone, 'regular_email'), tone }), facts, 's')).text.split('\n')[0];
    expect(await greeting('friendly-reminder', { ...data, ...greetingNames('Sophie Taylor', data.customerName) })).toBe('Hi Sophie,');
    expect(await greeting('relationship-building', { ...data, ...greetingNames('Sophie Taylor', data.customerName) })).toBe('Dear Sophie,');
    expect(await greeting('firm', { ...data, ...greetingNames('Sophie Taylor', data.customerName) })).toBe('Dear Sophie Taylor,');
    expect(await greeting('urgent', { ...data, ...greetingNames(null, 'Harbour Lane Bakery') })).toBe('Dear Harbour Lane Bakery team,');
    expect(await greeting('friendly-reminder', { ...data, ...greetingNames('  ', 'Cobalt Studio') })).toBe('Hi Cobalt Studio team,');
  });

  it('never threaten what the sender cannot do, nor shout', () => {
    for (const kind of EMAIL_KINDS) {
      for (const tone of TONES) {
        const { subject, body } = generateTemplate(tone, kind);
        const words = `${subject} ${body}`.replace(/{{[^}]*}}|{%[^%]*%}|<[^>]+>/g, '');
        expect(words).not.toMatch(THREATS);
        expect(words).not.toMatch(/\b[A-Z]{4,}\b/);
      }
    }
  });
});

describe('validateTemplate', () => {
  it('names an unknown merge field and its line', () => {
    expect(validateTemplate({ subject: 'Hi', body: '<p>Hello</p>\n<p>{{ amount_owed }}</p>' })).toEqual([{ field: 'body', reason: 'line 2: unknown merge field "amount_owed"' }]);
  });

  it('names an unknown filter, an unclosed tag and a forbidden tag', () => {
    expect(validateTemplate({ subject: '{{ customer_name | shout }}', body: '<p>x</p>' })).toEqual([{ field: 'subject', reason: 'line 1: undefined filter: shout' }]);
    expect(validateTemplate({ subject: 'x', body: 'a\n{% if invoice_count > 1 %}b' })[0]?.reason).toMatch(/^line 2: tag .* not closed/);
    expect(validateTemplate({ subject: 'x', body: "{% include '/etc/passwd' %}" })[0]?.reason).toMatch(/include tag is not available/);
  });

  it('accepts loops and assignments over merge fields', () => {
    expect(validateTemplate({ subject: '{% assign n = invoice_count %}{{ n }} due', body: '{% variants %}a{% or %}{{ customer_name }}{% endvariants %}' })).toEqual([]);
  });
});

describe('greetingNames', () => {
  it('takes the first word of a name, but keeps a title or an initial with the whole name', () => {
    expect(greetingNames('Sophie Taylor', 'Acme')).toEqual({ contactName: 'Sophie Taylor', contactFirstName: 'Sophie' });
    expect(greetingNames('  Sophie   Taylor ', 'Acme')).toEqual({ contactName: 'Sophie Taylor', contactFirstName: 'Sophie' });
    expect(greetingNames('Dr Ann Lee', 'Acme').contactFirstName).toBe('Dr Ann Lee');
    expect(greetingNames('Mrs. Patel', 'Acme').contactFirstName).toBe('Mrs. Patel');
    expect(greetingNames('J. Smith', 'Acme').contactFirstName).toBe('J. Smith');
    expect(greetingNames('Accounts', 'Acme').contactFirstName).toBe('Accounts');
    expect(greetingNames(null, 'Acme')).toEqual({ contactName: 'Acme team', contactFirstName: 'Acme team' });
  });
});
