import { useState } from 'react';
import { get, useController, useFormContext } from 'react-hook-form';
import { parseMediaUrl } from '../../../../../../model/media-url.ts';
import type { PageContent } from '../../../../../../model/page.ts';
import { ApiError } from '../../../api/client.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { Field } from '../../../ui/Field.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { uploadAudio } from '../media-upload.ts';

const AUDIO_TYPES = 'audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,audio/x-wav,.mp3,.m4a,.wav';

/**
 * The page's background music: an audio file uploaded to the site (the server reads its format
 * from its bytes), or one uploaded before, chosen by name; heard here before saving; removable.
 * A refused upload says why beside the field and leaves the page's music as it was.
 */
export function MusicField() {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { formState } = useFormContext<PageContent>();
  const { field } = useController<PageContent, 'backgroundMusic'>({ name: 'backgroundMusic' });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Uploaded since the site was read: the site's media list has them after the next save.
  const [fresh, setFresh] = useState<{ url: string; name: string }[]>([]);
  const known = [...site.media.filter((record) => record.kind === 'audio').map((record) => ({ url: `/api/site/${site.id}/media/${record.id}`, name: record.name || record.id })), ...fresh].filter(
    (item, index, all) => all.findIndex((other) => other.url === item.url) === index,
  );
  const url = field.value ?? '';
  const outside = url !== '' && parseMediaUrl(url) === null;
  const formError: { message?: string } | undefined = get(formState.errors, 'backgroundMusic');
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setRefusal(null);
    try {
      const stored = await uploadAudio(site.id, file, file.name);
      setFresh((list) => [...list, { url: stored.url, name: file.name }]);
      field.onChange(stored.url);
    } catch (error) {
      // An ApiError is worded in the console's language already; no answer at all was toasted by the client.
      setRefusal(error instanceof ApiError && error.status !== 0 ? error.message : null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="music-field" data-testid="music-field">
      <legend>{t('backgroundMusic')}</legend>
      <div className="row">
        <Field label={t('uploadMusic')} error={refusal ? { message: refusal } : formError} hint={busy ? t('uploading') : t('backgroundMusicHint')}>
          {(props) => <input {...props} type="file" accept={AUDIO_TYPES} disabled={busy} onChange={(event) => void upload(event.target.files?.[0])} />}
        </Field>
        <Field label={t('chooseMusic')}>
          {(props) => (
            <select {...props} value={url} onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}>
              <option value="">{t('noMusic')}</option>
              {outside && <option value={url}>{url}</option>}
              {known.map((item) => (
                <option key={item.url} value={item.url}>
                  {item.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {url && (
        <div className="row">
          {/* biome-ignore lint/a11y/useMediaCaption: background music has no words to caption. */}
          <audio controls preload="none" src={url} data-testid="music-preview" />
          <button type="button" className="secondary" onClick={() => field.onChange(undefined)}>
            {t('removeMusic')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
