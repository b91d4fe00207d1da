export { bootWorker, type RunningWorker } from './worker';
export { loadWorkerSettings, type WorkerSettings } from './worker.config';
export { buildHandlerRegistry, type JobHandlers } from './jobs/handler-registry';
export { HANDLERS } from './handlers/index';
export { defineHandler, type JobHandler } from './jobs/job-handler';
