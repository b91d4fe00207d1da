/**
 * The licence and copyright notice of every package a build bundles, written beside the build by Vite's own
 * `build.license` and served with it: MIT, BSD and the Hippocratic License (react-leaflet) all ask that whoever
 * receives the code also receives its notice (docs/decisions/0039-licence.md).
 */
export const THIRD_PARTY_LICENSES = { fileName: 'third-party-licenses.txt' } as const;

/** The embed writes into the shell's build folder, so its notice takes a name of its own. */
export const EMBED_THIRD_PARTY_LICENSES = { fileName: 'embed-third-party-licenses.txt' } as const;
