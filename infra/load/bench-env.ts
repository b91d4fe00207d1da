/** Environment of the services a benchmark starts on its bench stack (bench-stack.ts). */
import type { BenchStack } from './bench-stack';

/** What the API and the worker share: the stack's database, Redis and upload folder. */
export function stackEnv(stack: BenchStack): Record<string, string> {
  return { NODE_ENV: 'development', DATABASE_URL: stack.databaseUrl, REDIS_URL: stack.redisUrl, UPLOAD_DIR: stack.uploadDir };
}

/** What a worker needs besides: mail into a local catcher (infra/dev/mail-catcher.ts), no online geocoder. */
export function workerMailEnv(smtpPort: number): Record<string, string> {
  return {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASS: '',
    MAIL_FROM: 'Zaytoon <no-reply@zaytoon.local>',
    GEOCODER_URL: '',
  };
}
