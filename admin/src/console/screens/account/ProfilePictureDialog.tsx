import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { useSession } from '../../session.tsx';
import { useToast } from '../../ui/toast.tsx';

/** What the file field offers; the server decides by the bytes (B §5: JPG, JPEG, JFIF, PNG). */
export const PICTURE_ACCEPT = '.jpg,.jpeg,.jfif,.png,image/jpeg,image/png';

/**
 * The profile picture dialog (B §2): one JPG, JPEG, JFIF or PNG file of at most 2 MB, refused by
 * the server with the spec's messages (its answer shown beside the field). Rendered inside an open
 * Dialog.Root; `onDone` closes it.
 */
export function ProfilePictureDialog({ onDone }: { onDone(): void }) {
  const { t } = useI18n();
  const { reload } = useSession();
  const toast = useToast();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      await request('POST /auth/profile-picture', { body: form }, { quiet: true });
      await reload();
      toast(t('saved'));
      onDone();
    } catch (error) {
      setRefusal(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay" />
      <Dialog.Content className="dialog card stack profile-dialog" aria-describedby={`${id}-hint`}>
        <Dialog.Title className="dialog-title">{t('profilePicture')}</Dialog.Title>
        <form className="stack" onSubmit={submit}>
          <div className="field">
            <label htmlFor={id}>{t('pictureFile')}</label>
            <input
              id={id}
              type="file"
              accept={PICTURE_ACCEPT}
              aria-invalid={refusal !== null}
              aria-describedby={refusal ? `${id}-error` : `${id}-hint`}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setRefusal(null);
              }}
            />
            <small id={`${id}-hint`} className="hint">
              {t('pictureHint')}
            </small>
            {refusal && (
              <small id={`${id}-error`} className="field-error" role="alert">
                {refusal}
              </small>
            )}
          </div>
          <div className="row">
            <button type="submit" disabled={!file || busy}>
              {busy ? t('uploading') : t('upload')}
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
  );
}
