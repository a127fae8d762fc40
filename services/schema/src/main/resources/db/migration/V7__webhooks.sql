-- Webhooks: a submission may name a callback URL, which is sent the submission once it is finished,
-- signed with HMAC-SHA256 under its key's webhook secret (kept as is: signing needs it).
alter table api_key add column webhook_secret text;
update api_key set webhook_secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
alter table api_key alter column webhook_secret set not null;

-- The delivery's state, on the submission: PENDING until delivered (DELIVERED) or given up (FAILED);
-- null without a callback. An API replica claims a due delivery by moving callback_next_at a lease
-- ahead, so a replica that dies mid-delivery leaves it to another once the lease is over.
alter table submission add column callback_url text;
alter table submission add column callback_status text;
alter table submission add column callback_attempts integer not null default 0;
alter table submission add column callback_next_at timestamptz;
alter table submission add column callback_last_at timestamptz;
alter table submission add column callback_last_result text;
create index submission_callback_due on submission (callback_next_at) where callback_status = 'PENDING';
