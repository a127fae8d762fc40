"""Nothing is lost when a worker dies, a worker is scaled down, or the broker restarts."""

import threading
import time

SUM = "a, b = map(int, input().split())\nprint(a + b)\n"
SLOW_SUM = "import time\ntime.sleep(3)\n" + SUM


def test_a_worker_killed_mid_run_leaves_its_submission_to_another(api, stack, worker):
    problem = api.create_problem(time_limit_ms=10_000)
    submission_id = api.submit(problem, SLOW_SUM)
    api.wait_for_status(submission_id, "RUNNING")

    worker.kill()  # SIGKILL: the request was never acknowledged, so the broker keeps it
    assert api.submission(submission_id)["status"] == "RUNNING"
    stack.worker = stack.start_worker()

    verdict = api.wait_for_verdict(submission_id, timeout=90)
    assert verdict["verdict"] == "ACCEPTED"


def test_a_worker_told_to_stop_finishes_what_it_holds_first(api, stack, worker):
    problem = api.create_problem(time_limit_ms=10_000)
    submission_id = api.submit(problem, SLOW_SUM)
    api.wait_for_status(submission_id, "RUNNING")

    started = time.monotonic()
    exit_code = worker.terminate()  # SIGTERM, as on a scale-down
    drained_in = time.monotonic() - started

    # No other worker exists, so the verdict can only have come from the draining one.
    verdict = api.wait_for_verdict(submission_id, timeout=10)
    assert verdict["verdict"] == "ACCEPTED"
    assert exit_code in (0, 143)
    assert drained_in < 60
    stack.worker = stack.start_worker()


def test_submissions_accepted_while_the_broker_restarts_all_get_verdicts(api, stack, worker):
    problem = api.create_problem()
    accepted, failures = [], []
    stop = threading.Event()

    def submit_continuously():
        while not stop.is_set():
            try:
                accepted.append(api.submit(problem, SUM))
            except Exception as error:  # any refusal is a failure of the test
                failures.append(repr(error))
            time.sleep(0.05)

    submitter = threading.Thread(target=submit_continuously)
    submitter.start()
    try:
        time.sleep(1)
        stack.infra("rabbit-down")
        during_outage = len(accepted)
        time.sleep(3)
        assert len(accepted) > during_outage, "the API stopped accepting while the broker was down"
        stack.infra("rabbit-up")
        time.sleep(1)
    finally:
        stop.set()
        submitter.join()

    assert failures == []
    assert len(accepted) >= 40
    for submission_id in accepted:
        assert api.wait_for_verdict(submission_id, timeout=120)["verdict"] == "ACCEPTED"
