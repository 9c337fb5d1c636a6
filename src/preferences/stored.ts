// Values kept in the browser (localStorage), read through one cache so that every component
// showing a value agrees, and kept in step with other tabs through the `storage` event.
// Where storage is unavailable (some private modes), values live in memory for the visit.
import { useCallback, useSyncExternalStore } from 'react';

export interface Stored<T> {
  key: string;
  /** The value from its JSON, or undefined when the JSON is not a value of this kind. */
  parse: (json: unknown) => T | undefined;
  fallback: T;
}

const memory = new Map<string, string>();
const cache = new Map<string, { raw: string | null; value: unknown }>();
const listeners = new Set<() => void>();

function readRaw(key: string): string | null {
  if (memory.has(key)) return memory.get(key)!;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readStored<T>(stored: Stored<T>): T {
  const raw = readRaw(stored.key);
  const cached = cache.get(stored.key);
  if (cached && cached.raw === raw) return cached.value as T;
  let value = stored.fallback;
  if (raw !== null) {
    try {
      value = stored.parse(JSON.parse(raw)) ?? stored.fallback;
    } catch {
      // Not JSON: someone else's value under our key; the fallback stands.
    }
  }
  cache.set(stored.key, { raw, value });
  return value;
}

export function writeStored<T>(stored: Stored<T>, value: T): void {
  const raw = JSON.stringify(value);
  try {
    localStorage.setItem(stored.key, raw);
    memory.delete(stored.key);
  } catch {
    memory.set(stored.key, raw);
  }
  for (const listener of listeners) listener();
}

/** Another tab changed a value: one window listener tells every subscriber. */
const fromOtherTab = () => {
  for (const listener of listeners) listener();
};

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', fromOtherTab);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', fromOtherTab);
  };
}

/** A stored value and a setter that takes a value or an update of the current one. */
export function useStored<T>(stored: Stored<T>): [T, (next: T | ((current: T) => T)) => void] {
  // A page rendered on the server shows the fallback, then the stored value once it is running here.
  const value = useSyncExternalStore(
    subscribe,
    () => readStored(stored),
    () => stored.fallback,
  );
  const set = useCallback(
    (next: T | ((current: T) => T)) =>
      writeStored(stored, typeof next === 'function' ? (next as (current: T) => T)(readStored(stored)) : next),
    [stored],
  );
  return [value, set];
}

/** The key of a value of this app in localStorage. */
export const storageKey = (name: string) => `dictionary-reader:${name}`;
