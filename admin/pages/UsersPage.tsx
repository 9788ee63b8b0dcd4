import { ComingSoon } from '../../src/ui/ComingSoon.tsx';

export function UsersPage() {
  return (
    <ComingSoon
      title="Users"
      description="All players with their balances (in the app and on chain) and inviter, searchable and exportable to Excel, with each player's transactions to download."
      backTo="/admin/dashboard"
      backLabel="Back to Dashboard"
    />
  );
}
