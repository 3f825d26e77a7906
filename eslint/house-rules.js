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
    // The repository stands on its own: a comment or string cites docs/ or an RFC, never a document a
    // clone does not have (the product owner's spec and design notes live outside it).
    'no-outside-doc-citations': {
      meta: {
        type: 'problem',
        messages: { outside: 'Cites "{{cited}}", which is not in the repository: cite the docs/ page that says it.' },
        schema: [],
      },
      create(context) {
        // A section of the spec or the design notes, those notes by name (docs/style.md is ours), or their folder.
        const outside = [
          /\b(?:spec|design|style)(?:\.md)?\s*§\s*\d*/i,
          /(?<!docs\/)\b(?:DESIGN|STYLE)\.md\b/,
          /product-spec(?:\.md)?/,
          /\.\.\/shared\//,
        ];
        /** @param {import('estree').Node | import('estree').Comment} node @param {string} text */
        const check = (node, text) => {
          const cited = outside.map((pattern) => pattern.exec(text)?.[0]).find(Boolean);
          if (cited) context.report({ loc: node.loc ?? { line: 1, column: 0 }, messageId: 'outside', data: { cited } });
        };
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) check(comment, comment.value);
          },
          Literal(node) {
            if (typeof node.value === 'string') check(node, node.value);
          },
          TemplateElement(node) {
            check(node, node.value.raw);
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
