import type { TriageCategory } from '@receivables/contracts';

/** One category's word rules: a reply matching any pattern (not negated) is suggested it. */
export interface TriageRule {
  category: TriageCategory;
  patterns: readonly RegExp[];
}

const WE = String.raw`(?:we|I)`;
const HAVE = String.raw`(?:\s+have|['’]ve)`;
const WILL = String.raw`(?:\s+will|['’]ll|\s+shall|\s+can|\s+could|\s+(?:are|am)\s+going\s+to|['’](?:re|m)\s+going\s+to|\s+(?:intend|plan|aim|expect|hope)\s+to|\s+should\s+be\s+able\s+to)`;
const NOT_NOT = String.raw`(?!not\b|never\b)`;
const NOT = String.raw`(?:\s+not|n['’]t|\s+never)`;
const MAIL = String.raw`(?:correspondence|invoices|queries|statements|e-?mails|reminders|remittances)`;
const GOODS = String.raw`(?:goods|items|order|delivery|parts|service|work)`;
/** Any words up to the end of the sentence (a full stop inside an address does not end it), lazily. */
const WITHIN_SENTENCE = String.raw`(?:[^.!?\n]|\.(?=\S)){0,100}?`;
const THE = String.raw`(?:the\s+|this\s+|your\s+|our\s+|any\s+|an\s+|a\s+)?`;

/**
 * Every triage rule, in one table, in priority order: when a reply matches several categories,
 * the first listed wins (docs/decisions/0021-replies.md, Reading a reply). Why this order, for a
 * finance person deciding what to do first:
 * 1. wrong_contact — a reply saying we write to the wrong person is about the address, whatever
 *    else it says ("stop sending to this address, I've left"): the person it reached cannot pay,
 *    dispute or stop anything for the customer, and chasing them shares the debt with a stranger;
 * 2. stop — a request to stop writing is a conduct matter: it must be seen before the debt;
 * 3. dispute — a disputed debt must not be chased, whatever else the reply says ("we dispute the
 *    delivery charge but have paid the rest");
 * 4. paid — a claimed payment is looked for before chasing on;
 * 5. copy_request — a customer without the invoice cannot pay it, so the copy comes before the
 *    promise that waits on it ("resend it and we'll pay on Friday");
 * 6. promise — the rest of a reply that only promises.
 * Patterns are case-insensitive and match whole words; a match with "not", "never", "no" or a
 * "…n't" word among the three words before it in its clause does not count ("we have not paid"),
 * so patterns that mean a negation say it themselves ("we never received the goods").
 */
