/**
 * Whether a plan reaches an account, given the account and every account above it (`chain`,
 * nearest first): the platform's plans (no owner) reach everyone; an OEM master's plans only its
 * own branch. Seeing a plan needs it to reach the caller's tenant; selling it to an account needs
 * it to reach the account's parent, since an OEM sells to those below it (docs/permissions.md,
 * "Plans"). Another OEM's plan is refused as if it did not exist.
 *
 * @example planReaches('oem-a', ['user-1', 'oem-admin-a', 'oem-a']) // true
 */
export function planReaches(planOwnerId: string | null, chain: readonly string[]): boolean {
  return planOwnerId === null || chain.includes(planOwnerId);
}
