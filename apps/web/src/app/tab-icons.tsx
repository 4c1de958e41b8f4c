import type { ReactElement } from 'react';

/** Tab icons drawn for 灵犀: an outline for the normal state, a filled one for the selected state. */

interface IconProps {
  size: number;
}

const svg = (size: number, children: ReactElement | ReactElement[]) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    {children}
  </svg>
);

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
} as const;

export function HomeIcon({ size }: IconProps) {
  return svg(size, [
    <path
      key="a"
      {...stroke}
      d="M3.5 10.2 12 3.5l8.5 6.7V19a1.5 1.5 0 0 1-1.5 1.5H5A1.5 1.5 0 0 1 3.5 19z"
    />,
    <path key="b" {...stroke} d="M9.5 20.5v-5.5h5v5.5" />,
  ]);
}

export function HomeActiveIcon({ size }: IconProps) {
  return svg(size, [
    <path
      key="a"
      fill="currentColor"
      d="M11.4 2.7a1 1 0 0 1 1.2 0l8.6 6.8c.5.4.8 1 .8 1.6V19a2.5 2.5 0 0 1-2.5 2.5h-4v-6a1 1 0 0 0-1-1h-5a1 1 0 0 0-1 1v6h-4A2.5 2.5 0 0 1 2 19v-7.9c0-.6.3-1.2.8-1.6z"
    />,
    <path key="b" fill="#fff" opacity=".9" d="M10.5 21.5v-5h3v5z" />,
  ]);
}

export function DiscoverIcon({ size }: IconProps) {
  return svg(size, [
    <circle key="a" {...stroke} cx="12" cy="12" r="8.8" />,
    <path key="b" {...stroke} d="m15.6 8.4-2 5.2-5.2 2 2-5.2z" />,
  ]);
}

export function DiscoverActiveIcon({ size }: IconProps) {
  return svg(size, [
    <circle key="a" fill="currentColor" cx="12" cy="12" r="9.8" />,
    <path key="b" fill="#fff" d="m16.2 7.8-2.2 5.8a1 1 0 0 1-.4.4l-5.8 2.2 2.2-5.8a1 1 0 0 1 .4-.4z" />,
    <circle key="c" fill="currentColor" cx="12" cy="12" r="1.3" />,
  ]);
}

export function HistoryIcon({ size }: IconProps) {
  return svg(size, [
    <path
      key="a"
      {...stroke}
      d="M20.5 11.5a8.5 8.5 0 0 1-12.4 7.6L3.5 20.5l1.4-4.3A8.5 8.5 0 1 1 20.5 11.5z"
    />,
    <path key="b" {...stroke} d="M12 7.5V12l3 1.8" />,
  ]);
}

export function HistoryActiveIcon({ size }: IconProps) {
  return svg(size, [
    <path
      key="a"
      fill="currentColor"
      d="M12 2a9.5 9.5 0 1 1-4.3 18L3.3 21.4a.6.6 0 0 1-.7-.8l1.4-4.2A9.5 9.5 0 0 1 12 2z"
    />,
    <path
      key="b"
      fill="none"
      stroke="#fff"
      strokeWidth="1.9"
      strokeLinecap="round"
      strokeLinejoin="round"
      d="M12 7.3V12l3.2 1.9"
    />,
  ]);
}

export function MineIcon({ size }: IconProps) {
  return svg(size, [
    <circle key="a" {...stroke} cx="12" cy="8" r="4.3" />,
    <path key="b" {...stroke} d="M3.8 20.5c.9-3.9 4.2-6.3 8.2-6.3s7.3 2.4 8.2 6.3" />,
  ]);
}

export function MineActiveIcon({ size }: IconProps) {
  return svg(size, [
    <circle key="a" fill="currentColor" cx="12" cy="7.8" r="5" />,
    <path
      key="b"
      fill="currentColor"
      d="M12 13.6c4.6 0 8.3 2.7 9.2 6.9a1 1 0 0 1-1 1.2H3.8a1 1 0 0 1-1-1.2c.9-4.2 4.6-6.9 9.2-6.9z"
    />,
  ]);
}
