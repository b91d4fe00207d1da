import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseSettingsFromEnv, loadConfig, QUEUES } from '@zaytoon/core';
import { fieldProblems, referenceProblems, schemaProblems } from './checks';
import { asObject, kustomizeBuild, podContainers, readYamlFile, type K8sObject } from './build';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const BUILDS = ['base', 'overlays/production', 'overlays/production-without-keda'] as const;
const builds = await Promise.all(BUILDS.map((dir) => kustomizeBuild(path.join(here, dir))));
const built = Object.fromEntries(BUILDS.map((dir, index) => [dir, builds[index]])) as Record<(typeof BUILDS)[number], K8sObject[]>;
const secretTemplate = readYamlFile(path.join(here, 'base/secret.template.yaml')).map((value) => asObject(value, 'secret.template.yaml'));

type Plain = Record<string, unknown>;
const find = (objects: K8sObject[], kind: string, name: string) => {
  const object = objects.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
  if (!object) throw new Error(`${kind}/${name} is not in the build`);
  return object;
};
const container = (objects: K8sObject[], deployment: string, name = deployment, kind = 'Deployment') =>
  podContainers(find(objects, kind, deployment)).find((candidate) => candidate.name === name) as Plain;

/** The environment a container starts with, resolved as the kubelet does (envFrom first, then env with $(VAR)). */
function containerEnv(objects: K8sObject[], spec: Plain, secrets: K8sObject[]): Record<string, string> {
  const sources = [...objects, ...secrets];
  const data = (kind: string, name: unknown): Record<string, string> => {
    const object = sources.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
    const values = Object.entries((object?.data as Record<string, string>) ?? {});
    const decoded = kind === 'Secret' ? values.map(([key, value]) => [key, Buffer.from(value, 'base64').toString()]) : values;
    return { ...Object.fromEntries(decoded), ...(object?.stringData as Record<string, string>) };
  };
  const env: Record<string, string> = {};
  for (const source of (spec.envFrom as Plain[] | undefined) ?? []) {
    Object.assign(
      env,
      source.configMapRef ? data('ConfigMap', (source.configMapRef as Plain).name) : data('Secret', (source.secretRef as Plain).name),
    );
  }
  for (const variable of (spec.env as Plain[] | undefined) ?? []) {
    const from = variable.valueFrom as Record<string, Plain> | undefined;
    const ref = from?.configMapKeyRef ?? from?.secretKeyRef;
    env[String(variable.name)] = ref
      ? data(from?.configMapKeyRef ? 'ConfigMap' : 'Secret', ref.name)[String(ref.key)]
      : String(variable.value).replace(/\$\((\w+)\)/g, (whole, name: string) => env[name] ?? whole);
  }
  return env;
}

/** The files `npm run build -w <workspace>` writes: tsup's positional entries and its --entry.<name> ones. */
function buildOutputs(workspace: string): string[] {
  const script: string = JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8')).scripts.build;
  const words = script.split(/\s+/);
  if (words[0] !== 'tsup') throw new Error(`${workspace}: the build is not tsup (${script}); teach this test how it names its output`);
  return words.flatMap((word, index) => {
    if (word.startsWith('--entry.')) return [`dist/${word.slice('--entry.'.length)}.js`];
    const positional = word.endsWith('.ts') && !words[index - 1].startsWith('--');
    return positional ? [`dist/${path.basename(word, '.ts')}.js`] : [];
  });
}

