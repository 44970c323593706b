import { useFormContext } from 'react-hook-form';
import { hoverArrowColorSchema, pageStatusSchema, type PageContent } from '../../../../../../model/page.ts';
import { useI18n } from '../../../i18n/i18n.tsx';
import { useEditorSite } from '../editor-context.tsx';
import { MediaField } from '../MediaField.tsx';
import { DestinationField } from './DestinationField.tsx';
import { MusicField } from './MusicField.tsx';
import { SnsSection } from './SnsSection.tsx';
import { CheckField, ColorField, NumberField, OptionalTextField, SelectField, TextField } from './fields.tsx';

/** The page's own detail (visitor spec §3): media, texts, link button, arrow, placed icons, music, access, address, script. */
export function DetailSection() {
  const { t } = useI18n();
  const { site } = useEditorSite();
  const { watch, setValue } = useFormContext<PageContent>();
  const imageUrl = watch('detail.imageUrl');
  const setImage = (url: string) => setValue('detail.imageUrl', url, { shouldDirty: true });
  return (
    <div className="stack">
      <MediaField site={site} label={t('media')} url={imageUrl} video onStored={(stored) => setImage(stored.url)} onClear={() => setImage('')} />
      <TextField name="detail.imageAlt" label={t('imageAlt')} />
      <TextField name="detail.mainText" label={t('mainText')} area />
      <div className="row">
        <ColorField name="detail.mainTextColor" label={t('mainTextColor')} />
        <NumberField name="detail.mainTextX" label={`${t('mainTextPosition')} x`} nullable />
        <NumberField name="detail.mainTextY" label={`${t('mainTextPosition')} y`} nullable />
      </div>
      <div className="row">
        <TextField name="detail.price" label={t('price')} />
        <ColorField name="detail.priceTextColor" label={t('priceTextColor')} />
      </div>
      <fieldset>
        <legend>{t('pageLinkButton')}</legend>
        <CheckField name="detail.isInternalLink" label={t('isInternalLink')} />
        <div className="row">
          <TextField name="detail.linkButtonText" label={t('linkButtonText')} />
          <DestinationField name="detail.linkDestinationUrl" kind={watch('detail.isInternalLink') ? 'internal' : 'external'} />
        </div>
        <div className="row">
          <ColorField name="detail.linkButtonColor" label={t('linkButtonColor')} />
          <ColorField name="detail.linkTextColor" label={t('linkTextColor')} />
        </div>
      </fieldset>
      <div className="row">
        <SelectField name="detail.hoverArrowColor" label={t('hoverArrowColor')} options={hoverArrowColorSchema.options} text={(colour) => t(`arrow.${colour === 'white' ? 'white' : 'black'}`)} />
        <NumberField name="detail.arrowFadeInterval" label={t('arrowFadeInterval')} />
      </div>
      <div className="row">
        <NumberField name="detail.albumX" label={`${t('albumPosition')} x`} nullable />
        <NumberField name="detail.albumY" label={`${t('albumPosition')} y`} nullable />
        <NumberField name="detail.speakerX" label={`${t('speakerPosition')} x`} nullable />
        <NumberField name="detail.speakerY" label={`${t('speakerPosition')} y`} nullable />
      </div>
      <MusicField />
      <div className="row">
        <SelectField name="status" label={t('pageStatus')} options={pageStatusSchema.options} text={(status) => t(status === 'draft' ? 'status.draft' : 'status.published')} />
        <OptionalTextField name="customPath" label={t('customPath')} />
      </div>
      <CheckField name="membersOnlyLock" label={t('membersOnlyLock')} />
      <SnsSection />
      <CheckField name="showCompany" label={t('showCompany')} />
      <OptionalTextField name="chatbotScript" label={t('chatbotScript')} area />
    </div>
  );
}