export const TRIAGE_RULES: readonly TriageRule[] = [
  {
    category: 'wrong_contact',
    patterns: [
      /\bno\s+longer\s+(?:work|works|working|employed|with|at|deal|deals|handle|handles|responsible)\b/i,
      /(?:\bI['’]ve|\b(?:has|have))\s+(?:now\s+)?left\s+(?:the\s+(?:company|business|firm|organi[sz]ation)|us)\b/i,
      /(?:\bI['’]ve|\b(?:has|have))\s+(?:now\s+)?left\s+(?:[A-Z][\w&'’-]*\s+){1,4}(?:Ltd|Limited|plc|LLP|Inc|LLC)\b/i,
      /\b(?:wrong|incorrect)\s+(?:person|contact|e-?mail\s+address|department)\b/i,
      /\bnot\s+the\s+(?:right|correct|appropriate|best)\s+(?:person|contact)\b/i,
      new RegExp(String.raw`\b(?:contact|e-?mail|write\s+to)\s+${WITHIN_SENTENCE}\binstead\b`, 'i'),
      new RegExp(String.raw`\b${MAIL}\s+(?:should|must|need\s+to)\s+(?:go|be\s+sent|be\s+directed|be\s+addressed)\s+to\b`, 'i'),
      new RegExp(String.raw`\b(?:send|address|direct|forward)\s+(?:all\s+|any\s+)?(?:future\s+)?${MAIL}\s+to\b`, 'i'),
      /\bnew\s+e-?mail\s+address\b/i,
      /\b(?:new|correct)\s+(?:e-?mail\s+)?address\s+for\s+(?:invoices|accounts|statements|reminders|billing)\b/i,
    ],
  },
  {
    category: 'stop',
    patterns: [
      /\bstop\s+(?:e-?mailing|contacting|sending|chasing|messaging|writing\s+to|harass(?:ing)?)\b/i,
      /\bunsubscribe\b/i,
      /\b(?:remove|take)\s+(?:me|us|(?:my|our)\s+(?:e-?mail|address|details))\s+(?:from|off)\b/i,
      /\b(?:do\s+not|don['’]t|never)\s+(?:contact|e-?mail|write\s+to|call)\s+(?:me|us)\b/i,
      /\bno\s+(?:further|more)\s+(?:e-?mails|contact|correspondence|reminders)\b/i,
      /\bharass(?:ment|ing)\b/i,
    ],
  },
  {
    category: 'dispute',
    patterns: [
      /\bdisput(?:e|es|ed|ing)\b/i,
      new RegExp(String.raw`\b(?:this|that|it|the\s+(?:invoice|amount|balance|charge))\s+(?:is|was)${NOT}\s+(?:correct|right|accurate|ours|owed)\b`, 'i'),
      /\bnot\s+our\s+debt\b/i,
      /\b(?:is|are|was)\s+(?:incorrect|wrong)\b/i,
      /\bwrong\s+(?:branch|company|account|customer|entity|site|amount|price|rate|quantity|invoice|PO)\b/i,
      /\bcancel\s+(?:the\s+invoice|this\s+invoice|it)\b/i,
      new RegExp(String.raw`\b(?:never|not|n['’]t)\s+(?:\w+\s+)?(?:received|delivered|ordered)\s+(?:the\s+|any\s+|these\s+)?${GOODS}\b`, 'i'),
      new RegExp(String.raw`\b(?:${GOODS}|job)\s+(?:was|were|has|have)${NOT}\s+(?:been\s+)?(?:completed|delivered|received|done|finished)\b`, 'i'),
      new RegExp(String.raw`\bquery\s+(?:on|about|regarding|with)\s+${THE}(?:invoice|bill|charge|amount|price|account|statement|inv\b)`, 'i'),
      /\bover-?charged\b|\bdouble[-\s]charged\b/i,
      /\bcharged\s+(?:us\s+)?twice\b/i,
      /\bcredit\s+note\b/i,
      /\b(?:do|does|did)(?:\s+not|n['’]t)\s+owe\b/i,
      /\b(?:damaged|faulty|defective)\b/i,
      /\b(?:does|do)(?:\s+not|n['’]t)\s+match\b/i,
      /\b(?:will\s+not|won['’]t|refuse\s+to)\s+(?:be\s+)?pay(?:ing)?\b|\bnot\s+paying\b/i,
      /\b(?:do|does|did)(?:\s+not|n['’]t)\s+recogni[sz]e\b/i,
    ],
  },
  {
    category: 'paid',
    patterns: [
      new RegExp(String.raw`\b${WE}${HAVE}?\s+(?:now\s+|already\s+|just\s+)?(?:paid|settled)\b`, 'i'),
      /\b(?:has|have|had|was|were)\s+(?:now\s+|already\s+)?(?:been\s+)?(?:paid|settled|cleared)\b/i,
      /\bpaid\s+(?:it\s+|this\s+|them\s+)?(?:yesterday|today|this\s+morning|last\s+week|in\s+full)\b/i,
      /\bpaid\s+(?:it\s+|this\s+|them\s+)?by\s+(?:BACS|bank\s+transfer|card|cheque)\b/i,
      /\bpayment\s+(?:was|has\s+been|have\s+been|had\s+been)\s+(?:made|sent|processed|released|issued)\b/i,
      /\bremittance(?:\s+advice)?\s+(?:is\s+)?(?:attached|enclosed|sent|below)\b/i,
      /\b(?:attached|enclosed|find|see)\s+(?:the\s+|our\s+|attached\s+)?remittance\b/i,
      /\b(?:transferred|sent|wired)\s+(?:the\s+|you\s+the\s+)?(?:funds|money|payment)\b/i,
      /\bBACS\s+(?:sent|made|done|paid)\b/i,
      /\bpayment\s+(?:went|has\s+gone|was\s+sent)\s+(?:out|through)\b/i,
      /\b(?:processed|made|sent|released|raised|authori[sz]ed)\s+(?:the\s+|a\s+|our\s+)?payment\b/i,
      // A terse "Paid." or "Paid today" opening a line; not a title such as "Paid Leave Administrator".
      /^[ \t]*paid(?=[ \t]*(?:[.!,]|$|[ \t]+(?:today|yesterday|on|in\s+full|this|last)\b))/im,
      /\bcheque\s+(?:is\s+|was\s+|has\s+been\s+)?(?:in\s+the\s+post|posted|sent)\b/i,
    ],
  },
  {
    category: 'copy_request',
    patterns: [
      /\b(?:send|re-?send|e-?mail|forward|provide)\s+(?:me\s+|us\s+)?(?:a\s+|another\s+)?(?:copy|copies)\b/i,
      /\bre-?(?:send|issue)\b|\b(?:send|e-?mail|forward)\s+(?:it|this|them)\s+(?:again|over)\b/i,
      /\bstatement\s+of\s+account\b|\baccount\s+statement\b/i,
      new RegExp(String.raw`\bsend\s+(?:me\s+|us\s+)?${THE}(?:up-to-date\s+|updated\s+|latest\s+)?statement\b`, 'i'),
      new RegExp(String.raw`\b(?:can['’]t|cannot|can\s+not|couldn['’]t|unable\s+to)\s+(?:find|locate|see)\s+${THE}(?:invoice|bill|statement|copy|it|them)\b`, 'i'),
      new RegExp(String.raw`\b(?:haven['’]t|have\s+not|never|didn['’]t|did\s+not|not)\s+(?:yet\s+)?(?:been\s+)?received\s+${THE}(?:invoice|bill|statement|copy)\b`, 'i'),
      /\b(?:invoice|bill)\s+(?:was|has)(?:\s+never|\s+not|n['’]t)\s+(?:been\s+)?(?:received|arrived)\b/i,
      /\b(?:attachment|invoice)\s+(?:didn['’]t|did\s+not|doesn['’]t|does\s+not|won['’]t)\s+(?:come\s+through|open|arrive)\b/i,
    ],
  },
  {
    category: 'promise',
    patterns: [
      new RegExp(String.raw`\b(?:${WE}${WILL}|will|shall)\s+(?:${NOT_NOT}\w+\s+)?(?:pay(?:ing)?|settl(?:e|ing)|clear(?:ing)?|transfer(?:ring)?|mak(?:e|ing)\s+(?:the\s+)?payment)\b`, 'i'),
      /\bmake\s+sure\s+(?:it|this|the\s+invoice)(?:['’]s|\s+is|\s+gets|\s+will\s+be)\s+paid\b/i,
      /\bget\s+(?:this|it|that|them|the\s+invoices?)\s+(?:paid|settled)\b/i,
      new RegExp(String.raw`\bpayment\b${WITHIN_SENTENCE}\b(?:will|should|is\s+going\s+to|is\s+due\s+to)\s+(?:be\s+)?(?:made|sent|processed|released|follow|go\s+out)\b`, 'i'),
      /\b(?:will|should|is\s+going\s+to|['’]ll)\s+be\s+(?:paid|settled)\b/i,
      /\b(?:payment\s+is|has\s+been)\s+scheduled\b|\bscheduled\s+for\s+payment\b/i,
      /\bpayment\s+run\b/i,
    ],
  },
];
