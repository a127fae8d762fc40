"""What the kind path (make kind-up, images, deploy, load-test) relies on and no schema can see: pins
that must agree with versions.env, labels that must meet selectors, alerts that must have runbooks."""

import re

import yaml

from support.chart import documents, helm_template, module_source, of_kind, one
from support.processes import PROJECT, VERSIONS


def test_the_load_test_runs_the_pinned_k6_and_starter_never_latest():
    spec = yaml.safe_load((PROJECT / "manifests/load-test/testrun.yaml").read_text())["spec"]
    assert spec["runner"]["image"] == VERSIONS["K6_RUNNER_IMAGE"]
    assert spec["starter"]["image"] == VERSIONS["K6_STARTER_IMAGE"]
    assert VERSIONS["K6_RUNNER_IMAGE"].endswith(":" + VERSIONS["K6_VERSION"].lstrip("v")), "the k6 make bench runs"
    assert VERSIONS["K6_STARTER_IMAGE"].endswith("-v" + VERSIONS["K6_OPERATOR_VERSION"])


def test_the_load_test_sends_the_key_the_chart_keeps_for_it_and_the_api_knows():
    """The chart refuses calls without a key (access.anonymous is off): the runners send the load-test
    key from the Secret the chart makes with the kind values, which the API is given too."""
    runner = yaml.safe_load((PROJECT / "manifests/load-test/testrun.yaml").read_text())["spec"]["runner"]
    [api_key] = [e for e in runner["env"] if e["name"] == "API_KEY"]
    ref = api_key["valueFrom"]["secretKeyRef"]
    docs = documents("judge-kind-values")
    secrets = {s["metadata"]["name"]: s for s in of_kind(docs, "Secret")}
    assert ref["key"] in secrets[ref["name"]]["data"], ref
    api = next(d for d in of_kind(docs, "Deployment") if d["metadata"]["name"].endswith("-api"))
    env = {e["name"]: e for e in api["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert env["JUDGE_ACCESS_LOADTEST_KEY"]["valueFrom"]["secretKeyRef"] == ref
    assert env["JUDGE_ACCESS_ANONYMOUS"]["value"] == "false"
    burst = int(next(e["value"] for e in runner["env"] if e["name"] == "SUBMISSIONS"))
    assert int(env["JUDGE_ACCESS_LOADTEST_PERMINUTE"]["value"]) >= burst
    assert int(env["JUDGE_ACCESS_LOADTEST_MAXWAITING"]["value"]) >= burst


def test_the_node_image_is_the_pinned_kubernetes_by_digest():
    image = VERSIONS["KIND_NODE_IMAGE"]
    assert re.fullmatch(r"kindest/node:(v[0-9.]+)@sha256:[0-9a-f]{64}", image), image
    assert image.split(":")[1].split("@")[0] == VERSIONS["KUBERNETES_VERSION"]


def test_the_sandbox_workers_land_on_the_nodes_kind_config_labels_for_them():
    nodes = yaml.safe_load((PROJECT / "kind-config.yaml").read_text())["nodes"]
    worker = next(d for d in of_kind(documents("judge-kind-values"), "Deployment") if d["metadata"]["name"].endswith("-worker"))
    selector = worker["spec"]["template"]["spec"]["nodeSelector"]
    matching = [n for n in nodes if selector.items() <= (n.get("labels") or {}).items()]
    assert len(matching) >= 2, "the workers' spread needs two sandbox nodes"
    assert all(n["role"] == "worker" for n in matching)


def test_every_alert_has_its_runbook_section():
    runbooks = (PROJECT / "docs/runbooks.md").read_text()
    headings = {"#" + h.strip().lower() for h in re.findall(r"^## (.+)$", runbooks, re.M)}
    rules = one(documents(), "PrometheusRule")["spec"]["groups"][0]["rules"]
    assert len(rules) >= 4
    for rule in rules:
        assert "#" + rule["alert"].lower() in headings, f"docs/runbooks.md has no section {rule['alert']}"
        assert rule["annotations"]["runbook"].endswith("#" + rule["alert"].lower())


def test_the_database_in_the_cluster_is_the_major_version_the_tests_run():
    image = one(documents(), "Cluster")["spec"]["imageName"]
    local = re.search(r"postgresql-([0-9]+)", (PROJECT / "hack/install-deps.sh").read_text()).group(1)
    assert re.search(r":([0-9]+)\.", image).group(1) == local, image


def test_clusters_older_than_the_workers_needs_are_refused():
    chart = yaml.safe_load((PROJECT / "charts/judge/Chart.yaml").read_text())
    # 1.35: image volumes (the language images) on by default; 1.33: user-namespaced pods.
    assert chart["kubeVersion"] == ">=1.35.0-0"
    older = helm_template("-f", str(PROJECT / "charts/judge/tests/values/everything-off.yaml"), kube_version="v1.34.9", apis=[])
    assert older.returncode != 0 and "incompatible with Kubernetes v1.34.9" in older.stderr


def test_the_keda_metrics_the_dashboard_and_alerts_read_are_the_pinned_kedas():
    source = (
        module_source("github.com/kedacore/keda/v2", "v" + VERSIONS["KEDA_VERSION"]) / "pkg/metricscollector/prommetrics.go"
    ).read_text()
    exported = {
        f"keda_{subsystem}_{name}" for subsystem, name in re.findall(r'Subsystem:\s*"([a-z_]+)",\s*Name:\s*"([a-z_]+)"', source)
    }
    dashboard = (PROJECT / "charts/judge/files/dashboards/judge-overview.json").read_text()
    alerts = yaml.safe_dump(one(documents(), "PrometheusRule"))
    used = set(re.findall(r"keda_[a-z_]+", dashboard + alerts))
    assert used and used <= exported, sorted(used - exported)
