import { creditBalance } from '../internal';

/** GET users/credits. */
export const creditBalanceResponse = creditBalance.meta({ id: 'CreditBalance' });
