import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /affiliate-program: the frame of a feature that arrives in a later release. */
export function AffiliateProgramPage() {
  return (
    <ComingSoon
      title="Affiliate Program"
      description="Have a large public audience? Request a special affiliate rate of up to 10% of your invited friends’ winnings."
    />
  );
}
