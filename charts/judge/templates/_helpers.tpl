{{/*
The chart's name, or nameOverride.
*/}}
{{- define "judge.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The release-wide prefix of every object's name. Kubernetes names (and DNS labels) stop at 63
characters, so it is cut there; component names add a suffix and are cut again.
*/}}
{{- define "judge.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else if contains (include "judge.name" .) .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name (include "judge.name" .) | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{/*
A component's name: api, worker, consumer. The ScaledObject's name and its scaleTargetRef both come
from here, so they cannot drift apart.
Usage: include "judge.componentName" (dict "ctx" . "component" "worker")
*/}}
{{- define "judge.componentName" -}}
{{- printf "%s-%s" (include "judge.fullname" .ctx) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Labels on every object.
*/}}
{{- define "judge.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "judge.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: judge
{{- end }}

{{/*
The labels that select the release's pods; stable across upgrades.
*/}}
{{- define "judge.selectorLabels" -}}
app.kubernetes.io/name: {{ include "judge.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/*
Labels of a component's objects.
Usage: include "judge.componentLabels" (dict "ctx" . "component" "api")
*/}}
{{- define "judge.componentLabels" -}}
{{ include "judge.labels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/*
Selector labels of a component's pods.
*/}}
{{- define "judge.componentSelectorLabels" -}}
{{ include "judge.selectorLabels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/*
A component's image: its repository under image.registry, tagged with its own tag or the chart's appVersion.
Usage: include "judge.image" (dict "ctx" . "image" .Values.api.image)
*/}}
{{- define "judge.image" -}}
{{- include "judge.underRegistry" (dict "ctx" .ctx "reference" (printf "%s:%s" .image.repository (default .ctx.Chart.AppVersion .image.tag))) }}
{{- end }}

{{/*
An image reference under image.registry, so that one value moves every image the chart runs (the
services' and the languages') to the registry `make push` fills; a reference that names a registry of
its own (its first part has a "." or ":", or is localhost, as containerd reads references) is kept.
Usage: include "judge.underRegistry" (dict "ctx" . "reference" "gcc:12.2.0-bookworm")
*/}}
{{- define "judge.underRegistry" -}}
{{- $registry := .ctx.Values.image.registry | trimSuffix "/" -}}
{{- $parts := splitList "/" .reference -}}
{{- $first := first $parts -}}
{{- $named := and (gt (len $parts) 1) (or (contains "." $first) (contains ":" $first) (eq $first "localhost")) -}}
{{- ternary .reference (printf "%s/%s" $registry .reference) (or (empty $registry) $named) }}
{{- end }}

{{/*
The image a language's programs run in: languages.images' reference, under image.registry.
Usage: include "judge.languageImage" (dict "ctx" . "language" "python")
*/}}
{{- define "judge.languageImage" -}}
{{- include "judge.underRegistry" (dict "ctx" .ctx "reference" (index .ctx.Values.languages.images .language)) }}
{{- end }}

{{/*
The RabbitmqCluster's name. The RabbitMQ cluster operator names the client Service after it and its
generated credentials "<name>-default-user" (keys username, password, host, port, connection_string).
*/}}
{{- define "judge.rabbitmqName" -}}
{{- default (printf "%s-rabbitmq" (include "judge.fullname" .)) .Values.rabbitmq.name | trunc 52 | trimSuffix "-" }}
{{- end }}

{{/*
The management API KEDA reads queue depth from: rabbitmq.managementUrl, or the operator's client
Service in the release's namespace.
*/}}
{{/*
The lanes' request queues (.Values.lanes) as one regular expression: their names, quoted, as
alternatives. Anchor it where the reader does not (RabbitMQ's permissions; PromQL anchors its own).
*/}}
{{- define "judge.laneQueuesPattern" -}}
{{- $queues := list }}
{{- range .Values.lanes }}{{- $queues = append $queues (regexQuoteMeta .queue) }}{{- end }}
{{- join "|" $queues }}
{{- end }}

{{/*
The broker's queue and exchange names besides the lanes', as services/contracts JudgeQueues defines
them (tests/chart/test_wiring.py holds each to it), as JSON: (include "judge.queues" . | fromJson).results.
*/}}
{{- define "judge.queues" -}}
{{- toJson (dict
  "results" "judge.results"
  "resultsDead" "judge.results.dead"
  "submissionsDead" "judge.submissions.dead"
  "preparations" "judge.preparations"
  "preparationsDone" "judge.preparations.done"
  "preparationsDead" "judge.preparations.dead"
  "resultsExchange" "judge.exchange.results") }}
{{- end }}

{{/*
The broker queues a worker takes work from: every lane's (.Values.lanes, in order), then the problem
preparations', as a list of {name, queue}.
*/}}
{{- define "judge.workerQueues" -}}
{{- $queues := include "judge.queues" . | fromJson }}
{{- toJson (append .Values.lanes (dict "name" "preparations" "queue" $queues.preparations)) }}
{{- end }}

{{- define "judge.rabbitmqManagementUrl" -}}
{{- default (printf "http://%s.%s.svc:15672/" (include "judge.rabbitmqName" .) .Release.Namespace) .Values.rabbitmq.managementUrl }}
{{- end }}

{{- define "judge.rabbitmqSecret" -}}
{{- printf "%s-default-user" (include "judge.rabbitmqName" .) }}
{{- end }}

{{/*
Where the services reach the broker: rabbitmq.host, or the operator's client Service (its
"<name>.<namespace>.svc", as the operator writes it into the default user's secret).
*/}}
{{- define "judge.rabbitmqHost" -}}
{{- default (printf "%s.%s.svc" (include "judge.rabbitmqName" .) .Release.Namespace) .Values.rabbitmq.host }}
{{- end }}

{{/*
The components that get a broker user of their own (rabbitmq.users.create), space-separated: the
three services, and KEDA when it reads queue depth.
*/}}
{{- define "judge.rabbitmqUsers" -}}
api worker consumer
{{- if or .Values.worker.autoscaling.enabled .Values.consumer.autoscaling.enabled }} keda{{ end }}
{{- end }}

{{/*
A component's broker User, and the secret of its credentials: the messaging topology operator names
that "<User name>-user-credentials" (keys username, password). Without rabbitmq.users.create every
component uses the cluster operator's default user, an administrator.
Usage: include "judge.rabbitmqUserSecret" (dict "ctx" . "component" "worker")
*/}}
{{- define "judge.rabbitmqUser" -}}
{{- printf "%s-%s" (include "judge.rabbitmqName" .ctx) .component }}
{{- end }}

{{- define "judge.rabbitmqUserSecret" -}}
{{- if .ctx.Values.rabbitmq.users.create }}
{{- printf "%s-user-credentials" (include "judge.rabbitmqUser" .) }}
{{- else }}
{{- include "judge.rabbitmqSecret" .ctx }}
{{- end }}
{{- end }}

{{/*
RabbitMQ connection settings for Spring Boot: the component's own user, from a secret (no password
in values). Only the API declares the exchanges and queues (JudgeQueues); the others' users may not
configure anything, so Boot's RabbitAdmin is off for them.
Usage: include "judge.rabbitmqEnv" (dict "ctx" . "component" "worker")
*/}}
{{- define "judge.rabbitmqEnv" -}}
{{- $secret := include "judge.rabbitmqUserSecret" . -}}
- name: SPRING_RABBITMQ_HOST
  value: {{ include "judge.rabbitmqHost" .ctx | quote }}
- name: SPRING_RABBITMQ_PORT
  value: {{ .ctx.Values.rabbitmq.port | quote }}
- name: SPRING_RABBITMQ_USERNAME
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: username}}
- name: SPRING_RABBITMQ_PASSWORD
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: password}}
{{- if ne .component "api" }}
- name: SPRING_RABBITMQ_DYNAMIC
  value: "false"
{{- end }}
{{- end }}

