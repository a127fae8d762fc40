# The judge: build, run locally, test. `make help` lists the targets.
SHELL = /usr/bin/env bash -o pipefail
.SHELLFLAGS = -ec
.DEFAULT_GOAL := help

PROJECT_DIR := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
# Every pinned version outside Maven.
include $(PROJECT_DIR)/versions.env
BIN := $(PROJECT_DIR)/bin
export HELM_PLUGINS := $(BIN)/helm-plugins
# A JDK 25: JAVA_HOME if set, else Debian's Temurin 25 package for this machine's architecture.
JAVA_HOME ?= $(firstword $(wildcard /usr/lib/jvm/temurin-25-jdk-*))
export JAVA_HOME
MVNW := cd $(PROJECT_DIR)/services && ./mvnw -B -ntp

# The local stack (make local-up): conventional ports, state under build/local.
LOCAL_STATE := $(PROJECT_DIR)/build/local
LOCAL_AMQP_PORT ?= 5672
LOCAL_PG_PORT ?= 5432
LOCAL_API_PORT ?= 8080
# The size of make load-test's burst (the TestRun's SUBMISSIONS).
SUBMISSIONS ?= 10000

##@ General

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*##"; printf "Usage: make \033[36m<target>\033[0m\n"} \
		/^[a-zA-Z_0-9-]+:.*?##/ { printf "  \033[36m%-18s\033[0m %s\n", $$1, $$2 } \
		/^##@/ { printf "\n\033[1m%s\033[0m\n", substr($$0, 5) }' $(MAKEFILE_LIST)

.PHONY: deps
deps: ## Install RabbitMQ, PostgreSQL, bubblewrap and the judged toolchains from Debian packages, where missing
	$(PROJECT_DIR)/hack/install-deps.sh

.PHONY: build
build: ## Build the services' jars (no tests)
	@# The tests not even compiled: a quarter less CPU (docs/testing.md, "Time"), for every make local-up.
	$(MVNW) -q package -Dmaven.test.skip=true

##@ Local stack

.PHONY: local-up
local-up: deps build ## Start RabbitMQ, PostgreSQL and the three services in the background; returns when the API answers on :8080
	$(PROJECT_DIR)/hack/testlib.sh
	$(PROJECT_DIR)/hack/infra.sh up $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)
	$(PROJECT_DIR)/hack/services.sh up $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)

.PHONY: local-down
local-down: ## Stop everything local-up started (data stays in build/local)
	$(PROJECT_DIR)/hack/services.sh down $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)
	$(PROJECT_DIR)/hack/infra.sh down $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)

##@ Containers without Docker (podman; the base images are local stand-ins)

.PHONY: container-images
container-images: deps ## Build the three images with podman from local stand-ins of their base images
	$(PROJECT_DIR)/hack/images.sh podman

.PHONY: container-up
container-up: container-images ## Like local-up, but the services run as containers with their pods' settings (every language; JUDGE_LANGUAGES=default or ids for fewer images)
	$(PROJECT_DIR)/hack/infra.sh up $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)
	$(PROJECT_DIR)/hack/containers.sh up $(LOCAL_STATE)/containers $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)

.PHONY: container-down
container-down: ## Stop everything container-up started (data stays in build/local)
	$(PROJECT_DIR)/hack/containers.sh down $(LOCAL_STATE)/containers $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)
	$(PROJECT_DIR)/hack/infra.sh down $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)

##@ Kubernetes (kind needs Docker and internet; see README)

.PHONY: tools
tools: ## Build the pinned tools into bin/ from the Go module proxy: helm, kubeconform, helm-unittest, the Kubernetes binaries, etcd, KEDA, containerd, runc
	$(PROJECT_DIR)/hack/tools.sh

.PHONY: kind-up
kind-up: ## Create the kind cluster and install KEDA, the RabbitMQ (cluster, topology) and CloudNativePG operators, cert-manager, kube-prometheus-stack, metrics-server and k6-operator
	$(PROJECT_DIR)/hack/tools.sh helm kubectl kind
	$(PROJECT_DIR)/hack/kind-up.sh

.PHONY: images
images: ## Build the three images and this project's images of the enabled languages with Docker (JUDGE_LANGUAGES=all: every one), tag them by content and load them into the kind cluster
	$(PROJECT_DIR)/hack/tools.sh kind kubectl
	$(PROJECT_DIR)/hack/images.sh docker
	$(PROJECT_DIR)/hack/images.sh kind

