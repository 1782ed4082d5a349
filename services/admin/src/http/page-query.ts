import { z } from 'zod';

const wholeNumber = z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number');

/** `page` and `limit` of the admin lists: 20 a page unless asked otherwise (at most 100). */
export const pageQuery = z.object({
  page: wholeNumber.min(1, 'must be at least 1').default(1),
  limit: wholeNumber.min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
});
