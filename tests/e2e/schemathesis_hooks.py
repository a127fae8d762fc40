"""Schemathesis hooks for tests/e2e (SCHEMATHESIS_HOOKS=schemathesis_hooks): the one format it cannot
write or read by itself, a problem's tests as one JSON value per line (PUT and GET
/api/problems/{id}/tests)."""

import json

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx, value):
    # The document says: an array of test cases, sent one per line. Anything else the fuzzer makes of
    # it (negative data) has no such form; it goes as one JSON line of an array holding it, which is
    # not a test case, for the API to refuse.
    if not isinstance(value, list):
        return (json.dumps([value]) + "\n").encode()
    return "".join(json.dumps(item) + "\n" for item in value).encode()


@schemathesis.deserializer("application/x-ndjson")
def ndjson_response(ctx, response):
    # So that the downloaded tests are checked against the document's array of test cases.
    # Lines end at "\n" only: a test's text may hold other line breaks (U+2028, NEL) unescaped.
    return [json.loads(line) for line in response.content.decode().split("\n") if line]
