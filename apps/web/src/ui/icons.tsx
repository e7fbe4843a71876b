/** The few icons the app draws itself (no emoji: not every system has an emoji font). */
const common = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  focusable: false,
} as const;

export function SpaceIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V3H6.5A2.5 2.5 0 0 0 4 5.5z" />
      <path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5" />
    </svg>
  );
}

export function CollectionIcon() {
  return (
    <svg {...common} aria-hidden="true">
      <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}

export function AddReactionIcon() {
  return (
    <svg {...common} width={16} height={16} aria-hidden="true">
      <circle cx="11" cy="13" r="8" />
      <path d="M8 15s1 1.5 3 1.5 3-1.5 3-1.5M8.5 11h.01M13.5 11h.01M19 2v5M16.5 4.5h5" />
    </svg>
  );
}