{{/*
The CloudNativePG Cluster's name. The operator serves the primary as "<name>-rw" and generates the
application owner's credentials as "<name>-app" (keys username, password, host, port, dbname, jdbc-uri...).
*/}}
{{- define "judge.postgresName" -}}
{{- default (printf "%s-postgres" (include "judge.fullname" .)) .Values.postgresql.name | trunc 50 | trimSuffix "-" }}
{{- end }}

{{- define "judge.postgresSecret" -}}
{{- printf "%s-app" (include "judge.postgresName" .) }}
{{- end }}

{{/*
PostgreSQL connection settings for Spring Boot, from CloudNativePG's application secret.
*/}}
{{- define "judge.postgresEnv" -}}
{{- $secret := include "judge.postgresSecret" . -}}
- name: JUDGE_DB_HOST
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: host}}
- name: JUDGE_DB_PORT
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: port}}
- name: JUDGE_DB_NAME
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: dbname}}
- name: SPRING_DATASOURCE_URL
  value: jdbc:postgresql://$(JUDGE_DB_HOST):$(JUDGE_DB_PORT)/$(JUDGE_DB_NAME)
- name: SPRING_DATASOURCE_USERNAME
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: username}}
- name: SPRING_DATASOURCE_PASSWORD
  valueFrom: {secretKeyRef: {name: {{ $secret }}, key: password}}
{{- end }}

