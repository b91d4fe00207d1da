import type { Config } from '@zaytoon/core/config/config.ts';
import { createPool } from '@zaytoon/core/db/pool.ts';
import { GeocodingRepository } from '@zaytoon/core/geocoding/geocoding.repository.ts';
import { GeocodingService } from '@zaytoon/core/geocoding/geocoding.service.ts';
import { createGeocoder } from '@zaytoon/core/geocoding/geocoder.ts';
import { AvatarRepository } from '@zaytoon/core/images/avatar.repository.ts';
import { AvatarService } from '@zaytoon/core/images/avatar.service.ts';
import { ImageRepository } from '@zaytoon/core/images/image.repository.ts';
import { JobDataCipher } from '@zaytoon/core/jobs/job-data-cipher.ts';
import { JobQueueRepository } from '@zaytoon/core/jobs/job-queue.repository.ts';
import { createQueueConnection } from '@zaytoon/core/jobs/redis-connection.ts';
import { MailRepository } from '@zaytoon/core/mail/mail.repository.ts';
import { MailService } from '@zaytoon/core/mail/mail.service.ts';
import { BusinessCacheRepository } from '@zaytoon/core/moderation/business-cache.repository.ts';
import { ModerationService } from '@zaytoon/core/moderation/moderation.service.ts';
import { StatisticsRepository } from '@zaytoon/core/statistics/statistics.repository.ts';
import { StatisticsService } from '@zaytoon/core/statistics/statistics.service.ts';
import { LocalStorageRepository } from '@zaytoon/core/storage/storage.repository.ts';

/** The worker's own wiring of core's repositories and services (the API has its own in core/container.ts). */
export function createWorkerContainer(config: Config) {
  const db = createPool(config.DATABASE_URL, 10);
  // One connection with maxRetriesPerRequest: null for workers, producers and cache alike: a job
  // cannot finish without Redis anyway, so waiting for it beats failing fast here.
  const redis = createQueueConnection(config.REDIS_URL, 'worker');
  const jobData = new JobDataCipher(config);
  const jobs = new JobQueueRepository(redis, jobData);
  const mail = new MailRepository(config);
  const storage = new LocalStorageRepository(config.UPLOAD_DIR);

  const statistics = new StatisticsService(new StatisticsRepository(db), jobs);
  const businessCache = new BusinessCacheRepository(redis);
  const services = {
    mail: new MailService(mail, config.PRODUCT_NAME),
    avatars: new AvatarService(new AvatarRepository(db), new ImageRepository(), storage),
    moderation: new ModerationService(db, businessCache, statistics),
    statistics,
    /** Opens the payload fields a job definition seals (the processor does, before the schema check). */
    jobData,
    geocoding: new GeocodingService(new GeocodingRepository(db), createGeocoder(config.GEOCODER_URL), businessCache),
  };

  return {
    config,
    db,
    redis,
    jobs,
    storage,
    services,
    async close() {
      await jobs.close().catch(() => {});
      mail.close();
      await redis.quit().catch(() => redis.disconnect());
      await db.end();
    },
  };
}

export type WorkerContainer = ReturnType<typeof createWorkerContainer>;
export type WorkerServices = WorkerContainer['services'];