.PHONY: push
push: ## Build the images with Docker and push every image the chart runs (services, enabled languages) to REGISTRY, for a cluster that pulls from there (helm install --set image.registry=REGISTRY)
	@test -n "$(REGISTRY)" || { echo "make push REGISTRY=<host>/<path>: a registry your cluster's nodes pull from" >&2; exit 2; }
	$(PROJECT_DIR)/hack/images.sh docker
	$(PROJECT_DIR)/hack/push.sh docker $(REGISTRY)

.PHONY: deploy
deploy: ## Install or upgrade the judge chart in namespace judge and wait until it is ready (values: manifests/judge-kind-values.yaml)
	$(BIN)/helm upgrade --install judge $(PROJECT_DIR)/charts/judge -n judge --create-namespace \
		-f $(PROJECT_DIR)/manifests/judge-kind-values.yaml \
		$$(test -f $(PROJECT_DIR)/build/image-tags.yaml && echo -f $(PROJECT_DIR)/build/image-tags.yaml) \
		--wait --timeout 10m

.PHONY: load-test
load-test: ## Run the 10,000-submission burst in the cluster (a k6-operator TestRun; SUBMISSIONS=N for another size) and say where to watch it
	$(BIN)/kubectl -n judge rollout status deployment/judge-api --timeout 5m
	$(BIN)/kubectl -n judge create configmap judge-load-test --from-file=$(PROJECT_DIR)/tests/load/submissions.js \
		--from-file=$(PROJECT_DIR)/tests/load/programs.js --dry-run=client -o yaml | $(BIN)/kubectl apply -f -
	@# A previous run's jobs and pods go first, so that the new runners do not race them.
	$(BIN)/kubectl -n judge delete testrun judge-burst --ignore-not-found --cascade=foreground --wait --timeout 5m
	@# SUBMISSIONS=N sizes the burst (the manifest's 10,000 by default); the patch checks that it edits
	@# the SUBMISSIONS variable, and fails if the manifest's env list has moved.
	$(BIN)/kubectl patch --local -f $(PROJECT_DIR)/manifests/load-test/testrun.yaml --type json -o yaml -p \
		'[{"op":"test","path":"/spec/runner/env/3/name","value":"SUBMISSIONS"},{"op":"replace","path":"/spec/runner/env/3/value","value":"$(SUBMISSIONS)"}]' \
		| $(BIN)/kubectl apply -f -
	@echo "Running. Follow it:  kubectl -n judge get testrun judge-burst -w"
	@echo "Runner logs:         kubectl -n judge logs -l k6_cr=judge-burst,runner=true -f --prefix --max-log-requests 4"
	@echo "Grafana (make grafana): \"Judge: queue, autoscaling, latency\" shows the queue, the workers and k6's load."

.PHONY: port-forward
port-forward: ## Forward the API to http://127.0.0.1:8080 (not needed on kind: its NodePort is mapped there)
	$(BIN)/kubectl -n judge port-forward svc/judge-api 8080:8080

.PHONY: grafana
grafana: ## Where Grafana is, and its login
	@echo "Grafana: http://127.0.0.1:3000 (admin / judge); dashboard \"Judge: queue, autoscaling, latency\""
	@echo "Not on kind? kubectl -n monitoring port-forward svc/kube-prometheus-stack-grafana 3000:80"

.PHONY: down
down: ## Delete the kind cluster
	$(BIN)/kind delete cluster --name judge

.PHONY: verify-chart
verify-chart: ## Offline checks of the chart and manifests: lint, unit tests, schemas, a real kube-apiserver's dry run, wiring
	$(PROJECT_DIR)/hack/verify-chart.sh

##@ Test

.PHONY: test
test: ## Run all tests against a private RabbitMQ and PostgreSQL: Maven unit and integration, the chart offline, end to end (the API fuzzed too), containers, the pod cluster
	$(PROJECT_DIR)/hack/test.sh

.PHONY: lint
lint: ## Check the shell scripts (shellcheck) and the Python of tests/ (ruff: format and lint); first in make test (the Java's format is checked in its verify)
	$(PROJECT_DIR)/hack/lint.sh

.PHONY: fmt
fmt: ## Format the Java (Spotless: palantir-java-format) and the Python of tests/ (ruff), fix what ruff can, and write the chart's README (helm-docs)
	$(MVNW) -q spotless:apply
	$(PROJECT_DIR)/hack/tools.sh helm-docs
	$(BIN)/helm-docs --chart-search-root $(PROJECT_DIR)/charts --skip-version-footer
	cd $(PROJECT_DIR) && python3 -m ruff format tests && python3 -m ruff check --fix tests

.PHONY: test-it
test-it: ## The middle loop: the services' unit and integration tests against a private RabbitMQ and PostgreSQL (no images, no pods)
	$(PROJECT_DIR)/hack/test.sh it

