/**
 * The report engine: the pipeline's stage functions, in stage order.
 * 20 basicInfo → 40 valuationModels → 60 assessBusiness → 80 adviseInvestors → 95 mergeReport.
 */
export { basicInfo } from './basic-info';
export { valuationModels } from './valuation';
export { assessBusiness } from './business';
export { adviseInvestors } from './suggestions';
export { mergeReport, type ReportParts } from './merge';
export type * from './types';
