-- The sender's per-organisation rate limit counts the hand-offs an organisation claimed in the last
-- minute, across every worker (decision 0020).
CREATE INDEX "event_org_claimed_idx" ON "event" USING btree ("org_id","claimed_at") WHERE "event"."claimed_at" is not null;