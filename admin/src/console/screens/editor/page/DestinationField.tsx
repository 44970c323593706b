import { useFormContext, type FieldPathByValue } from 'react-hook-form';
import type { LinkType, PageContent } from '../../../../../../model/page.ts';
import { DestinationPicker } from '../DestinationPicker.tsx';

/** Where an item of the page leads: the editor's destination picker on the page form. */
export function DestinationField({ name, kind }: { name: FieldPathByValue<PageContent, string>; kind: LinkType }) {
  const { control } = useFormContext<PageContent>();
  return <DestinationPicker control={control} name={name} kind={kind} />;
}
