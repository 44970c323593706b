import { describe, expect, it } from 'vitest';
import { UNLIMITED, type PlanLimits } from '../../model/plan.ts';
import { decide, type Policy, type Subject, type Target } from './decide.ts';

const editor: Subject = { type: 'USER', role: 'main_contact', authority: 'edit', contractState: 'active', mustChangePassword: false };
const ownSite: Target = { relation: 'own', ownerContractState: 'active', ownerPlan: UNLIMITED };
const changeSite: Policy = { access: 'session', types: 'all', change: true, target: 'site' };
const readSite: Policy = { access: 'session', types: 'all', change: false, target: 'site' };
const status = (policy: Policy, subject: Subject | null, target: Target) => {
  const decision = decide(policy, subject, target, 'GET');
  return decision.allowed ? 'allowed' : decision.status;
};

describe('decide', () => {
  it('lets anyone through a public route, even without a session', () => {
    expect(status({ access: 'public' }, null, ownSite)).toBe('allowed');
  });

  it('answers 401 without a session, before anything else', () => {
    expect(status(changeSite, null, { ...ownSite, relation: 'other' })).toBe(401);
  });

  it("answers 403 to a type the route does not let in, even for another branch's target", () => {
    const masterOnly: Policy = { ...changeSite, types: ['MASTER'] };
    expect(status(masterOnly, editor, { ...ownSite, relation: 'other' })).toBe(403);
  });

  it("answers 404 for another branch's target, reading or changing, so its existence does not leak", () => {
    expect(status(readSite, editor, { ...ownSite, relation: 'other' })).toBe(404);
    expect(status(changeSite, { ...editor, role: 'viewer' }, { ...ownSite, relation: 'other' })).toBe(404);
  });

  it('lets a viewer or view authority read but refuses every change with 403', () => {
    for (const subject of [
      { ...editor, role: 'viewer' as const },
      { ...editor, authority: 'view' as const },
    ]) {
      expect(status(readSite, subject, ownSite)).toBe('allowed');
      expect(decide(changeSite, subject, ownSite, 'POST')).toMatchObject({ allowed: false, status: 403, key: 'viewOnly' });
    }
  });

  it("refuses changes while the caller's contract is suspended or inactive, not reads", () => {
    for (const contractState of ['suspended', 'inactive'] as const) {
      expect(status(readSite, { ...editor, contractState }, ownSite)).toBe('allowed');
      expect(decide(changeSite, { ...editor, contractState }, ownSite, 'POST')).toMatchObject({ status: 403, key: 'contractNotActive' });
    }
  });

  it("makes a terminated owner's things read-only, even for the platform", () => {
    const master: Subject = { ...editor, type: 'MASTER' };
    const terminated: Target = { ...ownSite, ownerContractState: 'terminated' };
    expect(status(readSite, master, terminated)).toBe('allowed');
    expect(decide(changeSite, master, terminated, 'POST')).toMatchObject({ status: 403, key: 'readOnlyTerminated' });
  });

  it("refuses a route gated by a plan flag the owner's plan lacks", () => {
    const analytics: Policy = { ...readSite, planFlag: 'analyticsEffect' };
    const trial: PlanLimits = { ...UNLIMITED, analyticsEffect: false };
    expect(decide(analytics, editor, { ...ownSite, ownerPlan: trial }, 'POST')).toMatchObject({ status: 403, key: 'planFeatureLocked' });
    expect(status(analytics, editor, ownSite)).toBe('allowed');
  });

  it('keeps every route but the allowed few closed until a forced password change is done', () => {
    const pending = { ...editor, mustChangePassword: true };
    expect(decide(readSite, pending, ownSite, 'POST')).toMatchObject({ status: 403, key: 'passwordChangeRequired' });
    expect(status({ access: 'session', types: 'all', change: false, target: 'none', beforePasswordChange: true }, pending, { ...ownSite, relation: 'none' })).toBe('allowed');
  });

  it("refuses the caller's own account unless the route allows it, and admin roles the route does not name", () => {
    const account: Policy = { access: 'session', types: 'all', change: true, target: 'account' };
    expect(status(account, editor, { ...ownSite, relation: 'self' })).toBe(403);
    expect(status({ ...account, change: false, self: true }, editor, { ...ownSite, relation: 'self' })).toBe('allowed');
    expect(status({ ...account, roles: ['main_contact'] }, { ...editor, role: 'editor' }, ownSite)).toBe(403);
  });
});

describe('decide for an API key', () => {
  const readKey: Subject = { ...editor, key: { scope: 'read' } };
  const writeKey: Subject = { ...editor, key: { scope: 'read-write' } };

  it('lets a read key make GET calls only, classed by the method alone', () => {
    expect(decide(readSite, readKey, ownSite, 'GET')).toEqual({ allowed: true });
    expect(decide(readSite, readKey, ownSite, 'HEAD')).toEqual({ allowed: true });
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(decide(changeSite, readKey, ownSite, method)).toMatchObject({ status: 403, key: 'apiKeyReadOnly' });
    // A read-only policy reached by POST (refresh-token) is a write for a key.
    expect(decide(readSite, readKey, ownSite, 'POST')).toMatchObject({ status: 403, key: 'apiKeyReadOnly' });
  });

  it('lets a read-write key through the same checks as a session, and never to session-only calls', () => {
    expect(decide(changeSite, writeKey, ownSite, 'PUT')).toEqual({ allowed: true });
    expect(decide(changeSite, { ...writeKey, role: 'viewer' }, ownSite, 'PUT')).toMatchObject({ status: 403, key: 'viewOnly' });
    expect(decide(readSite, writeKey, { ...ownSite, relation: 'other' }, 'GET')).toMatchObject({ status: 404 });
    expect(decide({ ...readSite, sessionOnly: true }, writeKey, ownSite, 'GET')).toMatchObject({ status: 403, key: 'apiKeySessionOnly' });
    expect(decide({ ...readSite, sessionOnly: true }, editor, ownSite, 'GET')).toEqual({ allowed: true });
  });
});
