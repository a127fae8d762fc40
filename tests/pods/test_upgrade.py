"""`helm upgrade` to new images while clients submit: every Deployment of the release rolls its pods
over (API, workers, consumer), and every submission the API accepted gets one verdict. The new
release's images are the same content under another tag (hack/cluster/test-pods.sh), which is all the
kubelet needs to replace every pod as a real release does."""

import os
import time

import pytest
from platform_installers import database

from support.polite_clients import PoliteClients
from tier import PROJECT, RELEASE

# 8 submissions a second, well within what this tier judges: with 40 a second (8 clients 0.2 s apart)
# the queue grew all along, the API's autoscaler went to its maximum, and the rollout took 294 s.
CLIENTS = 4
INTERVAL_S = 0.5
BEFORE_UPGRADE = 100  # submissions accepted before the upgrade starts
AFTER_ROLLOUT_S = 10  # how long clients go on submitting once every Deployment has rolled over
COMPONENTS = ("api", "worker", "consumer")


@pytest.mark.disruptive(3)
def test_a_helm_upgrade_to_new_images_under_load_loses_and_duplicates_nothing(api, kube, release, report):
    tag = os.environ["JUDGE_UPGRADE_TAG"]
    problem = api.create_problem(title="Sum (upgrade)")
    clients = PoliteClients(api, problem, INTERVAL_S)
    with clients.submitting(CLIENTS, accepted_first=BEFORE_UPGRADE):
        upgraded_at = time.monotonic()
        kube.helm(
            "upgrade",
            RELEASE,
            str(PROJECT / "charts/judge"),
            "--reuse-values",
            *(f"--set={component}.image.tag={tag}" for component in COMPONENTS),
        )
        for component in COMPONENTS:
            # Six API pods (its autoscaler's maximum on a busy machine) roll over in waves of JVM starts.
            kube.rollout(f"deployment/{RELEASE}-{component}", timeout_s=600)
        rolled_over_at = time.monotonic()
        time.sleep(AFTER_ROLLOUT_S)

    outcome = clients.outcome(api, database(kube), upgraded_at)
    images = {component: {pod["spec"]["containers"][0]["image"] for pod in release.of(component)} for component in COMPONENTS}
    report["upgrade"] = {
        "clients": CLIENTS,
        "upgrade_to_rolled_over_s": round(rolled_over_at - upgraded_at, 1),
        **outcome,
    }
    assert all(image.endswith(":" + tag) for pods in images.values() for image in pods), images
    clients.assert_each_judged_once(outcome)
