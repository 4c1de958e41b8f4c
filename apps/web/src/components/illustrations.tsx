/** Small brand-coloured illustrations, drawn inline so they need no network and scale crisply. */

interface IllustrationProps {
  size?: number;
}

function Ground() {
  return <ellipse cx="100" cy="152" rx="70" ry="8" fill="#e6e8f3" />;
}

export function LogoMark({ size = 56 }: IllustrationProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="lx-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d6bff" />
          <stop offset="1" stopColor="#9b5cff" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill="url(#lx-logo-g)" />
      <path d="M19 38c7 10 19 10 26 0" stroke="#fff" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="23" cy="25" r="4.5" fill="#fff" />
      <circle cx="41" cy="25" r="4.5" fill="#fff" />
      <path d="M49 9l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#ffe08a" />
    </svg>
  );
}

export function NotFoundIllustration({ size = 200 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <text x="100" y="92" textAnchor="middle" fontSize="64" fontWeight="700" fill="#dfe1fb">
        404
      </text>
      <circle cx="100" cy="96" r="30" fill="#fff" stroke="#5b5bf6" strokeWidth="6" />
      <path d="M122 118l22 22" stroke="#5b5bf6" strokeWidth="10" strokeLinecap="round" />
      <circle cx="91" cy="92" r="3.5" fill="#5b5bf6" />
      <circle cx="109" cy="92" r="3.5" fill="#5b5bf6" />
      <path d="M92 106c5-4 11-4 16 0" stroke="#5b5bf6" strokeWidth="3" fill="none" strokeLinecap="round" />
      <circle cx="40" cy="40" r="4" fill="#c4b5fd" />
      <circle cx="165" cy="50" r="6" fill="#e0e7ff" />
      <path d="M158 24l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fbbf24" />
    </svg>
  );
}

export function BuildingIllustration({ size = 200 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <rect x="52" y="52" width="96" height="96" rx="14" fill="#eef0ff" />
      <rect x="64" y="66" width="72" height="10" rx="5" fill="#c7d2fe" />
      <rect x="64" y="84" width="52" height="10" rx="5" fill="#ddd6fe" />
      <rect x="64" y="102" width="62" height="10" rx="5" fill="#c7d2fe" />
      <circle cx="146" cy="54" r="22" fill="#5b5bf6" />
      <path
        d="M146 43v3m0 16v3m-11-11h3m16 0h3m-18.8-7.8l2.1 2.1m11.3 11.3l2.1 2.1m0-15.5l-2.1 2.1m-11.3 11.3l-2.1 2.1"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="146" cy="54" r="5" fill="#fff" />
      <path d="M40 30l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fbbf24" />
      <circle cx="170" cy="110" r="5" fill="#ddd6fe" />
    </svg>
  );
}

export function BrokenLinkIllustration({ size = 180 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <rect x="44" y="56" width="56" height="36" rx="18" fill="none" stroke="#a5b4fc" strokeWidth="10" />
      <rect x="100" y="76" width="56" height="36" rx="18" fill="none" stroke="#5b5bf6" strokeWidth="10" />
      <path d="M96 44l-6-12m22 12l6-12m-12 8V26" stroke="#f59e0b" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export function EmptyChatIllustration({ size = 180 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <path
        d="M48 44h84a14 14 0 0 1 14 14v40a14 14 0 0 1-14 14H82l-20 16v-16H48a14 14 0 0 1-14-14V58a14 14 0 0 1 14-14z"
        fill="#eef0ff"
      />
      <circle cx="70" cy="78" r="6" fill="#a5b4fc" />
      <circle cx="90" cy="78" r="6" fill="#818cf8" />
      <circle cx="110" cy="78" r="6" fill="#5b5bf6" />
      <path
        d="M150 32h24a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8h-6l-8 8v-8h-10a8 8 0 0 1-8-8V40a8 8 0 0 1 8-8z"
        fill="#ddd6fe"
      />
    </svg>
  );
}

export function SuccessIllustration({ size = 120 }: IllustrationProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 120 120" aria-hidden="true">
      <circle cx="60" cy="60" r="52" fill="#eef0ff" />
      <circle cx="60" cy="60" r="38" fill="url(#lx-success-g)" />
      <defs>
        <linearGradient id="lx-success-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b5bf6" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <path
        d="M43 61l12 12 23-25"
        stroke="#fff"
        strokeWidth="7"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M100 18l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fbbf24" />
    </svg>
  );
}

export function EmptyInboxIllustration({ size = 180 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <rect x="50" y="52" width="100" height="72" rx="12" fill="#eef0ff" />
      <path d="M50 64l50 34 50-34" stroke="#a5b4fc" strokeWidth="6" fill="none" strokeLinejoin="round" />
      <circle cx="146" cy="52" r="13" fill="#c7d2fe" />
      <path d="M140 52h12" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M62 30l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#fbbf24" />
    </svg>
  );
}

export function CreateBotIllustration({ size = 180 }: IllustrationProps) {
  return (
    <svg width={size} height={size * 0.8} viewBox="0 0 200 160" aria-hidden="true">
      <Ground />
      <rect x="60" y="56" width="80" height="66" rx="20" fill="#eef0ff" />
      <path d="M100 34v22" stroke="#a5b4fc" strokeWidth="6" strokeLinecap="round" />
      <circle cx="100" cy="32" r="7" fill="#818cf8" />
      <circle cx="84" cy="88" r="8" fill="#5b5bf6" />
      <circle cx="116" cy="88" r="8" fill="#5b5bf6" />
      <path d="M88 106c8 5 16 5 24 0" stroke="#a5b4fc" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="152" cy="48" r="14" fill="#8b5cf6" />
      <path d="M152 41v14M145 48h14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
