import { DEFAULT_MAP_TILES, mapTileSourceOf, type RuntimeConfig } from '@zaytoon/contract/client';

export const DEFAULT_PRODUCT_NAME = 'Zaytoon';

/**
 * GET /runtime-config.json, answered by the shell's server from its environment. index.html preloads it
 * (so it downloads beside the scripts); the server marks it no-cache, so a new config is read at the next visit.
 * When it cannot be read the app still starts (landing page works) and the
 * remote routes show their "unavailable" message.
 */
export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetcher('/runtime-config.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
    const data = (await response.json()) as Partial<RuntimeConfig>;
    return {
      productName: typeof data.productName === 'string' && data.productName ? data.productName : DEFAULT_PRODUCT_NAME,
      remotes: {
        directory: typeof data.remotes?.directory === 'string' ? data.remotes.directory : '',
        admin: typeof data.remotes?.admin === 'string' ? data.remotes.admin : '',
      },
      mapTiles: mapTileSourceOf(data.mapTiles),
    };
  } catch (error) {
    console.error('[shell] could not read /runtime-config.json', error);
    return { productName: DEFAULT_PRODUCT_NAME, remotes: { directory: '', admin: '' }, mapTiles: DEFAULT_MAP_TILES };
  }
}

let shared: Promise<RuntimeConfig> | null = null;

/** The page's one reading of the config: the early script and the app ask once between them. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  shared ??= fetchRuntimeConfig();
  return shared;
}
