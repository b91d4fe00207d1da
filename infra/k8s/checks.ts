// Offline checks of built manifests: each object against its Kubernetes (or KEDA) schema, its field names
// against the models' types (the schemas accept unknown fields, so a misspelt `readinesProbe` would pass
// them; the API server in strict mode would not), and the references between objects. Each check returns
// the problems it found, one line each, so a test can show them all at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { formats, runValidateFunc } from '@kubernetes-models/validate';
import { Ajv, type AnySchemaObject } from 'ajv';
import { Deployment } from 'kubernetes-models/apps/v1';
import { CronJob, Job } from 'kubernetes-models/batch/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { isPlain, objectId, podContainers, type K8sObject } from './build';

type Plain = Record<string, unknown>;

interface Model {
  apiVersion: string;
  kind: string;
  /** Where the model's TypeScript interface `I<kind>` is exported from. */
  typesPackage: 'kubernetes-models' | '@kubernetes-models/keda';
  validate(object: K8sObject): void;
}

const model = (typesPackage: Model['typesPackage'], Class: { apiVersion: string; kind: string; new (data: never): { validate(): void } }): Model => ({
  apiVersion: Class.apiVersion,
  kind: Class.kind,
  typesPackage,
  validate: (object) => new Class(object as never).validate(),
});

/** Every kind these manifests may use; any other kind is a problem, not a skipped check. */
const MODELS: Model[] = [
  ...[
    Namespace,
    ConfigMap,
    Secret,
    Service,
    PersistentVolumeClaim,
    Deployment,
    CronJob,
    Job,
    HorizontalPodAutoscaler,
    PodDisruptionBudget,
    Ingress,
    NetworkPolicy,
  ].map((Class) => model('kubernetes-models', Class)),
  ...[ScaledObject, TriggerAuthentication].map((Class) => model('@kubernetes-models/keda', Class)),
];

const findModel = (object: K8sObject) => MODELS.find((candidate) => candidate.apiVersion === object.apiVersion && candidate.kind === object.kind);

/**
 * Gateway API kinds are CRDs, which kubernetes-models does not ship: their schemas are the upstream CRDs' own
 * (gateway-api/*.schemas.json, the served v1 openAPIV3Schema), checked with the same ajv and formats as the models'.
 * As the API server does for a structural schema, a field the schema does not declare is refused. Not checked: the
 * CRDs' CEL rules (x-kubernetes-validations), which only an API server evaluates.
 */
const GATEWAY_API_SCHEMAS = (
  JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'gateway-api/gateway-api-v1.6.1.schemas.json'), 'utf8')) as {
    schemas: Record<string, { apiVersion: string; schema: AnySchemaObject }>;
  }
).schemas;

/** The schema with unknown fields refused wherever it declares properties and does not keep unknown fields. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!isPlain(schema)) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'enum' || key === 'default' ? value : closed(value)]));
  if (isPlain(copy.properties) && !copy['x-kubernetes-preserve-unknown-fields'] && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy;
}

const crdValidator = new Ajv({ allErrors: true, strictSchema: true, strictTypes: false, strictTuples: false });
crdValidator.addVocabulary(['x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type', 'x-kubernetes-validations']);
for (const [name, format] of Object.entries(formats)) crdValidator.addFormat(name, format);
const CRD_MODELS: Omit<Model, 'typesPackage'>[] = Object.entries(GATEWAY_API_SCHEMAS).map(([kind, { apiVersion, schema }]) => {
  const validate = crdValidator.compile(closed(schema) as AnySchemaObject);
  return { apiVersion, kind, validate: (object) => runValidateFunc(validate, object) };
});

export function schemaProblems(objects: K8sObject[]): string[] {
  return objects.flatMap((object) => {
    const found = findModel(object) ?? CRD_MODELS.find((candidate) => candidate.apiVersion === object.apiVersion && candidate.kind === object.kind);
    if (!found) return [`${objectId(object)}: no schema for ${object.apiVersion} ${object.kind}`];
    try {
      found.validate(object);
      return [];
    } catch (error) {
      return [`${objectId(object)}: ${(error as Error).message}`];
    }
  });
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Parsed declaration files, kept across calls: parsing them is most of a check's time. */
const sourceFiles = new Map<string, ts.SourceFile | undefined>();

