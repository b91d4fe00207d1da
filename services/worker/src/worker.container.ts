import {
  type Config,
  createPool,
  GeocodingRepository,
  GeocodingService,
  createGeocoder,
  JobDataCipher,
  JobQueueRepository,
  createQueueConnection,
  OpenDataChangesRepository,
  ModerationService,
  StatisticsRepository,
  StatisticsService,
  storageFromConfig,
  LinksRepository,
  LinksService,
  FreshnessService,
  DuplicatesRepository,
  DuplicateSearchService,
  AlertsService,
  AlertTokens,
  BusinessesRepository,
  OpenDataService,
  OpenDataLockRepository,
  DirectoryRollupRepository,
  BrandsRepository,
} from '@zaytoon/core';
import {
  AvatarRepository,
  AvatarService,
  ImageRepository,
  LinkChecker,
  LinkCheckService,
  MailRepository,
  MailService,
  PhotoProcessingService,
  PhotosRepository,
} from '@zaytoon/core/worker';

/** The worker's own wiring of core's repositories and services (the API has its own in core/container.ts). */
export function createWorkerContainer(config: Config) {
  const db = createPool(config.DATABASE_URL, 10, { statementTimeoutMs: config.WORKER_STATEMENT_TIMEOUT_MS });
  // One connection with maxRetriesPerRequest: null for workers and producers alike: a job
  // cannot finish without Redis anyway, so waiting for it beats failing fast here.
  const redis = createQueueConnection(config.REDIS_URL, 'worker');
  const jobData = new JobDataCipher(config);
  const jobs = new JobQueueRepository(redis, jobData);
  const mail = new MailRepository(config);
  const storage = storageFromConfig(config);

  const statistics = new StatisticsService(new StatisticsRepository(db), jobs);
  const links = new LinksRepository(db);
  const alertTokens = new AlertTokens(config);
  const services = {
    mail: new MailService(mail, config.PRODUCT_NAME, config.PUBLIC_ORIGIN),
    freshness: new FreshnessService(db, jobs),
    alerts: new AlertsService(db, jobs, alertTokens),
    /** Signs the alert mails' unsubscribe links. */
    alertTokens,
    avatars: new AvatarService(new AvatarRepository(db), new ImageRepository(), storage),
    photos: new PhotoProcessingService(new PhotosRepository(db), new ImageRepository(), storage),
    moderation: new ModerationService(db, statistics, jobs),
    statistics,
    /** The directory's rollups: the statistics refresh moves their verification cut-off. */
    directoryRollups: new DirectoryRollupRepository(db),
    /** Opens the payload fields a job definition seals (the processor does, before the schema check). */
    jobData,
    geocoding: new GeocodingService(new GeocodingRepository(db), createGeocoder(config.GEOCODER_URL)),
    links: new LinksService(links, jobs),
    duplicateSearch: new DuplicateSearchService(new DuplicatesRepository(db)),
    openData: new OpenDataService(
      new BusinessesRepository(db),
      storage,
      jobs,
      { productName: config.PRODUCT_NAME, publicOrigin: config.PUBLIC_ORIGIN },
      { changes: new OpenDataChangesRepository(db), brands: new BrandsRepository(db), lock: new OpenDataLockRepository(redis) },
    ),
    linkChecks: new LinkCheckService(
      links,
      new LinkChecker({
        allowPrivateAddresses: config.LINK_CHECK_ALLOW_PRIVATE,
        userAgent: `${config.PRODUCT_NAME}-link-check/1.0 (+${config.PUBLIC_ORIGIN})`,
      }),
    ),
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
