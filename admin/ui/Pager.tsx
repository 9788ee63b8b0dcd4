import { ADMIN_PAGE_SIZE } from '../../protocol/admin.ts';

/** Spec §5: pages run from 1 to ceil(total/10); an empty list still reads Page 1 of 1. */
export const pageCount = (total: number, pageSize = ADMIN_PAGE_SIZE): number => Math.max(1, Math.ceil(total / pageSize));

interface PagerProps {
  page: number;
  total: number;
  onPage: (page: number) => void;
  disabled?: boolean;
  /** The list's page size when it is not ADMIN_PAGE_SIZE. */
  pageSize?: number;
}

export function Pager({ page, total, onPage, disabled = false, pageSize = ADMIN_PAGE_SIZE }: PagerProps) {
  const pages = pageCount(total, pageSize);
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
