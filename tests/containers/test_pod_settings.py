"""Each container runs with what its pod in charts/judge asks for, read from the running processes
(the kernel's view, not podman's configuration) and compared with the chart's default render
(hack/verify-chart.sh writes it to JUDGE_RENDER_DIR)."""

import os
import pathlib
import re

import pytest
import yaml

from conftest import PROJECT

RENDER_DIR = pathlib.Path(os.environ.get("JUDGE_RENDER_DIR", PROJECT / "build" / "verify-chart"))
COMPONENTS = ["api", "worker", "consumer"]
# Addresses of what the pods reach: in this tier, its own broker and API. And anonymous calls, which
# the local stacks allow as make local-up does (the chart's default refuses them; tests/pods has that).
TIER_SETTINGS = {"SPRING_RABBITMQ_HOST", "SPRING_RABBITMQ_PORT", "JUDGE_WORKER_INTERNALAPI_URL", "JUDGE_ACCESS_ANONYMOUS"}
# What a pod's /proc looks like unless procMount is Unmasked: the runtime covers these paths.
MASKED_PROC_PATHS = ("/proc/keys", "/proc/timer_list")
QUANTITY = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30}


@pytest.fixture(scope="module")
def pods():
    documents = [doc for doc in yaml.safe_load_all((RENDER_DIR / "default.yaml").read_text()) if doc]
    deployments = {doc["metadata"]["name"]: doc for doc in documents if doc["kind"] == "Deployment"}
    return {component: deployments[f"judge-{component}"]["spec"]["template"]["spec"] for component in COMPONENTS}


def status(containers, component):
    """The container's main process's /proc status fields."""
    output = containers.exec(component, "cat", "/proc/1/status").stdout
    return dict(line.split(":\t", 1) for line in output.splitlines() if ":\t" in line)


def cgroup_file(containers, component, controller, name):
    pid = containers.inspect(component)["State"]["Pid"]
    for line in pathlib.Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return pathlib.Path(f"/sys/fs/cgroup/{controller}{path}/{name}").read_text().strip()
    raise AssertionError(f"no {controller} cgroup for {component}")


def bytes_of(quantity):
    number, unit = re.fullmatch(r"(\d+)([KMG]i)?", quantity).groups()
    return int(number) * QUANTITY.get(unit, 1)


@pytest.mark.parametrize("component", COMPONENTS)
def test_identity_capabilities_and_privileges_are_the_pods(containers, pods, component):
    security = pods[component]["containers"][0]["securityContext"]
    process = status(containers, component)

    assert process["Uid"].split()[0] == str(security["runAsUser"])
    assert security["capabilities"] == {"drop": ["ALL"]}
    assert int(process["CapEff"], 16) == int(process["CapBnd"], 16) == 0
    assert security["allowPrivilegeEscalation"] is False and process["NoNewPrivs"] == "1"
    # seccomp mode 0 is none, 2 is a filter (the runtime's default profile).
    expected_seccomp = {"Unconfined": "0", "RuntimeDefault": "2"}[security["seccompProfile"]["type"]]
    assert process["Seccomp"] == expected_seccomp


@pytest.mark.parametrize("component", COMPONENTS)
def test_the_root_is_read_only_and_the_pods_volumes_are_writable(containers, pods, component):
    assert pods[component]["containers"][0]["securityContext"]["readOnlyRootFilesystem"] is True
    refused = containers.exec(component, "touch", "/probe")
    assert refused.returncode != 0 and "Read-only file system" in refused.stderr

    # The pod's own volumes take writes; its image volumes (the language images) are read-only.
    image_volumes = {volume["name"] for volume in pods[component]["volumes"] if "image" in volume}
    for mount in pods[component]["containers"][0]["volumeMounts"]:
        written = containers.exec(component, "touch", f"{mount['mountPath']}/probe")
        if mount["name"] in image_volumes:
            assert "Read-only file system" in written.stderr, f"{mount['mountPath']}: {written}"
        else:
            assert written.returncode == 0, f"{mount['mountPath']}: {written.stderr}"


