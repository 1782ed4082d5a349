/**
 * The operationId of a route, from its method and public path: `GET /api/users/profile` is
 * `getUsersProfile`, `GET /api/analysis/{id}/events` is `getAnalysisByIdEvents`. Generated
 * clients name their methods by it, so it must not change while the route stays: it follows
 * from the route alone (never its summary, which is prose and gets reworded), as Stripe's
 * description derives `GetCustomersCustomer` from `GET /v1/customers/{customer}`. The method
 * stays an HTTP verb because the path alone does not say whether a POST creates or logs in.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ['by', ...wordsOf(parameter[1] ?? '')] : wordsOf(segment);
    });
  return [method.toLowerCase(), ...words.map(capitalised)].join('');
}

/** `credit-history` → credit, history; `planId` → plan, Id. */
const wordsOf = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
