/** Quire's mark and name. */
export function Brand() {
  return (
    <span className="brand">
      <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M9 8h10a4 4 0 0 1 4 4v12H13a4 4 0 0 1-4-4z" fill="#fff" />
      </svg>
      Quire
    </span>
  );
}
