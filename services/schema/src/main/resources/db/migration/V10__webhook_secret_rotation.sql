-- A key's webhook secret can be rotated: the one it replaced keeps signing deliveries too (a second
-- v1 in Judge-Signature) until previous_secret_until, so receivers switch without missing any.
alter table api_key add column previous_webhook_secret text;
alter table api_key add column previous_secret_until timestamptz;
