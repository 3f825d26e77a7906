// @ts-check
import { dirname, join, relative } from 'node:path';

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
            const source = /** @type {import('eslint').SourceCode} */ (context.sourceCode);
            for (const comment of source.getAllComments()) check(comment, comment.value);
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
    // Domains may import the shared kernel and a short, explicit list of neighbours; anything else
    // is a new tangle (docs/decisions/0030-a-fast-enforced-loop.md). Options: for each domains folder,
    // the folders every domain may import and each domain's neighbours. Tests are not checked.
    'domain-boundaries': {
      meta: {
        type: 'problem',
        messages: {
          neighbour: '{{from}} may not import the {{to}} domain ({{source}}): move what they share to the kernel, or add {{to}} to its neighbours in eslint.config.js with a reason.',
          outside: '{{from}} may import only the kernel ({{shared}}) and its neighbours, not {{source}}.',
        },
        schema: [{
          type: 'object',
          properties: {
            domains: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  folder: { type: 'string' },
                  shared: { type: 'array', items: { type: 'string' } },
                  neighbours: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
                },
                required: ['folder', 'shared', 'neighbours'],
                additionalProperties: false,
              },
            },
          },
          required: ['domains'],
          additionalProperties: false,
        }],
      },
      create(context) {
        const { domains } = /** @type {{ domains: { folder: string; shared: string[]; neighbours: Record<string, string[]> }[] }} */ (
          context.options[0] ?? { domains: [] }
        );
        const file = relative(context.cwd, context.filename).replaceAll('\\', '/');
        // Tests and their helpers may reach wherever what they test lives.
        if (/\.test\.tsx?$/.test(file) || file.split('/').includes('test')) return {};
        /** @param {string} path @param {string} folder */
        const inside = (path, folder) => path === folder || path.startsWith(`${folder}/`);
        const domain = domains.find((d) => inside(file, d.folder));
        if (!domain) return {};
        const from = file.slice(domain.folder.length + 1).split('/')[0] ?? '';
        const allowed = new Set(domain.neighbours[from] ?? []);
        /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
        const check = (node) => {
          const source = node.source && node.source.type === 'Literal' ? String(node.source.value) : null;
          if (!source || !source.startsWith('.')) return;
          const target = join(dirname(file), source).replaceAll('\\', '/');
          if (inside(target, domain.folder)) {
            const to = target.slice(domain.folder.length + 1).split('/')[0] ?? '';
            if (to !== from && !allowed.has(to)) context.report({ node, messageId: 'neighbour', data: { from, to, source } });
            return;
          }
          if (!domain.shared.some((folder) => inside(target, folder))) {
            context.report({ node, messageId: 'outside', data: { from, source, shared: domain.shared.join(', ') } });
          }
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
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
