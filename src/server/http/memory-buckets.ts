/** A sustained rate with a burst: `perMinute` requests a minute, up to `burst` at once. */
export interface Rate {
  perMinute: number;
  burst: number;
}

/**
 * The same cell rate algorithm as `takeToken`, in this process's memory: what refuses a flood
 * before it costs any database work. Each instance keeps its own (the database's buckets stay
 * the limit across instances). At most `maxKeys` buckets are kept; past that, the ones full
 * again are dropped, then the oldest.
 */
export class MemoryBuckets {
  readonly #tat = new Map<string, number>();
  readonly #maxKeys: number;
  constructor(maxKeys = 100_000) {
    this.#maxKeys = maxKeys;
  }

  /** 0 when a request is allowed (and counted), else the seconds to wait. */
  take(key: string, rate: Rate, now = Date.now()): number {
    const intervalMs = 60_000 / rate.perMinute;
    const toleranceMs = (rate.burst - 1) * intervalMs;
    const ahead = Math.max(this.#tat.get(key) ?? now, now);
    if (ahead - now > toleranceMs) {
      return Math.max(1, Math.ceil((ahead - toleranceMs - now) / 1000));
    }
    if (!this.#tat.has(key) && this.#tat.size >= this.#maxKeys) this.#evict(now);
    this.#tat.set(key, ahead + intervalMs);
    return 0;
  }

  #evict(now: number) {
    for (const [key, tat] of this.#tat) if (tat <= now) this.#tat.delete(key);
    // Map keeps insertion order: the first keys are the oldest.
    for (const key of this.#tat.keys()) {
      if (this.#tat.size < this.#maxKeys) break;
      this.#tat.delete(key);
    }
  }

  get size(): number {
    return this.#tat.size;
  }

  /** Forgets every bucket (a test's fresh start). */
  clear(): void {
    this.#tat.clear();
  }
}
