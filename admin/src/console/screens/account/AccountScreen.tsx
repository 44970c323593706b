import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ProfilePictureDialog } from './ProfilePictureDialog.tsx';
import { BrandingForm } from './BrandingForm.tsx';
import { IssuerForm } from './IssuerForm.tsx';
import { BillingRuns } from '../billing/BillingRuns.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { Avatar } from '../../ui/Avatar.tsx';

/**
 * The signed-in account's own screen: its profile picture (the account's logo, 250 × 250, shown
 * round in the header), for an OEM master the custom branding its admins and users see, and for
 * those who issue invoices (the platform's operators, OEM masters) the issuer details printed on them;
 * the platform's operators also follow the monthly billing runs.
 */
export default function AccountScreen() {
  const { t } = useI18n();
  const { account } = useSession();
  const [editing, setEditing] = useState(false);
  if (!account) return null;
  return (
    <div className="stack">
      <h1>{t('profile')}</h1>
      <section className="card stack narrow-card" aria-labelledby="profile-picture-title">
        <h2 id="profile-picture-title">{t('profilePicture')}</h2>
        <figure className="stack" style={{ margin: 0 }}>
          <Avatar email={account.email} logoUrl={account.logoUrl} large />
          <figcaption>
            {account.email}
            {!account.logoUrl && <span className="hint"> — {t('noPicture')}</span>}
          </figcaption>
        </figure>
        <Dialog.Root open={editing} onOpenChange={setEditing}>
          <div className="row">
            <Dialog.Trigger asChild>
              <button type="button">{t('changePicture')}</button>
            </Dialog.Trigger>
          </div>
          {editing && <ProfilePictureDialog onDone={() => setEditing(false)} />}
        </Dialog.Root>
      </section>
      {account.effectiveType === 'OEM_MASTER' && <BrandingForm />}
      {(account.effectiveType === 'MASTER' || account.effectiveType === 'MASTER_USER' || account.effectiveType === 'OEM_MASTER') && <IssuerForm />}
      {(account.effectiveType === 'MASTER' || account.effectiveType === 'MASTER_USER') && <BillingRuns />}
    </div>
  );
}
