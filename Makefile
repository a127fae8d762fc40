# The judge: build, run locally, test. `make help` lists the targets.
SHELL = /usr/bin/env bash -o pipefail
.SHELLFLAGS = -ec
.DEFAULT_GOAL := help

PROJECT_DIR := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
JAVA_HOME ?= /usr/lib/jvm/temurin-25-jdk-amd64
export JAVA_HOME
MVNW := cd $(PROJECT_DIR)/services && ./mvnw -B -ntp

# The local stack (make local-up): conventional ports, state under build/local.
LOCAL_STATE := $(PROJECT_DIR)/build/local
LOCAL_AMQP_PORT ?= 5672
LOCAL_PG_PORT ?= 5432
LOCAL_API_PORT ?= 8080

##@ General

.PHONY: help
help: ## Show this help
	@awk 'BEGIN {FS = ":.*##"; printf "Usage: make \033[36m<target>\033[0m\n"} \
		/^[a-zA-Z_0-9-]+:.*?##/ { printf "  \033[36m%-14s\033[0m %s\n", $$1, $$2 } \
		/^##@/ { printf "\n\033[1m%s\033[0m\n", substr($$0, 5) }' $(MAKEFILE_LIST)

.PHONY: deps
deps: ## Install RabbitMQ, PostgreSQL, bubblewrap and the judged toolchains from Debian packages, where missing
	$(PROJECT_DIR)/hack/install-deps.sh

.PHONY: build
build: ## Build the services' jars (no tests)
	$(MVNW) -q package -DskipTests

##@ Local stack

.PHONY: local-up
local-up: deps build ## Start RabbitMQ, PostgreSQL and the three services in the background; returns when the API answers on :8080
	$(PROJECT_DIR)/hack/infra.sh up $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)
	$(PROJECT_DIR)/hack/services.sh up $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)

.PHONY: local-down
local-down: ## Stop everything local-up started (data stays in build/local)
	$(PROJECT_DIR)/hack/services.sh down $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT) $(LOCAL_API_PORT)
	$(PROJECT_DIR)/hack/infra.sh down $(LOCAL_STATE) $(LOCAL_AMQP_PORT) $(LOCAL_PG_PORT)

##@ Test

.PHONY: test
test: deps ## Run all tests: unit, integration and end to end, against a private RabbitMQ and PostgreSQL
	$(PROJECT_DIR)/hack/test.sh

.PHONY: clean
clean: ## Remove build output (stop the local stack first)
	$(MVNW) -q clean
	rm -rf $(PROJECT_DIR)/build

##@ Benchmarks

.PHONY: bench-latency
bench-latency: ## Time POST to verdict, one submission at a time, against the running local stack
	python3 $(PROJECT_DIR)/tests/bench/latency.py --base-url http://127.0.0.1:$(LOCAL_API_PORT) --count 50
	python3 $(PROJECT_DIR)/tests/bench/latency.py --base-url http://127.0.0.1:$(LOCAL_API_PORT) --count 50 --language c

.PHONY: bench-sandbox
bench-sandbox: ## The sandbox's cost per run: a trivial C and Python program bare vs sandboxed, 1 and 2 at a time
	$(PROJECT_DIR)/hack/bench-sandbox.sh
