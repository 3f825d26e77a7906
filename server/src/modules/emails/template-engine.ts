import { type Variation } from '@receivables/contracts';
import { type Context, type Emitter, Liquid, type Parser, Tag, type TagToken, type Template, type TopLevelToken } from 'liquidjs';


import { escapeHtml } from '../../lib/html-escape';

/**
 * HTML that a merge field supplies already built and escaped (the invoice table). Every other
 * value a template prints is escaped, whatever the customer's name says.
 */
export class SafeHtml {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

/** How `{% variants %}` blocks choose (docs/email-tones.md#variation): the template's variation and a seed per customer and step. */
export interface VariantChoice {
  variation: Variation;
  seed: string;
}

/** Where the renderer puts the choice in the Liquid context; a name no merge field can take. */
const CHOICE_KEY = '__variant_choice';

/** FNV-1a: a small, stable hash, so the same customer and step always read the same wording. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Which of `count` variants a block at `position` shows for this choice; `none` always the first. */
export function variantIndex(choice: VariantChoice | undefined, position: number, count: number): number {
  if (!choice || choice.variation === 'none' || count <= 1) return 0;
  return stableHash(`${choice.seed}:${position}`) % count;
}

/**
 * `{% variants %}A{% or %}B{% or %}C{% endvariants %}`: alternative wordings of one passage. Sent
 * as written, the first is used; with variation `vary` one is chosen per customer and step, so
 * the third reminder does not read like the first.
 */
class VariantsTag extends Tag {
  private readonly branches: Template[][] = [[]];

  constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remainTokens, liquid);
    const state = { closed: false };
    const stream = parser
      .parseStream(remainTokens)
      .on('tag:or', () => this.branches.push([]))
      .on('tag:endvariants', () => {
        state.closed = true;
        stream.stop();
      })
      .on('template', (tpl: Template) => this.branches.at(-1)?.push(tpl));
    stream.start();
    if (!state.closed) throw new Error(`tag ${token.getText()} not closed`);
  }

  *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const choice = ctx.getSync([CHOICE_KEY]) as VariantChoice | undefined;
    const branch = this.branches[variantIndex(choice, this.token.begin, this.branches.length)] ?? [];
    yield this.liquid.renderer.renderTemplates(branch, ctx, emitter);
  }

  // Static analysis (unknown merge fields) looks inside every variant, not only the one sent.
  *children(): Generator<unknown, Template[]> {
    return this.branches.flat();
  }
}

/** Tags that would read files or other templates: an email template stands alone. */
const FORBIDDEN_TAGS = ['include', 'render', 'layout', 'block'] as const;

function forbiddenTag(name: string) {
  return {
    parse(): void {
      throw new Error(`the ${name} tag is not available in email templates`);
    },
    render(): void {
      // Never reached: parse refuses the tag.
    },
  };
}

/**
 * The two Liquid engines: one for the HTML body (every printed value escaped unless it is
 * {@link SafeHtml}), one for the subject, which is plain text. Both strict: an unknown variable or
 * filter is an error rather than an empty gap in a letter to a customer; no file system; bounded
 * work so a hostile template cannot stall a worker.
 */
/**
 * How long one render may take, in milliseconds. A render runs on the event loop between two of
 * Liquid's checks, so this bounds how long one template can hold a process up; an honest letter
 * takes about a millisecond (docs/decisions/0031-templates-under-a-budget.md).
 */
export const RENDER_BUDGET_MS = 100;

/** What Liquid would print for a value: merge values are strings and numbers. */
const printable = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

function makeEngine(escape: boolean): Liquid {
  const liquid = new Liquid({
    strictVariables: true,
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    relativeReference: false,
    jsTruthy: false,
    parseLimit: 100_000,
    renderLimit: RENDER_BUDGET_MS,
    // Characters a render may build: a letter with a long invoice table is tens of thousands.
    memoryLimit: 1_000_000,
    ...(escape ? { outputEscape: (value: unknown) => (value instanceof SafeHtml ? value.html : escapeHtml(printable(value))) } : {}),
  });
  liquid.registerTag('variants', VariantsTag);
  for (const name of FORBIDDEN_TAGS) liquid.registerTag(name, forbiddenTag(name));
  // `raw` would print a value unescaped; in a body every value is escaped, so it only passes through.
  liquid.registerFilter('raw', (value: unknown) => value);
  return liquid;
}

export const bodyEngine = makeEngine(true);
export const subjectEngine = makeEngine(false);

/**
 * Parsed templates by engine and source: a scheduling pass renders the same few templates for
 * thousands of customers, and parsing was a tenth of each render. Parsed Liquid holds no state of
 * a render, so one parse serves every customer. Bounded; cleared when full.
 */
const parsed = new Map<Liquid, Map<string, Template[]>>();
const PARSED_KEPT = 500;

function parse(engine: Liquid, source: string): Template[] {
  let bySource = parsed.get(engine);
  if (!bySource) {
    bySource = new Map<string, Template[]>();
    parsed.set(engine, bySource);
  }
  let templates = bySource.get(source);
  if (!templates) {
    templates = engine.parse(source);
    if (bySource.size >= PARSED_KEPT) bySource.clear();
    bySource.set(source, templates);
  }
  return templates;
}

/** Renders Liquid with the merge values and the variant choice. */
export async function renderLiquid(
  engine: Liquid,
  source: string,
  values: Record<string, unknown>,
  choice: VariantChoice,
): Promise<string> {
  const rendered: unknown = await engine.render(parse(engine, source), { ...values, [CHOICE_KEY]: choice });
  return String(rendered);
}
