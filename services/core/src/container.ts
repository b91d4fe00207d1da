import { AdminReviewService } from './admin/admin-review.service';
import { BusinessesRepository } from './businesses/businesses.repository';
import { BusinessesService } from './businesses/businesses.service';
import { CommentsRepository } from './comments/comments.repository';
import { CommentsService } from './comments/comments.service';
import type { Config } from './config/config';
import { DirectoryService } from './directory/directory.service';
import { DirectoryVersionRepository } from './directory/directory-version.repository';
import { DirectoryRollupRepository } from './directory/directory-rollup.repository';
import { createPool, type Database } from './db/pool';
import { JobQueueRepository } from './jobs/job-queue.repository';
import { createQueueConnection } from './jobs/redis-connection';
import { createRedisClient, firstReady } from './redis/redis-client';
import { ReportsRepository } from './reports/reports.repository';
import { ReportsService } from './reports/reports.service';
import { StatisticsRepository } from './statistics/statistics.repository';
import { StatisticsService } from './statistics/statistics.service';
import { storageFromConfig } from './storage/s3-storage.repository';
import { SourcesService } from './sources/sources.service';
import { SessionIndexRepository } from './sessions/session-index.repository';
import { SuggestionsRepository } from './suggestions/suggestions.repository';
import { SuggestionsService } from './suggestions/suggestions.service';
import { JobDataCipher } from './jobs/job-data-cipher';
import { AccountService } from './users/account.service';
import { ResetMailQuotaRepository } from './users/reset-mail-quota.repository';
import { AuthService } from './users/auth.service';
import { PasswordHasher } from './users/password';
import { SecondFactorService } from './users/second-factor.service';
import { ProfilePictureService } from './users/profile-picture.service';
import { PhotosRepository } from './photos/photos.repository';
import { PhotosService } from './photos/photos.service';
import { UsersRepository } from './users/users.repository';
import { VotesService } from './votes/votes.service';
import { ConfirmationsRepository } from './confirmations/confirmations.repository';
import { ConfirmationsService } from './confirmations/confirmations.service';
import { BurstProtection, burstSettings } from './protection/burst-protection';
import { ProtectionService } from './protection/protection.service';
import { VerificationRepository } from './verification/verification.repository';
import { VerificationService } from './verification/verification.service';
import { RevisionsRepository } from './revisions/revisions.repository';
import { RevisionsService } from './revisions/revisions.service';
import { LinksRepository } from './links/links.repository';
import { LinksService } from './links/links.service';
import { ClaimsRepository } from './claims/claims.repository';
import { ClaimsService } from './claims/claims.service';
import { FreshnessService } from './freshness/freshness.service';
import { DuplicatesRepository } from './duplicates/duplicates.repository';
import { DuplicatesService } from './duplicates/duplicates.service';
import { AlertTokens } from './alerts/alert-token';
import { AlertsService } from './alerts/alerts.service';
import { BrandsService } from './brands/brands.service';
import { BrandsRepository } from './brands/brands.repository';
import { OpenDataService } from './open-data/open-data.service';
import { BusinessChangesRepository } from './partners/business-changes.repository';
import { PartnerFeedService } from './partners/partner-feed.service';
import { PartnerKeysService } from './partners/partner-keys.service';
import { PartnerSubmissionsService } from './partners/partner-submissions.service';
import { PartnerUsageRepository } from './partners/partner-usage.repository';
import { OpenDataChangesRepository } from './open-data/open-data-changes.repository';

import { EmailConfirmationService } from './email-confirmation/email-confirmation.service';

/**
 * Wires repositories and services once; both edges (HTTP and jobs) build on it. Nothing waits for Postgres or
 * Redis: the process starts while either is away (its /readyz says so) and uses them once they are there.
 */
