"""The names that tie the deployment together, checked against the pinned operators' own source.

A typo in a secret's name or key, a Service name, a port name or a label is valid YAML and valid
Kubernetes, and fails only in a running cluster. These tests read the rendered chart (hack/verify-chart.sh
renders it into JUDGE_RENDER_DIR) and compare it with what the operators generate, as their source at
the versions in versions.env says.
"""

import json
import re

import pytest
import yaml

from support.chart import PLATFORM_APIS, RENDER_DIR, documents, module_source, of_kind, one
from support.processes import PROJECT, VERSIONS

RABBITMQ_OPERATOR = module_source("github.com/rabbitmq/cluster-operator/v2", "v" + VERSIONS["RABBITMQ_CLUSTER_OPERATOR_VERSION"])
CNPG = module_source("github.com/cloudnative-pg/cloudnative-pg", "v" + VERSIONS["CLOUDNATIVE_PG_VERSION"])
TOPOLOGY_OPERATOR = module_source(
    "github.com/rabbitmq/messaging-topology-operator", "v" + VERSIONS["MESSAGING_TOPOLOGY_OPERATOR_VERSION"]
)
KEDA = module_source("github.com/kedacore/keda/v2", "v" + VERSIONS["KEDA_VERSION"])


def rabbitmq_generated_secret():
    """The default-user secret's name suffix and keys, from the RabbitMQ operator's source."""
    source = (RABBITMQ_OPERATOR / "internal/resource/default_user_secret.go").read_text()
    suffix = re.search(r'DefaultUserSecretName\s*=\s*"([^"]+)"', source).group(1)
    keys = set(re.findall(r'"([a-z_]+)":\s*\[\]byte', source)) | set(re.findall(r'secret\.Data\["([a-z_]+)"\]', source))
    return "-" + suffix, keys


def user_generated_secret():
    """The secret the messaging topology operator writes for a User: its name suffix and keys."""
    source = (TOPOLOGY_OPERATOR / "internal/controller/user_controller.go").read_text()
    suffix = re.search(r'Name:\s*user\.Name \+ "([^"]+)"', source).group(1)
    keys = set(re.findall(r'credentialSecretData\["([a-zA-Z]+)"\]', source)) | set(
        re.findall(r'"([a-z]+)":\s*\[\]byte\(credentials', source)
    )
    return suffix, keys - {"passwordHash"}  # passwordHash only for users imported with a hash


def cnpg_generated_secret():
    """The application secret's name suffix and keys, from CloudNativePG's source."""
    keys = set(re.findall(r'^\s*"([a-z-]+)":', (CNPG / "pkg/specs/secrets.go").read_text(), re.M))
    suffix = re.search(
        r'ApplicationUserSecretSuffix\s*=\s*"([^"]+)"', "\n".join(p.read_text() for p in (CNPG / "api/v1").glob("*.go"))
    ).group(1)
    return suffix, keys


def rabbitmq_service_ports():
    return set(re.findall(r'Name:\s*"([a-z-]+)"', (RABBITMQ_OPERATOR / "internal/resource/service.go").read_text()))


def rabbitmq_pod_label():
    source = (RABBITMQ_OPERATOR / "internal/metadata/label.go").read_text()
    assert '"app.kubernetes.io/name":      instanceName' in source or '"app.kubernetes.io/name": instanceName' in source
    return "app.kubernetes.io/name"


def secret_refs(docs):
    """(object, secret, key) for every secret a pod or a TriggerAuthentication reads."""
    for deployment in of_kind(docs, "Deployment"):
        for container in deployment["spec"]["template"]["spec"]["containers"]:
            for env in container.get("env", []):
                ref = env.get("valueFrom", {}).get("secretKeyRef")
                if ref:
                    yield deployment["metadata"]["name"], ref["name"], ref["key"]
    for auth in of_kind(docs, "TriggerAuthentication"):
        for ref in auth["spec"]["secretTargetRef"]:
            yield auth["metadata"]["name"], ref["name"], ref["key"]


