/** A small listener set whose failures never break the notifier. */
export class Listeners<T> {
  private readonly set = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  emit(value: T, onError?: (err: unknown) => void): void {
    for (const listener of this.set) {
      try {
        listener(value);
      } catch (err) {
        onError?.(err);
      }
    }
  }
}
