// The objects `kubectl apply -k <dir>` would send, built by kubectl's own kustomize, so the checks see exactly
// what a cluster would get; and the small helpers the checks share to read those objects.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { findProgram } from '../dev/system-program';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

type Plain = Record<string, unknown>;

/** kubectl 1.27 was the first to embed kustomize v5, whose behaviour these manifests are written for. */
const KUSTOMIZE_MAJOR = 5;
const INSTALL_KUBECTL = [
  `kubectl 1.27 or newer (it embeds kustomize v${KUSTOMIZE_MAJOR}) is needed to build infra/k8s.`,
  'Install it from https://kubernetes.io/docs/tasks/tools/install-kubectl-linux/ (or the Google Cloud SDK',
  "package `kubectl`, or `brew install kubectl`); Debian 12's own `kubernetes-client` is 1.20, far too old.",
].join(' ');

const run = promisify(execFile);

export const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every non-empty YAML document of a text; a syntax error stops with the source's name. */
function parseYaml(text: string, source: string): unknown[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length) throw new Error(`${source}: ${document.errors.map((error) => error.message).join('; ')}`);
      return document.toJS() as unknown;
    })
    .filter((value) => value !== null && value !== undefined);
}

export const readYamlFile = (file: string): unknown[] => parseYaml(readFileSync(file, 'utf8'), file);

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

/** The containers and init containers of a workload's pod template (a CronJob's is inside its job template). */
export function podContainers(object: K8sObject): Plain[] {
  const spec = object.spec as Plain | undefined;
  const jobSpec = (spec?.jobTemplate as Plain | undefined)?.spec as Plain | undefined;
  const template = (spec?.template ?? jobSpec?.template) as Plain | undefined;
  const pod = template?.spec as Plain | undefined;
  return [...((pod?.initContainers as Plain[] | undefined) ?? []), ...((pod?.containers as Plain[] | undefined) ?? [])];
}

/** Runs kubectl; a missing binary says how to install it, a failure carries kubectl's own message. */
async function kubectl(binary: string, args: string[]): Promise<string> {
  try {
    return (await run(binary, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new Error(`${binary} was not found. ${INSTALL_KUBECTL}`);
    throw new Error(`kubectl ${args.join(' ')} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

const checkedBinaries = new Map<string, Promise<void>>();

/** Refuses a kubectl whose kustomize is older than v5: an older one builds other objects, or none. */
function checkKustomizeVersion(binary: string): Promise<void> {
  if (!checkedBinaries.has(binary)) {
    const check = kubectl(binary, ['version', '--client', '--output=json']).then((output) => {
      const version = String((JSON.parse(output) as { kustomizeVersion?: string }).kustomizeVersion ?? 'none');
      const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);
      if (major < KUSTOMIZE_MAJOR) throw new Error(`${binary} embeds kustomize ${version}. ${INSTALL_KUBECTL}`);
    });
    checkedBinaries.set(binary, check);
  }
  return checkedBinaries.get(binary)!;
}

/** What `kubectl kustomize <dir>` prints (the objects `kubectl apply -k <dir>` applies), as objects. */
export async function kustomizeBuild(dir: string, binary = findProgram('kubectl') ?? 'kubectl'): Promise<K8sObject[]> {
  await checkKustomizeVersion(binary);
  const output = await kubectl(binary, ['kustomize', dir]);
  return parseYaml(output, `kubectl kustomize ${dir}`).map((value) => asObject(value, `kubectl kustomize ${dir}`));
}
