import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useConfirm } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';

/**
 * Taking a site down: unpublish (its pages answer 404 until the next publish; versions stay) and
 * delete (asks for the site's name typed out, as the one thing that cannot be undone).
 */
export function SiteLifecycle({ onChanged }: { onChanged(): void }) {
  const { site, onSaved } = useEditorSite();
  const { t } = useI18n();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState(false);
  const name = site.settings.name;

  const unpublish = async () => {
    if (!(await confirm({ message: t('unpublishConfirm', { name }), confirmLabel: t('unpublish'), danger: true }))) return;
    try {
      const body = await request('POST /site/:id/unpublish', { params: { id: site.id } });
      toast(body.message);
      onSaved(await request('GET /site/:id', { params: { id: site.id }, query: { lang: site.lang } }));
      onChanged();
    } catch {
      // Said by the client.
    }
  };

  return (
    <section className="card stack" aria-labelledby="site-lifecycle-title">
      {dialog}
      <h2 id="site-lifecycle-title">{t('takeSiteDown')}</h2>
      <p className="hint">{t('unpublishHint')}</p>
      <div className="row">
        <button type="button" className="secondary" disabled={site.liveVersion === null} onClick={() => void unpublish()}>
          {t('unpublish')}
        </button>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          {t('deleteSite')}
        </button>
      </div>
      {deleting && <DeleteSiteDialog siteId={site.id} name={name} onClose={() => setDeleting(false)} />}
    </section>
  );
}

/** The delete confirmation: names the site and lets the delete through only once its name is typed. */
function DeleteSiteDialog({ siteId, name, onClose }: { siteId: string; name: string; onClose(): void }) {
  const { t } = useI18n();
  const toast = useToast();
  const { account } = useSession();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = typed.trim() === name.trim();
  const remove = async () => {
    setBusy(true);
    try {
      const body = await request('DELETE /site/:id', { params: { id: siteId } });
      toast(body.message);
      navigate(`/${account!.routePrefix}/site-list`);
    } catch {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog card stack" role="alertdialog">
          <Dialog.Title className="dialog-title">{t('deleteSiteConfirm', { name })}</Dialog.Title>
          <Dialog.Description>{t('deleteSiteHint')}</Dialog.Description>
          <form
            className="stack"
            onSubmit={(event) => {
              event.preventDefault();
              if (matches && !busy) void remove();
            }}
          >
            <label className="field">
              <span>{t('typeSiteName', { name })}</span>
              <input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
            </label>
            <div className="row">
              <button type="submit" className="danger" disabled={!matches || busy}>
                {t('deleteSite')}
              </button>
              <Dialog.Close asChild>
                <button type="button" className="secondary">
                  {t('cancel')}
                </button>
              </Dialog.Close>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
