import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w server` diffs the schema against the committed migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
