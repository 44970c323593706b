import { describe, expect, it } from 'vitest';
import type { Account } from '../../api/types.ts';
import { creatableTypes, mayEditUsers, mayManageAdminList, userApiPrefix } from './user-rules.ts';

const caller = (over: Partial<Account>): Account => ({
  id: 'a',
  email: 'a@example.com',
  accountType: 'USER',
  effectiveType: 'USER',
  routePrefix: 'admin-user',
  tenantId: 'a',
  role: 'main_contact',
  authority: 'edit',
  contractState: 'active',
  mustChangePassword: false,
  plan: null,
  logoUrl: '',
  branding: null,
  ...over,
});

describe('who creates and edits users, and under which prefix', () => {
  it('sends each managing type to its own user prefix, and a site owner to none', () => {
    expect(userApiPrefix(caller({ effectiveType: 'MASTER' }))).toBe('master');
    expect(userApiPrefix(caller({ effectiveType: 'MASTER_USER' }))).toBe('master');
    expect(userApiPrefix(caller({ effectiveType: 'OEM_MASTER' }))).toBe('oem-master');
    expect(userApiPrefix(caller({ effectiveType: 'OEM_ADMIN' }))).toBe('oem-admin');
    expect(userApiPrefix(caller({ effectiveType: 'USER' }))).toBeNull();
  });

  it('offers the types of the tree below the caller', () => {
    expect(creatableTypes(caller({ accountType: 'MASTER', effectiveType: 'MASTER' }))).toEqual(['MASTER_USER', 'OEM_MASTER', 'USER']);
    expect(creatableTypes(caller({ accountType: 'OEM_ADMIN', effectiveType: 'OEM_ADMIN' }))).toEqual(['USER']);
    expect(creatableTypes(caller({}))).toEqual([]);
  });

  it('lets no sub-admin, view authority or stopped contract create or edit users', () => {
    expect(mayEditUsers(caller({ accountType: 'SUB_ADMIN', effectiveType: 'OEM_MASTER', role: 'main_contact' }))).toBe(false);
    expect(mayEditUsers(caller({ accountType: 'OEM_MASTER', effectiveType: 'OEM_MASTER', authority: 'view' }))).toBe(false);
    expect(mayEditUsers(caller({ accountType: 'OEM_MASTER', effectiveType: 'OEM_MASTER', contractState: 'suspended' }))).toBe(false);
    expect(mayEditUsers(caller({ accountType: 'OEM_MASTER', effectiveType: 'OEM_MASTER' }))).toBe(true);
  });
});

describe('who manages the admin list', () => {
  it('is the account itself or its main contact, with edit authority', () => {
    expect(mayManageAdminList(caller({}))).toBe(true);
    expect(mayManageAdminList(caller({ accountType: 'SUB_ADMIN', role: 'main_contact' }))).toBe(true);
    expect(mayManageAdminList(caller({ accountType: 'SUB_ADMIN', role: 'editor' }))).toBe(false);
    expect(mayManageAdminList(caller({ accountType: 'SUB_ADMIN', role: 'viewer', authority: 'view' }))).toBe(false);
    expect(mayManageAdminList(caller({ authority: 'view' }))).toBe(false);
  });
});
