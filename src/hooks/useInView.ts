import { useEffect, useRef, useState } from 'react';

/** True once the element has come within `margin` of the viewport while watched; it stays true after. */
export function useInView<E extends Element>(watch: boolean, margin = '300px') {
  const ref = useRef<E>(null);
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!watch || inView || !element) return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) setInView(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watch, inView, margin]);
  return [ref, inView] as const;
}