.PHONY: test-e2e
test-e2e: ## The three services as processes, end to end (the API fuzzed too), against a private RabbitMQ and PostgreSQL
	$(PROJECT_DIR)/hack/test.sh e2e

.PHONY: test-cluster
test-cluster: test-autoscaling test-monitoring test-rabbitmq-operators ## What make test leaves out for time, run before a release: KEDA's and the HPA's timing step by step, what Prometheus makes of the chart, the broker as the RabbitMQ operators run it

.PHONY: test-unit
test-unit: ## The fast loop: the services' unit tests (*Tests), no RabbitMQ, PostgreSQL, sandbox or Go tools
	$(MVNW) -q test

.PHONY: test-autoscaling
test-autoscaling: deps ## The chart's worker autoscaling with the real KEDA and HPA controller; report and PNG in build/autoscaling
	$(PROJECT_DIR)/hack/cluster/test-autoscaling.sh

.PHONY: test-pods
test-pods: deps ## The chart's pods on a real kubelet and containerd in a sealed network namespace; report in build/pods
	$(PROJECT_DIR)/hack/cluster/test-pods.sh

.PHONY: test-monitoring
test-monitoring: deps ## The pod cluster with the Prometheus Operator, Prometheus and kube-state-metrics: the chart's monitors, alerts and dashboard panels; report and PNGs in build/monitoring
	$(PROJECT_DIR)/hack/cluster/test-pods.sh --monitoring

.PHONY: test-rabbitmq-operators
test-rabbitmq-operators: deps ## The pod cluster with the RabbitMQ cluster and topology operators and cert-manager: the chart's RabbitmqCluster (3 nodes), users and permissions made by them, a broker pod deleted under load; report in build/rabbitmq-operators
	$(PROJECT_DIR)/hack/cluster/test-pods.sh --rabbitmq-operators

.PHONY: clean
clean: ## Remove build output (stop the local stack first)
	$(MVNW) -q clean
	rm -rf $(PROJECT_DIR)/build

##@ Benchmarks

.PHONY: bench-latency
bench-latency: ## Time POST to verdict, one submission at a time, against the running local stack
	cd $(PROJECT_DIR)/tests && python3 -m bench.latency --base-url http://127.0.0.1:$(LOCAL_API_PORT) --count 50
	cd $(PROJECT_DIR)/tests && python3 -m bench.latency --base-url http://127.0.0.1:$(LOCAL_API_PORT) --count 50 --language c

.PHONY: bench-lanes
bench-lanes: ## A contest submission's verdict behind 5,000 practice submissions against an empty queue, on the running local stack
	mkdir -p $(PROJECT_DIR)/build/bench && cd $(PROJECT_DIR)/tests && python3 -m bench.lanes --base-url http://127.0.0.1:$(LOCAL_API_PORT) --backlog 5000 --out $(PROJECT_DIR)/build/bench/lanes.json

.PHONY: bench-capacity
bench-capacity: deps ## The highest submission rate held 5 minutes (0 errors, p99 accept < 1 s, backlog not growing) and the knee; build/bench/capacity.json
	$(PROJECT_DIR)/hack/bench/capacity.sh

.PHONY: bench-start
bench-start: deps ## Each service's start (launch to Started), without and with its AOT cache, alternating; build/bench/start.json
	$(PROJECT_DIR)/hack/bench/start.sh

.PHONY: bench-sandbox
bench-sandbox: ## The sandbox's cost per run: a trivial C and Python program bare vs sandboxed, 1 and 2 at a time
	$(PROJECT_DIR)/hack/bench/worker.sh SandboxBenchmark 300 $(PROJECT_DIR)/tests/bench/bare.c

.PHONY: bench-languages
bench-languages: ## Each language's CPU time summing 200,000 lines against C++'s, its start-up and its compile: where the catalog's time limits come from (LANGUAGES=a,b for some)
	$(PROJECT_DIR)/hack/bench/worker.sh LanguageSpeedBenchmark 5 200000 "$(LANGUAGES)"

.PHONY: bench-problems
bench-problems: ## What a custom checker and an interactive test add per test, against the plain problem
	$(PROJECT_DIR)/hack/bench/worker.sh ProblemKindsBenchmark 30 10

.PHONY: bench
bench: deps ## The 10,000-submission burst here with polite, impolite and event-stream clients, and reference figures (FRESH=1|both: on fresh JVMs); report in build/bench/report.json
	$(PROJECT_DIR)/hack/bench/run.sh

.PHONY: bench-large
bench-large: deps ## The burst (polite clients) against a problem with 50 MB of tests that workers fetch by reference; compare with CLIENTS=polite make bench
	PROBLEM=large CLIENTS=polite $(PROJECT_DIR)/hack/bench/run.sh
