// @ts-check
/**
 * House conventions (docs/style.md) enforced as lint rules, each with a test in house-rules.test.ts.
 * @type {import('eslint').ESLint.Plugin}
 */
export const houseRules = {
  rules: {
    // TanStack Router/Query examples warn: invalidateQueries() with no key refetches everything.
    'no-bare-invalidate-queries': {
      meta: { type: 'problem', messages: { bare: 'invalidateQueries() needs a queryKey: name what changed.' }, schema: [] },
      create(context) {
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              && callee.property.name === 'invalidateQueries' && node.arguments.length === 0) {
              context.report({ node, messageId: 'bare' });
            }
          },
        };
      },
    },
    // One-way layers on the server: use cases and db code never import HTTP routes or plugins,
    // so jobs can call them without Fastify.
    'server-layering': {
      meta: { type: 'problem', messages: { layer: 'Server modules and db code must not import routes or plugins ({{source}}).' }, schema: [] },
      create(context) {
        const file = context.filename.replaceAll('\\', '/');
        const isUseCase = /\/server\/src\/(modules|db|jobs|seed)\//.test(file) && !file.endsWith('.routes.ts');
        if (!isUseCase) return {};
        return {
          ImportDeclaration(node) {
            const source = String(node.source.value);
            if (/\.routes$|\/plugins\//.test(source)) {
              context.report({ node, messageId: 'layer', data: { source } });
            }
          },
        };
      },
    },
  },
};
