import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { categoryNamesInputSchema } from '../../../../../model/site-input.ts';
import { api } from '../../api/client.ts';
import type { SiteView } from '../../api/types.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { EditorProps } from './SiteEditor.tsx';
import { messageResolver } from '../../forms/message-resolver.ts';

type Form = z.input<typeof categoryNamesInputSchema>;

/** The global menu: a name per category, none empty, none repeated (spec §5). */
export function MenuTab({ site, onSaved }: EditorProps) {
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Form>({
    resolver: messageResolver(categoryNamesInputSchema, lang),
    defaultValues: { categories: site.creatives.map((creative) => ({ id: creative.id, name: creative.name })) },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'categories' });
  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await api.put<SiteView>(`/site/${site.id}/categories?lang=${site.lang}`, values));
      toast(t('saved'));
    } catch {
      // Kept as typed.
    }
  });
  return (
    <form onSubmit={submit} noValidate className="stack card narrow-card" aria-label={t('tab.menu')}>
      {fields.map((field, index) => (
        <Field key={field.id} label={t('categoryName', { letters: site.creatives[index]?.letters ?? '' })} error={form.formState.errors.categories?.[index]?.name}>
          {(props) => <input {...props} {...form.register(`categories.${index}.name`)} />}
        </Field>
      ))}
      <button type="submit" disabled={form.formState.isSubmitting}>{t('save')}</button>
    </form>
  );
}
