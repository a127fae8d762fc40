"""A small HTTP client for the judge's API, on the standard library only."""

import json
import time
import urllib.error
import urllib.request


class ApiError(Exception):
    def __init__(self, status, body):
        super().__init__(f"HTTP {status}: {body}")
        self.status = status
        self.body = body


class JudgeClient:
    def __init__(self, base_url, token=None):
        """token: an API key (or the admin token) sent as a bearer token; None for anonymous calls."""
        self.base_url = base_url.rstrip("/")
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = f"Bearer {token}"

    def with_token(self, token):
        return JudgeClient(self.base_url, token)

    def create_key(self, name, **settings):
        """As the admin: a new API key (perMinute, maxWaiting, lanes, scopes as given); returns it with `key` and
        `webhookSecret`."""
        status, _, created = self.request("POST", "/api/keys", {"name": name, **settings})
        assert status == 201, created
        return created

    def request(self, method, path, body=None, timeout=30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=self.headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raise ApiError(error.code, error.read().decode()) from None

    def post_bytes(self, path, data, content_type, timeout=30):
        """A POST of a body other than JSON (a zip); answered as request answers."""
        headers = {**self.headers, "Content-Type": content_type}
        request = urllib.request.Request(self.base_url + path, data=data, method="POST", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, dict(response.headers), json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            raise ApiError(error.code, error.read().decode()) from None

    def create_problem(self, title="Sum", time_limit_ms=2000, memory_limit_mb=256, test_cases=None, ready=True, **more):
        """Creates a problem; more members (checker, interactor, validator, groups, timeLimits) go in as given.
        One with setter programs is PREPARING until a worker has built them: with ready, this waits until
        it takes submissions (and fails if its preparation did)."""
        test_cases = test_cases or [{"input": "1 2\n", "expectedOutput": "3\n"}, {"input": "40 2\n", "expectedOutput": "42\n"}]
        status, _, problem = self.request(
            "POST",
            "/api/problems",
            {"title": title, "timeLimitMs": time_limit_ms, "memoryLimitMb": memory_limit_mb, "testCases": test_cases, **more},
        )
        assert status == 201, problem
        if ready:
            prepared = self.wait_for_preparation(problem["id"])
            assert prepared["status"] == "READY", prepared
        return problem["id"]

    def wait_for_preparation(self, problem_id, timeout=180):
        """The problem's preparation once it is no longer PREPARING (a testlib checker takes seconds to build)."""
        deadline = time.monotonic() + timeout
        while True:
            preparation = self.request("GET", f"/api/problems/{problem_id}")[2]["preparation"]
            if preparation["status"] != "PREPARING" or time.monotonic() > deadline:
                return preparation
            time.sleep(0.2)

    def submit(self, problem_id, source, language="python", **more):
        """more: other members of the submission (callbackUrl...); a source of None is left out (files hold it)."""
        source_code = {} if source is None else {"sourceCode": source}
        status, headers, body = self.request(
            "POST", "/api/submissions", {"problemId": problem_id, "language": language, **source_code, **more}
        )
        assert status == 202, body
        assert body["status"] == "QUEUED"
        assert headers["Location"].endswith("/api/submissions/" + body["id"])
        return body["id"]

    def submission(self, submission_id, patience_s=35):
        """The submission as the API shows it. The tests poll far sooner than Retry-After says, which
        the API answers 429 until the submission changes or enough of that wait has passed; such a
        poll is asked again shortly, as it costs the server next to nothing."""
        deadline = time.monotonic() + patience_s
        while True:
            try:
                return self.request("GET", f"/api/submissions/{submission_id}")[2]
            except ApiError as error:
                if error.status != 429 or time.monotonic() > deadline:
                    raise
            time.sleep(0.1)

    def wait_for_verdict(self, submission_id, timeout=60, interval=0.1):
        deadline = time.monotonic() + timeout
        while True:
            view = self.submission(submission_id)
            if view["status"] == "FINISHED":
                return view
            if time.monotonic() > deadline:
                raise AssertionError(f"no verdict for {submission_id} after {timeout} s: {view}")
            time.sleep(interval)

    def wait_for_status(self, submission_id, status, timeout=30):
        deadline = time.monotonic() + timeout
        while (view := self.submission(submission_id))["status"] != status:
            if time.monotonic() > deadline:
                raise AssertionError(f"{submission_id} never reached {status}: {view}")
            time.sleep(0.05)
        return view

    def events(self, submission_id, timeout=60):
        """Yields (event name, data) from the submission's server-sent events until the stream ends."""
        request = urllib.request.Request(
            f"{self.base_url}/api/submissions/{submission_id}/events", headers={**self.headers, "Accept": "text/event-stream"}
        )
        try:
            response = urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            raise ApiError(error.code, error.read().decode()) from None
        with response:
            assert response.headers["Content-Type"].startswith("text/event-stream")
            name, data = None, []
            for raw in response:
                line = raw.decode().rstrip("\n")
                if line.startswith("event:"):
                    name = line[len("event:") :].strip()
                elif line.startswith("data:"):
                    data.append(line[len("data:") :])
                elif line == "" and data:
                    yield name, json.loads("\n".join(data))
                    name, data = None, []