@pytest.mark.parametrize("render", ["default", "production", "judge-kind-values", "everything-off"])
def test_every_secret_read_is_one_an_operator_or_the_chart_makes_with_that_key(render):
    docs = documents(render)
    rabbitmq_suffix, rabbitmq_keys = rabbitmq_generated_secret()
    cnpg_suffix, cnpg_keys = cnpg_generated_secret()
    rabbitmq_names = {c["metadata"]["name"] for c in of_kind(docs, "RabbitmqCluster")} or {"existing-rabbitmq"}
    postgres_names = {c["metadata"]["name"] for c in of_kind(docs, "Cluster")} or {"existing-postgres"}
    generated = {name + rabbitmq_suffix: rabbitmq_keys for name in rabbitmq_names}
    generated |= {name + cnpg_suffix: cnpg_keys for name in postgres_names}
    user_suffix, user_keys = user_generated_secret()
    generated |= {user["metadata"]["name"] + user_suffix: user_keys for user in of_kind(docs, "User")}
    # The chart's own (the workers' test-data token): its keys as rendered.
    generated |= {
        secret["metadata"]["name"]: set(secret.get("data", {})) | set(secret.get("stringData", {}))
        for secret in of_kind(docs, "Secret")
    }
    refs = list(secret_refs(docs))
    assert refs, "no secret references at all"
    for owner, secret, key in refs:
        assert secret in generated, (
            f"{owner} reads secret {secret}, which neither an operator nor the chart makes ({sorted(generated)})"
        )
        assert key in generated[secret], f"{owner} reads key {key} of {secret}; the operator writes {sorted(generated[secret])}"


def test_the_services_connect_to_the_amqp_port_of_the_service_the_operator_creates():
    docs = documents()
    cluster = one(docs, "RabbitmqCluster")["metadata"]["name"]
    # The operator writes ServiceSubDomain() into its default user's secret as the broker's host.
    assert (
        'fmt.Sprintf("%s.%s.svc", cluster.Name, cluster.Namespace)'
        in (RABBITMQ_OPERATOR / "api/v1beta1/rabbitmqcluster_types.go").read_text()
    )
    assert "amqp" in rabbitmq_service_ports()
    for deployment in of_kind(docs, "Deployment"):
        env = {e["name"]: e.get("value") for e in deployment["spec"]["template"]["spec"]["containers"][0]["env"]}
        assert (env["SPRING_RABBITMQ_HOST"], env["SPRING_RABBITMQ_PORT"]) == (f"{cluster}.judge.svc", "5672")


def test_every_permission_names_a_user_of_the_same_cluster():
    docs = documents()
    users = {user["metadata"]["name"]: user for user in of_kind(docs, "User")}
    permissions = of_kind(docs, "Permission")
    assert sorted(p["spec"]["userReference"]["name"] for p in permissions) == sorted(users)
    for permission in permissions:
        user = users[permission["spec"]["userReference"]["name"]]
        assert permission["spec"]["rabbitmqClusterReference"] == user["spec"]["rabbitmqClusterReference"]


def test_no_password_appears_in_values_or_rendered_objects():
    text = (RENDER_DIR / "default.yaml").read_text() + (PROJECT / "charts/judge/values.yaml").read_text()
    assert not re.search(r"(?i)password:\s*\S", text)


def test_keda_reaches_the_management_and_amqp_ports_of_the_service_the_operator_creates():
    docs = documents()
    cluster = one(docs, "RabbitmqCluster")["metadata"]["name"]
    assert {"management", "amqp"} <= set(rabbitmq_service_ports())
    # The operator names the client Service after the cluster (ChildResourceName with no suffix).
    hosts = {"http": f"http://{cluster}.judge.svc:15672/", "amqp": f"amqp://{cluster}.judge.svc:5672/"}
    for scaled in of_kind(docs, "ScaledObject"):
        for trigger in scaled["spec"]["triggers"]:
            assert trigger["metadata"]["host"] == hosts[trigger["metadata"]["protocol"]], trigger
            assert trigger["authenticationRef"]["name"] in {
                auth["metadata"]["name"] for auth in of_kind(docs, "TriggerAuthentication")
            }


