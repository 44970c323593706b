import { useState } from 'react';
import type { SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { uploadMedia, type StoredMedia } from './media-upload.ts';

const IMAGE_TYPES = 'image/png,image/jpeg';
const VIDEO_TYPES = 'video/mp4,video/quicktime,video/mpeg';

/**
 * A file picked and uploaded to the site's media (the server checks it by its content), shown
 * once stored; `url` is what the form holds. A failed upload leaves the form as it was.
 */
export function MediaField({
  site,
  label,
  url,
  video = false,
  kind,
  error,
  onStored,
  onClear,
}: {
  site: SiteView;
  label: string;
  url: string;
  /** Whether a video may be picked too. */
  video?: boolean;
  /** The stored kind when known (a popup keeps it); else read from the site's media list. */
  kind?: 'image' | 'video';
  error?: { message?: string } | undefined;
  onStored(media: StoredMedia): void;
  onClear(): void;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  // What was just uploaded is not in the site's media list until the site is read again.
  const [justStored, setJustStored] = useState<StoredMedia | null>(null);
  const listed = justStored?.url === url ? justStored.kind : site.media.find((record) => url.endsWith(`/${record.id}`))?.kind;
  const shownKind = kind ?? (listed === 'video' ? 'video' : 'image');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const stored = await uploadMedia(site.id, file, file.name).catch(() => null);
    setBusy(false);
    if (!stored) return;
    setJustStored(stored);
    onStored(stored);
  };
  return (
    <div className="media-field row">
      <Field label={label} error={error} hint={busy ? t('uploading') : undefined}>
        {(props) => <input {...props} type="file" accept={video ? `${IMAGE_TYPES},${VIDEO_TYPES}` : IMAGE_TYPES} disabled={busy} onChange={(event) => void upload(event.target.files?.[0])} />}
      </Field>
      {url && (shownKind === 'video' ? <video src={url} className="thumb" muted playsInline data-testid="media-preview" /> : <img src={url} alt="" className="thumb" data-testid="media-preview" />)}
      {url && (
        <button type="button" className="secondary" onClick={onClear}>
          {t('removeMedia')}
        </button>
      )}
    </div>
  );
}
