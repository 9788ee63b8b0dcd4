import type { ReactNode } from 'react';
import type { OperatorPermission } from '../../protocol/operators.ts';
import { useCan } from '../operator.ts';

/** A page for the roles that allow `permission`; others are told so (the server refuses them anyway). */
export function Allowed({ permission, children }: { permission: OperatorPermission; children: ReactNode }) {
  if (!useCan(permission)) {
    return (
      <p className="form-error" role="alert">
        Your role does not allow this page.
      </p>
    );
  }
  return children;
}
