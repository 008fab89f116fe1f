import { useState } from 'react';

/** The vector logo: also the fallback when the image cannot be loaded (spec 01-core §2). */
function VectorLogo({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="orbit-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a855f7" />
          <stop offset="1" stopColor="#3b82f6" />
        </linearGradient>
      </defs>
      <circle cx="32" cy="32" r="30" fill="url(#orbit-logo-gradient)" />
      <ellipse
        cx="32"
        cy="32"
        rx="24"
        ry="9"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        transform="rotate(-25 32 32)"
      />
      <circle cx="32" cy="32" r="8" fill="#fff" />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <VectorLogo size={size} />;
  return (
    <img
      src="/logo.svg"
      width={size}
      height={size}
      alt=""
      onError={() => setFailed(true)}
      className="shrink-0"
    />
  );
}
