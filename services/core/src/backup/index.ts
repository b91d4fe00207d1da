export * from './backup';
export * from './backup-store';
export * from './postgres-tools';
export * from './s3-backup-store';
export * from './uploads-archive';