describe.each(BUILDS)('kustomize build %s', (dir) => {
  const objects = built[dir];

  it('validates every object against its Kubernetes or KEDA schema', () => {
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('uses no field the models do not know (a misspelt field passes the schemas)', () => {
    expect(fieldProblems(objects)).toEqual([]);
  });

  it('references only objects, keys and ports that exist; every container has requests, limits and a locked-down securityContext', () => {
    expect(referenceProblems(objects, secretTemplate)).toEqual([]);
  });

  it('applies no Secret: the real one is created from the template, outside kustomize', () => {
    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
  });

  it('starts the API and the worker with settings their own config loader accepts, and shares the uploads', () => {
    let placeholder = 0;
    const filled = JSON.parse(JSON.stringify(secretTemplate).replace(/CHANGE_ME/g, () => `filled-${++placeholder}-`.padEnd(40, 'x'))) as K8sObject[];
    for (const name of ['api', 'worker']) {
      const spec = container(objects, name);
      const config = loadConfig(containerEnv(objects, spec, filled));
      expect(config.NODE_ENV).toBe('production');
      // The loader's default is 127.0.0.1, which a pod's Service could not reach.
      if (name === 'api') expect(config.API_HOST).toBe('0.0.0.0');
      const pod = find(objects, 'Deployment', name).spec as { template: { spec: { volumes: Plain[] } } };
      const mount = (spec.volumeMounts as Plain[]).find((candidate) => config.UPLOAD_DIR.startsWith(String(candidate.mountPath)));
      const volume = pod.template.spec.volumes.find((candidate) => candidate.name === mount?.name);
      const claim = find(objects, 'PersistentVolumeClaim', String((volume?.persistentVolumeClaim as Plain | undefined)?.claimName));
      expect((claim.spec as Plain).accessModes).toEqual(['ReadWriteMany']);
    }
  });

  it('runs commands that the server builds produce', () => {
    const commands = objects
      .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
      .flatMap(podContainers)
      .map((spec) => spec.command as string[] | undefined);
    for (const command of commands.filter((words) => words?.[0] === 'node')) {
      const [, workspace, file] = /^(services\/[^/]+)\/(.+)$/.exec(command![1]) ?? [];
      expect(buildOutputs(workspace), command!.join(' ')).toContain(file);
    }
  });
});

describe('base', () => {
  const objects = built.base;

  it('migrates in a Job, once a release, and every API pod waits for it without touching the schema', () => {
    const job = container(objects, 'migrate', 'migrate', 'Job');
    expect(job.command).toEqual(['node', 'services/core/dist/migrate.js']);
    expect(databaseSettingsFromEnv(containerEnv(objects, job, secretTemplate))).toEqual({
      statementTimeoutMs: 5_000,
      idleInTransactionTimeoutMs: 10_000,
    });
    expect(containerEnv(objects, job, secretTemplate).DATABASE_URL).toMatch(/^postgres:\/\//);
    expect((find(objects, 'Job', 'migrate').spec as { template: { spec: Plain } }).template.spec.restartPolicy).toBe('Never');
    expect(container(objects, 'api', 'wait-for-migrations').command).toEqual(['node', 'services/core/dist/migrate.js', '--wait']);
    const migrating = objects
      .filter((object) => object.kind === 'Deployment')
      .flatMap(podContainers)
      .filter((spec) => JSON.stringify(spec.command ?? []).includes('migrate.js') && !(spec.command as string[]).includes('--wait'));
    expect(migrating).toEqual([]);
  });

  it('routes everything to the front door through the Gateway API as through the Ingress', () => {
    const route = find(objects, 'HTTPRoute', 'zaytoon').spec as { parentRefs: Plain[]; rules: { backendRefs: Plain[] }[] };
    expect(route.parentRefs).toEqual([{ name: 'zaytoon', sectionName: 'http' }]);
    expect(route.rules.flatMap((rule) => rule.backendRefs)).toEqual([{ name: 'frontdoor', port: 80 }]);
    expect(find(objects, 'Ingress', 'zaytoon')).toBeTruthy();
  });

  it('scales the workers on every BullMQ queue, and on no queue that does not exist', () => {
    const triggers = (find(objects, 'ScaledObject', 'worker').spec as { triggers: { type: string; metadata: Record<string, string> }[] }).triggers;
    expect(triggers.every((trigger) => trigger.type === 'redis')).toBe(true);
    expect(triggers.map((trigger) => trigger.metadata.listName).sort()).toEqual(
      Object.values(QUEUES)
        .map((queue) => `bull:${queue}:wait`)
        .sort(),
    );
  });

  it('keeps only placeholders in the Secret template, which the API refuses to boot with', () => {
    expect(secretTemplate).toHaveLength(1);
    expect(schemaProblems(secretTemplate)).toEqual([]);
    expect(fieldProblems(secretTemplate)).toEqual([]);
    expect(Object.values(secretTemplate[0].stringData as Record<string, string>).filter((value) => !value.includes('CHANGE_ME'))).toEqual([]);
    expect(() => loadConfig(containerEnv(objects, container(objects, 'api'), secretTemplate))).toThrow(/SESSION_SECRET|METRICS_TOKEN/);
  });
});

describe('production overlay', () => {
  const objects = built['overlays/production'];

  it('serves one https origin: PUBLIC_ORIGIN, the Ingress host and TLS, the remotes the shell loads', () => {
    const origin = new URL((find(objects, 'ConfigMap', 'zaytoon-server').data as Record<string, string>).PUBLIC_ORIGIN);
    expect(origin.protocol).toBe('https:');
    const ingress = find(objects, 'Ingress', 'zaytoon').spec as { rules: { host: string }[]; tls: { hosts: string[] }[] };
    expect(ingress.rules.map((rule) => rule.host)).toEqual([origin.host]);
    expect(ingress.tls.flatMap((entry) => entry.hosts)).toEqual([origin.host]);
    const gateway = find(objects, 'Gateway', 'zaytoon').spec as { listeners: { name: string; hostname?: string; tls?: unknown }[] };
    expect(gateway.listeners.map((listener) => [listener.name, listener.hostname])).toEqual([
      ['http', origin.host],
      ['https', origin.host],
    ]);
    const route = (name: string) => find(objects, 'HTTPRoute', name).spec as { hostnames: string[]; parentRefs: Plain[]; rules: Plain[] };
    expect(route('zaytoon').hostnames).toEqual([origin.host]);
    expect(route('zaytoon').parentRefs).toEqual([{ name: 'zaytoon', sectionName: 'https' }]);
    expect(route('zaytoon-http-redirect').parentRefs).toEqual([{ name: 'zaytoon', sectionName: 'http' }]);
    expect(route('zaytoon-http-redirect').rules).toEqual([
      { filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] },
    ]);
    const env = containerEnv(objects, container(objects, 'frontdoor'), []);
    expect(env.DIRECTORY_REMOTE_URL).toBe(`${origin.origin}/remotes/directory/mf-manifest.json`);
    expect(env.ADMIN_REMOTE_URL).toBe(`${origin.origin}/remotes/admin/mf-manifest.json`);
    expect(env.HSTS).toBe('on');
  });

  it('pins every image to a release tag', () => {
    const images = objects
      .filter((object) => object.kind === 'Deployment')
      .flatMap(podContainers)
      .map((spec) => String(spec.image));
    expect(images.filter((image) => !/^[\w.-]+\/[\w./-]+:(?!latest$)[\w.-]+$/.test(image))).toEqual([]);
  });

  it('patches containers by name: new resources, probes and the init container kept', () => {
    const api = container(objects, 'api');
    expect(api.resources).toEqual({ requests: { cpu: '500m', memory: '384Mi' }, limits: { cpu: '1500m', memory: '768Mi' } });
    expect(api.readinessProbe).toEqual(container(built.base, 'api').readinessProbe);
    expect(container(objects, 'api', 'wait-for-migrations')).toEqual({
      ...container(built.base, 'api', 'wait-for-migrations'),
      image: 'registry.example.org/zaytoon/api:0.1.0',
    });
    expect(container(objects, 'migrate', 'migrate', 'Job').image).toBe('registry.example.org/zaytoon/api:0.1.0');
    expect((find(objects, 'HorizontalPodAutoscaler', 'api').spec as Plain).minReplicas).toBe(3);
  });
});

describe('production without KEDA', () => {
  it('scales the workers with an HPA instead of the ScaledObject', () => {
    const objects = built['overlays/production-without-keda'];
    expect(objects.filter((object) => object.apiVersion.startsWith('keda.sh/'))).toEqual([]);
    expect((find(objects, 'HorizontalPodAutoscaler', 'worker').spec as Plain).scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'worker' });
  });
});

describe('the checks catch a broken manifest', () => {
  const broken = (change: (objects: K8sObject[]) => void) => {
    const objects = structuredClone(built.base);
    change(objects);
    return objects;
  };
  const apiContainer = (objects: K8sObject[]) => container(objects, 'api');

  it.each<[string, (objects: K8sObject[]) => void, RegExp]>([
    [
      'a Service selector that matches nothing',
      (objects) => ((find(objects, 'Service', 'api').spec as Plain).selector = { 'app.kubernetes.io/name': 'apii' }),
      /Service\/api: its selector matches no/,
    ],
    [
      'a probe on an undeclared port',
      (objects) => (((apiContainer(objects).readinessProbe as Plain).httpGet as Plain).port = 'metrics'),
      /readinessProbe port metrics/,
    ],
    [
      'a missing Secret key',
      (objects) =>
        (((podContainers(find(objects, 'Deployment', 'api'))[0].env as Plain[])[0].valueFrom as Plain).secretKeyRef = {
          name: 'zaytoon-secrets',
          key: 'DB_URL',
        }),
      /has no key DB_URL/,
    ],
    ['a container without limits', (objects) => delete (apiContainer(objects).resources as Plain).limits, /no cpu in resources.limits/],
    [
      'an Ingress backend port that does not exist',
      (objects) =>
        ((
          find(objects, 'Ingress', 'zaytoon').spec as { rules: { http: { paths: { backend: { service: { port: Plain } } }[] } }[] }
        ).rules[0].http.paths[0].backend.service.port = { name: 'https' }),
      /backend frontdoor:https/,
    ],
    [
      'an HPA on a missing Deployment',
      (objects) => (((find(objects, 'HorizontalPodAutoscaler', 'api').spec as Plain).scaleTargetRef as Plain).name = 'apis'),
      /scale target Deployment apis/,
    ],
    [
      'an upstream naming a missing port',
      (objects) => ((find(objects, 'ConfigMap', 'zaytoon-frontdoor').data as Plain).API_UPSTREAMS = 'api:3001'),
      /API_UPSTREAMS: api:3001/,
    ],
    [
      'a container allowed to escalate privileges',
      (objects) => ((apiContainer(objects).securityContext as Plain).allowPrivilegeEscalation = true),
      /allowPrivilegeEscalation/,
    ],
  ])('%s', (_name, change, problem) => {
    expect(referenceProblems(broken(change), secretTemplate).join('\n')).toMatch(problem);
  });

  const httpRoute = (objects: K8sObject[]) =>
    find(objects, 'HTTPRoute', 'zaytoon').spec as { parentRefs: Plain[]; rules: { backendRefs: Plain[] }[] };

  it.each<[string, (objects: K8sObject[]) => void, RegExp]>([
    [
      'an HTTPRoute backend port that does not exist',
      (objects) => (httpRoute(objects).rules[0].backendRefs[0].port = 8080),
      /HTTPRoute\/zaytoon: backend frontdoor:8080/,
    ],
    [
      'an HTTPRoute on a missing listener',
      (objects) => (httpRoute(objects).parentRefs[0].sectionName = 'https'),
      /Gateway zaytoon has no listener https/,
    ],
    ['an HTTPRoute on a missing Gateway', (objects) => (httpRoute(objects).parentRefs[0].name = 'public'), /parent Gateway public does not exist/],
    [
      'a Job container without limits',
      (objects) => delete (container(objects, 'migrate', 'migrate', 'Job').resources as Plain).limits,
      /Job\/migrate container migrate: no cpu in resources.limits/,
    ],
  ])('%s', (_name, change, problem) => {
    expect(referenceProblems(broken(change), secretTemplate).join('\n')).toMatch(problem);
  });

  it('a Gateway API object against its CRD schema: a wrong type, a port out of range, a misspelt field', () => {
    const objects = broken((copy) => {
      httpRoute(copy).rules[0].backendRefs[0].port = '80';
      (httpRoute(copy).rules[0] as Plain).matchs = (httpRoute(copy).rules[0] as Plain).matches;
      (find(copy, 'Gateway', 'zaytoon').spec as { listeners: Plain[] }).listeners[0].port = 70_000;
    });
    const problems = schemaProblems(objects).join('\n');
    expect(problems).toMatch(/HTTPRoute\/zaytoon: .*backendRefs\/0\/port must be integer/);
    expect(problems).toMatch(/HTTPRoute\/zaytoon: .*must NOT have additional properties/);
    expect(problems).toMatch(/Gateway\/zaytoon: .*listeners\/0\/port must be <= 65535/);
    expect(schemaProblems(built['overlays/production'])).toEqual([]);
  });

  it('a value of the wrong type', () => {
    const objects = broken((copy) => ((apiContainer(copy).ports as Plain[])[0].containerPort = '3000'));
    expect(schemaProblems(objects).join('\n')).toMatch(/Deployment\/api: .*containerPort must be integer/);
  });

  it('a misspelt field', () => {
    const objects = broken((copy) => {
      const spec = apiContainer(copy);
      spec.readinesProbe = spec.readinessProbe;
      delete spec.readinessProbe;
    });
    expect(fieldProblems(objects).join('\n')).toMatch(/Deployment\/api: .*'"readinesProbe"' does not exist/);
    expect(referenceProblems(objects, secretTemplate).join('\n')).toMatch(/no readinessProbe/);
  });

  /** A kustomization in a temporary directory on top of the base, with the given patch files. */
  const overlay = (patches: Record<string, string>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'k8s-'));
    const entries = Object.keys(patches).map((file) => `{ path: ${file} }`);
    // kustomize takes a directory resource only by a relative path.
    const kustomization = `kind: Kustomization\nresources: [${path.relative(dir, path.join(here, 'base'))}]\npatches: [${entries.join(', ')}]\n`;
    writeFileSync(path.join(dir, 'kustomization.yaml'), kustomization);
    for (const [file, text] of Object.entries(patches)) writeFileSync(path.join(dir, file), text);
    return dir;
  };

  it('an overlay patch with a misspelt field and a route to a missing Service, as kubectl builds them', async () => {
    const dir = overlay({
      'api.yaml': [
        'apiVersion: apps/v1',
        'kind: Deployment',
        'metadata: { name: api }',
        'spec: { template: { spec: { containers: [{ name: api, readinesProbe: { httpGet: { path: /ready, port: http } } }] } } }',
      ].join('\n'),
      'route.yaml': [
        'apiVersion: gateway.networking.k8s.io/v1',
        'kind: HTTPRoute',
        'metadata: { name: zaytoon }',
        'spec: { rules: [{ backendRefs: [{ name: frontdor, port: 80 }] }] }',
      ].join('\n'),
    });
    try {
      const objects = await kustomizeBuild(dir);
      expect(fieldProblems(objects).join('\n')).toMatch(/Deployment\/api: .*'"readinesProbe"' does not exist/);
      expect(referenceProblems(objects, secretTemplate).join('\n')).toMatch(/HTTPRoute\/zaytoon: backend frontdor:80 is not a Service port/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("a patch whose target does not exist stops the build with kubectl's own message", async () => {
    const dir = overlay({ 'patch.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: nothing }\n' });
    try {
      await expect(kustomizeBuild(dir)).rejects.toThrow(/kubectl kustomize .* failed: .*no resource matches strategic merge patch .*nothing/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('a machine without kubectl is told how to install it', async () => {
    await expect(kustomizeBuild(path.join(here, 'base'), path.join(tmpdir(), 'no-such-dir', 'kubectl'))).rejects.toThrow(
      /kubectl was not found\. kubectl 1\.27 or newer .* Install it from https:\/\/kubernetes\.io\//,
    );
  });
});

it('parses every YAML file here, and each is a resource or patch of a kustomization (or the Secret template)', () => {
  const files = readdirSync(here, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.yaml'));
  const used = new Set(['base/secret.template.yaml']);
  for (const file of files.filter((name) => path.basename(name) === 'kustomization.yaml')) {
    const [kustomization] = readYamlFile(path.join(here, file)) as { resources?: string[]; patches?: { path: string }[] }[];
    used.add(file);
    for (const entry of [...(kustomization.resources ?? []), ...(kustomization.patches ?? []).map((patch) => patch.path)]) {
      used.add(path.relative(here, path.resolve(here, path.dirname(file), entry)));
    }
  }
  for (const file of files) expect(readYamlFile(path.join(here, file)).length, file).toBeGreaterThan(0);
  expect(files.filter((file) => !used.has(file))).toEqual([]);
});