/** Type-checks each object as a literal of its model's interface; TypeScript reports every unknown field. */
export function fieldProblems(objects: K8sObject[]): string[] {
  const modelled = objects.filter((object) => findModel(object));
  const imports = modelled.map((object, index) => {
    const found = findModel(object)!;
    return `import type { I${found.kind} as T${index} } from '${found.typesPackage}/${found.apiVersion}/${found.kind}';`;
  });
  // One object a line, so a diagnostic's line names its object.
  const declarations = modelled.map((object, index) => `export const o${index}: T${index} = ${JSON.stringify(object)};`);
  const text = [...imports, ...declarations].join('\n');
  const file = path.join(here, '__manifests__.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => name === file || fileExists(name);
  host.readFile = (name) => (name === file ? text : readFile(name));
  host.getSourceFile = (name, language, ...rest) => {
    if (name === file) return ts.createSourceFile(name, text, language);
    if (!sourceFiles.has(name)) sourceFiles.set(name, getSourceFile(name, language, ...rest));
    return sourceFiles.get(name);
  };
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], options, host));
  return diagnostics.map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line - imports.length;
    return line >= 0 ? `${objectId(modelled[line])}: ${message}` : message;
  });
}

interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

export function selects(selector: LabelSelector | undefined, labels: Record<string, string> = {}): boolean {
  if (!selector) return false;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    return operator === 'Exists' ? key in labels : !(key in labels);
  });
  return byLabel && byExpression;
}

