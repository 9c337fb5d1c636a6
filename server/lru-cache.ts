// An in-memory cache bounded in bytes: entries expire after their own time to live, and the
// least recently used go first when a new one would not fit. A Map keeps insertion order,
// so re-inserting on use keeps the least recently used first.
interface Item<V> {
  value: V;
  bytes: number;
  expires: number;
}

export class LruCache<V> {
  private readonly items = new Map<string, Item<V>>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.items.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): V | undefined {
    const item = this.items.get(key);
    if (!item) return undefined;
    this.delete(key);
    if (item.expires <= this.now()) return undefined;
    this.items.set(key, item);
    this.bytes += item.bytes;
    return item.value;
  }

  has(key: string): boolean {
    const item = this.items.get(key);
    return item !== undefined && item.expires > this.now();
  }

  set(key: string, value: V, bytes: number, ttlMs: number): void {
    this.delete(key);
    if (bytes > this.maxBytes || ttlMs <= 0) return;
    while (this.bytes + bytes > this.maxBytes) {
      const oldest = this.items.keys().next().value as string;
      this.delete(oldest);
    }
    this.items.set(key, { value, bytes, expires: this.now() + ttlMs });
    this.bytes += bytes;
  }

  private delete(key: string): void {
    const item = this.items.get(key);
    if (!item) return;
    this.items.delete(key);
    this.bytes -= item.bytes;
  }
}
