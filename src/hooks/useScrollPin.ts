import { useEffect, type RefObject } from 'react';

const USER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
const SETTLE_MS = 5000;

/**
 * Scrolls the element into view and keeps it there while the page around it grows (sections
 * above it arriving), until the user scrolls or acts, or a few seconds have passed.
 */
export function useScrollPin(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const pin = () => element.scrollIntoView({ block: 'start' });
    pin();
    element.focus({ preventScroll: true });
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(pin);
    observer.observe(document.body);
    const release = () => observer.disconnect();
    for (const type of USER_INPUT) window.addEventListener(type, release, { once: true, passive: true });
    const timer = setTimeout(release, SETTLE_MS);
    return () => {
      release();
      clearTimeout(timer);
      for (const type of USER_INPUT) window.removeEventListener(type, release);
    };
  }, [ref, active]);
}
