import { useState } from 'react';
import type { MessageIssue } from '../../../../../model/messages/issues.ts';
import { useI18n } from '../../i18n/i18n.tsx';
import { fieldErrors } from '../../i18n/messages.ts';

/** A form's refusals by field path, in the console's language, for `Field`'s `error`. */
export function useFieldErrors() {
  const { lang } = useI18n();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    errors,
    err: (path: string) => (errors[path] ? { message: errors[path] } : undefined),
    async show(issues: readonly MessageIssue[]) {
      const found = await fieldErrors(issues, lang);
      setErrors(Object.fromEntries(Object.entries(found).map(([path, error]) => [path, error.message ?? ''])));
    },
    clear: () => setErrors({}),
  };
}