@pytest.mark.parametrize("component", COMPONENTS)
def test_user_namespace_and_proc_are_the_pods(containers, pods, component):
    uid_map = containers.exec(component, "cat", "/proc/self/uid_map").stdout.split()
    mounts = containers.exec(component, "cat", "/proc/self/mountinfo").stdout.split("\n")
    masked = [path for path in MASKED_PROC_PATHS if any(f" {path} " in line for line in mounts)]

    if pods[component].get("hostUsers") is False:
        assert uid_map[0] == "0" and uid_map[1] != "0", f"no user namespace: {uid_map}"
    else:
        assert uid_map == ["0", "0", "4294967295"]
    if pods[component]["containers"][0]["securityContext"].get("procMount") == "Unmasked":
        assert masked == []
    else:
        assert masked == list(MASKED_PROC_PATHS)


@pytest.mark.parametrize("component", COMPONENTS)
def test_memory_and_cpu_limits_are_the_pods(containers, pods, component):
    limits = pods[component]["containers"][0]["resources"]["limits"]

    assert int(cgroup_file(containers, component, "memory", "memory.limit_in_bytes")) == bytes_of(limits["memory"])
    quota = int(cgroup_file(containers, component, "cpu", "cpu.cfs_quota_us"))
    if "cpu" in limits:
        period = int(cgroup_file(containers, component, "cpu", "cpu.cfs_period_us"))
        assert quota / period == float(limits["cpu"])
    else:
        assert quota == -1


@pytest.mark.parametrize("component", COMPONENTS)
def test_the_pods_plain_environment_is_set(containers, pods, component):
    """Variables with a value in the chart (not secrets, not references, not the addresses of the broker
    and the API, which here are this tier's own, nor anonymous access) reach the process as they are."""
    wanted = {
        e["name"]: e["value"]
        for e in pods[component]["containers"][0]["env"]
        if "value" in e and "$(" not in e["value"] and e["name"] not in TIER_SETTINGS
    }
    environment = dict(line.split("=", 1) for line in containers.exec(component, "env").stdout.splitlines() if "=" in line)

    assert wanted and {name: environment.get(name) for name in wanted} == wanted


@pytest.mark.parametrize("component", COMPONENTS)
def test_each_service_starts_from_the_aot_cache_its_image_made(containers, component):
    # A cache the JVM cannot use (another JVM, or another class path than the training run's) is
    # said in [aot] lines, and the service then starts without it, as slowly as before.
    command = containers.exec(component, "cat", "/proc/1/cmdline").stdout.split("\0")
    assert any(argument.startswith("-XX:AOTCache=/app/") for argument in command), command
    log = containers.log(component)
    assert "[aot]" not in log, [line for line in log.splitlines() if "[aot]" in line]


def test_a_worker_from_its_image_proves_its_sandbox_with_one_language_not_every_toolchain(containers):
    # Each language image's build checked its toolchain; at start only the sandbox is in question.
    log = containers.log("worker")
    [line] = [line for line in log.splitlines() if "Sandbox checked with" in line]
    assert "Sandbox checked with python in" in line, line
    assert "Languages checked:" not in log


def test_the_worker_image_has_no_toolchain_and_runs_each_language_from_its_image(containers):
    found = containers.exec("worker", "sh", "-c", "command -v gcc g++ python3 javac node; true").stdout
    assert found.strip() == ""
    [line] = [line for line in containers.log("worker").splitlines() if "Each run's root is its language's image" in line]
    catalog = yaml.safe_load((PROJECT / "services/contracts/src/main/resources/judge-languages.yml").read_text())
    assert line.endswith("mounted under /languages: " + ", ".join(sorted(catalog["judge"]["languages"]))), line


def test_the_worker_logs_its_isolation_layers(containers):
    [line] = [line for line in containers.log("worker").splitlines() if "Sandbox isolation:" in line]

    assert "namespaces (bubblewrap" in line
    assert "the worker's own uid inside a user namespace, no capabilities" in line
    assert "rlimits (cpu, data, fsize, nofile, nproc, core, msgqueue)" in line
    # Its runs' own clocks leave out their waits for a CPU (docs/time-limits.md): readable in a pod too.
    assert "wall clocks that leave out waits for a CPU" in line
    # A pod's cgroup tree is read-only (here: the host's /sys, bound read-only), so the chart's
    # cgroup: AUTO falls back to rlimits; docs/sandbox.md says so.
    assert "no cgroup: memory and processes limited per process by rlimits" in line
