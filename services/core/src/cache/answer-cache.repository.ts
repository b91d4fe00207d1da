import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { RedisClientType } from 'redis';
import { isDependencyUnavailable } from '../errors/dependency-unavailable';
import { componentLogger } from '../logging/logger';

const gzip = promisify(gzipCallback);

export const BUSINESS_CACHE_PREFIX = 'cache:businesses:';
/** The token in Redis that any business write replaces (the worker's writes too). */
export const BUSINESS_CACHE_VERSION_KEY = BUSINESS_CACHE_PREFIX + 'version';
/**
 * The channel every API process listens on for drops: `v:<token>` (all business answers) or `b:<id>`
 * (one business's answers). Channels are server-wide, so the Redis database is part of the name.
 */
export const businessCacheChannel = (database = 0) => `${BUSINESS_CACHE_PREFIX}drops:${database}`;
/** The tag of every cached answer about one business (its detail), dropped by a vote on it. */
export const businessTag = (id: number) => `business:${id}`;

const TTL_MS = 60_000;
/**
 * An answer tagged by business is dropped by every change to that business (writes drop everything, votes
 * drop its tag), so its age bound only limits what a lost message could cost (a subscription that drops
 * starts again from an empty cache): it may live longer than answers that votes do not drop (list scores).
 */
const TAGGED_TTL_MS = 10 * 60_000;
const MAX_ENTRIES = 100_000;
/** Serialized bytes (JSON + gzip) kept per process before the least recently used answers go. */
const MAX_BYTES = 64 * 1024 * 1024;
/** How often the token is read anyway, for writers that only replace it (the worker) and lost messages. */
const POLL_MS = 1_000;
/** Tags dropped recently are remembered so that answers computed before the drop are never stored after it. */
const MAX_REMEMBERED_TAG_DROPS = 50_000;

/** Below this, an answer is sent as it is (as the `compression` middleware's default threshold does). */
const GZIP_MIN_BYTES = 1024;

/** A serialized answer, its gzip form and its ETag, made once and sent many times. */
export interface CachedAnswer {
  json: Buffer;
  /** null under 1 KB: a gzip stream costs more to set up than it saves there. */
  gzip: Buffer | null;
  /** Weak, from the JSON: the same for both encodings, new whenever the content changes. */
  etag: string;
}

interface Entry {
  value: unknown;
  expires: number;
  bytes: number;
  tags: readonly string[];
}

export interface StoreOptions {
  /** `mark()` taken before the answer's data was read: a drop since then means the answer may be stale. */
  since: number;
  tags?: readonly string[];
  bytes?: number;
}

export const answerBytes = (answer: CachedAnswer) => answer.json.length + (answer.gzip?.length ?? 0);

/** Serializes an answer body once: JSON, gzip and a weak ETag over the JSON. */
export async function serializeAnswer(body: unknown): Promise<CachedAnswer> {
  const json = Buffer.from(JSON.stringify(body));
  return {
    json,
    gzip: json.length < GZIP_MIN_BYTES ? null : await gzip(json, { level: 6 }),
    etag: `W/"${createHash('sha1').update(json).digest('base64url')}"`,
  };
}

/**
 * Business answers kept in each API process (least recently used go first; at most 60 s old, 10 minutes for
 * answers about one business, which votes drop too). Every process subscribes to a Redis
 * channel: a business write anywhere replaces the version token in Redis and publishes it, and every
 * replica drops its answers when the message arrives, with no Redis round trip per request. The token is
 * also read once a second (writers that only replace it, such as the worker's cascades, are seen within
 * that second). While the subscription is down, every call reads the token from Redis as it used to, and
 * answers stored by URL (`peek`/`store`) are not used at all.
 */
