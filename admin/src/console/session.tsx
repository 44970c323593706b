import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { request } from './api/request.ts';
import type { Account } from './api/types.ts';

type Session = {
  /** undefined while loading; null when signed out. */
  account: Account | null | undefined;
  setAccount(account: Account | null): void;
  reload(): Promise<Account | null>;
};

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const reload = useCallback(async () => {
    const next = await request('GET /auth/user-info', {}, { quiet: true, noRefresh: true, statusOnly: true })
      .then((body) => body.account)
      .catch(() => null);
    setAccount(next);
    return next;
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return <SessionContext.Provider value={{ account, setAccount, reload }}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** Whether the signed-in account may change things: edit authority and a running contract. */
export function canChange(account: Pick<Account, 'authority' | 'contractState'>): boolean {
  return account.authority === 'edit' && account.contractState === 'active';
}
