import { performance } from 'node:perf_hooks';
import { createAuth } from '../src/auth/create-auth';
import { scheduleOrganisation } from '../src/modules/scheduling/schedule-organisation';
import { reconcileCustomers } from '../src/modules/scheduling/reconcile-customers';
import { loadPlanContext } from '../src/modules/scheduling/plan-context';
import { loadCustomerPlanInputs } from '../src/modules/scheduling/plan-inputs';
import { createTestDatabase, seedDemoBook, testConfig, withOrg, refreshCustomerFigures } from './support';
const database = await createTestDatabase('postgres://postgres@127.0.0.1:5432/postgres');
try {
  const auth = createAuth(database.db, testConfig());
  const { user } = await auth.api.signUpEmail({ body: { email: 'd@x.example', password: 'demo-password-123', name: 'D' } });
  const org = await auth.api.createOrganization({ body: { name: 'D', slug: 'd', userId: user.id } });
  let t0 = performance.now();
  await seedDemoBook(database.db, org.id, new Date());
  console.log(`book ${(performance.now() - t0).toFixed(0)}`);
  t0 = performance.now();
  await refreshCustomerFigures(database.db, org.id);
  console.log(`refresh ${(performance.now() - t0).toFixed(0)}`);
  const now = new Date();
  for (let i = 0; i < 3; i++) {
    t0 = performance.now();
    const s = await scheduleOrganisation(database.db, org.id, now);
    console.log(`pass ${(performance.now() - t0).toFixed(0)} ${JSON.stringify(s)}`);
  }
  const ids = (await database.pool.query(`select id from customer where org_id=$1 and standing in ('single_missed','multiple_missed')`, [org.id])).rows.map((r) => r.id);
  t0 = performance.now();
  await withOrg(database.db, org.id, async (tx) => { await loadPlanContext(tx, org.id); });
  console.log(`context ${(performance.now() - t0).toFixed(0)}`);
  t0 = performance.now();
  await withOrg(database.db, org.id, async (tx) => { await loadCustomerPlanInputs(tx, org.id, ids, now); });
  console.log(`inputs ${(performance.now() - t0).toFixed(0)}`);
  t0 = performance.now();
  await reconcileCustomers(database.db, org.id, ids, now);
  console.log(`reconcile noop ${(performance.now() - t0).toFixed(0)}`);
} finally { await database.drop(); }
