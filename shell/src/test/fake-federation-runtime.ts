/**
 * Stand-in for `@module-federation/runtime` under vitest (aliased in vitest.config.ts):
 * federated modules do not resolve in unit tests. Tests register fake modules here.
 */
type Remote = { name: string; alias?: string; entry: string; type?: string };

const registered: Remote[] = [];
const modules = new Map<string, unknown>();

export function __setFakeRemoteModule(id: string, module: unknown) {
  modules.set(id, module);
}

export function __registeredRemotes(): Remote[] {
  return [...registered];
}

export function __resetFakeFederation() {
  registered.length = 0;
  modules.clear();
}

const instance = {
  name: 'zaytoon_shell',
  registerRemotes(list: Remote[]) {
    registered.push(...list);
  },
  registerPlugins(_plugins: Array<{ name: string }>) {},
  async loadRemote<T>(id: string): Promise<T | null> {
    if (!modules.has(id)) throw new Error(`fake federation: ${id} is not available`);
    return modules.get(id) as T;
  },
};

export function getInstance() {
  return instance;
}

export function registerRemotes(list: Remote[]) {
  instance.registerRemotes(list);
}

export function loadRemote<T>(id: string) {
  return instance.loadRemote<T>(id);
}
