import { Avatar, Badge, Button, Cell, Info, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Friend } from '../../../protocol/growth.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ruleText } from '../tasks/taskTexts.ts';
import { ChallengeFriendPopup } from './ChallengeFriendPopup.tsx';

interface FriendListProps {
  /** Null until GET /api/friends answers. */
  friends: readonly Friend[] | null;
  /** Still asking (a failure is only logged: the list then stays empty, spec §8). */
  loading: boolean;
  /** The server's one line on what makes a friend count toward Invite 20 friends; null until it answers. */
  qualifyRule: string | null;
}

/** The first letter of a name, for a friend without a photo (or whose photo does not load). */
function initial(username: string): string {
  return [...username.trim()][0]?.toUpperCase() ?? '?';
}

/**
 * The friends who joined through the player's link, newest first, with what each has earned them and
 * whether they count toward Invite 20 friends yet, under the server's rule for what counts; each one a
 * tap away from a challenge (issue 36).
 */
export function FriendList({ friends, loading, qualifyRule }: FriendListProps) {
  const { t } = useTranslation();
  const [challenging, setChallenging] = useState<Friend | null>(null);
  const count = friends?.length ?? 0;
  return (
    <>
    <Section
      className="friends__list"
      aria-labelledby="friends-title"
      header={
        <Section.Header id="friends-title" className="friends__title">
          {t('social.friends.yours')}
          {count > 0 && (
            <Badge type="number" mode="gray" className="friends__count">
              {count}
            </Badge>
          )}
        </Section.Header>
      }
      footer={
        qualifyRule ? (
          <Section.Footer>
            <span data-testid="qualify-rule">{ruleText(qualifyRule)}</span>
          </Section.Footer>
        ) : undefined
      }
    >
      {loading ? (
        <Placeholder description={t('common.loading')}>
          <Spinner size="m" />
        </Placeholder>
      ) : count === 0 ? (
        friends && <Placeholder description={t('social.friends.none')} />
      ) : (
        friends?.map((friend) => (
          <Cell
            key={friend._id}
            className="friend"
            readOnly
            data-testid="friend"
            before={<Avatar size={40} src={friend.avatarUrl ?? undefined} acronym={initial(friend.username)} alt="" />}
            subtitle={
              <Badge type="number" mode={friend.qualified ? 'primary' : 'gray'} className="friend__tag" data-testid="friend-qualified">
                {friend.qualified ? t('social.friends.counts') : t('social.friends.notYet')}
              </Badge>
            }
            after={
              <div className="friend__after">
                <Info type="text" subtitle={t('social.friends.earned')} className="friend__earnings">
                  {formatMoney(friend.earnings, { exact: true })}
                </Info>
                <Button size="s" mode="bezeled" aria-label={t('challenge.friendButtonLabel', { name: friend.username })} onClick={() => setChallenging(friend)}>
                  {t('challenge.friendButton')}
                </Button>
              </div>
            }
          >
            {friend.username}
          </Cell>
        ))
      )}
    </Section>
    {challenging && <ChallengeFriendPopup friend={challenging} onClose={() => setChallenging(null)} />}
    </>
  );
}
