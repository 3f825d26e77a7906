import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Linter, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';

import { domainBoundaries } from './domain-boundaries.js';
import { houseRules } from './house-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
const root = fileURLToPath(new URL('..', import.meta.url));
const rule = (houseRules.rules ?? {})['domain-boundaries'];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (path: string) => join(root, path);
const small = {
  domains: [{ folder: 'server/src/modules', shared: ['server/src/org', 'server/src/db'], neighbours: { invoices: ['customers'], customers: [] } }],
};

describe('house/domain-boundaries', () => {
  tester.run('domain-boundaries', rule as never, {
    valid: [
      { code: "import { refresh } from '../customers/refresh';", filename: at('server/src/modules/invoices/x.ts'), options: [small] },
      { code: "import { recordAudit } from '../../org/record-audit';", filename: at('server/src/modules/invoices/x.ts'), options: [small] },
      { code: "import { findInvoices } from './find-invoices';", filename: at('server/src/modules/invoices/x.ts'), options: [small] },
      { code: "import { z } from 'zod';", filename: at('server/src/modules/customers/x.ts'), options: [small] },
      // Tests may reach wherever what they test lives.
      { code: "import { x } from '../invoices/x';", filename: at('server/src/modules/customers/x.test.ts'), options: [small] },
    ],
    invalid: [
      // Not a listed neighbour: the reverse edge would make a cycle.
      { code: "import { x } from '../invoices/x';", filename: at('server/src/modules/customers/x.ts'), options: [small], errors: [{ messageId: 'neighbour' }] },
      { code: "export { x } from '../invoices/x';", filename: at('server/src/modules/customers/x.ts'), options: [small], errors: [{ messageId: 'neighbour' }] },
      // Outside the kernel: the worker's jobs, the app's wiring.
      { code: "import { job } from '../../jobs/x.job';", filename: at('server/src/modules/invoices/x.ts'), options: [small], errors: [{ messageId: 'outside' }] },
    ],
  });
});

describe('the project’s lint configuration', () => {
  // The real options, from eslint/domain-boundaries.js as eslint.config.js applies them.
  const linter = new Linter({ cwd: root });
  const lint = (code: string, path: string) =>
    linter.verify(
      code,
      [{
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
        plugins: { house: houseRules },
        rules: { 'house/domain-boundaries': ['error', domainBoundaries] },
      }],
      { filename: at(path) },
    );

  it('fails a cross-module import no neighbour list allows, on the server and on the web', () => {
    // tags is a leaf: a deliberately added import of customers is a new tangle.
    expect(lint("import { getCustomer } from '../customers/get-customer';", 'server/src/modules/tags/tags.routes.ts').map((m) => m.messageId)).toEqual(['neighbour']);
    // scheduling may use emails, but emails may not use scheduling (the reverse would be a cycle).
    expect(lint("import { planCustomer } from '../scheduling/plan-customer';", 'server/src/modules/emails/render-email.ts').map((m) => m.messageId)).toEqual(['neighbour']);
    expect(lint("import { useWorkflows } from '../../workflows/api/get-workflows';", 'web/src/features/settings/components/x.tsx').map((m) => m.messageId)).toEqual(['neighbour']);
  });

  it('passes the edges it lists and the kernel', () => {
    expect(lint("import { renderEmail } from '../emails/render-email';", 'server/src/modules/scheduling/plan-customer.ts')).toEqual([]);
    expect(lint("import { recordAudit } from '../../org/record-audit';", 'server/src/modules/tags/create-tag.ts')).toEqual([]);
    expect(lint("import { usePermission } from '../../../app/use-permission';", 'web/src/features/settings/components/x.tsx')).toEqual([]);
  });

  it('lists every domain folder there is, so a new domain is never unchecked', async () => {
    const { readdirSync } = await import('node:fs');
    for (const domain of domainBoundaries.domains) {
      const folders = readdirSync(at(domain.folder), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
      expect(Object.keys(domain.neighbours).sort(), domain.folder).toEqual(folders);
    }
  });
});
