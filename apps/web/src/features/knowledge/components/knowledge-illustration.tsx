/** An open book with a spark: nothing in the knowledge store yet. */
export function KnowledgeIllustration({ size = 170 }: { size?: number }) {
  return (
    <svg width={size} height={(size * 130) / 170} viewBox="0 0 170 130" aria-hidden="true">
      <ellipse cx="85" cy="118" rx="58" ry="7" fill="#e9eaf8" />
      <path d="M30 30c18-7 37-6 55 6v76c-18-12-37-13-55-6z" fill="#eef0ff" stroke="#b9bcf5" strokeWidth="2" />
      <path d="M140 30c-18-7-37-6-55 6v76c18-12 37-13 55-6z" fill="#fff" stroke="#b9bcf5" strokeWidth="2" />
      <path
        d="M42 48c10-3 20-2 30 3M42 60c10-3 20-2 30 3M42 72c10-3 20-2 30 3M98 51c10-5 20-6 30-3M98 63c10-5 20-6 30-3"
        stroke="#c9cbf8"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
      <circle cx="118" cy="80" r="13" fill="url(#lx-kb-ill)" />
      <path d="M118 73v14M111 80h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <path d="M136 14l3 7 7 3-7 3-3 7-3-7-7-3 7-3z" fill="#8b5cf6" opacity="0.8" />
      <circle cx="30" cy="18" r="4" fill="#5b5bf6" opacity="0.35" />
      <defs>
        <linearGradient id="lx-kb-ill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5b5bf6" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
    </svg>
  );
}
