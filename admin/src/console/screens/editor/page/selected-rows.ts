/**
 * The one row of a section the inspector shows: the item selected on the canvas (`button-{id}`),
 * with its index in the form's list, or none.
 * @example selectedRows([{ id: 'a' }, { id: 'b' }], 'link-b', 'link') // [{ field: { id: 'b' }, index: 1 }]
 */
export function selectedRows<T extends { id: string }>(fields: readonly T[], selected: string | null, kind: 'button' | 'link' | 'product'): { field: T; index: number }[] {
  return fields.flatMap((field, index) => (selected === `${kind}-${field.id}` ? [{ field, index }] : []));
}
