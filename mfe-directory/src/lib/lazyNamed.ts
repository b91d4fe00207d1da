import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Any props, as React.lazy's own signature allows.
type AnyComponent = ComponentType<any>;

/** React.lazy for a module's named export: the component's code downloads the first time it renders. */
export function lazyNamed<Module extends Record<Name, AnyComponent>, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<Module[Name]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
