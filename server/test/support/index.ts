// Test support shared by the server's tests and the e2e workspace (`@receivables/server/testing`).
export { type AdminDatabase, startAdminDatabase } from './admin-database';
export { adminQuery, createTestDatabase, type TestDatabase, withDatabase } from './test-database';
export { startTestServer, testConfig, type TestServer } from './test-server';
export { joinWithRole, signUpAndSignIn, signUpWithOrg, type SignedUpUser } from './sign-up';
export * from '../../src/seed/factories';
export { refreshCustomerFigures } from '../../src/modules/customers/refresh-customer-figures';
export { scheduleOrganisation } from '../../src/modules/scheduling/schedule-organisation';
export { withOrg, createDatabase, type Database, type Db } from '../../src/db/client';
// The inbound routing directory, for journeys whose sent emails are seeded rather than sent (decision 0021).
export { inboundRoute } from '../../src/db/schema';
export { runMigrations } from '../../src/db/migrate';
export { startEmbeddedPostgres, startTemporaryPostgres, type EmbeddedCluster } from '../../src/db/embedded';
export { seedDemo, seedDemoBook } from '../../src/seed/demo';
export { seedDemoHistory } from '../../src/seed/demo-history';
export { seedDemoReplies } from '../../src/seed/demo-replies';
export { apiClient, type ApiAnswer, type ApiClient, type ApiHeaders, type ApiTarget, okBody } from './api-client';
export { expectError, isoDay } from './api-assertions';
export { recordingJobQueue, type RecordedJob, type RecordingJobQueue } from './recording-job-queue';
export { startTestWorker, type TestWorker } from './test-worker';
export { insertDueReminders } from './due-reminders';
export { startSmtpSink, type ReceivedMail, type SmtpSink, type SmtpRefusal, type SmtpSinkOptions } from './smtp-sink';
export { FIXTURE_IDS, INBOUND_FIXTURES, type InboundFixtureName, readdressFixture, readInboundFixture, withHeaders } from './inbound-fixtures';
export { API_KEY as FAKE_STRIPE_API_KEY, fillFakeAccount, installCallback, signedEvent, startFakeStripe, type FakeStripe } from './fake-stripe';
export { readMail, type ReadMail } from './mime-parts';
export { seedSyntheticBook, setSyntheticFigures } from './synthetic-book';
