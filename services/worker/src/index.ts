export { bootWorker, type RunningWorker } from './worker.ts';
export { loadWorkerSettings, type WorkerSettings } from './worker.config.ts';
export { buildHandlerRegistry, type JobHandlers } from './jobs/handler-registry.ts';
export { HANDLERS } from './handlers/index.ts';
export { defineHandler, type JobHandler } from './jobs/job-handler.ts';
