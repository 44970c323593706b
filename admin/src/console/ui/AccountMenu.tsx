import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { useI18n } from '../i18n/i18n.tsx';
import { Avatar } from './Avatar.tsx';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/**
 * The account's menu in the header: its picture (or initials) opens its email, its profile and
 * logging out. A menu button as WAI-ARIA's pattern has it: Enter, Space or ArrowDown open it on the
 * first item, ArrowUp on the last; arrows, Home and End move; Escape closes it back to the button;
 * Tab or a click elsewhere closes it.
 */
export function AccountMenu({ email, logoUrl, profileHref }: { email: string; logoUrl: string; profileHref: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState<'first' | 'last'>('first');
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const list = menuItems(menu.current);
    (focusFirst === 'first' ? list[0] : list.at(-1))?.focus();
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open, focusFirst]);

  const openAt = (where: 'first' | 'last') => {
    setFocusFirst(where);
    setOpen(true);
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = menuItems(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };
  return (
    <div className="account-menu">
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('accountMenu', { email })}
        onClick={() => (open ? setOpen(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        <Avatar email={email} logoUrl={logoUrl} />
      </button>
      {open && (
        <div ref={panel} className="menu">
          <p className="menu-email">{email}</p>
          <div ref={menu} id={id} role="menu" aria-label={email} onKeyDown={onMenuKey}>
            <Link href={profileHref} role="menuitem" tabIndex={-1} onClick={() => setOpen(false)}>
              {t('profile')}
            </Link>
            <Link href="/log-out" role="menuitem" tabIndex={-1} className="logout" onClick={() => setOpen(false)}>
              {t('signOut')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
