/** Up to two letters of an email's name (`ada.lovelace@…` → AL), shown when an account has no picture. */
export function initialsOf(email: string): string {
  const name = email.split('@')[0] ?? '';
  const parts = name.split(/[._+-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** The account's profile picture, round, or its initials on the header's colours; decorative beside its label. */
export function Avatar({ email, logoUrl, large = false }: { email: string; logoUrl: string; large?: boolean }) {
  const className = large ? 'avatar avatar-large' : 'avatar';
  const size = large ? 250 : 32;
  if (logoUrl) return <img className={className} src={logoUrl} alt="" width={size} height={size} />;
  // Drawn by CSS (::before), not text: inside the menu button, visible text missing from its name is a WCAG 2.5.3 failure.
  return <span className={className} aria-hidden="true" data-initials={initialsOf(email)} />;
}
