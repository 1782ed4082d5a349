import { useEffect } from 'react';

const PRODUCT = 'StockAI';

/** Sets the browser tab title to "page | StockAI" while the page is shown. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = page ? `${page} | ${PRODUCT}` : `${PRODUCT} 智能股票分析`;
  }, [page]);
}
