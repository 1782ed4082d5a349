import type { User } from '../types/user';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese names read family name first with no space (陳大文); others read "Amy Chan". */
export function formatUserName(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const first = user.firstName.trim();
  const last = user.lastName.trim();
  if (!first && !last) return user.email;
  if (CJK.test(first) || CJK.test(last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}
