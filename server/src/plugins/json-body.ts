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
    void parseJson(request, text, done);
  });
}
