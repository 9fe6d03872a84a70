/**
 * A memo with a fixed capacity that keeps what was used recently. The hot path memoizes deterministic work
 * in it (a license's signature check, the Ed25519 signature of an identical body), so memory stays bounded
 * whatever callers send.
 *
 * Two generations instead of an exact LRU list: new entries go to the young map; when it is full it becomes
 * the old map and the previous old one is dropped whole; a hit in the old map moves the entry back to the
 * young one. An entry used at least once per half-capacity insertions stays. An exact LRU on a Map (delete
 * and re-insert on every hit) left a deleted slot per hit, and compacting the 50,000-entry tables for them
 * cost more than the lookups on a path served thousands of times a second.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generationSize: number;

  constructor(capacity: number) {
    if (!(capacity > 0)) throw new Error('capacity must be positive');
    this.generationSize = Math.max(1, Math.floor(capacity / 2));
  }

  get(key: K): V | undefined {
    const young = this.young.get(key);
    if (young !== undefined) return young;
    const old = this.old.get(key);
    if (old === undefined) return undefined;
    this.old.delete(key);
    this.insert(key, old);
    return old;
  }

  set(key: K, value: V): void {
    this.old.delete(key);
    if (this.young.has(key)) this.young.set(key, value);
    else this.insert(key, value);
  }

  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  get size(): number {
    return this.young.size + this.old.size;
  }

  private insert(key: K, value: V): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }
}