{{/*
Fails rendering with a clear message when an object needs an API the cluster does not serve.
Usage: include "judge.requireApi" (dict "ctx" . "api" "keda.sh/v1alpha1" "for" "worker.autoscaling" "install" "KEDA")
*/}}
{{- define "judge.requireApi" -}}
{{- if not (.ctx.Capabilities.APIVersions.Has .api) -}}
{{- fail (printf "%s needs the %s API, which this cluster does not serve: install %s (make kind-up does), or turn %s off" .for .api .install .for) -}}
{{- end -}}
{{- end }}

{{/*
Container and pod security for the API and the consumer: non-root, read-only, nothing extra.
*/}}
{{- define "judge.restrictedContainerSecurity" -}}
runAsNonRoot: true
runAsUser: 10001
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities: {drop: [ALL]}
seccompProfile: {type: RuntimeDefault}
{{- end }}

{{/*
The API's management port: the Actuator and the workers' test download (/internal), never exposed
outside the cluster. The API's judge.http.management-port (tests/chart/test_wiring.py checks they agree).
*/}}
{{- define "judge.apiManagementPort" -}}8081{{- end }}

{{/* The ClusterIP Service of the API's management port. */}}
{{- define "judge.apiManagementName" -}}
{{- printf "%s-management" (include "judge.componentName" (dict "ctx" . "component" "api")) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
The Actuator probes every service answers, on the container port named by the argument (the API's
"management", the others' "http"). Start-up may take up to 3 minutes: a worker checks every
language (compiles and runs a program in each) before it is live, and ten starting at once on a
small node share its CPU.
Usage: include "judge.probes" "http"
*/}}
{{- define "judge.probes" -}}
startupProbe:
  httpGet: {path: /actuator/health/liveness, port: {{ . }}}
  periodSeconds: 2
  timeoutSeconds: 5
  failureThreshold: 90
{{- /* A burst starves the node's CPU for a while; with the default 1 s timeout the kubelet restarted
  both API pods mid-burst (and took them out of the Service) when their health answered late, not
  when they were broken. A stuck process still goes within a minute. */}}
livenessProbe:
  httpGet: {path: /actuator/health/liveness, port: {{ . }}}
  periodSeconds: 10
  timeoutSeconds: 5
  failureThreshold: 6
readinessProbe:
  httpGet: {path: /actuator/health/readiness, port: {{ . }}}
  periodSeconds: 5
  timeoutSeconds: 5
  failureThreshold: 3
{{- end }}

{{/*
Where a component's pods may run: its nodeSelector, tolerations, affinity and topologySpreadConstraints.
Usage: include "judge.scheduling" .Values.worker
*/}}
{{- define "judge.scheduling" -}}
{{- with .nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
An alert's runbook annotation: its section of docs/runbooks.md, under alerts.runbookBaseUrl when set.
*/}}
{{- define "judge.runbook" -}}
{{- $anchor := lower .alert -}}
{{- if .ctx.Values.alerts.runbookBaseUrl -}}
runbook_url: {{ printf "%s#%s" .ctx.Values.alerts.runbookBaseUrl $anchor }}
{{- else -}}
runbook: {{ printf "docs/runbooks.md#%s" $anchor }}
{{- end -}}
{{- end }}

{{/*
The Secret with the admin token of the API (key: token).
*/}}
{{/* The Secret with the load tests' API key (loadTest.enabled). */}}
{{- define "judge.loadTestSecretName" -}}
{{- printf "%s-load-test-key" (include "judge.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "judge.adminSecretName" -}}
{{- .Values.access.existingSecret | default (printf "%s-admin-token" (include "judge.fullname" .) | trunc 63 | trimSuffix "-") }}
{{- end }}

{{/*
The Secret with the workers' token for fetching tests from the API (key: token).
*/}}
{{- define "judge.testDataSecretName" -}}
{{- .Values.testData.existingSecret | default (printf "%s-test-data-token" (include "judge.fullname" .) | trunc 63 | trimSuffix "-") }}
{{- end }}

{{/*
The enabled languages' ids, comma-separated and sorted: languages.enabled, or every language with an
image. One that has no image is refused: its workers would have no root to run it in.
*/}}
{{- define "judge.languages" -}}
{{- $images := .Values.languages.images -}}
{{- $enabled := .Values.languages.enabled | default (keys $images) | sortAlpha -}}
{{- range $enabled }}
{{- if not (hasKey $images .) }}
{{- fail (printf "languages.enabled names %s, which has no image in languages.images" .) }}
{{- end }}
{{- end }}
{{- join "," $enabled }}
{{- end }}

{{/*
The distinct images of the enabled languages, sorted, comma-separated: a pod mounts each image once,
and languages of one image (C, C++) share it.
*/}}
{{- define "judge.languageImages" -}}
{{- $images := list -}}
{{- range (include "judge.languages" . | splitList ",") }}
{{- $images = append $images (include "judge.languageImage" (dict "ctx" $ "language" .)) -}}
{{- end }}
{{- $images | uniq | sortAlpha | join "," }}
{{- end }}

{{/*
The folder an image is mounted at under /languages: its reference with every character but
[A-Za-z0-9._-] made "_", as the worker names it (Language.imageFolder; tests/chart holds the two equal).
*/}}
{{- define "judge.languageImageFolder" -}}
{{- regexReplaceAll "[^A-Za-z0-9._-]" . "_" }}
{{- end }}

{{/*
The enabled languages' images as a pod's image volumes (Kubernetes 1.35+, containerd 2.2+): the toolchains,
each image once, read-only, mounted at /languages/<folder> (judge.languageImageMounts).
*/}}
{{- define "judge.languageImageVolumes" -}}
{{- range (include "judge.languageImages" . | splitList ",") }}
- name: image-{{ sha256sum . | trunc 16 }}
  image:
    reference: {{ . | quote }}
    pullPolicy: {{ $.Values.languages.pullPolicy }}
{{- end }}
{{- end }}

{{- define "judge.languageImageMounts" -}}
{{- range (include "judge.languageImages" . | splitList ",") }}
- {name: image-{{ sha256sum . | trunc 16 }}, mountPath: /languages/{{ include "judge.languageImageFolder" . }}, readOnly: true}
{{- end }}
{{- end }}

{{/*
What the API and the workers both read of the languages: the enabled set and each one's image (the
catalog's, or the one languages.images points it at, under image.registry), so that the API never offers
one the workers cannot judge.
*/}}
{{- define "judge.languagesEnv" -}}
- name: JUDGE_ENABLEDLANGUAGES
  value: {{ include "judge.languages" . | quote }}
{{- range (include "judge.languages" . | splitList ",") }}
- name: JUDGE_LANGUAGES_{{ upper . }}_IMAGE
  value: {{ include "judge.languageImage" (dict "ctx" $ "language" .) | quote }}
{{- end }}
{{- end }}
