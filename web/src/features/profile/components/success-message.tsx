/**
 * A polite live region that is always in the page, so a message put into it is announced
 * (a region inserted together with its text often is not).
 */
export function SuccessMessage({ message }: { message: string | null }) {
  return <div role="status">{message && <p className="profile-form__success">{message}</p>}</div>;
}
