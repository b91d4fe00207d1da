import { injectStyles } from './injectStyles';

/**
 * A screen's module, once the styles of every screen but /browse are in the page too (screens.css:
 * one chunk, downloaded beside the screen's and injected once), so /browse's first load carries
 * only its own styles.
 */
export async function withScreenStyles<Module>(screen: Promise<Module>): Promise<Module> {
  const [module, { default: css }] = await Promise.all([screen, import('./screens.css?inline')]);
  injectStyles('zaytoon-directory-screen-styles', css);
  return module;
}