const get = (value: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((node, key) => (isPlain(node) ? node[key] : undefined), value);
const list = (value: unknown): Plain[] => (Array.isArray(value) ? (value as Plain[]) : []);
/** A Deployment's pod template, or the one inside a CronJob's job template. */
const podTemplate = (workload: K8sObject) =>
  workload.kind === 'CronJob' ? get(workload, 'spec', 'jobTemplate', 'spec', 'template') : get(workload, 'spec', 'template');
const podSpec = (workload: K8sObject) => get(podTemplate(workload), 'spec') as Plain;
const podLabels = (workload: K8sObject) => (get(podTemplate(workload), 'metadata', 'labels') ?? {}) as Record<string, string>;
const declaresPort = (container: Plain, port: unknown) =>
  list(container.ports).some((declared) => declared.containerPort === port || (declared.name !== undefined && declared.name === port));
const dataKeys = (object: K8sObject | undefined) =>
  new Set([...Object.keys((object?.data as Plain) ?? {}), ...Object.keys((object?.stringData as Plain) ?? {})]);

/**
 * The references between objects. `secrets` are the Secrets the cluster is expected to hold besides any in
 * `objects` (the template the operator fills in).
 */
export function referenceProblems(objects: K8sObject[], secrets: K8sObject[] = []): string[] {
  const problems: string[] = [];
  const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
  const named = (kind: string, name: unknown) =>
    [...objects, ...(kind === 'Secret' ? secrets : [])].find((object) => object.kind === kind && object.metadata.name === name);
  const deployments = ofKind('Deployment');
  const selected = (selector: LabelSelector | undefined) => deployments.filter((deployment) => selects(selector, podLabels(deployment)));

  const keyExists = (where: string, kind: 'ConfigMap' | 'Secret', ref: Plain) => {
    // The kubelet starts a container without an optional reference's variable when the object or key is missing.
    if (ref.optional === true) return;
    const source = named(kind, ref.name);
    if (!source) problems.push(`${where}: ${kind} ${String(ref.name)} does not exist`);
    else if (!dataKeys(source).has(String(ref.key))) problems.push(`${where}: ${kind} ${String(ref.name)} has no key ${String(ref.key)}`);
  };

  for (const workload of [...deployments, ...ofKind('Job'), ...ofKind('CronJob')]) {
    const id = objectId(workload);
    const spec = podSpec(workload);
    // A Job's (and a CronJob's) selector is made by the API server from its own pods.
    if (workload.kind === 'Deployment' && !selects(get(workload, 'spec', 'selector') as LabelSelector, podLabels(workload)))
      problems.push(`${id}: spec.selector does not select its own pods`);
    for (const constraint of list(spec.topologySpreadConstraints)) {
      if (!selects(constraint.labelSelector as LabelSelector, podLabels(workload)))
        problems.push(`${id}: a topologySpreadConstraint does not select its own pods`);
    }
    const volumes = list(spec.volumes);
    for (const volume of volumes) {
      const claim = get(volume, 'persistentVolumeClaim', 'claimName');
      if (claim !== undefined && !named('PersistentVolumeClaim', claim))
        problems.push(`${id}: PersistentVolumeClaim ${String(claim)} does not exist`);
    }
    const podSecurity = (spec.securityContext ?? {}) as Plain;
    for (const container of podContainers(workload)) {
      const where = `${id} container ${String(container.name)}`;
      if (typeof container.image !== 'string' || !container.image) problems.push(`${where}: no image`);
      for (const bound of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (get(container, 'resources', bound, resource) === undefined) problems.push(`${where}: no ${resource} in resources.${bound}`);
        }
      }
      const security = (container.securityContext ?? {}) as Plain;
      const setting = (name: string) => security[name] ?? podSecurity[name];
      if (setting('runAsNonRoot') !== true) problems.push(`${where}: runAsNonRoot is not true`);
      if (get(setting('seccompProfile'), 'type') !== 'RuntimeDefault') problems.push(`${where}: seccompProfile is not RuntimeDefault`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${where}: allowPrivilegeEscalation is not false`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${where}: readOnlyRootFilesystem is not true`);
      if (!(get(security, 'capabilities', 'drop') as string[] | undefined)?.includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);

      const isInit = list(spec.initContainers).includes(container) || workload.kind === 'Job';
      if (!isInit && list(container.ports).length) {
        for (const probe of ['readinessProbe', 'livenessProbe']) {
          if (!container[probe]) problems.push(`${where}: serves a port but has no ${probe}`);
        }
      }
      for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
        const port = get(container, probe, 'httpGet', 'port') ?? get(container, probe, 'tcpSocket', 'port');
        if (port !== undefined && !declaresPort(container, port))
          problems.push(`${where}: ${probe} port ${String(port)} is not a declared container port`);
      }
      for (const variable of list(container.env)) {
        const configMapRef = get(variable, 'valueFrom', 'configMapKeyRef');
        const secretRef = get(variable, 'valueFrom', 'secretKeyRef');
        if (isPlain(configMapRef)) keyExists(`${where} env ${String(variable.name)}`, 'ConfigMap', configMapRef);
        if (isPlain(secretRef)) keyExists(`${where} env ${String(variable.name)}`, 'Secret', secretRef);
      }
      for (const source of list(container.envFrom)) {
        const ref = (source.configMapRef ?? source.secretRef) as Plain | undefined;
        const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
        if (ref && !named(kind, ref.name)) problems.push(`${where}: envFrom ${kind} ${String(ref.name)} does not exist`);
      }
      for (const mount of list(container.volumeMounts)) {
        if (!volumes.some((volume) => volume.name === mount.name)) problems.push(`${where}: volumeMount ${String(mount.name)} names no volume`);
      }
    }
  }

  const servicePort = (name: unknown, port: unknown) => {
    const service = named('Service', name);
    return (
      service &&
      list(get(service, 'spec', 'ports')).find((candidate) => candidate.port === port || (candidate.name !== undefined && candidate.name === port))
    );
  };
  for (const service of ofKind('Service')) {
    const matched = selected({ matchLabels: get(service, 'spec', 'selector') as Record<string, string> });
    if (!matched.length) problems.push(`${objectId(service)}: its selector matches no Deployment's pods`);
    for (const port of list(get(service, 'spec', 'ports'))) {
      const target = port.targetPort ?? port.port;
      for (const deployment of matched) {
        if (!podContainers(deployment).some((container) => declaresPort(container, target))) {
          problems.push(`${objectId(service)}: targetPort ${String(target)} is not a port of ${objectId(deployment)}`);
        }
      }
    }
  }

  for (const ingress of ofKind('Ingress')) {
    const backends = [
      get(ingress, 'spec', 'defaultBackend'),
      ...list(get(ingress, 'spec', 'rules')).flatMap((rule) => list(get(rule, 'http', 'paths')).map((entry) => entry.backend)),
    ];
    for (const backend of backends.filter(isPlain)) {
      const name = get(backend, 'service', 'name');
      const port = get(backend, 'service', 'port', 'name') ?? get(backend, 'service', 'port', 'number');
      if (!servicePort(name, port)) problems.push(`${objectId(ingress)}: backend ${String(name)}:${String(port)} is not a Service port`);
    }
  }

  // Gateway API: a route's parents are Gateways here and their listeners, its backends Service ports (by number).
  for (const route of ofKind('HTTPRoute')) {
    const hostnames = list(get(route, 'spec', 'hostnames')) as unknown as string[];
    for (const parent of list(get(route, 'spec', 'parentRefs'))) {
      if ((parent.kind ?? 'Gateway') !== 'Gateway' || parent.namespace !== undefined) continue;
      const gateway = named('Gateway', parent.name);
      if (!gateway) {
        problems.push(`${objectId(route)}: parent Gateway ${String(parent.name)} does not exist`);
        continue;
      }
      const listeners = list(get(gateway, 'spec', 'listeners')).filter(
        (listener) => parent.sectionName === undefined || listener.name === parent.sectionName,
      );
      if (!listeners.length) problems.push(`${objectId(route)}: Gateway ${String(parent.name)} has no listener ${String(parent.sectionName)}`);
      for (const listener of listeners) {
        if (listener.hostname !== undefined && hostnames.length && !hostnames.includes(String(listener.hostname)))
          problems.push(`${objectId(route)}: no hostname of it is listener ${String(listener.name)}'s ${String(listener.hostname)}`);
      }
    }
    for (const rule of list(get(route, 'spec', 'rules'))) {
      for (const backend of list(rule.backendRefs)) {
        if ((backend.kind ?? 'Service') !== 'Service') continue;
        if (!servicePort(backend.name, backend.port))
          problems.push(`${objectId(route)}: backend ${String(backend.name)}:${String(backend.port)} is not a Service port`);
      }
    }
  }

  const autoscaled = new Map<string, string[]>();
  const target = (owner: K8sObject, ref: Plain | undefined) => {
    const kind = ref?.kind ?? 'Deployment';
    if (kind !== 'Deployment' || !named('Deployment', ref?.name)) {
      problems.push(`${objectId(owner)}: scale target ${String(kind)} ${String(ref?.name)} does not exist`);
      return;
    }
    autoscaled.set(String(ref?.name), [...(autoscaled.get(String(ref?.name)) ?? []), objectId(owner)]);
  };
  for (const hpa of ofKind('HorizontalPodAutoscaler')) target(hpa, get(hpa, 'spec', 'scaleTargetRef') as Plain);
  for (const scaled of ofKind('ScaledObject')) {
    target(scaled, get(scaled, 'spec', 'scaleTargetRef') as Plain);
    for (const trigger of list(get(scaled, 'spec', 'triggers'))) {
      const auth = get(trigger, 'authenticationRef', 'name');
      if (auth !== undefined && !named('TriggerAuthentication', auth))
        problems.push(`${objectId(scaled)}: TriggerAuthentication ${String(auth)} does not exist`);
    }
  }
  for (const [name, owners] of autoscaled) {
    if (owners.length > 1) problems.push(`Deployment/${name}: scaled by ${owners.join(' and ')} at once`);
    // kubectl apply would set the count back on every deploy, fighting the autoscaler.
    if (get(named('Deployment', name), 'spec', 'replicas') !== undefined)
      problems.push(`Deployment/${name}: sets spec.replicas although ${owners[0]} owns the count`);
  }
  for (const auth of ofKind('TriggerAuthentication')) {
    for (const ref of list(get(auth, 'spec', 'secretTargetRef'))) keyExists(`${objectId(auth)} ${String(ref.parameter)}`, 'Secret', ref);
  }

  for (const budget of ofKind('PodDisruptionBudget')) {
    if (!selected(get(budget, 'spec', 'selector') as LabelSelector).length)
      problems.push(`${objectId(budget)}: its selector matches no Deployment's pods`);
  }

  for (const policy of ofKind('NetworkPolicy')) {
    const guarded = selected(get(policy, 'spec', 'podSelector') as LabelSelector);
    if (!guarded.length) problems.push(`${objectId(policy)}: its podSelector matches no Deployment's pods`);
    for (const rule of list(get(policy, 'spec', 'ingress'))) {
      for (const peer of list(rule.from)) {
        if (peer.podSelector && !peer.namespaceSelector && !selected(peer.podSelector as LabelSelector).length) {
          problems.push(`${objectId(policy)}: a from.podSelector matches no Deployment's pods`);
        }
      }
      for (const { port } of list(rule.ports)) {
        for (const deployment of guarded) {
          if (!podContainers(deployment).some((container) => declaresPort(container, port)))
            problems.push(`${objectId(policy)}: port ${String(port)} is not a port of ${objectId(deployment)}`);
        }
      }
    }
  }

  // The front door's upstream settings are host:port lists naming Services.
  for (const configMap of ofKind('ConfigMap')) {
    for (const [key, value] of Object.entries((configMap.data as Record<string, string>) ?? {})) {
      if (!/_UPSTREAMS?$/.test(key)) continue;
      for (const address of value.split(',').map((item) => item.trim())) {
        const [host, port] = address.split(':');
        if (!servicePort(host, Number(port))) problems.push(`${objectId(configMap)} ${key}: ${address} is not a Service port`);
      }
    }
  }
  return problems;
}
