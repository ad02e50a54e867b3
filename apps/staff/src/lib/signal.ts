/**
 * A listener list without state: a page's live channel says "table requests changed" or "a tab
 * changed", the panel listens.
 */
export interface Signal {
  emit(): void;
  /** Adds a listener; returns its removal. */
  subscribe(listener: () => void): () => void;
}

export function createSignal(): Signal {
  const listeners = new Set<() => void>();
  return {
    emit() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
