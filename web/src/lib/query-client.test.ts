import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

describe('the query client asks again only when asking again can help', () => {
  it('takes a refusal as the answer, without asking again', async () => {
    let calls = 0;
    const query = createQueryClient().fetchQuery({
      queryKey: ['refused'],
      queryFn: () => {
        calls += 1;
        throw new ApiError('There is no such stock', 404, 'STOCK_NOT_FOUND', true);
      },
    });
    await expect(query).rejects.toMatchObject({ code: 'STOCK_NOT_FOUND' });
    expect(calls).toBe(1);
  });

  it('tries a server failure once more, then gives up', async () => {
    let calls = 0;
    const query = createQueryClient().fetchQuery({
      queryKey: ['failing'],
      queryFn: () => {
        calls += 1;
        throw new ApiError('Internal error', 500, 'INTERNAL_ERROR');
      },
    });
    await expect(query).rejects.toMatchObject({ status: 500 });
    expect(calls).toBe(2);
  });
});
