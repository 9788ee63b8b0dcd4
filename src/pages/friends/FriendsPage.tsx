import { List } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { REFERRAL_PERCENT } from '../../../protocol/growth.ts';
import { useFriends } from '../../api/friends.ts';
import { session } from '../../app/session.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { FriendList } from './FriendList.tsx';
import { InviteCard } from './InviteCard.tsx';
import { RewardsCard } from './RewardsCard.tsx';
import './friends.css';

/**
 * /friends (spec §2): the invite link to copy or share, the rewards the friends' wins have earned, and
 * the friends themselves. A `friendAdded` event refreshes the list (src/app/useLiveSession.ts).
 */
export function FriendsPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const friends = useFriends();

  useEffect(() => {
    // Spec §8: a friends failure is only logged.
    if (friends.error) console.error('Failed to fetch friends', friends.error);
  }, [friends.error]);

  if (!user) return null;
  // Spec §6: an affiliate's own rate, everyone else the default share.
  const percent = user.isAffiliate ? user.affiliatePercentage : REFERRAL_PERCENT;
  return (
    <PageFrame title={t('social.friends.title')}>
      <List className="friends">
        <InviteCard percent={percent} fallbackLink={user.inviteLink} showAffiliateHint={!user.isAffiliate} />
        <RewardsCard totalRewards={friends.data?.totalRewards ?? null} balance={user.balance} />
        <FriendList
          friends={friends.data?.friends ?? null}
          loading={friends.isPending}
          qualifyRule={friends.data?.qualifyRule?.trim() || null}
        />
      </List>
    </PageFrame>
  );
}
