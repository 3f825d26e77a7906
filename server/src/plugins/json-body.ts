import type { FastifyError, FastifyInstance } from 'fastify';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * JSON bodies must be valid UTF-8: Fastify's own parser decodes leniently, turning bad bytes into
 * U+FFFD, which would be stored as if the client had sent it. Decode strictly, then hand the text
 * to Fastify's parser (which also refuses `__proto__` and `constructor` poisoning).
 */
export function registerStrictJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      const error = new Error('The request body is not valid UTF-8') as FastifyError;
      Object.assign(error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_UTF8' });
      done(error, undefined);
      return;
    }
    void parseJson(request, text, (error, parsed: unknown) => {
      if (error) return done(error, undefined);
      if (depthOf(parsed) > MAX_JSON_DEPTH) {
        const tooDeep = new Error('The request body is nested too deeply') as FastifyError;
        Object.assign(tooDeep, { statusCode: 400, code: 'FST_ERR_CTP_TOO_DEEP' });
        return done(tooDeep, undefined);
      }
      return done(null, parsed);
    });
  });
}

/**
 * How deep a body may nest. No request of ours goes past a handful of levels; thousands would make
 * every later step that walks the body recursively (serialising it for better-auth, hashing it for
 * an Idempotency-Key) run out of stack, a 500 where the client deserves a 400.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of arrays and objects in `value`, found without recursion (so no depth can overflow it). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() ?? [null, 0];
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}
