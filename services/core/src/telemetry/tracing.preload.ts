// `node --import <this> services/api|worker/…/main`: the SDK starts before the modules it instruments load.
// Without OTEL_EXPORTER_OTLP_ENDPOINT it loads nothing and returns at once.
import { startTracing } from './tracing';

await startTracing();
