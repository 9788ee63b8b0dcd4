import { Fragment } from 'react';

/** A UUID that may wrap after its hyphens (two lines in a table cell); copying still gives it whole. */
export function Id({ value }: { value: string }) {
  const parts = value.split('-');
  return (
    <span className="admin-id">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              -<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