export class AnswerCacheRepository {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByTag = new Map<string, Set<string>>();
  private bytes = 0;
  /** The token last seen in Redis, and a local generation bumped at every drop (so no key is ever reused). */
  private remote: string | null = null;
  private generation = 0;
  /** Bumped by every drop, global or by tag; `mark()` reads it. */
  private epoch = 0;
  private lastGlobalDrop = 0;
  private readonly tagDrops = new Map<string, number>();
  private live = false;
  private subscribed = false;
  private subscriber: RedisClientType | undefined;
  private starting: Promise<void> | undefined;
  private poller: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly channel: string;

  constructor(private readonly redis: RedisClientType) {
    this.channel = businessCacheChannel(redis.options?.database ?? 0);
    // The subscription lives as long as the client it was made from.
    redis.on('end', () => void this.close());
  }

  /** Whether drops reach this process as they happen (answers stored by URL are served only then). */
  get isLive(): boolean {
    return this.live;
  }

  /** The token every cached business answer is keyed by; any business write replaces it. */
  async version(): Promise<string> {
    this.start();
    if (!this.live) await this.checkRemote();
    return `${this.generation}:${this.remote}`;
  }

  async getOrCompute(key: string, compute: () => Promise<unknown>, options: { tags?: readonly string[] } = {}): Promise<CachedAnswer> {
    this.start();
    if (!this.live) {
      // Redis away: nothing can be known about drops elsewhere, so the answer comes straight from Postgres.
      if (!(await this.checkRemoteIfReachable())) return serializeAnswer(await compute());
      // A drop by tag from another process cannot be seen without the subscription.
      if (options.tags?.length) return serializeAnswer(await compute());
    }
    const hit = this.lookup(key);
    if (hit) return hit.value as Promise<CachedAnswer>;
    const answer = compute().then(serializeAnswer);
    const entry: Entry = { value: answer, expires: Date.now() + TTL_MS, bytes: 0, tags: options.tags ?? [] };
    this.insert(key, entry);
    answer.then(
      (done) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = answerBytes(done);
        this.bytes += entry.bytes;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.remove(key);
      },
    );
    return answer;
  }

  /** A token to pass to `store`: answers whose data was read after it may be stored. */
  mark(): number {
    this.start();
    return this.epoch;
  }

  /** A value kept by `store`, only while drops reach this process as they happen. */
  peek<T>(key: string): T | undefined {
    if (!this.live) {
      this.start();
      return undefined;
    }
    return this.lookup(key)?.value as T | undefined;
  }

  /** Keeps a value unless a drop that concerns it happened after `since` (then it may be stale). */
  store(key: string, value: unknown, options: StoreOptions): boolean {
    if (!this.live || options.since < this.lastGlobalDrop) return false;
    const tags = options.tags ?? [];
    if (tags.some((tag) => (this.tagDrops.get(tag) ?? 0) > options.since)) return false;
    this.insert(key, { value, expires: Date.now() + (tags.length ? TAGGED_TTL_MS : TTL_MS), bytes: options.bytes ?? 0, tags });
    this.bytes += options.bytes ?? 0;
    this.evict();
    return true;
  }

  /** The token in Redis (shared by every process): the open data build compares it with the one its files were built from. */
  storedVersion(): Promise<string | null> {
    return this.redis.get(BUSINESS_CACHE_VERSION_KEY);
  }

  /** After any write to businesses: every process drops every business answer. */
  async dropBusinessAnswers(): Promise<void> {
    const token = randomBytes(8).toString('hex');
    this.adopt(token);
    await this.redis.set(BUSINESS_CACHE_VERSION_KEY, token);
    await this.redis.publish(this.channel, `v:${token}`);
  }

  /** After a change to one business that lists may show late (a vote): every process drops its detail. */
  async dropBusinessAnswer(id: number): Promise<void> {
    this.dropTag(businessTag(id));
    await this.redis.publish(this.channel, `b:${id}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.poller) clearInterval(this.poller);
    this.stopSubscriber();
  }

  private stopSubscriber(): void {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.subscribed = false;
    try {
      if (subscriber?.isOpen) subscriber.destroy();
    } catch {
      /* already closed */
    }
  }

  private lookup(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= Date.now()) {
      this.remove(key);
      return undefined;
    }
    // Least recently used goes first: a hit moves the answer to the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private insert(key: string, entry: Entry): void {
    if (this.entries.has(key)) this.remove(key);
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private evict(): void {
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
  }

  /** A token other than the one last seen: every answer goes. */
  private adopt(token: string): void {
    if (token === this.remote) return;
    this.remote = token;
    this.clearAll();
  }

  private clearAll(): void {
    this.entries.clear();
    this.keysByTag.clear();
    this.tagDrops.clear();
    this.bytes = 0;
    this.generation++;
    this.lastGlobalDrop = ++this.epoch;
  }

  private dropTag(tag: string): void {
    this.tagDrops.set(tag, ++this.epoch);
    if (this.tagDrops.size > MAX_REMEMBERED_TAG_DROPS) {
      // Forgetting which tags were dropped is safe only if nothing computed before now may be stored.
      this.tagDrops.clear();
      this.lastGlobalDrop = this.epoch;
    }
    for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.remove(key);
  }

  private onMessage(message: string): void {
    if (message.startsWith('v:')) this.adopt(message.slice(2));
    else if (message.startsWith('b:')) this.dropTag(businessTag(Number(message.slice(2))));
  }

  /** Reads the token (making one when Redis has none) and drops everything when it changed. */
  private async checkRemote(): Promise<void> {
    let token = await this.redis.get(BUSINESS_CACHE_VERSION_KEY);
    if (!token) {
      await this.redis.set(BUSINESS_CACHE_VERSION_KEY, randomBytes(8).toString('hex'), { NX: true });
      token = (await this.redis.get(BUSINESS_CACHE_VERSION_KEY)) ?? 'none';
    }
    this.adopt(token);
  }

  /** checkRemote, or false when Redis is down or frozen. */
  private async checkRemoteIfReachable(): Promise<boolean> {
    try {
      await this.checkRemote();
      return true;
    } catch (error) {
      if (isDependencyUnavailable(error)) return false;
      throw error;
    }
  }

  private start(): void {
    if (this.starting || this.closed) return;
    this.starting = this.subscribe().catch((error: Error) => {
      if (this.closed) return;
      componentLogger('cache').warn({ err: error }, 'no drop subscription; the version is read from Redis on every call');
      this.stopSubscriber();
      // Try again on a later call, not in a loop.
      setTimeout(() => (this.starting = undefined), POLL_MS).unref();
    });
  }

  private async subscribe(): Promise<void> {
    const subscriber = this.redis.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', () => this.lost());
    subscriber.on('reconnecting', () => this.lost());
    // Reconnected: node-redis subscribes again before 'ready'; messages may have been lost meanwhile.
    subscriber.on('ready', () => {
      if (this.subscribed) void this.resync();
    });
    await subscriber.connect();
    subscriber.unref();
    await subscriber.subscribe(this.channel, (message) => this.onMessage(message));
    if (this.closed) return this.stopSubscriber();
    this.subscribed = true;
    await this.resync();
    this.poller = setInterval(() => void this.poll(), POLL_MS).unref();
  }

  private lost(): void {
    if (this.live) componentLogger('cache').warn('drop subscription lost; the version is read from Redis on every call until it is back');
    this.live = false;
  }

  /** Subscribed (again): start from a clean slate, then trust the messages. */
  private async resync(): Promise<void> {
    if (this.closed || !this.subscriber?.isReady) return;
    try {
      await this.checkRemote();
      this.clearAll();
      this.live = !this.closed && !!this.subscriber?.isReady;
    } catch {
      this.live = false;
    }
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    if (!this.subscriber?.isReady) return this.lost();
    try {
      if (!this.live) await this.resync();
      else await this.checkRemote();
    } catch {
      this.live = false;
    }
  }
}
