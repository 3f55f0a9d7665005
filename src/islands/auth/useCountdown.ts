import { useEffect, useState } from "react";

/** Seconds left before an action may repeat; `start(n)` begins counting down from n. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return [
    left,
    (seconds) => {
      const start = Date.now();
      setNow(start);
      setUntil(start + seconds * 1000);
    },
  ];
}
