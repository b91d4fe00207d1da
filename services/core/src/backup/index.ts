export * from './backup';
export * from './backup-store';
export * from './postgres-tools';
export * from './uploads-archive';
