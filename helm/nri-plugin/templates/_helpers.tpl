{{/* Names and labels. */}}
{{- define "nri-plugin.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "nri-plugin.fullname" -}}
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

{{- define "nri-plugin.selectorLabels" -}}
app.kubernetes.io/name: {{ include "nri-plugin.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "nri-plugin.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "nri-plugin.selectorLabels" . }}
{{- with include "nri-plugin.version" . }}
app.kubernetes.io/version: {{ . | quote }}
{{- end }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/component: nri-plugin
{{- end }}

{{/*
The version the pods run, as a label value: the image's tag, else the chart's appVersion. A tag
may hold what a label refuses ('+' of semantic versions, a digest's '@' and ':'): each such
character becomes '_', and the value is cut to 63 characters and to letters or digits at both ends.
*/}}
{{- define "nri-plugin.version" -}}
{{- $version := .Values.image.tag | default .Chart.AppVersion | toString }}
{{- regexReplaceAll "[^-A-Za-z0-9_.]" $version "_" | trunc 63 | trimAll "-_." }}
{{- end }}

{{/*
plugin.index as the runtime takes it: two digits. A number is taken where it is unambiguous, an
integer 0 to 99 (helm reads --set plugin.index=7 as an int64, index: 7 in a values file as a
float64, and index: 07 there as 7 too): it becomes "07". Anything else is refused with how to
give it as a string.
*/}}
{{- define "nri-plugin.index" -}}
{{- $index := .Values.plugin.index }}
{{- $how := "give it as two digits in a string, e.g. --set-string plugin.index=07, or index: \"07\" (quoted) in a values file" }}
{{- if or (kindIs "int64" $index) (kindIs "int" $index) (kindIs "float64" $index) }}
{{- if and (eq (float64 $index) (float64 (int64 $index))) (ge (int64 $index) 0) (le (int64 $index) 99) }}
{{- printf "%02d" (int64 $index) }}
{{- else }}
{{- fail (printf "plugin.index %v is not a plugin index, \"00\" to \"99\": %s" $index $how) }}
{{- end }}
{{- else if regexMatch "^[0-9]{2}$" (toString $index) }}
{{- $index }}
{{- else }}
{{- fail (printf "plugin.index %q is not two digits, \"00\" to \"99\": %s" (toString $index) $how) }}
{{- end }}
{{- end }}

{{/* Where the ConfigMap's application.yaml is mounted. */}}
{{- define "nri-plugin.configDirectory" -}}/etc/nri-plugin{{- end }}

{{/*
The application.yaml: defaults a user may change, then the user's config, then what the chart
derives from other values (those keys may not be set in config: two places for one setting would
leave the operator guessing which one holds). The application's own port is the management port
too: with two ports Spring Boot starts a second web server for actuator (a second context, 15
threads, 80 ms of start-up), and an application built with Spring AOT fixes that choice at build
time, so a management port set only at run time would leave actuator on 8080, off the probes' port.
*/}}
{{- define "nri-plugin.applicationConfig" -}}
{{- $config := deepCopy .Values.config }}
{{- $managed := list
  (list "nri" "plugin" "name") (list "nri" "plugin" "index") (list "nri" "required") (list "nri" "socket-path")
  (list "nri" "instances" "directory") (list "nri" "enforcement" "enabled") (list "nri" "enforcement" "directory")
  (list "management" "server" "port") (list "server" "port")
  (list "spring" "lifecycle" "timeout-per-shutdown-phase") }}
{{- range $path := $managed }}
{{- $flat := join "." $path }}
{{- if hasKey $config $flat }}
{{- fail (printf "config.%s is set by the chart: use its own value (see values.yaml)" $flat) }}
{{- end }}
{{- $node := $config }}
{{- range $key := $path }}
{{- if and (kindIs "map" $node) (hasKey $node $key) }}
{{- $node = index $node $key }}
{{- else }}
{{- $node = "<absent>" }}
{{- end }}
{{- end }}
{{- if not (eq (toString $node) "<absent>") }}
{{- fail (printf "config.%s is set by the chart: use its own value (see values.yaml)" $flat) }}
{{- end }}
{{- end }}
{{- $defaults := dict "management" (dict "endpoints" (dict "web" (dict "exposure" (dict "include" "health,info,prometheus")))) }}
{{- $derived := dict
  "nri" (dict
    "plugin" (dict "name" .Values.plugin.name "index" (include "nri-plugin.index" .))
    "required" .Values.plugin.required
    "socket-path" (printf "%s/%s" (trimSuffix "/" .Values.nri.socketDirectory) .Values.nri.socketName)
    "instances" (dict "directory" .Values.instances.hostPath)
    "enforcement" (dict "enabled" .Values.enforcement.enabled "directory" .Values.enforcement.hostPath))
  "server" (dict "port" .Values.management.port)
  "management" (dict
    "server" (dict "port" .Values.management.port)
    "endpoint" (dict "health" (dict "probes" (dict "enabled" true))))
  "spring" (dict "lifecycle" (dict "timeout-per-shutdown-phase" (printf "%ds" (int .Values.shutdown.phaseTimeoutSeconds)))) }}
{{- toYaml (mustMergeOverwrite $defaults $config $derived) }}
{{- end }}

{{/* Refuses values that pass the schema but not together. */}}
{{- define "nri-plugin.checks" -}}
{{- $minGrace := add (mul 2 (int .Values.shutdown.phaseTimeoutSeconds)) 5 }}
{{- if lt (int .Values.terminationGracePeriodSeconds) (int $minGrace) }}
{{- fail (printf "terminationGracePeriodSeconds %d is shorter than the shutdown needs: 2 x shutdown.phaseTimeoutSeconds + 5 = %d" (int .Values.terminationGracePeriodSeconds) (int $minGrace)) }}
{{- end }}
{{- $socketDir := trimSuffix "/" .Values.nri.socketDirectory }}
{{- $instances := trimSuffix "/" .Values.instances.hostPath }}
{{- if or (eq $socketDir $instances) (hasPrefix (printf "%s/" $socketDir) $instances) (hasPrefix (printf "%s/" $instances) $socketDir) }}
{{- fail (printf "instances.hostPath %s and nri.socketDirectory %s must not contain one another: the runtime owns the socket directory" $instances $socketDir) }}
{{- end }}
{{- $ledger := trimSuffix "/" .Values.enforcement.hostPath }}
{{- if or (eq $socketDir $ledger) (hasPrefix (printf "%s/" $socketDir) $ledger) (hasPrefix (printf "%s/" $ledger) $socketDir) }}
{{- fail (printf "enforcement.hostPath %s and nri.socketDirectory %s must not contain one another: the runtime owns the socket directory" $ledger $socketDir) }}
{{- end }}
{{- if or (eq $instances $ledger) (hasPrefix (printf "%s/" $instances) $ledger) (hasPrefix (printf "%s/" $ledger) $instances) }}
{{- fail (printf "enforcement.hostPath %s and instances.hostPath %s must not contain one another: the ledger must survive reboots, the instances' files must not" $ledger $instances) }}
{{- end }}
{{- if and .Values.plugin.required (hasKey .Values.podAnnotations .Values.plugin.tolerateMissingPluginsAnnotation) }}
{{- fail (printf "podAnnotations.%s is set by the chart when plugin.required is true" .Values.plugin.tolerateMissingPluginsAnnotation) }}
{{- end }}
{{- if and .Values.securityContext.runAsNonRoot (eq (toString .Values.securityContext.runAsUser) "0") }}
{{- fail "securityContext.runAsNonRoot is true but runAsUser is 0: set runAsUser to the user that may open the NRI socket (see the README, \"Running as non-root\")" }}
{{- end }}
{{- $m := .Values.metrics }}
{{- if and $m.podMonitor.enabled $m.serviceMonitor.enabled }}
{{- fail "metrics.podMonitor and metrics.serviceMonitor are both enabled: each plugin would be scraped twice, as the same job, and every alert would fire twice; enable one" }}
{{- end }}
{{- if and $m.prometheusRule.enabled (not (or $m.podMonitor.enabled $m.serviceMonitor.enabled)) }}
{{- fail "metrics.prometheusRule needs metrics.podMonitor (or metrics.serviceMonitor) enabled: the alerts select the series by the job and node labels the chart's monitors set" }}
{{- end }}
{{- end }}

{{/*
The labels the alerts and the dashboard rely on, the same whichever monitor scrapes: job, the
chart's full name (a ServiceMonitor would name it after the Service, a PodMonitor after itself),
and node, the node the pod runs on.
*/}}
{{- define "nri-plugin.metricsRelabelings" -}}
- targetLabel: job
  replacement: {{ include "nri-plugin.fullname" . }}
- sourceLabels: [__meta_kubernetes_pod_node_name]
  targetLabel: node
{{- end }}

{{/* The series of this release's plugins, in PromQL. */}}
{{- define "nri-plugin.alertSelector" -}}
job="{{ include "nri-plugin.fullname" . }}", namespace="{{ .Release.Namespace }}"
{{- end }}
