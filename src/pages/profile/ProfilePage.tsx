import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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
import { TextField } from '../../ui/TextField.tsx';
import { LanguageSection } from './LanguageSection.tsx';
import { StatisticsCard } from './StatisticsCard.tsx';
import './profile.css';

// The select's empty option is 'Not set'; it goes to the server as null (spec §5).
const profileForm = z.object({ nickname, country: z.string() });
type ProfileForm = z.input<typeof profileForm>;


export function ProfilePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const countryNames = useMemo(() => regionsIn(language), [language]);
  const { user } = useSnapshot(session);
  const countryId = useId();
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
          <Avatar nickname={user.nickname} photoUrl={user.photoUrl ?? user.avatarUrl} size={64} />
          <div>
            <p className="profile__nickname">{user.nickname}</p>
            <p className="muted">@{user.username}</p>
          </div>
        </div>
        <form className="form card" onSubmit={onSubmit} noValidate>
          <TextField label={t('profile.nickname')} autoComplete="nickname" error={errors.nickname?.message} {...register('nickname')} />
          <div className="field">
            <label className="field__label" htmlFor={countryId}>
              {t('profile.country')}
            </label>
            <select className="field__input" id={countryId} {...register('country')}>
              <option value="">{t('profile.countryNotSet')}</option>
              {countryNames.map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <FormError message={serverMessage} />
          {saving.isSuccess && !isDirty && <p className="form-success">{t('profile.saved')}</p>}
          <button className="button button--block" type="submit" disabled={saving.isPending}>
            {t('profile.save')}
          </button>
        </form>
        <LanguageSection />
        <StatisticsCard />
        <nav className="profile__links" aria-label={t('profile.history')}>
          <Link className="button button--secondary" to="/score-history">
            {t('profile.scoreHistory')}
          </Link>
          <Link className="button button--secondary" to="/played-games-history">
            {t('profile.playedGames')}
          </Link>
        </nav>
      </div>
    </PageFrame>
  );
}
