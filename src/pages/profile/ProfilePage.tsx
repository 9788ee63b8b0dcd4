import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Caption, Cell, Section, Select, Text } from '@telegram-apps/telegram-ui';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, type LinkProps } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import { nickname } from '../../../protocol/user.ts';
import { ApiError } from '../../api/http.ts';
import { updateProfile } from '../../api/updateProfile.ts';
import { session, updateUser } from '../../app/session.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { regionsIn } from '../../i18n/regions.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { FormField } from '../../ui/FormField.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { StatisticsCard } from './StatisticsCard.tsx';
import './profile.css';

// The select's empty option is 'Not set'; it goes to the server as null (spec §5).
const profileForm = z.object({ nickname, country: z.string() });
type ProfileForm = z.input<typeof profileForm>;

/** A Cell that is a router link (Cell renders any `Component`; its type has no room for `to`). */
const LinkCell = Cell as unknown as ComponentType<LinkProps & { Component: typeof Link; children: ReactNode }>;


export function ProfilePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const countryNames = useMemo(() => regionsIn(language), [language]);
  const { user } = useSnapshot(session);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileForm),
    defaultValues: { nickname: user?.nickname ?? '', country: user?.country ?? '' },
  });
  const saving = useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user: saved }) => {
      updateUser(saved);
      reset({ nickname: saved.nickname, country: saved.country ?? '' });
    },
    // Spec §8: profile failures are only logged; a validation message is still worth showing.
    onError: (error) => console.error('Failed to update the profile', error),
  });

  if (!user) return null;
  // The nickname is not HTML-escaped here: the protocol refuses < and >, and React escapes on display,
  // so escaping would only store entities that then show literally ("Tom &#38; Jerry").
  const onSubmit = handleSubmit((form) => saving.mutate({ nickname: form.nickname, country: form.country || null }));
  const serverMessage = saving.error instanceof ApiError ? saving.error.serverMessage : null;

  return (
    <PageFrame title={t('profile.title')}>
      <div className="profile">
        <div className="profile__who">
          <Avatar nickname={user.nickname} photoUrl={user.photoUrl ?? user.avatarUrl} size={48} />
          <div>
            <p className="profile__nickname">{user.nickname}</p>
            <Caption Component="p" className="profile__username">
              @{user.username}
            </Caption>
          </div>
        </div>
        <form className="profile__form" onSubmit={onSubmit} noValidate>
          <Section>
            <FormField label={t('profile.nickname')} autoComplete="nickname" error={errors.nickname?.message} {...register('nickname')} />
            <Select header={t('profile.country')} aria-label={t('profile.country')} {...register('country')}>
              <option value="">{t('profile.countryNotSet')}</option>
              {countryNames.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </Select>
          </Section>
          <FormError message={serverMessage} />
          {saving.isSuccess && !isDirty && (
            <Text Component="p" role="status" className="profile__saved">
              {t('profile.saved')}
            </Text>
          )}
          <Button type="submit" size="l" stretched disabled={saving.isPending} loading={saving.isPending}>
            {t('profile.save')}
          </Button>
        </form>
        <LanguageSection />
        <StatisticsCard />
        <nav aria-label={t('profile.history')}>
          <Section header={t('profile.history')}>
            <LinkCell Component={Link} to="/score-history">
              {t('profile.scoreHistory')}
            </LinkCell>
            <LinkCell Component={Link} to="/played-games-history">
              {t('profile.playedGames')}
            </LinkCell>
          </Section>
        </nav>
      </div>
    </PageFrame>
  );
}
