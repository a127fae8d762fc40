"""The README's "Using it" commands, as a reader copies them, run against a running stack: the curl
calls are read from the README itself (only the address, the problem's id and the submission's id put
in), so that a README whose calls drift from the API fails here."""

import json
import re
import subprocess
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[2]


def using_it_commands():
    readme = (PROJECT / "README.md").read_text()
    section = readme[readme.index("## Using it") :]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    lines = [line for line in block.splitlines() if not line.startswith("#")]
    commands, current = [], []
    for line in lines:
        if line.startswith("curl ") and current:
            commands.append("\n".join(current))
            current = []
        current.append(line)
    commands.append("\n".join(current))
    return commands


def run(command, api):
    command = command.replace("localhost:8080", api.base_url.removeprefix("http://"))
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, (command, done.stderr)
    return done.stdout


def test_the_readmes_calls_create_submit_poll_and_follow(api):
    create, submit, poll, follow = using_it_commands()
    assert "POST localhost:8080/api/problems" in create.replace("-XPOST ", "POST ")
    problem = json.loads(run(create, api))
    assert isinstance(problem["id"], int), problem

    accepted = run(re.sub(r'"problemId": \d+', f'"problemId": {problem["id"]}', submit), api)
    head, body = accepted.split("\n\n", 1)  # text mode reads curl's CRLFs as newlines
    assert head.startswith("HTTP/1.1 202"), head
    submission = json.loads(body)
    assert re.search(rf"^Location: {api.base_url}/api/submissions/{submission['id']}$", head, re.M | re.I), head
    assert submission["status"] == "QUEUED", submission

    # As the README says: a poll comes after the Retry-After the 202 gave (sooner is refused, 429).
    time.sleep(int(re.search(r"^Retry-After: (\d+)$", head, re.M | re.I).group(1)))
    polled = json.loads(run(poll.split("#")[0].replace("<id>", submission["id"]), api))
    assert polled["id"] == submission["id"] and polled["status"] in ("QUEUED", "RUNNING", "FINISHED"), polled

    # The event stream ends once the verdict is sent, so curl -N returns with it.
    events = run(follow.split("#")[0].replace("<id>", submission["id"]), api)
    last = [line for line in events.splitlines() if line.startswith("data:")][-1]
    assert json.loads(last.removeprefix("data:"))["verdict"] == "ACCEPTED", events
