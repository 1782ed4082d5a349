/**
 * The stages of an analysis as the progress overlay shows them (spec/user-area.md section 4):
 * the percentage reached when a stage's work is done, and its text. The page derives the
 * current stage as floor(progress / 20).
 */
export const STAGES = {
  queued: { progress: 0, message: '分析已排隊，即將開始' },
  marketData: { progress: 20, message: '收集基本資料與市場數據' },
  valuation: { progress: 40, message: '計算財務指標與估值模型' },
  business: { progress: 60, message: '評估業務表現與競爭優勢' },
  suggestions: { progress: 80, message: '為不同類型投資者生成建議' },
  merge: { progress: 95, message: '整合結果生成最終報告' },
  completed: { progress: 100, message: '分析完成，正在載入結果' },
} as const;

export const FAILED_MESSAGE = '分析失敗，已退回 1 點信用額度';
/** When billing never said whether it took the credit, the status line promises no refund. */
export const NOT_STARTED_MESSAGE = '分析未能開始';

/** The stage number the page shows for a percentage. */
export function stageOf(progress: number): number {
  return Math.floor(progress / 20);
}