def test_every_scaled_object_targets_a_deployment_of_the_chart():
    docs = documents()
    deployments = {d["metadata"]["name"] for d in of_kind(docs, "Deployment")}
    for scaled in of_kind(docs, "ScaledObject"):
        assert scaled["spec"]["scaleTargetRef"]["name"] in deployments
        assert scaled["metadata"]["name"] == scaled["spec"]["scaleTargetRef"]["name"]


def test_the_test_clusters_keda_has_the_scaler_of_every_trigger_the_chart_uses():
    """The pod tier's KEDA is built with the scalers of KEDA_TEST_TRIGGER_TYPES only (hack/tools-module.py)."""
    tools = (PROJECT / "hack/tools.sh").read_text()
    built = set(re.search(r'^KEDA_TEST_TRIGGER_TYPES="([^"]+)"', tools, re.M).group(1).split())
    used = {
        trigger["type"]
        for render in sorted(RENDER_DIR.glob("*.yaml"))
        for scaled in of_kind(documents(render.stem), "ScaledObject")
        for trigger in scaled["spec"]["triggers"]
    }
    assert used and used <= built, used - built


def test_the_worker_network_policy_allows_the_broker_pods_by_the_operators_label():
    docs = documents()
    cluster = one(docs, "RabbitmqCluster")["metadata"]["name"]
    policy = one([d for d in of_kind(docs, "NetworkPolicy") if d["metadata"]["name"].endswith("-worker")], "NetworkPolicy")
    broker = policy["spec"]["egress"][0]
    assert broker["to"][0]["podSelector"]["matchLabels"] == {rabbitmq_pod_label(): cluster}
    assert broker["ports"] == [{"port": 5672, "protocol": "TCP"}]
    worker = one([d for d in of_kind(docs, "Deployment") if d["metadata"]["name"].endswith("-worker")], "Deployment")
    assert policy["spec"]["podSelector"]["matchLabels"].items() <= worker["spec"]["template"]["metadata"]["labels"].items()


class Pod:
    """A pod as NetworkPolicies see it: its namespace's labels, its own labels, its named ports."""

    def __init__(self, namespace, labels, ports=None):
        self.namespace, self.labels, self.ports = namespace, labels, ports or {}
        self.namespace_labels = {"kubernetes.io/metadata.name": namespace}


def selects(selector, labels):
    """A LabelSelector: matchLabels and matchExpressions."""
    if not selector.get("matchLabels", {}).items() <= labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        if not {
            "In": lambda: labels.get(key) in values,
            "NotIn": lambda: labels.get(key) not in values,
            "Exists": lambda: key in labels,
            "DoesNotExist": lambda: key not in labels,
        }[operator]():
            return False
    return True


def peer_matches(peer, policy_namespace, pod):
    assert "ipBlock" not in peer, "the chart's policies name pods, not addresses"
    if "namespaceSelector" in peer:
        if not selects(peer["namespaceSelector"], pod.namespace_labels):
            return False
    elif pod.namespace != policy_namespace:
        return False
    return selects(peer.get("podSelector", {}), pod.labels)


def rule_admits(rule, peers_key, policy_namespace, peer, destination, port):
    ports = [destination.ports.get(p["port"], p["port"]) for p in rule.get("ports", [])]
    return (not ports or port in ports) and (
        peers_key not in rule or any(peer_matches(p, policy_namespace, peer) for p in rule[peers_key])
    )


def allowed(policies, source, destination, port):
    """NetworkPolicy semantics: a pod that a policy of a direction selects is isolated in that
    direction, and then only what a rule of a policy selecting it allows passes; both ends must agree."""

    def direction(pod, kind, rules_key, peers_key, peer):
        chosen = [
            p
            for p in policies
            if kind in p["spec"]["policyTypes"]
            and p["metadata"]["namespace"] == pod.namespace
            and selects(p["spec"]["podSelector"], pod.labels)
        ]
        return not chosen or any(
            rule_admits(rule, peers_key, p["metadata"]["namespace"], peer, destination, port)
            for p in chosen
            for rule in p["spec"].get(rules_key, [])
        )

    return direction(source, "Egress", "egress", "to", destination) and direction(
        destination, "Ingress", "ingress", "from", source
    )


