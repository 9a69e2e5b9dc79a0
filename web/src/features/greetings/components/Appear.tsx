import { type CSSProperties, type ReactNode, useLayoutEffect, useRef } from 'react';

const reducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Plays an entrance animation once, with the Web Animations API (no animation library in the
 * greeting page's bundle: it is the first page a recipient loads).
 */
export function Appear({
  from,
  delay = 0,
  duration = 500,
  easing = 'cubic-bezier(0.22, 1.2, 0.36, 1)',
  className,
  style,
  children,
}: {
  from: Keyframe;
  delay?: number;
  duration?: number;
  easing?: string;
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || reducedMotion() || typeof el.animate !== 'function') return;
    const a = el.animate([from, { opacity: 1, transform: 'none' }], { duration, delay, easing, fill: 'backwards' });
    return () => a.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- an entrance plays once
  }, []);
  return (
    <div ref={ref} className={className} style={style}>
      {children}
    </div>
  );
}
