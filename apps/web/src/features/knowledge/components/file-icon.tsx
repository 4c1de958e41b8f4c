import type { DocumentKind } from './format';

const LOOK: Record<DocumentKind, { color: string; label: string }> = {
  txt: { color: '#7b8494', label: 'TXT' },
  md: { color: '#3f7bf6', label: 'MD' },
  pdf: { color: '#e5484d', label: 'PDF' },
  docx: { color: '#2f6fde', label: 'DOC' },
  text: { color: '#10a37f', label: 'T' },
  other: { color: '#9aa0ad', label: '?' },
};

/** A document's type as a small page with a folded corner and the type's letters. */
export function FileIcon({ kind, size = 40 }: { kind: DocumentKind; size?: number }) {
  const { color, label } = LOOK[kind];
  return (
    <svg
      className="lx-file-icon"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      data-kind={kind}
    >
      <path d="M8 3h17l9 9v23a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z" fill={color} opacity="0.12" />
      <path d="M25 3v6a3 3 0 0 0 3 3h6" fill="none" stroke={color} strokeWidth="1.6" opacity="0.5" />
      <path
        d="M8 3h17l9 9v23a3 3 0 0 1-3 3H8a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3z"
        fill="none"
        stroke={color}
        strokeWidth="1.6"
        opacity="0.5"
      />
      <text
        x="19.5"
        y="29"
        textAnchor="middle"
        fontSize={label.length > 2 ? 9 : 11}
        fontWeight="700"
        fontFamily="-apple-system, 'Helvetica Neue', Arial, sans-serif"
        fill={color}
      >
        {label}
      </text>
    </svg>
  );
}