export function createCore(config: Config) {
  const db: Database = createPool(config.DATABASE_URL, config.POSTGRES_POOL_SIZE, { connectTimeoutMs: config.POSTGRES_CONNECT_TIMEOUT_MS });
  // Searches queue here, each bounded by the statement timeout, and never hold the connections other requests need.
  const searchDb: Database = createPool(config.DATABASE_URL, config.POSTGRES_SEARCH_POOL_SIZE, {
    connectTimeoutMs: Math.max(config.POSTGRES_CONNECT_TIMEOUT_MS, config.POSTGRES_STATEMENT_TIMEOUT_MS),
  });
  const redis = createRedisClient({ url: config.REDIS_URL, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS });
  const redisConnected = firstReady(redis);
  const queueConnection = createQueueConnection(config.REDIS_URL, 'producer', config.REDIS_COMMAND_TIMEOUT_MS);
  const jobs = new JobQueueRepository(queueConnection, new JobDataCipher(config));

  const repositories = {
    users: new UsersRepository(db),
    businesses: new BusinessesRepository(db, searchDb),
    comments: new CommentsRepository(db),
    suggestions: new SuggestionsRepository(db),
    reports: new ReportsRepository(db),
    sessionIndex: new SessionIndexRepository(redis),
    directoryVersion: new DirectoryVersionRepository(db),
    storage: storageFromConfig(config),
    statistics: new StatisticsRepository(db),
    verifications: new VerificationRepository(db),
    confirmations: new ConfirmationsRepository(db),
    links: new LinksRepository(db),
    revisions: new RevisionsRepository(db),
    claims: new ClaimsRepository(db),
    duplicates: new DuplicatesRepository(db),
  };
  const { users, businesses } = repositories;
  const rollups = new DirectoryRollupRepository(db);
  const passwords = new PasswordHasher({
    memoryKib: config.PASSWORD_ARGON2_MEMORY_KIB,
    iterations: config.PASSWORD_ARGON2_ITERATIONS,
    parallelism: config.PASSWORD_ARGON2_PARALLELISM,
  });
  const burstProtection = new BurstProtection(burstSettings(config), jobs);
  const services = {
    auth: new AuthService(users, jobs, config.SESSION_ABSOLUTE_LIFETIME_SECONDS, passwords),
    account: new AccountService(
      db,
      users,
      repositories.sessionIndex,
      jobs,
      config.SESSION_SECRET,
      { quota: new ResetMailQuotaRepository(redis), cipher: new JobDataCipher(config) },
      passwords,
    ),
    secondFactor: new SecondFactorService(
      db,
      users,
      repositories.sessionIndex,
      passwords,
      new JobDataCipher(config),
      config.SESSION_SECRETS,
      config.PRODUCT_NAME,
    ),
    pictures: new ProfilePictureService(repositories.storage, jobs),
    photos: new PhotosService(db, new PhotosRepository(db), businesses, repositories.storage, jobs, {
      perMemberPerBusiness: config.PHOTOS_PER_MEMBER_PER_BUSINESS,
    }),
    emailConfirmation: new EmailConfirmationService(db, users, jobs),
    statistics: new StatisticsService(repositories.statistics, jobs),
    businesses: new BusinessesService(db, businesses, new SourcesService(), jobs, rollups),
    directory: new DirectoryService(businesses, rollups),
    votes: new VotesService(db, businesses, burstProtection),
    comments: new CommentsService(repositories.comments, businesses, db, burstProtection),
    suggestions: new SuggestionsService(repositories.suggestions, businesses, jobs, db),
    reports: new ReportsService(repositories.reports, businesses, jobs, db, burstProtection),
    adminReview: new AdminReviewService(db, jobs),
    verification: new VerificationService(db, repositories.verifications, jobs),
    confirmations: new ConfirmationsService(db, repositories.confirmations, burstProtection),
    protection: new ProtectionService(db),
    links: new LinksService(repositories.links, jobs),
    revisions: new RevisionsService(db, repositories.revisions, new SourcesService(), jobs),
    claims: new ClaimsService(db, repositories.claims),
    freshness: new FreshnessService(db, jobs),
    duplicates: new DuplicatesService(db, repositories.duplicates, new SourcesService(), jobs),
    alerts: new AlertsService(db, jobs, new AlertTokens(config)),
    partnerFeed: new PartnerFeedService(new BusinessChangesRepository(db), businesses),
    partnerKeys: new PartnerKeysService(db, new PartnerUsageRepository(redis)),
    brands: new BrandsService(db, jobs),
    openData: new OpenDataService(
      businesses,
      repositories.storage,
      jobs,
      { productName: config.PRODUCT_NAME, publicOrigin: config.PUBLIC_ORIGIN },
      { changes: new OpenDataChangesRepository(db), brands: new BrandsRepository(db) },
    ),
  };

  // Approving a partner's submission adds the business as the businesses service adds any.
  const partnerSubmissions = new PartnerSubmissionsService(db, services.businesses);

  return {
    config,
    db,
    searchDb,
    redis,
    jobs,
    repositories,
    services: { ...services, partnerSubmissions },
    /** Resolves once Redis has answered for the first time (tests wait for it; the API serves before). */
    redisConnected,
    async close() {
      await jobs.close().catch(() => {});
      queueConnection.disconnect();
      await redis.quit().catch(() => redis.disconnect());
      await Promise.all([db.end(), searchDb.end()]);
    },
  };
}

export type Core = ReturnType<typeof createCore>;
