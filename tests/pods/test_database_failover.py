"""The chart's database as CloudNativePG runs it: its primary pod deleted while clients submit, the
operator promotes the replica, and every submission the API accepted gets one verdict. Clients submit
as polite ones do (a 503 is tried again after its Retry-After) from before the delete until the new
primary has served them a while; the report says how long accepting paused, what the clients were
answered meanwhile, and how long the operator took."""

import time

import pytest
from platform_installers import database

from support.polite_clients import PoliteClients

CLIENTS = 4
BEFORE_DELETE = 100  # submissions accepted before the primary goes
AFTER_FAILOVER_S = 10  # how long clients go on submitting once the new primary is ready


@pytest.mark.disruptive(0)
def test_the_primary_deleted_under_load_fails_over_and_every_accepted_submission_gets_one_verdict(api, kube, release, report):
    db = database(kube)
    old_primary = db.primary()
    problem = api.create_problem(title="Sum (failover)")
    clients = PoliteClients(api, problem)
    with clients.submitting(CLIENTS, accepted_first=BEFORE_DELETE):
        deleted_at = time.monotonic()
        kube.run("delete", "pod", old_primary, "--wait=false")  # as kubectl delete does: graceful
        while (primary := db.primary()) == old_primary or not db.ready():
            assert time.monotonic() - deleted_at < 300, f"no new primary: {kube.get('cluster', db.name)['status']}"
            time.sleep(0.5)
        promoted_at = time.monotonic()
        time.sleep(AFTER_FAILOVER_S)

    outcome = clients.outcome(api, db, deleted_at)
    accepted_at = clients.accepted_after(deleted_at)
    report["database_failover"] = {
        "clients": CLIENTS,
        "old_primary": old_primary,
        "new_primary": primary,
        "delete_to_new_primary_ready_s": round(promoted_at - deleted_at, 1),
        **outcome,
    }
    assert accepted_at and accepted_at[-1] > promoted_at, "the new primary took submissions"
    clients.assert_each_judged_once(outcome)
