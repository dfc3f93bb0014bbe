/** The console's mark: the shop's bag on a deeper purple, so its tab is told apart from the shop's. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect width="64" height="64" rx="14" fill="#5b3f73" />
      <path d="M18 24h28l-3 24H21z" fill="#fff" />
      <path d="M25 24a7 7 0 0 1 14 0" stroke="#fff" strokeWidth="4" fill="none" />
      <circle cx="32" cy="36" r="5" fill="#a387bc" />
    </svg>
  );
}
