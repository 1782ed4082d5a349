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

{{- define "stockai.podSchedulingAndSecurity" -}}
automountServiceAccountToken: false
enableServiceLinks: false
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/*
One backend process: a Deployment running the backend image with `entrypoint` as its
argument, and a Service when `service` is true. Context, a dict:
  root               the chart root (.)
  name               the process name: labels, resource names and OTEL_SERVICE_NAME
  entrypoint         the TypeScript file to run, relative to the repository root
  component          its values block (replicas, port, env, resources)
  secretEnv          variables taken from the Secret; the key must be there
and, optional:
  optionalSecretEnv  variables taken from the Secret when the key is there
  env                computed variables (dict), e.g. the gateway's upstream URLs
  privateKey         true for auth only: also mount the JWT private key
  service            true to create a Service on the process's port
*/}}
{{- define "stockai.backend" -}}
{{- $root := .root -}}
{{- $secretName := include "stockai.secretName" $root -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "stockai.componentName" . }}
  labels:
    {{- include "stockai.componentLabels" . | nindent 4 }}
spec:
  replicas: {{ .component.replicas }}
  revisionHistoryLimit: 5
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
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      {{- include "stockai.podSchedulingAndSecurity" $root | nindent 6 }}
      terminationGracePeriodSeconds: 30
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
          envFrom:
            - configMapRef:
                name: {{ include "stockai.fullname" $root }}-common
          env:
            - name: PORT
              value: {{ .component.port | quote }}
            - name: OTEL_SERVICE_NAME
              value: {{ .name | quote }}
            - name: JWT_PUBLIC_KEY_FILE
              value: /etc/stockai/jwt/public.pem
            {{- if get . "privateKey" }}
            - name: JWT_PRIVATE_KEY_FILE
              value: /etc/stockai/jwt/private.pem
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
          resources:
            {{- toYaml .component.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            - name: jwt
              mountPath: /etc/stockai/jwt
              readOnly: true
            # tsx keeps its compile cache under the temporary directory.
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
          emptyDir: {}
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
{{- end }}
