import { useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { categoryNamesInputSchema } from '../../../../../model/site-input.ts';
import { request } from '../../api/request.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { Field } from '../../ui/Field.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useEditorSite } from './editor-context.tsx';
import { messageResolver } from '../../forms/message-resolver.ts';

type Form = z.input<typeof categoryNamesInputSchema>;

/** The global menu: a name per category, none empty, none repeated (spec §5). */
export function MenuTab() {
  const { site, onSaved } = useEditorSite();
  const { t, lang } = useI18n();
  const toast = useToast();
  const form = useForm<Form, unknown, z.output<typeof categoryNamesInputSchema>>({
    resolver: messageResolver(categoryNamesInputSchema, lang),
    defaultValues: { categories: site.creatives.map((creative) => ({ id: creative.id, name: creative.name })) },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'categories' });
  const submit = form.handleSubmit(async (values) => {
    try {
      onSaved(await request('PUT /site/:id/categories', { params: { id: site.id }, query: { lang: site.lang }, body: values }));
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
      <button type="submit" disabled={form.formState.isSubmitting}>
        {t('save')}
      </button>
    </form>
  );
}
