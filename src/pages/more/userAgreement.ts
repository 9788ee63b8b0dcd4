/**
 * The User Agreement's twelve sections, in order (spec §2 More); their titles and texts are in the locale
 * files under social.agreement.sections, written as an agreement in each language.
 */
export const userAgreementSections = [
  'introduction',
  'eligibility',
  'digitalAssets',
  'registration',
  'fairPlay',
  'payments',
  'liability',
  'disputes',
  'termination',
  'changes',
  'law',
  'contact',
] as const;
