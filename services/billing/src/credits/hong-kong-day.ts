/** The calendar day in Hong Kong (YYYY-MM-DD) at `at`: daily credits refill once per such day. */
export function hongKongDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