def test_the_network_policies_admit_what_the_system_does_and_nothing_else():
    """Every connection the deployment makes passes the chart's NetworkPolicies (as an enforcing network
    plugin reads them), and the connections an attacker in the cluster would try do not."""
    docs = documents()
    policies = [dict(p, metadata=dict(p["metadata"], namespace="judge")) for p in of_kind(docs, "NetworkPolicy")]
    assert len(policies) == 5

    def component(name):
        template = one([d for d in of_kind(docs, "Deployment") if d["metadata"]["name"].endswith("-" + name)], "Deployment")
        spec = template["spec"]["template"]
        return Pod(
            "judge",
            spec["metadata"]["labels"],
            {p["name"]: p["containerPort"] for c in spec["spec"]["containers"] for p in c.get("ports", [])},
        )

    api, worker, consumer = component("api"), component("worker"), component("consumer")
    broker = Pod("judge", {rabbitmq_pod_label(): one(docs, "RabbitmqCluster")["metadata"]["name"]})
    database = Pod("judge", {"cnpg.io/cluster": one(docs, "Cluster")["metadata"]["name"], "cnpg.io/instanceRole": "primary"})
    replica = Pod("judge", dict(database.labels, **{"cnpg.io/instanceRole": "replica"}))
    # Where hack/kind-up.sh installs them, with the labels their charts and manifests give their pods.
    prometheus = Pod("monitoring", {"app.kubernetes.io/name": "prometheus"})
    keda = Pod("keda", {"app.kubernetes.io/name": "keda-operator", "app": "keda-operator"})
    topology = Pod(
        "rabbitmq-system", {"app.kubernetes.io/name": "messaging-topology-operator", "app.kubernetes.io/part-of": "rabbitmq"}
    )
    cnpg = Pod("cnpg-system", {"app.kubernetes.io/name": "cloudnative-pg"})
    # Pods the chart does not know: a k6 runner or anything else in the release's namespace, anything elsewhere.
    neighbour = Pod("judge", {"app": "k6", "k6_cr": "judge-load"})
    stranger = Pod("default", {"app": "curl"})
    http, management = api.ports["http"], api.ports["management"]

    expected = [
        (stranger, api, http, True),
        (neighbour, api, http, True),
        (worker, api, management, True),
        (prometheus, api, management, True),
        (stranger, api, management, False),
        (neighbour, api, management, False),
        (consumer, api, management, False),
        (worker, api, http, False),
        (api, broker, 5672, True),
        (worker, broker, 5672, True),
        (consumer, broker, 5672, True),
        (keda, broker, 15672, True),
        (keda, broker, 5672, True),
        (topology, broker, 15672, True),
        (prometheus, broker, 15692, True),
        (neighbour, broker, 5672, False),
        (stranger, broker, 15672, False),
        (worker, broker, 15672, False),
        (api, database, 5432, True),
        (consumer, database, 5432, True),
        (replica, database, 5432, True),
        (cnpg, database, 8000, True),
        (cnpg, database, 5432, True),
        (prometheus, database, 9187, True),
        (worker, database, 5432, False),
        (neighbour, database, 5432, False),
        (stranger, database, 8000, False),
        # The workers' and the consumer's management ports (health, metrics): Prometheus alone.
        (prometheus, worker, worker.ports["http"], True),
        (prometheus, consumer, consumer.ports["http"], True),
        (stranger, worker, worker.ports["http"], False),
        (neighbour, worker, worker.ports["http"], False),
        (api, worker, worker.ports["http"], False),
        (neighbour, consumer, consumer.ports["http"], False),
        (worker, consumer, consumer.ports["http"], False),
    ]
    wrong = [
        (src.labels, dst.labels, port, want) for src, dst, port, want in expected if allowed(policies, src, dst, port) != want
    ]
    assert wrong == [], "connections the policies get wrong (source, destination, port, expected): %s" % wrong


