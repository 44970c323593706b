/**
 * Carries out a destination from cta-rules' destinationOf: an owner's script runs here (on the
 * site's own origin, never the admin's); everything else goes to the viewer's navigate().
 */
export function act(destination: string | null, navigate: (destination: string) => void): void {
  if (destination === null) return;
  if (destination.startsWith('script:')) {
    try {
      new Function(destination.slice('script:'.length))();
    } catch (error) {
      console.error('The button script failed:', error);
    }
    return;
  }
  navigate(destination);
}
