/**
 * The field a server refusal names, for the user API's `field: message` problems
 * (`planId: Please enter all required fields.`), so the message can sit beside that field.
 * @example fieldProblem('email: This email address is already registered.') // { field: 'email', message: 'This email…' }
 */
export function fieldProblem<F extends string>(message: string, fields: readonly F[]): { field: F; message: string } | null {
  const match = /^([A-Za-z]+): (.+)$/s.exec(message);
  if (!match || !(fields as readonly string[]).includes(match[1]!)) return null;
  return { field: match[1] as F, message: match[2]! };
}

/**
 * After a quiet call failed: puts a refusal that names one of `fields` beside it, and answers the
 * message to toast otherwise (null when placed, or when there was no answer, already toasted).
 */
export function placeRefusal<F extends string>(error: unknown, fields: readonly F[], setError: (field: F, error: { message: string }) => void): string | null {
  if (!(error instanceof Error) || (error as { status?: number }).status === 0) return null;
  const problem = fieldProblem(error.message, fields);
  if (!problem) return error.message;
  setError(problem.field, { message: problem.message });
  return null;
}
