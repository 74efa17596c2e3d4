// Small inline icons (no icon font, no emoji: phones without an emoji font show boxes).
const base = "inline-block size-3.5 shrink-0";

export function PinIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" strokeLinejoin="round" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

export function ClockIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" strokeLinecap="round" />
    </svg>
  );
}

export function HeartIcon({ className = base }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.3 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

export function GiftIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
      <path d="M5.5 12.5v7.5h13v-7.5M12 8.5V20" strokeLinejoin="round" />
      <path
        d="M12 8.5C10.5 5 7 4.5 7 6.5S10 8.5 12 8.5zm0 0c1.5-3.5 5-4 5-2s-3 2-5 2z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CoinIcon({ className = base }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" fill="#f59e0b" />
      <circle cx="12" cy="12" r="6.5" fill="none" stroke="#fde68a" strokeWidth="1.5" />
      <path d="M9.5 9.5h5M12 9.5v5.5" stroke="#fff7ed" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function CrownIcon({ className = base }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5L3 8z" strokeLinejoin="round" />
    </svg>
  );
}

/** A push pin (a pinned comment), not the map's place pin. */
export function PushPinIcon({ className = base }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="currentColor" aria-hidden="true">
      <path d="M15.5 3l5.5 5.5-2 .5-3.5 3.5.5 4.5-2 2-3.5-3.5L5 21l-1-1 5.5-5.5L6 11l2-2 4.5.5L16 6l-.5-3z" />
    </svg>
  );
}

export function CloseIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function ImageIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="8.5" cy="10" r="1.5" />
      <path d="M21 16l-5-5-8 8" strokeLinejoin="round" />
    </svg>
  );
}

export function BellIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16z" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
    </svg>
  );
}

export function UserIcon({ className = base }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" strokeLinecap="round" />
    </svg>
  );
}
