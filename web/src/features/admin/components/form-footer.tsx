import { FormMessage } from '@/components/ui/form-message/form-message';
/**
 * The end of every admin form: the server's refusal when there is one, then Cancel (when the
 * form can be left) and the submit button, disabled while the change is saved.
 */
export function FormFooter({
  error = null,
  onCancel,
  submitLabel,
  busy,
}: {
  error?: string | null;
  onCancel?: () => void;
  submitLabel: string;
  busy: boolean;
}) {
  return (
    <>
      {error && <FormMessage>{error}</FormMessage>}
      <div className="admin-form__actions">
        {onCancel && (
          <button type="button" className="btn btn--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
