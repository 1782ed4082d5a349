{{/* Chart name, overridable with nameOverride. */}}
{{- define "stockai.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Release-qualified name; a release named like the chart is not repeated (stockai-auth). */}}
{{- define "stockai.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "stockai.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Name of one process's Deployment and Service. Context: dict "root" . "name" "auth". */}}
{{- define "stockai.componentName" -}}
{{- printf "%s-%s" (include "stockai.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* In-cluster URL of a process's Service. Context: dict "root" . "name" "auth" "port" 3001. */}}
{{- define "stockai.serviceUrl" -}}
{{- printf "http://%s:%v" (include "stockai.componentName" .) .port }}
{{- end }}

{{/* Labels of resources shared by the whole release. Context: the root. */}}
{{- define "stockai.labels" -}}
helm.sh/chart: {{ include "stockai.chart" . }}
app.kubernetes.io/name: {{ include "stockai.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: stockai
{{- end }}

{{/* Labels of one process's resources. Context: dict "root" . "name" "auth". */}}
{{- define "stockai.componentLabels" -}}
{{ include "stockai.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* Selector of one process's pods. Context: dict "root" . "name" "auth". */}}
{{- define "stockai.selectorLabels" -}}
app.kubernetes.io/name: {{ include "stockai.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{/* repository:tag, the tag defaulting to the chart's appVersion. Context: dict "root" . "image" .Values.image.backend. */}}
{{- define "stockai.image" -}}
{{- printf "%s:%s" .image.repository (.image.tag | default .root.Chart.AppVersion) }}
{{- end }}

{{/* The Secret holding connection URLs and provider keys. Context: the root. */}}
{{- define "stockai.secretName" -}}
{{- .Values.secrets.existingSecret | default (include "stockai.fullname" .) }}
{{- end }}

{{/* The Secret holding public.pem and private.pem. Context: the root. */}}
{{- define "stockai.jwtSecretName" -}}
{{- .Values.jwt.existingSecret | default (printf "%s-jwt" (include "stockai.fullname" .)) }}
{{- end }}

{{/* The Secret a migration Job reads its owner connection URLs from. Context: the root. */}}
{{- define "stockai.migrationSecretName" -}}
{{- .Values.migrations.existingSecret | default (printf "%s-migrations" (include "stockai.fullname" .)) }}
{{- end }}

{{/* The ServiceAccount of one process. Context: dict "root" . "name" "auth". */}}
{{- define "stockai.serviceAccountName" -}}
{{- if .root.Values.serviceAccount.create }}
{{- include "stockai.componentName" . }}
{{- else }}
{{- .root.Values.serviceAccount.name | default "default" }}
{{- end }}
{{- end }}

{{/*
Pod-level settings shared by every pod of the release. Context: dict "root" . "name" "auth"
"serviceAccount" (optional, a ServiceAccount name overriding the process's own).
*/}}
{{- define "stockai.podSchedulingAndSecurity" -}}
{{- $root := .root -}}
serviceAccountName: {{ get . "serviceAccount" | default (include "stockai.serviceAccountName" .) }}
automountServiceAccountToken: false
enableServiceLinks: false
{{- with $root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml $root.Values.podSecurityContext | nindent 2 }}
{{- with $root.Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $root.Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* Replicas spread over zones and nodes where the cluster allows. Context: dict "root" . "name" "auth". */}}
{{- define "stockai.topologySpread" -}}
{{- $spread := .root.Values.topologySpread -}}
{{- if $spread.enabled }}
topologySpreadConstraints:
  {{- range $key := $spread.topologyKeys }}
  - maxSkew: {{ $spread.maxSkew }}
    topologyKey: {{ $key }}
    whenUnsatisfiable: {{ $spread.whenUnsatisfiable }}
    labelSelector:
      matchLabels:
        {{- include "stockai.selectorLabels" $ | nindent 8 }}
  {{- end }}
{{- end }}
{{- end }}

{{/*
What every Deployment of the release has beside it: its ServiceAccount (no API token), a
PodDisruptionBudget and, when autoscaling is on, a CPU HorizontalPodAutoscaler.
Context: dict "root" . "name" "auth" "component" .Values.auth "hpa" true|false.
*/}}
{{- define "stockai.companions" -}}
{{- $root := .root -}}
{{- if $root.Values.serviceAccount.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
  {{- with $root.Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
{{- if $root.Values.podDisruptionBudget.enabled }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
spec:
  maxUnavailable: {{ $root.Values.podDisruptionBudget.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "stockai.selectorLabels" . | nindent 6 }}
{{- end }}
{{- if and .component.autoscaling.enabled (get . "hpa") }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "stockai.componentName" . }}
  minReplicas: {{ .component.autoscaling.minReplicas }}
  maxReplicas: {{ .component.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .component.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- end }}

{{/* A rollout adds a new pod and waits for it to be ready before it takes an old one away. Context: the root. */}}
{{- define "stockai.rollingUpdate" -}}
strategy:
  type: RollingUpdate
  rollingUpdate:
    maxUnavailable: {{ .Values.rollingUpdate.maxUnavailable }}
    maxSurge: {{ .Values.rollingUpdate.maxSurge }}
{{- end -}}

{{/* The container's preStop: keep serving while the endpoint is removed everywhere, then SIGTERM. Context: the root. */}}
{{- define "stockai.preStop" -}}
lifecycle:
  preStop:
    exec:
      command: ["sleep", "{{ .Values.preStopSleepSeconds }}"]
{{- end }}

{{/*
One backend process: a Deployment running the backend image with `entrypoint` as its
argument, its companions (ServiceAccount, PodDisruptionBudget, HorizontalPodAutoscaler) and
a Service when `service` is true. Context, a dict:
  root               the chart root (.)
  name               the process name: labels, resource names and OTEL_SERVICE_NAME
  entrypoint         the bundle to run (deploy/build-bundles.mjs), e.g. dist/auth.js
  component          its values block (replicas, port, env, resources, autoscaling)
  secretEnv          variables taken from the Secret; the key must be there
and, optional:
  optionalSecretEnv  variables taken from the Secret when the key is there
  env                computed variables (dict), e.g. the gateway's upstream URLs
  privateKey         true for auth only: also mount the JWT private key
  service            true to create a Service on the process's port
  migrates           true for a process whose schema the migration Job applies
  hpa                false when something else scales it (KEDA); default true
*/}}
{{- define "stockai.backend" -}}
{{- $root := .root -}}
{{- $secretName := include "stockai.secretName" $root -}}
{{- $hpa := .component.autoscaling.enabled -}}
{{- if hasKey . "hpa" }}{{ $hpa = and $hpa .hpa }}{{ end -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
spec:
  {{- if not $hpa }}
  replicas: {{ .component.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  {{- include "stockai.rollingUpdate" $root | nindent 2 }}
  selector:
    matchLabels:
      {{- include "stockai.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "stockai.componentLabels" . | nindent 8 }}
      annotations:
        checksum/common: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        checksum/secret: {{ include (print $root.Template.BasePath "/secret.yaml") $root | sha256sum }}
        checksum/jwt: {{ include (print $root.Template.BasePath "/jwt-secret.yaml") $root | sha256sum }}
        {{- if and $root.Values.metrics.enabled $root.Values.metrics.podAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $root.Values.metrics.port | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      {{- include "stockai.podSchedulingAndSecurity" . | nindent 6 }}
      {{- include "stockai.topologySpread" . | nindent 6 }}
      terminationGracePeriodSeconds: {{ $root.Values.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .name }}
          image: {{ include "stockai.image" (dict "root" $root "image" $root.Values.image.backend) | quote }}
          imagePullPolicy: {{ $root.Values.image.backend.pullPolicy }}
          args:
            - {{ .entrypoint | quote }}
          ports:
            - name: http
              containerPort: {{ .component.port }}
              protocol: TCP
            {{- if $root.Values.metrics.enabled }}
            - name: metrics
              containerPort: {{ $root.Values.metrics.port }}
              protocol: TCP
            {{- end }}
          envFrom:
            - configMapRef:
                name: {{ include "stockai.fullname" $root }}-common
          env:
            - name: PORT
              value: {{ .component.port | quote }}
            - name: OTEL_SERVICE_NAME
              value: {{ .name | quote }}
            # The preStop sleep already keeps serving while endpoints are removed (docs/decisions/0073).
            - name: SHUTDOWN_DELAY_MS
              value: {{ $root.Values.shutdownDelayMs | quote }}
            - name: METRICS_PORT
              value: {{ ternary $root.Values.metrics.port 0 $root.Values.metrics.enabled | quote }}
            - name: JWT_PUBLIC_KEY_FILE
              value: /etc/stockai/jwt/public.pem
            {{- if get . "privateKey" }}
            - name: JWT_PRIVATE_KEY_FILE
              value: /etc/stockai/jwt/private.pem
            {{- end }}
            {{- if and (get . "migrates") $root.Values.migrations.enabled }}
            # The migration Job applied the schema as its owner; this process only checks it.
            - name: MIGRATE_ON_START
              value: "false"
            {{- end }}
            {{- range $key := .secretEnv }}
            - name: {{ $key }}
              valueFrom:
                secretKeyRef:
                  name: {{ $secretName }}
                  key: {{ $key }}
            {{- end }}
            {{- range $key := get . "optionalSecretEnv" | default list }}
            - name: {{ $key }}
              valueFrom:
                secretKeyRef:
                  name: {{ $secretName }}
                  key: {{ $key }}
                  optional: true
            {{- end }}
            {{- range $key, $value := get . "env" | default dict }}
            - name: {{ $key }}
              value: {{ $value | quote }}
            {{- end }}
            {{- range $key, $value := .component.env }}
            {{- if ne (toString $value) "" }}
            - name: {{ $key }}
              value: {{ toString $value | quote }}
            {{- end }}
            {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            {{- toYaml $root.Values.probes.startup | nindent 12 }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            {{- toYaml $root.Values.probes.liveness | nindent 12 }}
          readinessProbe:
            httpGet:
              path: /readyz
              port: http
            {{- toYaml $root.Values.probes.readiness | nindent 12 }}
          {{- include "stockai.preStop" $root | nindent 10 }}
          resources:
            {{- toYaml .component.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            - name: jwt
              mountPath: /etc/stockai/jwt
              readOnly: true
            # The root filesystem is read-only: temporary files go here.
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: jwt
          secret:
            secretName: {{ include "stockai.jwtSecretName" $root }}
            # 0444: readable by the non-root user; written in decimal so no YAML parser reads 444.
            defaultMode: 292
            items:
              - key: public.pem
                path: public.pem
              {{- if get . "privateKey" }}
              - key: private.pem
                path: private.pem
              {{- end }}
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
{{- if get . "service" }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
spec:
  type: ClusterIP
  selector:
    {{- include "stockai.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ .component.port }}
      targetPort: http
      protocol: TCP
{{- end }}
{{- include "stockai.companions" (dict "root" $root "name" .name "component" .component "hpa" $hpa) }}
{{- end }}

{{/* An egress rule to one of PostgreSQL, RabbitMQ, Redis: its peers (any address when none) on its port. Context: its networkPolicy values. */}}
{{- define "stockai.egressTo" -}}
- ports:
    - port: {{ .port }}
      protocol: TCP
  {{- with .to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