def test_the_policy_peers_are_where_kind_up_installs_the_platform():
    installed = set(re.findall(r"-n ([a-z0-9-]+)", (PROJECT / "hack/kind-up.sh").read_text()))
    values = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())["networkPolicy"]["peers"]
    for name, peer in values.items():
        assert peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"] in installed, name
    # The RabbitMQ operators' pods, as their pinned manifests label them.
    for manifest in (RABBITMQ_OPERATOR / "config/manager/manager.yaml", TOPOLOGY_OPERATOR / "config/manager/manager.yaml"):
        assert "app.kubernetes.io/part-of: rabbitmq" in manifest.read_text(), manifest
    # KEDA's operator pod, as its pinned release manifest (config/manager) labels it.
    operator = yaml.safe_load((KEDA / "config/manager/manager.yaml").read_text())
    pod_labels = operator["spec"]["template"]["metadata"]["labels"]
    assert values["keda"]["podSelector"]["matchLabels"].items() <= pod_labels.items(), pod_labels


def test_the_keda_monitors_select_the_services_of_kedas_release_manifest():
    services = {
        doc["metadata"]["name"]: doc
        for path in ("config/manager/service.yaml", "config/metrics-server/service.yaml")
        for doc in yaml.safe_load_all((KEDA / path).read_text())
        if doc
    }
    for monitor in yaml.safe_load_all((PROJECT / "manifests/platform/keda-monitors.yaml").read_text()):
        selected = [
            s for s in services.values() if monitor["spec"]["selector"]["matchLabels"].items() <= s["metadata"]["labels"].items()
        ]
        assert [s["metadata"]["name"] for s in selected] == [monitor["metadata"]["name"]], monitor["metadata"]["name"]
        [endpoint] = monitor["spec"]["endpoints"]
        assert endpoint["port"] in {p["name"] for p in selected[0]["spec"]["ports"]}


def test_kedas_series_keep_the_scaled_objects_namespace_the_alerts_match_on():
    """KEDA labels its scaler series with the ScaledObject's namespace. Without honorLabels,
    Prometheus moves that to exported_namespace and sets namespace to KEDA's own, so an alert
    matching namespace="judge" could never fire."""
    alerts = yaml.safe_dump(one(documents(), "PrometheusRule"))
    assert re.search(r"keda_[a-z_]+\{namespace=", alerts), "the alerts no longer match KEDA's series on namespace"
    [operator] = [
        m
        for m in yaml.safe_load_all((PROJECT / "manifests/platform/keda-monitors.yaml").read_text())
        if m["metadata"]["name"] == "keda-operator"
    ]
    assert all(endpoint.get("honorLabels") for endpoint in operator["spec"]["endpoints"])


