// The part of `kustomize build` these manifests use, for CI machines that have no kustomize binary:
// resources (files and directories), strategic-merge patches by kind and name (including `$patch: delete`),
// the images transformer and namespace. Any other kustomization field is refused rather than ignored, so the
// test never checks something other than what `kubectl apply -k` would apply.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Plain = Record<string, unknown>;

const KUSTOMIZATION_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'images']);
const CLUSTER_SCOPED = new Set(['Namespace']);
/** Lists the Kubernetes API merges by a key in a strategic-merge patch (other lists are replaced whole). */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
};
/** Lists the API also merges by key but this emulation does not: a patch touching one is refused. */
const UNSUPPORTED_MERGE_LISTS = new Set(['ports', 'imagePullSecrets', 'hostAliases', 'envFrom']);

export const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every non-empty YAML document in a file; a syntax error stops with the file's name. */
export function readYamlFile(file: string): unknown[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
      return document.toJS() as unknown;
    })
    .filter((value) => value !== null && value !== undefined);
}

export function asObject(value: unknown, source: string): K8sObject {
  if (
    !isPlain(value) ||
    typeof value.apiVersion !== 'string' ||
    typeof value.kind !== 'string' ||
    !isPlain(value.metadata) ||
    typeof value.metadata.name !== 'string'
  ) {
    throw new Error(`${source}: not a Kubernetes object (apiVersion, kind and metadata.name are required)`);
  }
  return value as K8sObject;
}

export const objectId = (object: K8sObject) => `${object.kind}/${object.metadata.name}`;

function readSingle(file: string): Plain {
  const documents = readYamlFile(file);
  if (documents.length !== 1 || !isPlain(documents[0])) throw new Error(`${file}: expected exactly one YAML document`);
  return documents[0];
}

function strategicMerge(base: unknown, patch: unknown, field: string | undefined, where: string): unknown {
  if (Array.isArray(patch)) {
    if (field && UNSUPPORTED_MERGE_LISTS.has(field)) throw new Error(`${where}: patching the list "${field}" is not implemented here`);
    const key = field ? MERGE_KEYS[field] : undefined;
    if (!key || !Array.isArray(base)) return structuredClone(patch);
    const merged = structuredClone(base) as Plain[];
    for (const item of patch as Plain[]) {
      const index = merged.findIndex((existing) => existing[key] === item[key]);
      if (index < 0) merged.push(structuredClone(item));
      else merged[index] = strategicMerge(merged[index], item, undefined, where) as Plain;
    }
    return merged;
  }
  if (isPlain(patch)) {
    const merged: Plain = isPlain(base) ? { ...base } : {};
    for (const [name, value] of Object.entries(patch)) {
      if (value === null) delete merged[name];
      else merged[name] = strategicMerge(merged[name], value, name, where);
    }
    return merged;
  }
  return patch;
}

function applyPatch(objects: K8sObject[], patch: Plain, file: string): K8sObject[] {
  const { $patch: directive, ...body } = patch;
  const target = asObject(body, file);
  const matches = objects.filter(
    (object) => object.apiVersion === target.apiVersion && object.kind === target.kind && object.metadata.name === target.metadata.name,
  );
  if (matches.length !== 1) throw new Error(`${file}: found ${matches.length} targets for ${objectId(target)}, expected exactly one`);
  if (directive === 'delete') return objects.filter((object) => object !== matches[0]);
  if (directive !== undefined) throw new Error(`${file}: $patch: ${String(directive)} is not implemented here`);
  return objects.map((object) => (object === matches[0] ? (strategicMerge(object, target, undefined, file) as K8sObject) : object));
}

/** The containers and init containers of every pod template (Deployments are the only workloads here). */
export function podContainers(object: K8sObject): Plain[] {
  const spec = object.spec as Plain | undefined;
  // A CronJob's pod is one level further down, in the Job it makes.
  const jobSpec = (spec?.jobTemplate as Plain | undefined)?.spec as Plain | undefined;
  const template = (spec?.template ?? jobSpec?.template) as Plain | undefined;
  const pod = template?.spec as Plain | undefined;
  return [...((pod?.initContainers as Plain[] | undefined) ?? []), ...((pod?.containers as Plain[] | undefined) ?? [])];
}

/** `name[:tag][@digest]` split as kustomize's images transformer matches it: by name alone. */
function splitImage(image: string): { name: string; suffix: string } {
  const at = image.indexOf('@');
  const withoutDigest = at < 0 ? image : image.slice(0, at);
  const colon = withoutDigest.lastIndexOf(':');
  const nameEnd = colon > withoutDigest.lastIndexOf('/') ? colon : withoutDigest.length;
  return { name: image.slice(0, nameEnd), suffix: image.slice(nameEnd) };
}

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
}

function setImages(objects: K8sObject[], rules: ImageRule[]): K8sObject[] {
  return objects.map((object) => {
    const copy = structuredClone(object);
    for (const container of podContainers(copy)) {
      const { name, suffix } = splitImage(String(container.image));
      const rule = rules.find((candidate) => candidate.name === name);
      if (rule) container.image = `${rule.newName ?? name}${rule.newTag === undefined ? suffix : `:${rule.newTag}`}`;
    }
    return copy;
  });
}

/** What `kustomize build dir` prints, as objects. */
export function build(dir: string): K8sObject[] {
  const file = path.join(dir, 'kustomization.yaml');
  const kustomization = readSingle(file);
  if (kustomization.kind !== 'Kustomization') throw new Error(`${file}: kind must be Kustomization`);
  const unknown = Object.keys(kustomization).filter((field) => !KUSTOMIZATION_FIELDS.has(field));
  if (unknown.length) throw new Error(`${file}: ${unknown.join(', ')} not implemented by this emulation`);

  let objects: K8sObject[] = [];
  for (const entry of (kustomization.resources as string[] | undefined) ?? []) {
    const resource = path.resolve(dir, entry);
    objects.push(...(statSync(resource).isDirectory() ? build(resource) : readYamlFile(resource).map((value) => asObject(value, resource))));
  }
  for (const entry of (kustomization.patches as Plain[] | undefined) ?? []) {
    const fields = Object.keys(entry);
    if (fields.length !== 1 || typeof entry.path !== 'string')
      throw new Error(`${file}: only patches given by path alone are implemented (${fields.join(', ')})`);
    const patchFile = path.resolve(dir, entry.path);
    objects = applyPatch(objects, readSingle(patchFile), patchFile);
  }
  objects = setImages(objects, (kustomization.images as ImageRule[] | undefined) ?? []);
  const namespace = kustomization.namespace as string | undefined;
  if (namespace) {
    objects = objects.map((object) => (CLUSTER_SCOPED.has(object.kind) ? object : { ...object, metadata: { ...object.metadata, namespace } }));
  }
  const ids = objects.map(objectId);
  const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (repeated.length) throw new Error(`${file}: ${repeated.join(', ')} defined more than once`);
  return objects;
}
