import { useEffect, useRef } from 'react';
import { ADMIN_PAGE_SIZE } from '../../protocol/admin.ts';

/** Spec §5: pages run from 1 to ceil(total/10); an empty list still reads Page 1 of 1. */
const pageCount = (total: number): number => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/**
 * Keeps a list on a page that exists: when it shrinks under the operator (rows decided or dismissed,
 * removed elsewhere) past the current page, `onPage` moves to its last page. `total` is undefined
 * until the first answer. `onPage` may be an inline arrow.
 */
export function usePageInBounds(page: number, total: number | undefined, onPage: (page: number) => void): void {
  const latest = useRef(onPage);
  latest.current = onPage;
  useEffect(() => {
    if (total === undefined) return;
    const pages = pageCount(total);
    if (page > pages) latest.current(pages);
  }, [page, total]);
}

interface PagerProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
}

export function Pager({ page, total, onPage, disabled = false }: PagerProps) {
  const pages = pageCount(total);
  return (
    <nav className="admin-pager" aria-label="Pages">
      <button className="button button--secondary" type="button" disabled={disabled || page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        Previous
      </button>
      <span className="admin-pager__status">
        {`Page ${page} of ${pages}`}
      </span>
      <button className="button button--secondary" type="button" disabled={disabled || page >= pages} onClick={() => onPage(Math.min(pages, page + 1))}>
        Next
      </button>
    </nav>
  );
}