def test_the_api_listens_where_the_chart_sends_traffic():
    """The container ports are the API's own (Spring's server.port default and judge.http.management-port),
    the public Service reaches only the public one, and the workers fetch tests from the management Service."""
    docs = documents()
    properties = dict(
        line.split("=", 1)
        for line in (PROJECT / "services/api/src/main/resources/application.properties").read_text().splitlines()
        if line and not line.startswith("#")
    )
    api = one([d for d in of_kind(docs, "Deployment") if d["metadata"]["name"].endswith("-api")], "Deployment")
    ports = {p["name"]: p["containerPort"] for p in api["spec"]["template"]["spec"]["containers"][0]["ports"]}
    assert ports == {
        "http": int(properties.get("server.port", "8080")),
        "management": int(properties["judge.http.management-port"]),
    }
    services = {s["metadata"]["name"]: s for s in of_kind(docs, "Service")}
    assert [p["targetPort"] for p in services["judge-api"]["spec"]["ports"]] == ["http"]
    management = services["judge-api-management"]
    assert management["spec"]["type"] == "ClusterIP"
    assert [p["targetPort"] for p in management["spec"]["ports"]] == ["management"]
    worker = one([d for d in of_kind(docs, "Deployment") if d["metadata"]["name"].endswith("-worker")], "Deployment")
    env = {e["name"]: e.get("value") for e in worker["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert env["JUDGE_WORKER_INTERNALAPI_URL"] == f"http://judge-api-management:{management['spec']['ports'][0]['port']}"


def test_monitors_select_what_exists_on_ports_that_exist():
    docs = documents()
    services = of_kind(docs, "Service")
    pods = {d["metadata"]["name"]: d["spec"]["template"] for d in of_kind(docs, "Deployment")}
    for monitor in of_kind(docs, "ServiceMonitor"):
        selector = monitor["spec"]["selector"]["matchLabels"]
        ports = {endpoint["port"] for endpoint in monitor["spec"]["endpoints"]}
        if monitor["metadata"]["name"] == one(docs, "RabbitmqCluster")["metadata"]["name"]:
            assert selector == {rabbitmq_pod_label(): monitor["metadata"]["name"]}
            assert ports <= rabbitmq_service_ports()
            continue
        matching = [s for s in services if selector.items() <= s["metadata"]["labels"].items()]
        assert matching, f"ServiceMonitor {monitor['metadata']['name']} selects no Service"
        assert ports <= {p["name"] for s in matching for p in s["spec"]["ports"]}
    for monitor in of_kind(docs, "PodMonitor"):
        selector = monitor["spec"]["selector"]["matchLabels"]
        ports = {endpoint["port"] for endpoint in monitor["spec"]["podMetricsEndpoints"]}
        if "cnpg.io/cluster" in selector:
            # CloudNativePG labels its pods with the cluster's name and names the exporter port "metrics".
            assert selector["cnpg.io/cluster"] == one(docs, "Cluster")["metadata"]["name"]
            assert '"metrics"' in (CNPG / "pkg/specs/pods.go").read_text()
            continue
        matching = [t for t in pods.values() if selector.items() <= t["metadata"]["labels"].items()]
        assert matching, f"PodMonitor {monitor['metadata']['name']} selects no pods"
        assert ports <= {p["name"] for t in matching for c in t["spec"]["containers"] for p in c.get("ports", [])}


def test_the_prometheus_of_kind_up_selects_the_charts_monitors_and_rules():
    values = yaml.safe_load((PROJECT / "manifests/platform/kube-prometheus-stack-values.yaml").read_text())
    spec = values["prometheus"]["prometheusSpec"]
    for kind, key in (("ServiceMonitor", "serviceMonitor"), ("PodMonitor", "podMonitor"), ("PrometheusRule", "rule")):
        if spec.get(f"{key}SelectorNilUsesHelmValues", True):
            required = {"release": "kube-prometheus-stack"}  # the chart's default selector
        else:
            required = (spec.get(f"{key}Selector") or {}).get("matchLabels", {})
        assert spec.get(f"{key}NamespaceSelector") == {}, f"{kind}s outside the monitoring namespace would be ignored"
        for monitor in of_kind(documents(), kind):
            assert required.items() <= monitor["metadata"]["labels"].items(), monitor["metadata"]["name"]


def test_grafana_loads_the_dashboards_from_any_namespace():
    sidecar = yaml.safe_load((PROJECT / "manifests/platform/kube-prometheus-stack-values.yaml").read_text())["grafana"][
        "sidecar"
    ]["dashboards"]
    configmap = one(documents(), "ConfigMap")
    assert configmap["metadata"]["labels"][sidecar["label"]] == sidecar["labelValue"]
    assert sidecar["searchNamespace"] == "ALL"


def test_the_worker_drains_within_its_grace_period():
    worker = [d for d in of_kind(documents(), "Deployment") if d["metadata"]["name"].endswith("-worker")][0]
    env = {e["name"]: e.get("value") for e in worker["spec"]["template"]["spec"]["containers"][0]["env"]}
    drain = int(env["JUDGE_WORKER_DRAINTIMEOUT"].rstrip("s"))
    assert worker["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] >= drain + 15


def test_the_containers_tier_runs_each_image_with_the_charts_jvm_options():
    # hack/containers.sh repeats each pod's settings for podman; its JVM options (the C1-only JIT among
    # them, which the benchmarks measured) must be the chart's, or that tier tests another JVM.
    values = yaml.safe_load((PROJECT / "charts/judge/values.yaml").read_text())
    script = (PROJECT / "hack/containers.sh").read_text()
    started = dict(re.findall(r'start (api|worker|consumer) .*?JAVA_TOOL_OPTIONS="([^"]+)"', script, re.S))
    assert started == {component: values[component]["javaOpts"] for component in ("api", "worker", "consumer")}


# The broker's names: one definition each in the services (services/contracts JudgeQueues), one in the
# chart (its values' lanes; the rest in _helpers.tpl's judge.queues), and queries over them in the dashboard.
CHART = PROJECT / "charts/judge"
JUDGE_QUEUES = dict(
    re.findall(
        r'public static final String (\w+) = "([^"]+)";',
        (PROJECT / "services/contracts/src/main/java/dev/judge/contracts/JudgeQueues.java").read_text(),
    )
)
CHART_QUEUES = dict(
    re.findall(r'"(\w+)" "(judge\.[a-z.]+)"', (CHART / "templates/_helpers.tpl").read_text().split('define "judge.queues"')[1])
)
LANE_QUEUES = [lane["queue"] for lane in yaml.safe_load((CHART / "values.yaml").read_text())["lanes"]]


def test_the_charts_queue_names_are_the_contracts():
    as_constants = {re.sub(r"(?<!^)([A-Z])", r"_\1", key).upper(): name for key, name in CHART_QUEUES.items()}
    assert len(as_constants) >= 7, CHART_QUEUES
    assert {constant: JUDGE_QUEUES.get(constant) for constant in as_constants} == as_constants


def test_no_template_names_a_queue_but_the_helpers():
    names = [*JUDGE_QUEUES.values()]
    named = []
    for template in (CHART / "templates").rglob("*"):
        if template.is_file() and template.name != "_helpers.tpl":
            text = template.read_text()
            for name in names:
                for spelled in (name, re.escape(name), re.escape(name).replace("\\", "\\\\")):
                    if re.search(re.escape(spelled) + r"(?![\w.\\])", text):
                        named.append((template.name, spelled))
    assert not named, named


def dashboard_queue_patterns():
    """Each queue=~"..." of the dashboard's queries, as the regular expression PromQL reads."""
    patterns = []
    for path in (CHART / "files/dashboards").glob("*.json"):
        exprs = re.findall(r'"expr": ("(?:[^"\\]|\\.)*")', path.read_text())
        for expr in map(json.loads, exprs):
            for quoted in re.findall(r'queue=~("(?:[^"\\]|\\.)*")', expr):
                patterns.append((path.name, json.loads(quoted)))  # a PromQL string unescapes as JSON's does
    return patterns


def test_the_dashboards_lane_queries_select_every_lanes_queue_and_no_other():
    others = [name for name in JUDGE_QUEUES.values() if name not in LANE_QUEUES] + ["judge.submissions.other"]
    lane_patterns = [(name, p) for name, p in dashboard_queue_patterns() if any(re.fullmatch(p, q) for q in LANE_QUEUES)]
    assert len(lane_patterns) >= 6, lane_patterns
    for name, pattern in lane_patterns:
        assert [q for q in LANE_QUEUES if not re.fullmatch(pattern, q)] == [], (name, pattern)
        assert [q for q in others if re.fullmatch(pattern, q)] == [], (name, pattern)


def test_the_platform_apis_the_chart_is_rendered_with_are_the_ones_it_requires():
    """manifests/platform/api-versions.txt is what every render without a cluster tells helm the
    cluster serves: an API the chart starts to require and the list lacks would fail those renders
    with "this cluster does not serve" instead of rendering the object the tests check."""
    required = {
        api
        for template in (PROJECT / "charts/judge/templates").rglob("*.yaml")
        for api in re.findall(r'"judge\.requireApi" \(dict "ctx" \. "api" "([^"]+)"', template.read_text())
    }
    assert required and required <= set(PLATFORM_APIS), sorted(required - set(PLATFORM_APIS))
