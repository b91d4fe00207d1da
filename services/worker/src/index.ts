export { bootWorker, type RunningWorker } from './worker.ts';
export { loadWorkerSettings, type WorkerSettings } from './worker.config.ts';
export { buildHandlerRegistry, discoverHandlers } from './jobs/handler-registry.ts';
export { defineHandler, type JobHandler } from './jobs/job-handler.ts';
